import Signals

/// A logged-in user's session, with the profile seed 000 stores at login (`handleLoginSuccess`:
/// the session id, the real name, the avatar URL, and the language to sync).
public struct Session: Hashable, Sendable {
  /// The user's id.
  public let userID: String
  /// The token for later requests.
  public let token: String
  /// The server's session id (the web pages' cookie), if it gave one.
  public let sessionID: String?
  /// The user's real name, if known.
  public let realName: String?
  /// Where the user's avatar is, if they have one.
  public let avatarURL: String?
  /// The user's language (a code such as `en` or `zh-Hans`), which the app syncs to.
  public let language: String?

  /// Makes a session; the profile fields are optional.
  public init(
    userID: String, token: String, sessionID: String? = nil, realName: String? = nil,
    avatarURL: String? = nil,
    language: String? = nil
  ) {
    self.userID = userID
    self.token = token
    self.sessionID = sessionID
    self.realName = realName
    self.avatarURL = avatarURL
    self.language = language
  }
}

/// The remote side of login. Implementations answer on a scheduler, never synchronously
/// blocking; failures are `ServiceError`s.
public protocol LoginService: Sendable {
  /// Whether the server accepts `account` as an account name (the remote check).
  func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError>
  /// Logs in.
  func login(account: String, password: String) -> AnyPublisher<Session, ServiceError>
}

/// An in-process service with a small account store, answering after a latency on the injected
/// scheduler (2 s for login by default, as in the seed). The password `error` gives a server
/// error, as in the seed. A session carries a profile: a session id, the real name of the
/// demo accounts, an avatar URL and the language `en`.
public struct InProcessLoginService: LoginService {
  /// The accounts it knows, by account name, with their passwords.
  public let accounts: [String: String]
  /// How long a login takes.
  public let loginLatency: SchedulerTime.Stride
  /// How long the account check takes.
  public let checkLatency: SchedulerTime.Stride
  let scheduler: any Scheduler

  /// Makes the service on `scheduler`.
  public init(
    scheduler: any Scheduler, accounts: [String: String] = ["alice@example.com": "wonderland"],
    loginLatency: SchedulerTime.Stride = .seconds(2), checkLatency: SchedulerTime.Stride = .zero
  ) {
    self.scheduler = scheduler
    self.accounts = accounts
    self.loginLatency = loginLatency
    self.checkLatency = checkLatency
  }

  /// The demo accounts' real names, for the session's profile.
  static let realNames = ["alice@example.com": "Alice Liddell", "pat@example.com": "Pat Doe"]

  /// Accepts account names of at least 8 characters.
  public func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError> {
    Just(account.count >= 8).setFailureType(to: ServiceError.self)
      .delay(for: checkLatency, scheduler: scheduler).eraseToAnyPublisher()
  }

  /// Logs in after `loginLatency`: a session for a known account and password, a rejection
  /// otherwise, a server error for the password `error`.
  public func login(account: String, password: String) -> AnyPublisher<Session, ServiceError> {
    let result: Result<Session, ServiceError> =
      if password == "error" {
        .failure(.http(status: 500))
      } else if accounts[account] == password {
        .success(
          Session(
            userID: account, token: "token-\(account.count)-\(password.count)",
            sessionID: "session-\(account.count)", realName: Self.realNames[account],
            avatarURL: "https://avatars.example/\(account).png", language: "en"))
      } else {
        .failure(.rejected(code: 1001, message: "Wrong account or password"))
      }
    return Deferred { result.publisher }.delay(for: loginLatency, scheduler: scheduler).eraseToAnyPublisher()
  }
}

/// What the home screen asks the server about the logged-in user: the profile, reloaded with
/// the session's token (seed 000 stores the profile at login; home keeps it fresh). A session
/// the server has ended answers 401, which the app reports to its `SessionExpiry`.
public protocol ProfileService: Sendable {
  /// The user's profile as the server has it now.
  ///
  /// - Parameter session: The session whose token the request carries.
  /// - Returns: The session with its profile, then the finish; or why it could not be had.
  func profile(for session: Session) -> AnyPublisher<Session, ServiceError>
}

/// An in-process profile server answering after a second, which can end the session in use:
/// while `endsSession` is set, the next profile request answers HTTP 401 and clears it, as a
/// server that has ended a session answers its token. A login after that gets a session that
/// works, so an expiry has a way back (`LoginDemo --session-expired`).
///
/// Threading: any thread (the switch is behind a lock); answers come on `scheduler`.
public final class InProcessProfileService: ProfileService {
  let scheduler: any Scheduler
  let ending: Guarded<Bool>

  /// A profile server on `scheduler`; with `endsSession`, the session in use is ended.
  public init(scheduler: any Scheduler, endsSession: Bool = false) {
    self.scheduler = scheduler
    ending = Guarded(endsSession)
  }

  /// Whether the server has ended the session in use: its next profile request answers 401.
  public var endsSession: Bool {
    get { ending.withLock { $0 } }
    set { ending.withLock { $0 = newValue } }
  }

  /// The session as it is, or HTTP 401 once if the server ended it; after a second.
  public func profile(for session: Session) -> AnyPublisher<Session, ServiceError> {
    let ended = ending.withLock { ended in
      defer { ended = false }
      return ended
    }
    let answer: Result<Session, ServiceError> = ended ? .failure(.http(status: 401)) : .success(session)
    return answer.publisher.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
  }
}

/// A login backend whose every request answers HTTP 401 after a second: a server that refuses
/// every session, before login too. The tests of the coordinator's dialog run on it;
/// `LoginDemo --session-expired` ends a session after login instead (`InProcessProfileService`).
///
/// Threading: the answers come on `scheduler`. Bad input: none; every request fails alike.
public struct ExpiredSessionLoginService: LoginService {
  let scheduler: any Scheduler

  /// Makes the backend.
  ///
  /// - Parameter scheduler: Where the answers are delayed and delivered.
  public init(scheduler: any Scheduler) { self.scheduler = scheduler }

  /// Answers HTTP 401 after a second.
  public func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError> { unauthorized() }

  /// Answers HTTP 401 after a second.
  public func login(account: String, password: String) -> AnyPublisher<Session, ServiceError> {
    unauthorized()
  }

  func unauthorized<Output>() -> AnyPublisher<Output, ServiceError> {
    Fail(error: ServiceError.http(status: 401)).delay(for: .seconds(1), scheduler: scheduler)
      .eraseToAnyPublisher()
  }
}
