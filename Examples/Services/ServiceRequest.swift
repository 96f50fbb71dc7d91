import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One endpoint call as a feature describes it (seed 004's `AppTargetType`): method, path,
/// query or JSON body, and whether it needs the session token. `ServiceClient` turns it into a
/// `URLRequest` against its base URL.
///
/// Threading: a value, any thread. Bad input: none here; a path that makes no URL fails in the
/// client as `.undecodable("bad URL ...")`.
public struct ServiceRequest: Sendable, Equatable {
  /// The HTTP method: `GET` sends `parameters` as the query, anything else as a JSON body.
  public let method: String
  /// The path under the base URL, without a leading slash (`news`, `contacts/7`).
  public let path: String
  /// The parameters, as text.
  public let parameters: [String: String]
  /// Whether the session token goes with it (`Authorization: Bearer <token>`).
  public let authenticated: Bool

  /// A request for `path`; by default a `GET` that carries the session token.
  public init(
    _ path: String, method: String = "GET", parameters: [String: String] = [:], authenticated: Bool = true
  ) {
    self.method = method
    self.path = path
    self.parameters = parameters
    self.authenticated = authenticated
  }
}

/// What came back over HTTP: the status and the body, before the envelope is read.
public struct HTTPAnswer: Sendable, Equatable {
  /// The HTTP status.
  public let status: Int
  /// The body.
  public let body: Data

  /// An answer with `status` and `body`.
  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }

  /// An answer whose body is the envelope `{"code", "msg", "data"}` with `data` encoded as JSON.
  public static func envelope<Payload: Encodable>(
    status: Int = 200, code: Int = 0, msg: String = "ok", data: Payload?
  ) -> HTTPAnswer {
    let body = (try? JSONEncoder().encode(EnvelopeBody(code: code, msg: msg, data: data))) ?? Data()
    return HTTPAnswer(status: status, body: body)
  }

  /// An envelope with no data: a refusal (`code` non-zero) or a bare success.
  public static func envelope(status: Int = 200, code: Int, msg: String) -> HTTPAnswer {
    envelope(status: status, code: code, msg: msg, data: String?.none)
  }
}

/// The envelope as a server writes it.
struct EnvelopeBody<Payload: Encodable>: Encodable {
  let code: Int
  let msg: String
  let data: Payload?
}
