import DemoSupport
import LoginFeature
import Signals
import SignalsVirtualTime

/// The built-in script `swift run LoginDemo` plays when it is not in a terminal.
public let demoScript = """
  # A user logs in: the button enables only after the account check (500 ms after typing).
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  tab
  enter
  wait 2s
  enter
  """

/// How the demo device is set up: its stored credential, the update the server advises, and
/// whether the network is allowed.
public struct DemoSetup: Sendable {
  /// Which login the device starts with.
  public var credential: CredentialKind = .none
  /// What the update check says.
  public var update: UpdateAdvice = .none
  /// Whether the network permission is granted.
  public var networkAllowed = true
  /// Whether the server has revoked the biometric credential (it then refuses it, and the app
  /// falls back to password login).
  public var credentialRevoked = false
  /// Why the device's face check fails, if it does (not recognized, no sensor, nothing
  /// enrolled, locked out).
  public var deviceCheck: DeviceCheckFailure?
  /// The device's display language before a login (`--language`), if the demo shows it; a
  /// login switches it to the user's (`en` for the demo accounts).
  public var language: String?
  /// Whether the server ends the session after login: home's profile reload answers 401 (once:
  /// a login after that works).
  public var sessionExpired = false
  /// Whether the stored face-login token has expired by the clock: face login refreshes it
  /// first (implies a biometric credential).
  public var tokenExpired = false
  /// Whether the first refresh of an expired token is lost on the network (implies
  /// `tokenExpired`): the screen says so and keeps the credential; enter tries again.
  public var refreshOffline = false
  /// Who logged in last on this device, if not the demo user: a login then clears their cached
  /// data and their face-login credential, and says so.
  public var lastUser: String?
  /// Whether a script prints each macrostep of the login gate's chart before the frame it led
  /// to (`--inspect`).
  public var inspect = false

  /// The default: password login, up to date, network allowed.
  public init(
    credential: CredentialKind = .none, update: UpdateAdvice = .none, networkAllowed: Bool = true,
    credentialRevoked: Bool = false, deviceCheck: DeviceCheckFailure? = nil, language: String? = nil,
    sessionExpired: Bool = false, tokenExpired: Bool = false, refreshOffline: Bool = false,
    lastUser: String? = nil
  ) {
    self.tokenExpired = tokenExpired
    self.refreshOffline = refreshOffline
    self.lastUser = lastUser
    self.deviceCheck = deviceCheck
    self.credential = credential
    self.update = update
    self.networkAllowed = networkAllowed
    self.credentialRevoked = credentialRevoked
    self.language = language
    self.sessionExpired = sessionExpired
  }
}

/// The built-in script of `LoginDemo --start sms`: the number, a code requested and typed, a
/// login. The demo's number is 5550100 and its code 246810.
public let smsScript = """
  # SMS login: type the number, send a code (1 s), type it, log in (1 s).
  type 5550100
  enter
  wait 1s
  type 246810
  enter
  wait 1s
  """

/// The update the demo's server offers with `--update`: its URL and release notes show in the
/// dialog.
public let demoUpdate = AppUpdate(
  version: "2.0", url: "https://get.example/app",
  notes: ["Face login is faster", "The pattern grid is larger"])

/// The built-in script of `LoginDemo --session-expired`, the whole story: a login; home's
/// profile reload answers 401, and the invalid-session dialog says what happened; enter leads
/// back to password login with the notice; a second login works, and its reload too.
public let sessionExpiredScript = """
  # Log in; the server ends the session soon after.
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  # Home reloads the profile: 401 after a second, and the dialog says why.
  wait 1s
  enter
  # Back at password login, with the notice: log in again, and this session works.
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  wait 1s
  """

