import Foundation

@testable import LoginFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP login service's envelope decoder on arbitrary bodies, with the status chosen by the
/// first byte.
///
/// Invariants: it never traps; a status other than 200 is `.http` with that status whatever the
/// body; a session only comes out of a 200 answer whose envelope has code 0 and whose data
/// names a user and carries a token; a non-zero code is `.rejected` with that code; an account
/// check answers a Bool or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes(data, count)
  let statuses = [200, 200, 200, 200, 307, 401, 500]
  let status = statuses[Int(input.first ?? 0) % statuses.count]
  let body = Data(input.dropFirst())
  guard
    let response = HTTPURLResponse(
      url: URL(string: "http://127.0.0.1/login")!, statusCode: status, httpVersion: "HTTP/1.1",
      headerFields: ["Content-Type": "application/json"])
  else { return 0 }

  let login = HTTPLoginService.decode(
    data: body, response: response, error: nil, as: HTTPLoginService.SessionPayload.self
  ).flatMap(\.session)
  let code = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["code"] as? Int
  switch login {
  case .success(let session):
    require(status == 200, "a session from status \(status)")
    require(!session.userID.isEmpty && !session.token.isEmpty, "an incomplete session \(session)")
    if let code { require(code == 0, "a session from code \(code)") }
  case .failure(.http(let answered)):
    require(answered == status && status != 200, "status \(answered) reported for \(status)")
  case .failure(.rejected(let rejected, _)):
    require(status == 200 && rejected != 0, "rejected with code \(rejected) at status \(status)")
  case .failure(.undecodable), .failure(.offline), .failure(.unreachable):
    require(status == 200, "status \(status) reported as \(login)")
  }

  let check = HTTPLoginService.decode(data: body, response: response, error: nil, as: Bool.self)
  if case .success = check { require(status == 200, "an account check answered at status \(status)") }
  return 0
}
