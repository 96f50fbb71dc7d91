import Foundation
import Services
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The login demo's server, in process: what the default demo's password login talks to through
/// `HTTPLoginService` and its `ServiceClient` (the same client `--service http` uses, over an
/// `InProcessTransport` instead of URLSession), answering in the envelope `{code, msg, data}`.
///
/// - `POST login` `{account, password}` (2 s, as in the seed): the session `{userID, token}` with
///   the profile (`sessionID`, `realName`, `avatarURL`, `language` `en`); a wrong password is
///   code 1001 "Wrong account or password"; the password `error` answers HTTP 500;
/// - `GET check?account=` (at once): whether the name has at least 8 characters;
/// - anything else: HTTP 404 with code 404.
///
/// It answers what `InProcessLoginService` answers, so the frames are the same either way; only
/// the path differs: request building, the envelope, the error mapping and the request log.
///
/// Threading: a value, any thread; answers come on the transport's scheduler. Bad input: a bad
/// request is an answer (404, or a refusal for a missing account), never a trap.
public struct LoginServer: Sendable {
  /// Where the client sends its requests.
  public static let baseURL = URL(string: "https://login.example/api")!

  /// The accounts it knows, by account name, with their passwords.
  public let accounts: [String: String]

  /// A server knowing `accounts`.
  ///
  /// - Parameter accounts: The accounts, by name, with their passwords.
  public init(accounts: [String: String] = ["alice@example.com": "wonderland"]) { self.accounts = accounts }

  /// A transport to this server on `scheduler`: a login answers after 2 s, the rest at once.
  ///
  /// - Parameter scheduler: Where the answers are delayed and delivered.
  /// - Returns: The transport a `ServiceClient` sends this server's requests over.
  public func transport(on scheduler: any Scheduler) -> InProcessTransport {
    InProcessTransport(
      scheduler: scheduler,
      latency: { Self.endpoint(of: $0) == "login" ? .seconds(2) : .zero },
      respond: { [self] in respond(to: $0) })
  }

  /// A login service over a client to this server on `scheduler`, writing to `log`.
  ///
  /// - Parameters:
  ///   - scheduler: Where the answers are delayed and delivered.
  ///   - log: The request log the client writes every request to.
  /// - Returns: `HTTPLoginService` over a `ServiceClient` whose transport is this server.
  public func loginService(on scheduler: any Scheduler, log: RequestLog = RequestLog()) -> HTTPLoginService {
    HTTPLoginService(
      client: ServiceClient(baseURL: Self.baseURL, transport: transport(on: scheduler), log: log))
  }

  /// Answers one request.
  ///
  /// - Parameter request: The request as the client built it.
  /// - Returns: The status and the envelope.
  public func respond(to request: URLRequest) -> HTTPAnswer {
    switch (request.httpMethod ?? "GET", Self.endpoint(of: request)) {
    case ("POST", "login"):
      let body =
        request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] } ?? [:]
      return login(account: body["account"] ?? "", password: body["password"] ?? "")
    case ("GET", "check"):
      let account =
        request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?
        .queryItems?.first { $0.name == "account" }?.value ?? ""
      return .envelope(data: account.count >= 8)
    case (let method, let endpoint):
      return .envelope(status: 404, code: 404, msg: "no endpoint \(method) \(endpoint)")
    }
  }

  func login(account: String, password: String) -> HTTPAnswer {
    if password == "error" { return HTTPAnswer(status: 500, body: Data("internal error".utf8)) }
    guard accounts[account] == password else {
      return .envelope(code: 1001, msg: "Wrong account or password")
    }
    let session: [String: String?] = [
      "userID": account, "token": "token-\(account.count)-\(password.count)",
      "sessionID": "session-\(account.count)", "realName": InProcessLoginService.realNames[account],
      "avatarURL": "https://avatars.example/\(account).png", "language": "en",
    ]
    return .envelope(data: session)
  }

  /// The path under the API root: `login`, `check`.
  static func endpoint(of request: URLRequest) -> String {
    let root = baseURL.path.split(separator: "/")
    let segments = (request.url?.path ?? "").split(separator: "/")
    return segments.dropFirst(segments.starts(with: root) ? root.count : 0).joined(separator: "/")
  }
}
