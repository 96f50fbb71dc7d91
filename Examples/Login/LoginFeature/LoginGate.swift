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

/// The gate's checks as a statechart's states: two regions side by side, the network
/// permission (asked at launch and again at each return to the foreground) and the update
/// check (once per launch, after the first permission granted).
enum GateStep: Equatable, Sendable, CaseKeyed {
  /// The whole gate: the two regions below.
  case gate
  /// The update region. It comes first so that the machine's `state`, the first active leaf
  /// in document order, is its leaf, whose value carries the update on offer.
  case update
  /// No permission granted yet: the update check waits for it.
  case waitingForNetwork
  /// Asking the server for an update (invoked while here).
  case checkingUpdate
  /// No update, or an optional one skipped.
  case upToDate
  /// A newer version the user may skip.
  case optionalUpdate(AppUpdate)
  /// A version the app must update to: it blocks until the app ends.
  case forcedUpdate(AppUpdate)
  /// The user answered an update dialog by updating (the store page opens) or, for a forced
  /// update, by quitting: the app ends here.
  case appEnded
  /// The network region.
  case network
  /// Asking the OS for the permission (invoked while here).
  case askingPermission
  /// No permission.
  case offline
  /// Permission granted.
  case online

  enum Case: Hashable, Sendable {
    case gate, update, waitingForNetwork, checkingUpdate, upToDate, optionalUpdate, forcedUpdate, appEnded
    case network, askingPermission, offline, online
  }

  var caseKey: Case {
    switch self {
    case .gate: .gate
    case .update: .update
    case .waitingForNetwork: .waitingForNetwork
    case .checkingUpdate: .checkingUpdate
    case .upToDate: .upToDate
    case .optionalUpdate: .optionalUpdate
    case .forcedUpdate: .forcedUpdate
    case .appEnded: .appEnded
    case .network: .network
    case .askingPermission: .askingPermission
    case .offline: .offline
    case .online: .online
    }
  }
}

/// What moves the gate's chart: the checks' answers and the user's and the app's requests.
enum GateEvent: Equatable, Sendable, CaseKeyed {
  /// The permission check's answers.
  case granted, denied
  /// The update check's answers.
  case noUpdate, optional(AppUpdate), forced(AppUpdate)
  /// The no-network dialog's retry.
  case retry
  /// The optional update dialog's "later".
  case dismissUpdate
  /// An update dialog's "update now": the store page opens and the app ends.
  case updateNow
  /// The forced update dialog's "exit app".
  case exitApp
  /// The app came back to the foreground.
  case foreground

  enum Case: Hashable, Sendable {
    case granted, denied, noUpdate, optional, forced, retry, dismissUpdate, updateNow, exitApp, foreground
  }

  var caseKey: Case {
    switch self {
    case .granted: .granted
    case .denied: .denied
    case .noUpdate: .noUpdate
    case .optional: .optional
    case .forced: .forced
    case .retry: .retry
    case .dismissUpdate: .dismissUpdate
    case .updateNow: .updateNow
    case .exitApp: .exitApp
    case .foreground: .foreground
    }
  }
}

/// The login gate's chart over the device's `permission` and the server's `updates`.
///
/// The network region asks for the permission in `askingPermission` (the request lives as long
/// as the state: a foreground return re-enters it, which cancels a check under way and asks
/// again). The update region waits for the first `granted`, then checks in
/// `checkingUpdate`, once: it is never re-entered, so a later foreground return finds the
/// advice where it was left (a forced update, or an optional one not skipped, is shown again).
func gateChart(
  permission: any NetworkPermission, updates: any UpdateChecker
) -> StateGraph<GateStep, GateEvent> {
  StateGraph(initial: .gate) {
    Transition(from: .waitingForNetwork, on: .granted, to: .checkingUpdate)
    Transition(from: .checkingUpdate, on: .noUpdate, to: .upToDate)
    Transition(
      from: .checkingUpdate, on: .optional,
      to: .make(.optionalUpdate) {
        if case .optional(let update) = $0 { .optionalUpdate(update) } else { nil }
      })
    Transition(
      from: .checkingUpdate, on: .forced,
      to: .make(.forcedUpdate) { if case .forced(let update) = $0 { .forcedUpdate(update) } else { nil } })
    Transition(from: .optionalUpdate, on: .dismissUpdate, to: .upToDate)
    // A forced update is not an end like `upToDate`: it blocks, and its dialog's only ways out
    // end the app.
    Transition(from: .optionalUpdate, on: .updateNow, to: .appEnded)
    Transition(from: .forcedUpdate, on: .updateNow, to: .appEnded)
    Transition(from: .forcedUpdate, on: .exitApp, to: .appEnded)
    Transition(from: .askingPermission, on: .granted, to: .online)
    Transition(from: .askingPermission, on: .denied, to: .offline)
    Transition(from: .offline, on: .retry, to: .askingPermission)
    // Back from the background, each network state asks again (from `askingPermission`, the
    // check under way is cancelled). Written per leaf: every transition is external, and one
    // from `network` itself would leave the whole parallel `gate` (SCXML's transition domain
    // skips parallel states), re-entering the update region and checking again.
    Transition(from: .askingPermission, on: .foreground, to: .askingPermission)
    Transition(from: .offline, on: .foreground, to: .askingPermission)
    Transition(from: .online, on: .foreground, to: .askingPermission)
  } chart: {
    Parallel(.gate) {
      Compound(.update, initial: .waitingForNetwork) {
        Leaf(.waitingForNetwork)
        Leaf(.checkingUpdate)
        Final(.upToDate)
        Leaf(.optionalUpdate(AppUpdate(version: "", url: "")))
        Leaf(.forcedUpdate(AppUpdate(version: "", url: "")))
        Final(.appEnded)
      }
      Compound(.network, initial: .askingPermission) {
        Leaf(.askingPermission)
        Leaf(.offline)
        Leaf(.online)
      }
    }
    Invoke(
      in: .askingPermission, label: "permission.isGranted()", { _ in permission.isGranted() },
      onValue: { $0 ? .granted : .denied })
    Invoke(
      in: .checkingUpdate, label: "updates.check()", { _ in updates.check() },
      onValue: { advice in
        switch advice {
        case .none: .noUpdate
        case .optional(let update): .optional(update)
        case .forced(let update): .forced(update)
        }
      })
  }
}

