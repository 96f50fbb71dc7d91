import Dispatch
import Foundation
import Signals
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The login service over HTTP: JSON requests to `baseURL`, answers in an envelope
/// `{"code": 0, "msg": "...", "data": ...}`.
///
/// `POST /login` with `{"account", "password"}` answers `data: {"userID", "token"}` and,
/// optionally, the profile: `"sessionID", "realName", "avatarURL", "language"`;
/// `GET /check?account=` answers `data: true|false`. Threading: results arrive on URLSession's
/// queue (or a global queue for a timeout); move them with `receive(on:)`. Failure: transport
/// problems, HTTP statuses, non-zero codes and unreadable bodies become `ServiceError`s;
/// malformed JSON never crashes; a success whose session lacks a user id or a token is
/// `.undecodable`; `timeout` bounds the whole exchange (a server that trickles its answer is
/// unreachable when it runs out); a redirect is not followed (a POST re-sent elsewhere would
/// lose its body): it is `.http(status:)` with the redirect's status. Cancelling a
/// subscription cancels its request.
public struct HTTPLoginService: LoginService {
  /// Where the server is, e.g. `http://127.0.0.1:8080`.
  public let baseURL: URL
  /// How long a whole request may take, from sending to the last byte of the answer, in seconds.
  public let timeout: TimeInterval
  let session: URLSession

  /// A service talking to `baseURL`, giving up on a request after `timeout` seconds. By default
  /// it uses its own ephemeral session that refuses redirects; a `session` given here is used
  /// as it is (give it a delegate that refuses redirects, like `RedirectRefusal`, to keep a
  /// redirected login from being re-sent without its body).
  public init(baseURL: URL, timeout: TimeInterval = 10, session: URLSession? = nil) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.session =
      session ?? URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
  }

  struct Envelope<Payload: Decodable>: Decodable {
    let code: Int
    let msg: String
    let data: Payload?
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
    return perform(request, as: SessionPayload.self).flatMap { $0.session.publisher }.eraseToAnyPublisher()
  }

  /// Runs `request` once per subscription and decodes the envelope's data; the whole exchange
  /// ends after `timeout` as `.unreachable` if the server has not finished answering by then.
  func perform<Payload: Decodable & Sendable>(
    _ request: URLRequest, as type: Payload.Type
  ) -> AnyPublisher<Payload, ServiceError> {
    var request = request
    request.timeoutInterval = timeout
    let session = session
    let timeout = timeout
    return Deferred {
      let exchange = Exchange()
      return Future<Payload, ServiceError> { promise in
        let task = session.dataTask(with: request) { data, response, error in
          guard exchange.finish() else { return }
          promise(Self.decode(data: data, response: response, error: error, as: type))
        }
        exchange.start(task)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
          guard exchange.finish() else { return }
          task.cancel()
          promise(.failure(.unreachable))
        }
        task.resume()
      }
      .handleEvents(receiveCancel: { exchange.cancel() })
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
    // A refused redirect arrives as its own 3xx response, reported with that status.
    guard http.statusCode == 200 else { return .failure(.http(status: http.statusCode)) }
    guard let data, let envelope = try? JSONDecoder().decode(Envelope<Payload>.self, from: data) else {
      return .failure(.undecodable("not a response envelope"))
    }
    guard envelope.code == 0 else { return .failure(.rejected(code: envelope.code, message: envelope.msg)) }
    guard let payload = envelope.data else { return .failure(.undecodable("the envelope has no data")) }
    return .success(payload)
  }
}

/// One request's end, decided once: by the answer, the deadline or a cancel, whichever comes
/// first. Threading: any thread (a mutex).
final class Exchange: Sendable {
  struct State {
    var finished = false
    var task: URLSessionDataTask?
  }
  let state = Mutex(State())

  /// Remembers the task, to cancel it if the subscriber cancels.
  func start(_ task: URLSessionDataTask) {
    state.withLock { $0.task = task }
  }

  /// Claims the end: `true` for the first caller only.
  func finish() -> Bool {
    state.withLock { state in
      defer { state.finished = true }
      return !state.finished
    }
  }

  /// The subscriber went away: cancel the request (outside the lock).
  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      defer {
        state.finished = true
        state.task = nil
      }
      return state.finished ? nil : state.task
    }
    task?.cancel()
  }
}

/// A session delegate that refuses every HTTP redirect: the task ends with the 3xx response.
/// Foundation would re-send a redirected POST as a GET without its body (301, 302, 303) or to a
/// server the app never chose; a login must not be.
public final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
  /// Refuses the redirect: the task completes with `response`.
  public func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
