import Contacts
import Foundation
import News
import Services
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The office app's server, in process: what the demo and the tests talk to through the one
/// `ServiceClient`, answering every endpoint in the envelope `{code, msg, data}`.
///
/// - `POST login` `{account, password}`: a session `{userID, token}` (2 s); the password `error`
///   gives 500, a wrong one code 1001;
/// - `GET check?account=`: whether the name has at least 8 characters (at once);
/// - `GET news?page=N` (1 s): three stories per page, three pages, then an empty page; page 1
///   starts a new edition, so a refresh shows a change;
/// - `POST feedback` `{text}` (1 s);
/// - `GET contacts` (500 ms) and `GET contacts/:id` (300 ms): the directory; an unknown id is
///   code 404.
///
/// The news, feedback and contacts endpoints need a token this server issued; without one they
/// answer 401, and so does the first of them after `sessionExpired` is set (the server ends
/// that session: its token is forgotten; a new login gets one that works). Threading: any thread (a mutex); the switches
/// are read when a request arrives. Bad input: a bad request is an answer (400, 404), never a trap.
public final class OfficeServer: Sendable {
  struct State {
    var failing = false
    var sessionExpired = false
    var contactsFailing = false
    var contactsFailNext = false
    var edition = 0
    var issued: Set<String> = []
    var feedback: [String] = []
  }

  /// The company directory it serves.
  public static let directory = [
    Contact(id: 1, name: "Ada Lovelace", department: "Research", title: "Analyst"),
    Contact(id: 7, name: "Grace Hopper", department: "Engineering", title: "Rear Admiral"),
    Contact(id: 12, name: "Linus Torvalds", department: "Engineering", title: "Maintainer"),
    Contact(id: 42, name: "Margaret Hamilton", department: "Engineering", title: "Director"),
  ]

  /// Where the client sends its requests.
  public static let baseURL = URL(string: "https://office.example/api")!

  /// The accounts it knows, with their passwords.
  public let accounts: [String: String]
  let state = Guarded(State())

  /// A server knowing `accounts`.
  public init(accounts: [String: String] = ["alice@example.com": "wonderland"]) { self.accounts = accounts }

  /// Whether news and feedback fail (the seed's switch, to show the error paths).
  public var failing: Bool {
    get { state.withLock { $0.failing } }
    set { state.withLock { $0.failing = newValue } }
  }

  /// Whether the server ends the session in use: the next authenticated request answers 401,
  /// its token is forgotten and the switch clears, so a new login gets a session that works.
  public var sessionExpired: Bool {
    get { state.withLock { $0.sessionExpired } }
    set { state.withLock { $0.sessionExpired = newValue } }
  }

  /// Whether the contacts endpoints fail.
  public var contactsFailing: Bool {
    get { state.withLock { $0.contactsFailing } }
    set { state.withLock { $0.contactsFailing = newValue } }
  }

  /// Whether the next contacts request fails (the one after works): the interactor's failure
  /// and its retry (`OfficeDemo --contacts-fail`).
  public var contactsFailNext: Bool {
    get { state.withLock { $0.contactsFailNext } }
    set { state.withLock { $0.contactsFailNext = newValue } }
  }

  /// The feedback received, oldest first.
  public var feedback: [String] { state.withLock { $0.feedback } }

  /// A transport to this server on `scheduler`, with each endpoint's latency.
  public func transport(on scheduler: any Scheduler) -> InProcessTransport {
    InProcessTransport(scheduler: scheduler, latency: Self.latency(of:)) { [self] in respond(to: $0) }
  }

  /// How long `request` takes to answer.
  static func latency(of request: URLRequest) -> SchedulerTime.Stride {
    switch endpoint(of: request).first {
    case "login": .seconds(2)
    case "news", "feedback": .seconds(1)
    case "contacts": endpoint(of: request).count == 1 ? .milliseconds(500) : .milliseconds(300)
    default: .zero
    }
  }

  /// The path's segments under the API root: `["contacts", "7"]`.
  static func endpoint(of request: URLRequest) -> [String] {
    let root = baseURL.path.split(separator: "/").map(String.init)
    let segments = (request.url?.path ?? "").split(separator: "/").map(String.init)
    return Array(segments.dropFirst(segments.starts(with: root) ? root.count : 0))
  }

