import Signals

/// Whether the app may use the network (the OS permission).
public protocol NetworkPermission: Sendable {
  /// Asks; answers on the app's scheduler.
  func isGranted() -> AnyPublisher<Bool, Never>
}

/// What the update check advises.
public enum UpdateAdvice: Equatable, Sendable {
  /// Up to date.
  case none
  /// A newer version exists; the user may skip it.
  case optional(version: String)
  /// This version may no longer log in.
  case forced(version: String)
}

/// Asks the server whether this build must or may update.
public protocol UpdateChecker: Sendable {
  /// Checks; a failure counts as no advice.
  func check() -> AnyPublisher<UpdateAdvice, Never>
}

/// Where the session and the user's cached data live on the device.
public protocol SessionStore: AnyObject {
  /// The user of the last session, if any.
  var lastUserID: String? { get }
  /// Keeps `session`.
  func save(_ session: Session)
  /// Deletes the previous user's cached data.
  func clearCachedUserData()
}

/// Where the gate stands before a login may start.
public enum GateState: Equatable, Sendable {
  /// Checking permission and updates.
  case checking
  /// No network permission: a blocking state that offers only `retry()`.
  case invalidNetwork
  /// This version must update: offers only updating or quitting.
  case forcedUpdate(version: String)
  /// A newer version exists: a prompt the user may dismiss.
  case optionalUpdate(version: String)
  /// Logins may start.
  case ready
}

/// The flow every login method shares, composed into each method's view model rather than
/// inherited: check the network permission, check for an update once per launch, and handle a
/// successful login (store the session; when the user changed, clear the previous user's cached
/// data and drop the biometric credential).
///
/// Threading: use it from one thread; answers arrive on the injected services' schedulers.
public final class LoginGate {
  let permission: any NetworkPermission
  let updates: any UpdateChecker
  let store: any SessionStore
  let credentials: CredentialStore
  let stateSubject = CurrentValueSubject<GateState, Never>(.checking)
  var checkedForUpdate = false
  var work: AnyCancellable?

  /// The gate's state, current value first.
  public var state: AnyPublisher<GateState, Never> { stateSubject.eraseToAnyPublisher() }
  /// The gate's state now.
  public var currentState: GateState { stateSubject.value }

  /// A gate over the device's services.
  public init(
    permission: any NetworkPermission, updates: any UpdateChecker, store: any SessionStore,
    credentials: CredentialStore
  ) {
    self.permission = permission
    self.updates = updates
    self.store = store
    self.credentials = credentials
  }

  /// Runs the checks: permission first, then (once per launch) the update check.
  public func prepare() {
    stateSubject.send(.checking)
    work = permission.isGranted()
      .flatMap { [weak self] granted -> AnyPublisher<GateState, Never> in
        guard granted else { return Just(.invalidNetwork).eraseToAnyPublisher() }
        guard let self, !self.checkedForUpdate else { return Just(.ready).eraseToAnyPublisher() }
        self.checkedForUpdate = true
        return self.updates.check().map { advice in
          switch advice {
          case .none: .ready
          case .optional(let version): .optionalUpdate(version: version)
          case .forced(let version): .forcedUpdate(version: version)
          }
        }.eraseToAnyPublisher()
      }
      .sink { [weak self] in self?.stateSubject.send($0) }
  }

  /// From `invalidNetwork`: checks again.
  public func retry() {
    if currentState == .invalidNetwork { prepare() }
  }

  /// From `optionalUpdate`: the user skipped the update.
  public func dismissUpdate() {
    if case .optionalUpdate = currentState { stateSubject.send(.ready) }
  }

  /// Whether a login may start now.
  public var allowsLogin: Bool { currentState == .ready }

  /// After any login method succeeded: a different user than last time clears the cached data
  /// and the biometric credential (it belonged to the previous user); the session is stored.
  public func handleSuccess(_ session: Session) {
    if let last = store.lastUserID, last != session.userID {
      store.clearCachedUserData()
      credentials.remove()
    }
    store.save(session)
  }
}
