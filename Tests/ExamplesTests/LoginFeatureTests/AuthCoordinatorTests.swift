import Coordinators
import LoginFeature
import Signals
import SignalsTesting
import Testing

/// A navigator standing in for the UI front: it keeps the scenes as a stack and writes down
/// each call, naming scenes by their screen (`root password`, `push register`, `present
/// gate(invalidNetwork)`, `pop`, `dismiss`).
@MainActor
final class SceneLog: Navigator {
  var calls: [String] = []
  var stack: [AuthScene] = []
  /// Logs the coordinator's notices among the navigator's calls, as `notice(...)`.
  var noticeLog: AnyCancellable?

  func logNotices(of coordinator: AuthCoordinator) {
    noticeLog = coordinator.notices.sink { [weak self] in self?.calls.append("notice(\($0))") }
  }

  func setRoot(_ scene: AuthScene) {
    calls.append("root \(Self.name(scene))")
    stack = [scene]
  }
  func push(_ scene: AuthScene) {
    calls.append("push \(Self.name(scene))")
    stack.append(scene)
  }
  func present(_ scene: AuthScene) {
    calls.append("present \(Self.name(scene))")
    stack.append(scene)
  }
  func pop() {
    calls.append("pop")
    stack.removeLast()
  }
  func dismiss() {
    calls.append("dismiss")
    stack.removeLast()
  }

  static func name(_ scene: AuthScene) -> String {
    switch scene {
    case .launch: "launch"
    case .password: "password"
    case .register: "register"
    case .biometric: "biometric"
    case .pattern: "pattern"
    case .sms: "sms"
    case .home(let model): "home(\(model.session.userID))"
    case .gateDialog(let model):
      switch model.state {
      case .optionalUpdate(let update): "gate(optionalUpdate(\(update.version)))"
      case .forcedUpdate(let update): "gate(forcedUpdate(\(update.version)))"
      default: "gate(\(model.state))"
      }
    case .sessionExpired: "sessionExpired"
    }
  }

  var password: LoginViewModel? { if case .password(let model) = stack.last { model } else { nil } }
  var biometric: BiometricLoginViewModel? {
    if case .biometric(let model) = stack.last { model } else { nil }
  }
  var register: RegisterViewModel? { if case .register(let model) = stack.last { model } else { nil } }
  var home: HomeViewModel? { if case .home(let model) = stack.last { model } else { nil } }
  var dialog: GateDialogViewModel? { if case .gateDialog(let model) = stack.last { model } else { nil } }
  var expiredDialog: SessionExpiredDialogViewModel? {
    if case .sessionExpired(let model) = stack.last { model } else { nil }
  }
}

/// The login flow's coordinator driven through whole flows by its view models' inputs alone, no
/// view: each test sends what a screen would send and reads what the navigator was asked.
@MainActor
@Suite struct AuthCoordinatorTests {
  let scheduler = TestScheduler()