  /// Answers one request.
  public func respond(to request: URLRequest) -> HTTPAnswer {
    let endpoint = Self.endpoint(of: request)
    let query = Self.query(of: request)
    let body = Self.body(of: request)
    let method = request.httpMethod ?? "GET"
    let contactID = endpoint.count == 2 && endpoint[0] == "contacts" ? endpoint[1] : nil
    let route = contactID == nil ? endpoint.joined(separator: "/") : "contacts/:id"
    switch (method, route) {
    case ("POST", "login"): return login(account: body["account"] ?? "", password: body["password"] ?? "")
    case ("GET", "check"): return .envelope(data: (query["account"] ?? "").count >= 8)
    case ("GET", "news"), ("POST", "feedback"), ("GET", "contacts"), ("GET", "contacts/:id"):
      guard isAuthorized(request) else { return .envelope(status: 401, code: 401, msg: "session expired") }
      switch endpoint[0] {
      case "news": return news(page: Int(query["page"] ?? "1") ?? 0)
      case "feedback": return receiveFeedback(body["text"] ?? "")
      default: return contacts(id: contactID)
      }
    default:
      return .envelope(
        status: 404, code: 404, msg: "no endpoint \(method) \(endpoint.joined(separator: "/"))")
    }
  }

  func login(account: String, password: String) -> HTTPAnswer {
    if password == "error" { return HTTPAnswer(status: 500, body: Data("internal error".utf8)) }
    guard accounts[account] == password else {
      return .envelope(code: 1001, msg: "Wrong account or password")
    }
    let token = "token-\(account.count)-\(password.count)"
    state.withLock { _ = $0.issued.insert(token) }
    return .envelope(data: ["userID": account, "token": token])
  }

  func isAuthorized(_ request: URLRequest) -> Bool {
    let header = request.value(forHTTPHeaderField: "Authorization") ?? ""
    let token = String(header.dropFirst(7))
    return state.withLock { state in
      guard header.hasPrefix("Bearer "), state.issued.contains(token) else { return false }
      if state.sessionExpired {
        state.sessionExpired = false
        state.issued.remove(token)
        return false
      }
      return true
    }
  }

  func news(page: Int) -> HTTPAnswer {
    guard page >= 1 else { return .envelope(status: 400, code: 400, msg: "page must be 1 or more") }
    let (failing, edition) = state.withLock { state -> (Bool, Int) in
      if page == 1 && !state.failing { state.edition += 1 }
      return (state.failing, state.edition)
    }
    if failing { return .envelope(code: 5001, msg: "News could not be loaded") }
    let stories = page > 3 ? [] : ((page - 1) * 3 + 1...page * 3).map { $0 }
    return .envelope(
      data: stories.map { NewsItem(title: "Edition \(edition): story \($0)", date: "2026-11-\(20 + $0)") })
  }

  func receiveFeedback(_ text: String) -> HTTPAnswer {
    let failing = state.withLock { state -> Bool in
      if !state.failing { state.feedback.append(text) }
      return state.failing
    }
    return failing
      ? .envelope(code: 5001, msg: "Feedback could not be sent") : .envelope(code: 0, msg: "thanks")
  }

  func contacts(id: String?) -> HTTPAnswer {
    let fails = state.withLock { state in
      defer { state.contactsFailNext = false }
      return state.contactsFailing || state.contactsFailNext
    }
    if fails { return .envelope(code: 5002, msg: "Contacts could not be loaded") }
    guard let id else { return .envelope(data: Self.directory) }
    guard let contact = Self.directory.first(where: { "\($0.id)" == id }) else {
      return .envelope(code: 404, msg: "no contact with id \(id)")
    }
    return .envelope(data: contact)
  }

  static func query(of request: URLRequest) -> [String: String] {
    guard let url = request.url,
      let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
    else { return [:] }
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
  }

  static func body(of request: URLRequest) -> [String: String] {
    guard let data = request.httpBody,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
    else { return [:] }
    return object
  }
}
