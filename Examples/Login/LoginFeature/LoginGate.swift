import Signals

/// Whether the app may use the network (the OS permission).
public protocol NetworkPermission: Sendable {
  /// Asks; answers on the app's scheduler.
  func isGranted() -> AnyPublisher<Bool, Never>
}

/// A newer version, as the update check describes it (seed 000: the dialog shows the release
/// notes, and "update now" opens the URL).
public struct AppUpdate: Equatable, Sendable {
  /// The version on offer.
  public let version: String
  /// Where to get it (the store page).
  public let url: String
  /// The release notes, one line per entry.
  public let notes: [String]

  /// An update of `version` from `url`, with its release `notes`.
  public init(version: String, url: String, notes: [String] = []) {
    self.version = version
    self.url = url
    self.notes = notes
  }
}

/// What the update check advises.
public enum UpdateAdvice: Equatable, Sendable {
  /// Up to date.
  case none
  /// A newer version exists; the user may skip it.
  case optional(AppUpdate)
  /// This version may no longer log in.
  case forced(AppUpdate)
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

/// The app's display language, which a login syncs to the user's (seed 000:
/// `LanguageHelper.syncLanguage`).
public protocol AppLanguage: AnyObject {
  /// The language in use, as a code such as `en`.
  var current: String { get }
  /// Switches the app to `code`.
  func use(_ code: String)
}

/// Where the gate stands before a login may start.
public enum GateState: Equatable, Sendable {
  /// Checking permission and updates (drawn as a loading indicator, except behind the launch
  /// screen).
  case checking
  /// No network permission: a blocking state; its dialog offers retry, the settings, and exit.
  case invalidNetwork
  /// This version must update: offers only updating or quitting; it cannot be dismissed.
  case forcedUpdate(AppUpdate)
  /// A newer version exists: a prompt the user may dismiss.
  case optionalUpdate(AppUpdate)
  /// Logins may start.
  case ready
}

/// The flow every login method shares, composed into each method's view model rather than
/// inherited: check the network permission (at launch and at every return to the foreground),
/// check for an update once per launch (a forced update, or an optional one not yet skipped,
/// is shown again after a later check), and handle a successful login (store the session;
/// when the user changed, clear the previous user's cached data and drop the biometric
/// credential).
///
/// Threading: use it from one thread; answers arrive on the injected services' schedulers.
public final class LoginGate {
  let permission: any NetworkPermission
  let updates: any UpdateChecker
  let store: any SessionStore
  let credentials: CredentialStore
  let language: (any AppLanguage)?
  let stateSubject = CurrentValueSubject<GateState, Never>(.checking)
  /// The update check's answer, once it came (`.none` after an optional update was skipped).
  var advice: UpdateAdvice?
  var work: AnyCancellable?

  /// The gate's state, current value first.
  public var state: AnyPublisher<GateState, Never> { stateSubject.eraseToAnyPublisher() }
  /// The gate's state now.
  public var currentState: GateState { stateSubject.value }

  /// A gate over the device's services; `language`, if given, follows each login's user.
  public init(
    permission: any NetworkPermission, updates: any UpdateChecker, store: any SessionStore,
    credentials: CredentialStore, language: (any AppLanguage)? = nil
  ) {
    self.language = language
    self.permission = permission
    self.updates = updates
    self.store = store
    self.credentials = credentials
  }

  /// Runs the checks: permission first, then (once per launch) the update check. Called at
  /// launch and each time the app comes back to the foreground; a check under way is replaced.
  public func prepare() {
    work = nil
    stateSubject.send(.checking)
    work = permission.isGranted()
      .flatMap { [weak self] granted -> AnyPublisher<GateState, Never> in
        guard granted else { return Just(.invalidNetwork).eraseToAnyPublisher() }
        guard let self else { return Just(.ready).eraseToAnyPublisher() }
        if let advice = self.advice { return Just(Self.state(for: advice)).eraseToAnyPublisher() }
        return self.updates.check().map { [weak self] advice in
          self?.advice = advice
          return Self.state(for: advice)
        }.eraseToAnyPublisher()
      }
      .sink { [weak self] in self?.stateSubject.send($0) }
  }

  static func state(for advice: UpdateAdvice) -> GateState {
    switch advice {
    case .none: .ready
    case .optional(let update): .optionalUpdate(update)
    case .forced(let update): .forcedUpdate(update)
    }
  }

  /// From `invalidNetwork`: checks again.
  public func retry() {
    if currentState == .invalidNetwork { prepare() }
  }

  /// From `optionalUpdate`: the user skipped the update (it is not offered again this launch).
  /// A forced update cannot be skipped: nothing changes.
  public func dismissUpdate() {
    guard case .optionalUpdate = currentState else { return }
    advice = UpdateAdvice.none
    stateSubject.send(.ready)
  }

  /// Whether a login may start now.
  public var allowsLogin: Bool { currentState == .ready }

  /// After any login method succeeded: a different user than last time clears the cached data
  /// and the biometric credential (it belonged to the previous user); the session is stored
  /// with its profile (session id, real name, avatar URL), and the app's language follows the
  /// user's when the session names one that differs.
  public func handleSuccess(_ session: Session) {
    if let last = store.lastUserID, last != session.userID {
      store.clearCachedUserData()
      credentials.remove()
    }
    store.save(session)
    if let code = session.language, let language, language.current != code { language.use(code) }
  }
}
