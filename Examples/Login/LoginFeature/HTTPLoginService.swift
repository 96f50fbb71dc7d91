import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The login service over HTTP: JSON requests to `baseURL`, answers in an envelope
/// `{"code": 0, "msg": "...", "data": ...}`.
///
/// `POST /login` with `{"account", "password"}` answers `data: {"userID", "token"}`;
/// `GET /check?account=` answers `data: true|false`. Threading: results arrive on URLSession's
/// queue; move them with `receive(on:)`. Failure: transport problems, HTTP statuses, non-zero
/// codes and unreadable bodies become `ServiceError`s; malformed JSON never crashes; a server
/// that does not answer within `timeout` is unreachable.
public struct HTTPLoginService: LoginService {
  /// Where the server is, e.g. `http://127.0.0.1:8080`.
  public let baseURL: URL
  /// How long a request may wait for the server, in seconds.
  public let timeout: TimeInterval
  let session: URLSession

  /// A service talking to `baseURL`, giving up on a request after `timeout` seconds.
  public init(baseURL: URL, timeout: TimeInterval = 10, session: URLSession = .shared) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.session = session
  }

  struct Envelope<Payload: Decodable>: Decodable {
    let code: Int
    let msg: String
    let data: Payload?
  }

  struct SessionPayload: Decodable {
    let userID: String
    let token: String
  }

  /// Asks the server whether it accepts `account`.
  public func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError> {
    var components = URLComponents(
      url: baseURL.appendingPathComponent("check"), resolvingAgainstBaseURL: false)
    components?.queryItems = [URLQueryItem(name: "account", value: account)]
    guard let url = components?.url else {
      return Fail(error: .undecodable("bad base URL")).eraseToAnyPublisher()
    }
    return perform(URLRequest(url: url), as: Bool.self)
  }

  /// Logs in with a JSON POST.
  public func login(account: String, password: String) -> AnyPublisher<Session, ServiceError> {
    var request = URLRequest(url: baseURL.appendingPathComponent("login"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try? JSONSerialization.data(withJSONObject: ["account": account, "password": password])
    return perform(request, as: SessionPayload.self).map { Session(userID: $0.userID, token: $0.token) }
      .eraseToAnyPublisher()
  }

  /// Runs `request` once per subscription and decodes the envelope's data.
  func perform<Payload: Decodable & Sendable>(
    _ request: URLRequest, as type: Payload.Type
  ) -> AnyPublisher<Payload, ServiceError> {
    var request = request
    request.timeoutInterval = timeout
    let session = session
    return Deferred {
      Future<Payload, ServiceError> { promise in
        session.dataTask(with: request) { data, response, error in
          promise(Self.decode(data: data, response: response, error: error, as: type))
        }.resume()
      }
    }.eraseToAnyPublisher()
  }

  /// Turns what URLSession gave into a payload or a `ServiceError`.
  static func decode<Payload: Decodable>(
    data: Data?, response: URLResponse?, error: (any Error)?, as type: Payload.Type
  ) -> Result<Payload, ServiceError> {
    if let error = error as? URLError {
      return .failure(error.code == .notConnectedToInternet ? .offline : .unreachable)
    }
    if error != nil { return .failure(.unreachable) }
    guard let http = response as? HTTPURLResponse else { return .failure(.unreachable) }
    guard http.statusCode == 200 else { return .failure(.http(status: http.statusCode)) }
    guard let data, let envelope = try? JSONDecoder().decode(Envelope<Payload>.self, from: data) else {
      return .failure(.undecodable("not a response envelope"))
    }
    guard envelope.code == 0 else { return .failure(.rejected(code: envelope.code, message: envelope.msg)) }
    guard let payload = envelope.data else { return .failure(.undecodable("the envelope has no data")) }
    return .success(payload)
  }
}
