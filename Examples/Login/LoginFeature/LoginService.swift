import Signals

/// A logged-in user's session.
public struct Session: Equatable, Sendable {
  /// The user's id.
  public let userID: String
  /// The token for later requests.
  public let token: String

  /// Makes a session.
  public init(userID: String, token: String) {
    self.userID = userID
    self.token = token
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
/// error, as in the seed.
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
        .success(Session(userID: account, token: "token-\(account.count)-\(password.count)"))
      } else {
        .failure(.rejected(code: 1001, message: "Wrong account or password"))
      }
    return Deferred { result.publisher }.delay(for: loginLatency, scheduler: scheduler).eraseToAnyPublisher()
  }
}
