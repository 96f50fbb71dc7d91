import Foundation

@testable import LoginFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The service layer's envelope decoder, as the login service reads its answers, on arbitrary
/// bodies, with the status chosen by the first byte.
///
/// Invariants: it never traps; a status outside 2xx is `.http` with that status whatever the
/// body; a session only comes out of a 2xx answer whose envelope has code 0 and whose data names
/// a user and carries a token; a non-zero code is `.rejected` with that code; an account check
/// answers a Bool or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes(data, count)
  let statuses = [200, 200, 201, 204, 307, 401, 500]
  let status = statuses[Int(input.first ?? 0) % statuses.count]
  let body = Data(input.dropFirst())
  let success = (200..<300).contains(status)

  let login = ResponseEnvelope<HTTPLoginService.SessionPayload>.decode(status: status, body: body)
    .flatMap(\.session)
  let code = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["code"] as? Int
  switch login {
  case .success(let session):
    require(success, "a session from status \(status)")
    require(!session.userID.isEmpty && !session.token.isEmpty, "an incomplete session \(session)")
    if let code { require(code == 0, "a session from code \(code)") }
  case .failure(.http(let answered)):
    require(answered == status && !success, "status \(answered) reported for \(status)")
  case .failure(.rejected(let rejected, _)):
    require(success && rejected != 0, "rejected with code \(rejected) at status \(status)")
  case .failure(.undecodable), .failure(.offline), .failure(.unreachable):
    require(success, "status \(status) reported as \(login)")
  }

  let check = ResponseEnvelope<Bool>.decode(status: status, body: body)
  if case .success = check { require(success, "an account check answered at status \(status)") }
  return 0
}