/// A password login that stays on the home screen to show what the login did (`--last-user`).
public let loginAndStayScript = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 2s
  wait 1s
  """

/// The script `swift run LoginDemo` plays without a terminal for `setup`: the start screen's own
/// login (the demo script for password, a face scan, the pattern 1-2-5-4, an SMS code), after
/// answering the dialog the gate shows first (retry when offline; later for an optional update;
/// a forced update's "update now" opens the URL and ends the app). A face check that fails shows
/// its reason; a revoked credential falls back to the password, which then logs in; an expired
/// session shows the invalid-session dialog and goes back to password login.
public func builtInScript(for setup: DemoSetup) -> String {
  if case .forced = setup.update { return "enter\n" }
  if setup.sessionExpired { return sessionExpiredScript }
  var script = setup.networkAllowed ? "" : "enter\nwait 1s\n"
  if case .optional = setup.update { script += "key esc\n" }
  switch setup.credential {
  case .none where setup.lastUser != nil: script += loginAndStayScript
  case .none: script += demoScript
  case .biometric where setup.refreshOffline: script += "enter\nwait 1s\nenter\nwait 1s\nwait 1s\nwait 1s\n"
  case .biometric where setup.tokenExpired: script += "enter\nwait 1s\nwait 1s\nwait 1s\n"
  case .biometric where setup.deviceCheck != nil: script += "enter\nwait 1s\n"
  case .biometric where setup.credentialRevoked: script += "enter\nwait 1s\nwait 1s\n" + demoScript
  case .biometric: script += "enter\nwait 1s\nwait 1s\n"
  case .pattern: script += "type 1254\nenter\nwait 1s\nwait 1s\n"
  case .sms: script += smsScript
  }
  return script
}

/// Plays `steps` against the app on virtual time and returns each frame that changed, headed by
/// its virtual time.
@MainActor
public func runScript(_ steps: [ScriptStep], setup: DemoSetup = DemoSetup()) -> String {
  let scheduler = TestScheduler()
  let environment = AuthEnvironment.demo(scheduler: scheduler, setup: setup)
  let notes = InspectionNotes()
  if setup.inspect { environment.gate.inspection = { notes.lines.append("gate chart: " + $0) } }
  let (app, coordinator) = startLoginApp(environment: environment)
  return withExtendedLifetime(coordinator) { playScript(steps, on: scheduler, into: app, notes: notes.take) }
}

/// The inspected macrosteps not printed yet.
final class InspectionNotes {
  var lines: [String] = []

  func take() -> [String] {
    defer { lines = [] }
    return lines
  }
}

/// The app put together and started: the terminal front, and the coordinator that makes the
/// view models and shows their scenes through it (keep it as long as the app runs). Outputs are
/// received, and the spinner turns, on the environment's scheduler.
@MainActor
public func startLoginApp(environment: AuthEnvironment) -> (LoginApp, AuthCoordinator) {
  let (app, coordinator) = composeLoginApp(environment: environment)
  coordinator.start()
  return (app, coordinator)
}

/// The app put together but not started (the interactive demo starts it once the terminal is in
/// raw mode): the front shows the coordinator's notices, and the demo language's switches, as
/// toasts, and hands the app's lifecycle to the coordinator.
@MainActor
public func composeLoginApp(environment: AuthEnvironment) -> (LoginApp, AuthCoordinator) {
  let app = LoginApp(scheduler: environment.scheduler)
  let coordinator = AuthCoordinator(environment: environment, navigator: app)
  var notices = coordinator.notices
  if let language = environment.language as? DemoLanguage {
    notices = notices.merge(with: language.switches).eraseToAnyPublisher()
  }
  if let store = environment.store as? DemoSessionStore {
    notices = notices.merge(with: store.clearings).eraseToAnyPublisher()
  }
  app.showNotices(notices)
  app.forwardLifecycle(to: coordinator)
  return (app, coordinator)
}

/// The demo device's display language (`--language CODE`): a login switches it to the user's
/// (seed 000's `LanguageHelper.syncLanguage`), and each switch is told as a notice.
///
/// Threading: the demo's one thread (main in the app, the script runner's in scripts).
final class DemoLanguage: AppLanguage {
  private(set) var current: String
  /// One notice per switch, such as `Language: fr -> en, as your profile says`.
  let switches = PassthroughSubject<String, Never>()

  init(_ code: String) { current = code }

  func use(_ code: String) {
    let previous = current
    current = code
    switches.send("Language: \(previous) -> \(code), as your profile says")
  }
}

/// Fakes for the demo: everything granted, no update, no stored credential.
/// Grants the network after the first `deniedChecks` checks (so "retry" can be shown working).
/// The launch's check answers at once (behind the launch screen); later ones (a retry, a return
/// to the foreground) take `latency`, so their loading indicator shows.
final class DemoPermission: NetworkPermission, @unchecked Sendable {
  // @unchecked: the demo runs on one thread (main in the app, the script runner's in scripts).
  var deniedChecks: Int
  var checks = 0
  let scheduler: any Scheduler
  let latency: SchedulerTime.Stride
  init(deniedChecks: Int, scheduler: any Scheduler, latency: SchedulerTime.Stride = .milliseconds(500)) {
    self.deniedChecks = deniedChecks
    self.scheduler = scheduler
    self.latency = latency
  }
  func isGranted() -> AnyPublisher<Bool, Never> {
    defer {
      deniedChecks -= 1
      checks += 1
    }
    let answer = Just(deniedChecks <= 0)
    if checks == 0 { return answer.eraseToAnyPublisher() }
    return answer.delay(for: latency, scheduler: scheduler).eraseToAnyPublisher()
  }
}

struct DemoUpdates: UpdateChecker {
  let advice: UpdateAdvice
  func check() -> AnyPublisher<UpdateAdvice, Never> { Just(advice).eraseToAnyPublisher() }
}

final class DemoSessionStore: SessionStore {
  var lastUserID: String?
  /// The stored session, with its profile.
  var session: Session?
  /// One notice per clean-up, naming whose data went (`--last-user`).
  let clearings = PassthroughSubject<String, Never>()
  init(lastUserID: String? = nil) { self.lastUserID = lastUserID }
  func save(_ session: Session) {
    self.session = session
    lastUserID = session.userID
  }
  func clearCachedUserData() {
    clearings.send("\(lastUserID ?? "The last user")'s cached data and face login were cleared")
  }
}

/// Passes, unless `setup` says the device's check fails
/// (`--face unrecognized|unavailable|unenrolled|locked`).
struct DemoAuthenticator: Authenticator {
  var failure: DeviceCheckFailure?
  func authenticate() -> AnyPublisher<DeviceCheck, Never> {
    Just(failure.map(DeviceCheck.failed) ?? .passed).eraseToAnyPublisher()
  }
}

/// Accepts the stored token after a second, like a server would, renewing it for an hour; a
/// revoked one is refused; with `refreshLost`, the first refresh is lost on the network.
final class DemoBiometricService: BiometricService {
  let scheduler: any Scheduler
  let revoked: Bool
  let refreshLost: Guarded<Bool>
  init(scheduler: any Scheduler, revoked: Bool = false, refreshLost: Bool = false) {
    self.scheduler = scheduler
    self.revoked = revoked
    self.refreshLost = Guarded(refreshLost)
  }
  func refresh(_ token: BiometricToken) -> AnyPublisher<BiometricToken, ServiceError> {
    let lost = refreshLost.withLock { lost in
      defer { lost = false }
      return lost
    }
    let renewed = BiometricToken(value: token.value, expires: scheduler.now.advanced(by: .seconds(3600)))
    let answer: Result<BiometricToken, ServiceError> =
      lost
      ? .failure(.offline) : revoked ? .failure(.rejected(code: 40, message: "revoked")) : .success(renewed)
    return answer.publisher.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
  }
  func session(for token: BiometricToken) -> AnyPublisher<Session, ServiceError> {
    if revoked {
      return Fail(error: ServiceError.http(status: 401)).delay(for: .seconds(1), scheduler: scheduler)
        .eraseToAnyPublisher()
    }
    // The same profile as a password login gives: face login is the same user.
    let session = Session(
      userID: "alice@example.com", token: "bio-\(token.value)", sessionID: "session-face",
      realName: "Alice Liddell", avatarURL: "https://avatars.example/alice@example.com.png", language: "en")
    return Just(session).setFailureType(to: ServiceError.self)
      .delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
  }
}

extension AuthEnvironment {
  /// The demo's environment: password login through the service layer (`HTTPLoginService` over
  /// a `ServiceClient` to the in-process `LoginServer` on `scheduler`, writing to `requestLog`;
  /// alice@example.com / wonderland, the pattern account pat@example.com / 1-2-5-4), and device
  /// fakes set up as `setup` says (a denied network is granted at the first retry). The services
  /// given replace the in-process ones (`--service http` gives all three, over one
  /// `ServiceClient` to a real server); `requestLog` is then unused.
  public static func demo(
    scheduler: any Scheduler, loginService: (any LoginService)? = nil,
    smsService: (any SMSLoginService)? = nil, biometricService: (any BiometricService)? = nil,
    setup: DemoSetup = DemoSetup(), requestLog: RequestLog = RequestLog()
  ) -> AuthEnvironment {
    let accounts = ["alice@example.com": "wonderland", "pat@example.com": "1254"]
    let credentials = CredentialStore()
    if setup.credential == .biometric {
      // An expired token ran out a minute ago: face login refreshes it first.
      let expires = scheduler.now.advanced(by: setup.tokenExpired ? .seconds(-60) : .seconds(3600))
      credentials.save(BiometricToken(value: "demo", expires: expires))
    }
    // Over HTTP, home has no profile to reload: the test server has no such endpoint.
    let profile =
      loginService == nil
      ? InProcessProfileService(scheduler: scheduler, endsSession: setup.sessionExpired) : nil
    return AuthEnvironment(
      scheduler: scheduler,
      loginService: loginService
        ?? LoginServer(accounts: accounts).loginService(on: scheduler, log: requestLog),
      biometricService: biometricService
        ?? DemoBiometricService(
          scheduler: scheduler, revoked: setup.credentialRevoked, refreshLost: setup.refreshOffline),
      authenticator: DemoAuthenticator(failure: setup.deviceCheck),
      credentials: credentials, store: DemoSessionStore(lastUserID: setup.lastUser),
      permission: DemoPermission(deniedChecks: setup.networkAllowed ? 0 : 1, scheduler: scheduler),
      updates: DemoUpdates(advice: setup.update),
      patternAccount: setup.credential == .pattern ? "pat@example.com" : nil,
      language: setup.language.map(DemoLanguage.init), smsService: smsService,
      prefersSMS: setup.credential == .sms, profileService: profile)
  }
}