  func environment(
    granted: Bool = true, credential: BiometricToken? = nil,
    biometric: ScriptedBiometricService = ScriptedBiometricService(sessions: []),
    loginService: (any LoginService)? = nil
  ) -> AuthEnvironment {
    AuthEnvironment(
      scheduler: scheduler, loginService: loginService ?? InProcessLoginService(scheduler: scheduler),
      biometricService: biometric, authenticator: FakeAuthenticator(passes: true),
      credentials: CredentialStore(token: credential), store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: Flag(granted)), updates: FakeUpdates(advice: .none))
  }

  func started(_ environment: AuthEnvironment) -> (AuthCoordinator, SceneLog) {
    let log = SceneLog()
    let coordinator = AuthCoordinator(environment: environment, navigator: log)
    log.logNotices(of: coordinator)
    coordinator.start()
    scheduler.advance(by: .zero)
    return (coordinator, log)
  }

  @Test func aPasswordLoginGoesHomeAndALogoutComesBack() throws {
    let (coordinator, log) = started(environment())
    #expect(log.calls == ["root launch", "root password"])
    let password = try #require(log.password)
    password.account = "alice@example.com"
    scheduler.advance(by: .milliseconds(600))
    password.password = "wonderland"
    password.login()
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.count == 2, "home came before the service answered")
    scheduler.advance(by: .seconds(1))
    #expect(log.calls == ["root launch", "root password", "root home(alice@example.com)"])
    #expect(coordinator.session?.userID == "alice@example.com")
    #expect(coordinator.screen == .home(try #require(log.home).session))
    try #require(log.home).logout()
    #expect(log.calls.last == "root password")
    #expect(coordinator.session == nil)
    #expect(log.password !== password, "a new login screen gets a new view model")
  }

  @Test func aLoginCheckThatAnswers401ShowsTheDialogThenPasswordLoginAsRoot() throws {
    let expired = ExpiredSessionLoginService(scheduler: scheduler)
    let (coordinator, log) = started(environment(loginService: expired))
    let password = try #require(log.password)
    password.account = "alice@example.com"
    scheduler.advance(by: .milliseconds(600))
    #expect(log.calls == ["root launch", "root password"], "the dialog came before the service answered")
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.last == "present sessionExpired")
    #expect(coordinator.expiredDialog != nil)
    password.password = "wonderland"
    password.login()
    scheduler.advance(by: .seconds(2))
    #expect(
      log.calls.filter { $0 == "present sessionExpired" }.count == 1, "a second 401 shows no second dialog")
    try #require(log.expiredDialog).confirm()
    #expect(
      log.calls.suffix(3) == [
        "dismiss", "root password", "notice(Your session expired, please log in again)",
      ])
    #expect(coordinator.screen == .password)
    #expect(coordinator.expiredDialog == nil)
    #expect(log.password !== password, "password login starts again with a new view model")
  }

  /// `--session-expired`'s story: a 401 after login (home's profile reload), the dialog, password
  /// login with the notice, and a second login that works, its reload too.
  @Test func aSessionEndedAfterLoginShowsTheDialogThenASecondLoginWorks() throws {
    let profiles = InProcessProfileService(scheduler: scheduler, endsSession: true)
    let environment = AuthEnvironment(
      scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
      biometricService: ScriptedBiometricService(sessions: []),
      authenticator: FakeAuthenticator(passes: true),
      credentials: CredentialStore(), store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: Flag(true)), updates: FakeUpdates(advice: .none),
      profileService: profiles)
    let (coordinator, log) = started(environment)
    func logIn() throws {
      let password = try #require(log.password)
      password.account = "alice@example.com"
      scheduler.advance(by: .milliseconds(600))
      password.password = "wonderland"
      password.login()
      scheduler.advance(by: .seconds(2))
    }
    try logIn()
    let home = try #require(log.home)
    #expect(home.isRefreshing)
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.suffix(2) == ["root home(alice@example.com)", "present sessionExpired"])
    #expect(home.refreshError == nil, "the expiry is the dialog's to tell, not the screen's")
    try #require(log.expiredDialog).confirm()
    #expect(
      log.calls.suffix(3) == [
        "dismiss", "root password", "notice(Your session expired, please log in again)",
      ])
    #expect(coordinator.session == nil)
    try logIn()
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.last == "root home(alice@example.com)")
    let second = try #require(log.home)
    #expect(!second.isRefreshing && second.refreshError == nil)
    #expect(second.session.realName == "Alice Liddell")
    #expect(!profiles.endsSession)
  }

  /// The session travels in the event and the state: nothing is set on the coordinator before
  /// the send for the home screen to read.
  @Test func theHomeScreenShowsTheSessionItsLoggedInEventCarried() throws {
    let (coordinator, log) = started(environment())
    let bob = Session(userID: "bob@example.com", token: "b", realName: "Bob")
    #expect(coordinator.session == nil)
    coordinator.flow.send(.loggedIn(bob))
    #expect(log.calls.last == "root home(bob@example.com)")
    #expect(try #require(log.home).session == bob)
    #expect(coordinator.screen == .home(bob))
    #expect(coordinator.session == bob)
  }

  /// A new root takes the dialogs away; the coordinator puts back those still up once the flow
  /// has moved (after its send returned), not from inside the navigator's `setRoot`.
  @Test func aDialogPutBackOverANewRootComesAfterTheFlowHasMoved() throws {
    let permission = Flag(true)
    let environment = gated(permission)
    let (coordinator, log) = started(environment)
    let moves = coordinator.flow.transitions.sink { log.calls.append("moved to \(ScreenLog.name($0.to))") }
    environment.sessionExpiry.report()
    permission.value = false
    coordinator.enterForeground()
    scheduler.advance(by: .seconds(1))
    try #require(coordinator.expiredDialog).confirm()
    #expect(
      log.calls.suffix(4) == [
        "root password", "moved to password", "present gate(invalidNetwork)",
        "notice(Your session expired, please log in again)",
      ])
    moves.cancel()
  }

  @Test func registerIsPushedOverTheLoginScreenAndPoppedBackToIt() throws {
    let (coordinator, log) = started(environment())
    let password = try #require(log.password)
    password.register()
    #expect(log.calls.suffix(1) == ["push register"])
    #expect(coordinator.flow.stack.map(\.screen) == [.password, .register])
    try #require(log.register).back()
    #expect(log.calls.suffix(2) == ["push register", "pop"])
    #expect(log.password === password, "the login screen below is the one left, not a new one")
    #expect(coordinator.screen == .password)
  }

  @Test func theGatesDialogIsPresentedWhileItBlocksAndDismissedAfterARetry() throws {
    let permission = Flag(false)
    let environment = AuthEnvironment(
      scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
      biometricService: ScriptedBiometricService(sessions: []),
      authenticator: FakeAuthenticator(passes: true),
      credentials: CredentialStore(), store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: permission),
      updates: FakeUpdates(advice: .optional(LoginGateTests.update))
    )
    let (coordinator, log) = started(environment)
    #expect(log.calls == ["root launch", "root password", "present gate(invalidNetwork)"])
    permission.value = true
    try #require(log.dialog).retry()
    scheduler.advance(by: .zero)
    #expect(log.calls.suffix(2) == ["dismiss", "present gate(optionalUpdate(2.0))"])
    try #require(log.dialog).later()
    scheduler.advance(by: .zero)
    #expect(log.calls.last == "dismiss")
    #expect(coordinator.dialog == nil)
    #expect(log.stack.count == 1)
  }

  /// An environment whose network permission is `permission`, with no update.
  func gated(_ permission: Flag) -> AuthEnvironment {
    AuthEnvironment(
      scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
      biometricService: ScriptedBiometricService(sessions: []),
      authenticator: FakeAuthenticator(passes: true),
      credentials: CredentialStore(), store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: permission), updates: FakeUpdates(advice: .none))
  }

  @Test func theGateGoingAwayUnderTheSessionDialogLeavesThatDialogUp() throws {
    let permission = Flag(false)
    let environment = gated(permission)
    let (coordinator, log) = started(environment)
    environment.sessionExpiry.report()
    #expect(log.calls.suffix(2) == ["present gate(invalidNetwork)", "present sessionExpired"])
    permission.value = true
    try #require(coordinator.dialog).retry()
    scheduler.advance(by: .seconds(1))
    #expect(coordinator.dialog == nil)
    #expect(log.stack.count == 2, "the password screen and one dialog")
    #expect(log.expiredDialog != nil, "the gate's dismiss took the wrong dialog: \(log.calls)")
    try #require(log.expiredDialog).confirm()
    #expect(log.stack.count == 1)
    #expect(coordinator.screen == .password)
  }

  @Test func theSessionDialogGoingAwayUnderTheGatesLeavesTheGatesUp() throws {
    let permission = Flag(true)
    let environment = gated(permission)
    let (coordinator, log) = started(environment)
    environment.sessionExpiry.report()
    permission.value = false
    coordinator.enterForeground()
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.last == "present gate(invalidNetwork)")
    try #require(coordinator.expiredDialog).confirm()
    #expect(coordinator.expiredDialog == nil)
    #expect(log.stack.count == 2, "the new password root and the gate's dialog")
    #expect(log.dialog?.state == .invalidNetwork, "the session's confirm took the wrong dialog: \(log.calls)")
  }

  @Test func aRevokedBiometricCredentialFallsBackToPasswordWithTheNotice() throws {
    let token = BiometricToken(value: "t", expires: SchedulerTime(nanoseconds: 1_000_000_000_000))
    let service = ScriptedBiometricService(
      refreshes: [.failure(.rejected(code: 40, message: "revoked"))], sessions: [.failure(.http(status: 401))]
    )
    let (coordinator, log) = started(environment(credential: token, biometric: service))
    #expect(log.calls == ["root launch", "root biometric"])
    try #require(log.biometric).login()
    scheduler.advance(by: .zero)
    #expect(log.calls.suffix(2) == ["root password", "notice(Please log in with your password)"])
    #expect(coordinator.screen == .password)
  }

  @Test func theUserMayChooseThePasswordOverBiometricLogin() throws {
    let token = BiometricToken(value: "t", expires: SchedulerTime(nanoseconds: 1_000_000_000_000))
    let (coordinator, log) = started(environment(credential: token))
    try #require(log.biometric).usePassword()
    #expect(log.calls == ["root launch", "root biometric", "root password"])
    #expect(coordinator.screen == .password)
  }

  @Test func aReplacedScreensViewModelIsReleased() throws {
    let (coordinator, log) = started(environment())
    weak let first = log.password
    #expect(first != nil)
    coordinator.flow.send(.sessionExpired)
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.last == "root password")
    #expect(log.password != nil)
    #expect(first == nil, "the replaced login screen's view model is still alive")
  }
}
