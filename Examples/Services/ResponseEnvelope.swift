import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The answer every endpoint gives (seed 004): `{"code": 0, "msg": "...", "data": ...}`. A code
/// of 0 is success and `data` holds the payload; any other code is a refusal whose `msg` the
/// user may read.
///
/// A key written twice in one object, at any level of the body (`{"code": 0, "code": 7}`, or
/// twice `userID` inside `data`), makes the whole answer `.undecodable`: JSON readers disagree on
/// which of the two counts, so a body a proxy or a log reads as a refusal could otherwise log the
/// app in. Keys are compared after unescaping (`"\u0063ode"` is `"code"`). The body must be
/// UTF-8 (RFC 8259); any other encoding is `.undecodable` too.
///
/// Threading: a value, any thread. Bad input: `decode(status:body:as:)` turns every problem into a
/// `ServiceError` and never traps.
public struct ResponseEnvelope<Payload: Decodable>: Decodable {
  /// 0 for success, the server's reason otherwise.
  public let code: Int
  /// The server's message.
  public let msg: String
  /// The payload; absent or `null` when the request had nothing to return.
  public let data: Payload?

  /// An answer's payload, or why there is none: a status outside 2xx is `.http(status:)`, a body
  /// that is not an envelope `.undecodable`, a body with a key twice in one object
  /// `.undecodable("a key appears twice in the answer")`, a non-zero code
  /// `.rejected(code:message:)`, a success without data `.undecodable` (unless `Payload` is
  /// `EmptyPayload`, which needs none).
  public static func decode(
    status: Int, body: Data, as type: Payload.Type = Payload.self
  ) -> Result<
    Payload, ServiceError
  > {
    guard (200..<300).contains(status) else { return .failure(.http(status: status)) }
    switch DuplicateKeys.scan(body) {
    case .unique: break
    case .duplicate: return .failure(.undecodable("a key appears twice in the answer"))
    case .unreadable: return .failure(.undecodable("not a response envelope"))
    }
    guard let envelope = try? JSONDecoder().decode(ResponseEnvelope<Payload>.self, from: body) else {
      return .failure(.undecodable("not a response envelope"))
    }
    guard envelope.code == 0 else { return .failure(.rejected(code: envelope.code, message: envelope.msg)) }
    if let payload = envelope.data { return .success(payload) }
    if let empty = EmptyPayload() as? Payload { return .success(empty) }
    return .failure(.undecodable("the envelope has no data"))
  }
}

/// The payload of a request that returns nothing but success (sending feedback): the envelope's
/// `data` may be absent or anything.
public struct EmptyPayload: Decodable, Sendable, Equatable {
  /// The empty payload.
  public init() {}
  /// Reads nothing: whatever `data` holds is ignored.
  public init(from decoder: any Decoder) throws {}
}
