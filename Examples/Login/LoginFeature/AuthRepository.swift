import Signals

/// What the login use case needs from the data layer (seed 003's `LoginRepository`): one
/// request per method, answering app values and `AppError`s. The use case depends on this, not
/// on a concrete repository, so the app injects `AuthRepository` and a test injects a fake that
/// answers when and how the test says.
///
/// Threading: answers arrive on whatever thread the implementation uses; the view model moves
/// them to the main actor. Completion: a failure is an `AppError`, already mapped.
public protocol AuthRepositoring: Sendable {
  /// Whether the server accepts `account`; a failed check fails with its `AppError`.
  ///
  /// - Parameter account: The account as typed.
  /// - Returns: One answer, then the finish.
  func isAccountAccepted(_ account: String) -> AnyPublisher<Bool, AppError>

  /// Logs in.
  ///
  /// - Parameters:
  ///   - account: The account.
  ///   - password: The password.
  /// - Returns: The session, then the finish; or the reason it failed.
  func login(account: String, password: String) -> AnyPublisher<Session, AppError>
}

/// The app's repository: `LoginService` calls with their errors mapped to `AppError`.
///
/// Threading: as the service's scheduler. Completion: every service failure becomes an
/// `AppError` here and nowhere else; an expired session (401) is also reported to `expiry`.
public struct AuthRepository: AuthRepositoring {
  let service: any LoginService
  let expiry: SessionExpiry?

  /// A repository over `service`, reporting each 401 to `expiry` (the app's one place for it).
  public init(service: any LoginService, expiry: SessionExpiry? = nil) {
    self.service = service
    self.expiry = expiry
  }

  /// Whether the server accepts `account`; a failed check fails with its `AppError`.
  public func isAccountAccepted(_ account: String) -> AnyPublisher<Bool, AppError> {
    mapped(service.checkAccount(account))
  }

  /// Logs in.
  public func login(account: String, password: String) -> AnyPublisher<Session, AppError> {
    mapped(service.login(account: account, password: password))
  }

  /// `request` with its failure mapped to `AppError`, a 401 reported to `expiry`.
  func mapped<Output>(_ request: AnyPublisher<Output, ServiceError>) -> AnyPublisher<Output, AppError> {
    let expiry = expiry
    return request.mapError(AppError.init)
      .handleEvents(receiveCompletion: { completion in
        if case .failure(.sessionExpired) = completion { expiry?.report() }
      })
      .eraseToAnyPublisher()
  }
}

/// The login use case: the one call the view model makes to log in, whatever requests it
/// takes underneath.
public struct LoginUseCase: Sendable {
  let repository: any AuthRepositoring

  /// A use case over `repository`: the app's `AuthRepository`, or a test's fake.
  public init(repository: any AuthRepositoring) { self.repository = repository }

  /// Local rule: an account name is at most 20 characters.
  public static let maximumAccountLength = 20
  /// Local rule: a password is at least 6 characters.
  public static let minimumPasswordLength = 6

  /// The local rule: whether `account` is short enough. Checked at every keystroke.
  public func isWithinLength(_ account: String) -> Bool { account.count <= Self.maximumAccountLength }

  /// The server's check of `account` (at least 8 characters in the in-process service): whether
  /// it accepts it, or why the check could not be made. Never fails: a failed check is a value,
  /// so the next keystroke's check still runs.
  public func checkRemotely(_ account: String) -> AnyPublisher<Result<Bool, AppError>, Never> {
    repository.isAccountAccepted(account)
      .map { Result<Bool, AppError>.success($0) }
      .catch { Just(Result<Bool, AppError>.failure($0)) }
      .eraseToAnyPublisher()
  }

  /// Logs in with trimmed credentials.
  public func login(account: String, password: String) -> AnyPublisher<Session, AppError> {
    repository.login(account: account.trimmingSpaces, password: password)
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
