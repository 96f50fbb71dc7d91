import Signals

/// What a login sends: an account and its secret (the password, the pattern's digits, or the
/// SMS code for the number).
///
/// The login status machine carries it from the press to the request: `.press(credentials)`
/// makes the state `.loading(credentials)`, and the request that state invokes reads it there,
/// so no property has to be set before the press for the request to find.
public struct Credentials: Hashable, Sendable, CustomStringConvertible {
  /// The account (for SMS login, the phone number), as typed.
  public let account: String
  /// The password, the pattern's digits, or the SMS code, as typed.
  public let secret: String

  /// Credentials for `account` with `secret`.
  public init(account: String, secret: String) {
    self.account = account
    self.secret = secret
  }

  /// The account, with the secret left out, so that a status printed in a log or a test's
  /// message does not show it.
  public var description: String { "\(account) (secret hidden)" }
}

/// Where a login stands: seed 003's `loginStatus`, for every login method that logs in with
/// credentials (password, pattern, SMS). Its machine is `LoginStatus.chart(login:)`.
public enum LoginStatus: Equatable, Sendable, CaseKeyed {
  /// Nothing tried yet.
  case none
  /// Waiting for the server, which was sent these credentials.
  case loading(Credentials)
  /// Logged in.
  case success(Session)
  /// The last try failed, with the reason to show.
  case failure(AppError)

  /// The statuses without their payloads, as the status chart names them.
  public enum Case: Hashable, Sendable { case none, loading, success, failure }

  /// Which status this is.
  public var caseKey: Case {
    switch self {
    case .none: .none
    case .loading: .loading
    case .success: .success
    case .failure: .failure
    }
  }

  /// Whether a login is waiting for the server, whatever it sent.
  public var isLoading: Bool { caseKey == .loading }
}

/// The events of the login status machine.
public enum LoginEvent: Equatable, Sendable, CaseKeyed {
  /// The user pressed login with these credentials.
  case press(Credentials)
  /// The server accepted.
  case succeeded(Session)
  /// The server refused or could not be reached.
  case failed(AppError)
  /// The user gave up waiting (the request under way is cancelled).
  case cancel

  /// The events without their payloads, as the status chart names them.
  public enum Case: Hashable, Sendable { case press, succeeded, failed, cancel }

  /// Which event this is.
  public var caseKey: Case {
    switch self {
    case .press: .press
    case .succeeded: .succeeded
    case .failed: .failed
    case .cancel: .cancel
    }
  }
}

extension LoginStatus {
  /// The login status machine, the one every credential login runs (`LoginViewModel`,
  /// `PatternLoginPresenter`, `SMSLoginViewModel`): none or failure --press--> loading, the
  /// state made from the press's credentials; `loading` invokes `login` with them while it is
  /// active, and its answer is the way out: a session is `.succeeded` (to success, made from
  /// it), a failure `.failed` (to failure). `.cancel` leaves `loading` for `none`; leaving
  /// `loading` cancels the request, as does releasing the machine. Success is terminal.
  ///
  /// `LoginDemo --graph mermaid --chart loginStatus` draws it.
  ///
  /// - Parameter login: Makes the request for the credentials, when `loading` is entered (on
  ///   the thread that sent `.press`); its answer should arrive on the machine's thread.
  /// - Returns: The chart.
  public static func chart(
    login: @escaping @Sendable (Credentials) -> AnyPublisher<Session, AppError>
  ) -> StateGraph<LoginStatus, LoginEvent> {
    StateGraph(initial: .none, terminal: [.success]) {
      Transition(
        from: .none, on: .press,
        to: .make(.loading) { if case .press(let credentials) = $0 { .loading(credentials) } else { nil } })
      Transition(
        from: .failure, on: .press,
        to: .make(.loading) { if case .press(let credentials) = $0 { .loading(credentials) } else { nil } })
      Transition(
        from: .loading, on: .succeeded,
        to: .make(.success) { if case .succeeded(let session) = $0 { .success(session) } else { nil } })
      Transition(
        from: .loading, on: .failed,
        to: .make(.failure) { if case .failed(let error) = $0 { .failure(error) } else { nil } })
      Transition(from: .loading, on: .cancel, to: .none)
    } chart: {
      Invoke(
        in: .loading, label: "login()",
        { status -> AnyPublisher<Session, AppError> in
          // Invoked only in `loading`, which always carries its credentials.
          guard case .loading(let credentials) = status else { return Empty().eraseToAnyPublisher() }
          return login(credentials)
        },
        onValue: { .succeeded($0) }, onFailure: { .failed($0) })
    }
  }
}
