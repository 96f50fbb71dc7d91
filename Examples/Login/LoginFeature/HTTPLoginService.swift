import Foundation
import Services
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The login service over the examples' service layer: JSON requests to the client's base URL,
/// answers in the envelope `{"code": 0, "msg": "...", "data": ...}`.
///
/// `POST /login` with `{"account", "password"}` answers `data: {"userID", "token"}` and,
/// optionally, the profile: `"sessionID", "realName", "avatarURL", "language"`;
/// `GET /check?account=` answers `data: true|false`. Neither carries a session token. Threading:
/// results arrive as the client's transport delivers them (URLSession's queue for
/// `URLSessionTransport`); move them with `receive(on:)`. Completion: transport problems, statuses
/// outside 2xx, non-zero codes, unreadable bodies and answers over the size limit become
/// `ServiceError`s (see `ServiceClient`); malformed JSON never crashes; a success whose session
/// lacks a user id or a token is `.undecodable`; a redirect is not followed (a POST re-sent
/// elsewhere would lose its body): it is `.http(status:)` with the redirect's status. Cancelling
/// a subscription cancels its request.
public struct HTTPLoginService: LoginService {
  /// The service layer the requests go through.
  public let client: ServiceClient

  /// A service over `client` (the app's one client, sharing its request log and tokens).
  public init(client: ServiceClient) { self.client = client }

  /// A service talking to `baseURL` over URLSession (`URLSessionTransport`), giving up on a
  /// request after `timeout` seconds or `maximumAnswerSize` bytes of answer (10 MiB by default),
  /// over its own session made from `configuration`, which refuses redirects.
  ///
  /// - Parameters:
  ///   - baseURL: Where the server is.
  ///   - timeout: How long a request may take, from sending to the answer's last byte, in seconds.
  ///   - maximumAnswerSize: The most body bytes an answer may have; a larger one is
  ///     `.answerTooLarge(limit:)`.
  ///   - configuration: The session's configuration (ephemeral by default).
  public init(
    baseURL: URL, timeout: TimeInterval = 10,
    maximumAnswerSize: Int = URLSessionTransport.defaultMaximumAnswerSize,
    configuration: URLSessionConfiguration = .ephemeral
  ) {
    client = ServiceClient(
      baseURL: baseURL,
      transport: URLSessionTransport(
        timeout: timeout, maximumAnswerSize: maximumAnswerSize, configuration: configuration))
  }

  struct SessionPayload: Decodable, Sendable {
    let userID: String
    let token: String
    var sessionID: String?
    var realName: String?
    var avatarURL: String?
    var language: String?

    /// The session, if the payload names a user and carries a token.
    var session: Result<Session, ServiceError> {
      guard !userID.isEmpty else { return .failure(.undecodable("the session has no user id")) }
      guard !token.isEmpty else { return .failure(.undecodable("the session has no token")) }
      return .success(
        Session(
          userID: userID, token: token, sessionID: sessionID, realName: realName, avatarURL: avatarURL,
          language: language))
    }
  }

  /// Asks the server whether it accepts `account`.
  public func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError> {
    client.request(ServiceRequest("check", parameters: ["account": account], authenticated: false))
  }

  /// Logs in with a JSON POST.
  public func login(account: String, password: String) -> AnyPublisher<Session, ServiceError> {
    client.request(
      ServiceRequest(
        "login", method: "POST", parameters: ["account": account, "password": password], authenticated: false),
      as: SessionPayload.self
    )
    .flatMap { $0.session.publisher }.eraseToAnyPublisher()
  }
}

extension HTTPLoginService: SMSLoginService {
  /// Asks the server to text a one-time code to `phone`: `POST /sms/code` with `{"phone"}`,
  /// answering `data: true`. Not authenticated.
  ///
  /// - Parameter phone: The number to text.
  /// - Returns: One value when the code is on its way, then the finish; a refused number is the
  ///   server's `.rejected` message.
  public func requestCode(phone: String) -> AnyPublisher<Void, ServiceError> {
    client.request(
      ServiceRequest("sms/code", method: "POST", parameters: ["phone": phone], authenticated: false),
      as: Bool.self
    )
    .map { _ in () }.eraseToAnyPublisher()
  }

  /// Logs in with the code `phone` received: `POST /sms/login` with `{"phone", "code"}`,
  /// answering the session as `/login` does (and validated the same way).
  ///
  /// - Parameters:
  ///   - phone: The number the code was sent to.
  ///   - code: The code as the user typed it.
  /// - Returns: The session, then the finish; a wrong code is the server's `.rejected` message.
  public func login(phone: String, code: String) -> AnyPublisher<Session, ServiceError> {
    client.request(
      ServiceRequest(
        "sms/login", method: "POST", parameters: ["phone": phone, "code": code], authenticated: false),
      as: SessionPayload.self
    )
    .flatMap { $0.session.publisher }.eraseToAnyPublisher()
  }
}