/// The flow every login method shares, composed into each method's view model rather than
/// inherited: check the network permission (at launch and at every return to the foreground),
/// check for an update once per launch (a forced update, or an optional one not yet skipped,
/// is shown again after a later check), and handle a successful login (store the session;
/// when the user changed, clear the previous user's cached data and drop the biometric
/// credential).
///
/// The checks run on a statechart (`--graph mermaid --chart gate` draws it): each check is a
/// state that invokes its request while active, and `state` is read from where the chart
/// stands.
///
/// Threading: use it from one thread; answers arrive on the injected services' schedulers.
public final class LoginGate {
  let graph: StateGraph<GateStep, GateEvent>
  let store: any SessionStore
  let credentials: CredentialStore
  let language: (any AppLanguage)?
  let stateSubject = CurrentValueSubject<GateState, Never>(.checking)
  /// The checks' machine, from the first `prepare()`.
  var machine: StateMachine<GateStep, GateEvent>?
  var watch: AnyCancellable?
  var inspectWatch: AnyCancellable?
  /// Told each macrostep of the checks' chart as text (`MacrostepRecord`'s), from the first
  /// after its start, when set before the first `prepare()` (the demos' `--inspect`).
  public var inspection: ((String) -> Void)?

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
    graph = gateChart(permission: permission, updates: updates)
    self.store = store
    self.credentials = credentials
  }

  /// Runs the checks: permission first, then (once per launch) the update check. Called at
  /// launch and each time the app comes back to the foreground; a permission check under way is
  /// replaced.
  public func prepare() {
    if let machine {
      machine.send(.foreground)
      return
    }
    let machine = StateMachine(graph: graph, policy: .ignore)
    self.machine = machine
    if let inspection { inspectWatch = machine.macrosteps.sink { inspection($0.description) } }
    watch = machine.configurationPublisher.sink { [weak self] _ in self?.chartMoved() }
  }

  /// Publishes the gate's state as the chart now stands: the network region first (no
  /// permission blocks; asking is checking), then the update region.
  func chartMoved() {
    guard let machine else { return }
    let state: GateState
    if machine.matches(.offline) {
      state = .invalidNetwork
    } else if !machine.matches(.online) {
      state = .checking
    } else {
      switch machine.state {
      case .upToDate: state = .ready
      case .optionalUpdate(let update): state = .optionalUpdate(update)
      case .forcedUpdate(let update): state = .forcedUpdate(update)
      case .appEnded: return  // the app is ending: its dialog stays as it was answered
      default: state = .checking
      }
    }
    if state != stateSubject.value { stateSubject.send(state) }
  }

  /// From `invalidNetwork`: checks again.
  public func retry() {
    machine?.send(.retry)
  }

  /// From `optionalUpdate`: the user skipped the update (it is not offered again this launch).
  /// A forced update cannot be skipped: nothing changes.
  public func dismissUpdate() {
    guard case .optionalUpdate = currentState else { return }
    machine?.send(.dismissUpdate)
  }

  /// An update dialog was answered by updating now (`updating`) or by quitting: the app ends.
  /// Ignored unless an update is on offer (quitting ends only a forced one).
  func endApp(updating: Bool) {
    machine?.send(updating ? .updateNow : .exitApp)
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
