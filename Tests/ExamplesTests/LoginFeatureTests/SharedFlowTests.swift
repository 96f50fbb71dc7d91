import Coordinators
import LoginFeature
import Signals
import SignalsTesting
import Synchronization
import Testing

/// A flag tests flip while the code under test reads it.
final class Flag: Sendable {
  let raw: Atomic<Bool>
  init(_ value: Bool) { raw = Atomic(value) }
  var value: Bool {
    get { raw.load(ordering: .relaxed) }
    set { raw.store(newValue, ordering: .relaxed) }
  }
}

/// A count of calls.
final class CallCount: Sendable {
  let raw = Atomic<Int>(0)
  func add() { raw.add(1, ordering: .relaxed) }
  var value: Int { raw.load(ordering: .relaxed) }
}

/// Fakes for the device and the server, answering on the test scheduler.
struct FakePermission: NetworkPermission {
  let granted: Flag
  func isGranted() -> AnyPublisher<Bool, Never> { Just(granted.value).eraseToAnyPublisher() }
}

struct FakeUpdates: UpdateChecker {
  let advice: UpdateAdvice
  let calls = CallCount()
  func check() -> AnyPublisher<UpdateAdvice, Never> {
    calls.add()
    return Just(advice).eraseToAnyPublisher()
  }
}

final class FakeStore: SessionStore {
  var lastUserID: String?
  var cleared = 0
  var saved: [Session] = []
  init(lastUserID: String?) { self.lastUserID = lastUserID }
  func save(_ session: Session) {
    saved.append(session)
    lastUserID = session.userID
  }
  func clearCachedUserData() { cleared += 1 }
}

struct FakeAuthenticator: Authenticator {
  let passes: Bool
  var failure = DeviceCheckFailure.notRecognized
  func authenticate() -> AnyPublisher<DeviceCheck, Never> {
    Just(passes ? .passed : .failed(failure)).eraseToAnyPublisher()
  }
}

/// A biometric server scripted by the test: what refresh and session answer, in order.
final class ScriptedBiometricService: BiometricService, @unchecked Sendable {  // @unchecked: one test thread
  var refreshes: [Result<BiometricToken, ServiceError>]
  var sessions: [Result<Session, ServiceError>]
  var log: [String] = []
  init(refreshes: [Result<BiometricToken, ServiceError>] = [], sessions: [Result<Session, ServiceError>]) {
    self.refreshes = refreshes
    self.sessions = sessions
  }
  func refresh(_ token: BiometricToken) -> AnyPublisher<BiometricToken, ServiceError> {
    log.append("refresh \(token.value)")
    return (refreshes.isEmpty ? .failure(.rejected(code: 9, message: "unscripted")) : refreshes.removeFirst())
      .publisher.eraseToAnyPublisher()
  }
  func session(for token: BiometricToken) -> AnyPublisher<Session, ServiceError> {
    log.append("session \(token.value)")
    return (sessions.isEmpty ? .failure(.rejected(code: 9, message: "unscripted")) : sessions.removeFirst())
      .publisher.eraseToAnyPublisher()
  }
}

@MainActor @Suite struct LoginGateTests {
  func gate(
    granted: Bool = true, advice: UpdateAdvice = .none, lastUser: String? = nil
  ) -> (LoginGate, FakeStore, CredentialStore, Flag, FakeUpdates) {
    let permission = Flag(granted)
    let store = FakeStore(lastUserID: lastUser)
    let credentials = CredentialStore(
      token: BiometricToken(value: "t1", expires: .init(nanoseconds: 1_000_000_000_000)))
    let updates = FakeUpdates(advice: advice)
    return (
      LoginGate(
        permission: FakePermission(granted: permission), updates: updates, store: store,
        credentials: credentials), store, credentials, permission, updates
    )
  }

  @Test func deniedNetworkBlocksUntilARetrySucceeds() {
    let (gate, _, _, permission, _) = gate(granted: false)
    gate.prepare()
    #expect(gate.currentState == .invalidNetwork)
    #expect(!gate.allowsLogin)
    permission.value = true
    gate.retry()
    #expect(gate.currentState == .ready)
  }

  static let update = AppUpdate(version: "2.0", url: "https://get.example/app", notes: ["Faster"])

  @Test func updatesAreCheckedOncePerLaunch() {
    let (gate, _, _, _, updates) = gate(advice: .optional(Self.update))
    gate.prepare()
    #expect(gate.currentState == .optionalUpdate(Self.update))
    gate.dismissUpdate()
    #expect(gate.currentState == .ready)
    gate.prepare()
    #expect(gate.currentState == .ready)
    #expect(updates.calls.value == 1)
  }

  @Test func aForcedUpdateOffersNothingElse() {
    let (gate, _, _, _, updates) = gate(advice: .forced(Self.update))
    gate.prepare()
    gate.dismissUpdate()
    #expect(gate.currentState == .forcedUpdate(Self.update))
    #expect(!gate.allowsLogin)
    gate.prepare()  // back from the background: still forced, without asking the server again
    #expect(gate.currentState == .forcedUpdate(Self.update))
    #expect(updates.calls.value == 1)
  }

  /// An optional update the user has not answered is offered again after a later check; once
  /// skipped, it is not.
  @Test func anUnansweredOptionalUpdateComesBackAfterACheck() {
    let (gate, _, _, _, updates) = gate(advice: .optional(Self.update))
    gate.prepare()
    gate.prepare()
    #expect(gate.currentState == .optionalUpdate(Self.update))
    gate.dismissUpdate()
    gate.prepare()
    #expect(gate.currentState == .ready)
    #expect(updates.calls.value == 1)
  }

  /// Seed 000's `handleLoginSuccess`: the session is stored with its profile (session id, real
  /// name, avatar URL), and the app's language follows the user's.
  @Test func aLoginStoresTheProfileAndSyncsTheLanguage() {
    final class Language: AppLanguage {
      var current = "en"
      var switches: [String] = []
      func use(_ code: String) {
        switches.append(code)
        current = code
      }
    }
    let language = Language()
    let store = FakeStore(lastUserID: nil)
    let gate = LoginGate(
      permission: FakePermission(granted: Flag(true)), updates: FakeUpdates(advice: .none), store: store,
      credentials: CredentialStore(), language: language)
    let session = Session(
      userID: "alice", token: "t", sessionID: "sid-1", realName: "Alice Liddell",
      avatarURL: "https://avatars.example/alice.png", language: "fr")
    gate.handleSuccess(session)
    #expect(store.saved.last?.sessionID == "sid-1")
    #expect(store.saved.last?.realName == "Alice Liddell")
    #expect(store.saved.last?.avatarURL == "https://avatars.example/alice.png")
    #expect(language.switches == ["fr"])
    gate.handleSuccess(session)  // already in French: no switch
    gate.handleSuccess(Session(userID: "alice", token: "u"))  // no language named: none
    #expect(language.switches == ["fr"])
  }

  @Test func aNewUserClearsTheOldUsersDataAndBiometricCredential() {
    let (gate, store, credentials, _, _) = gate(lastUser: "bob")
    gate.handleSuccess(Session(userID: "alice", token: "x"))
    #expect(store.cleared == 1)
    #expect(credentials.token == nil)
    #expect(store.saved.map(\.userID) == ["alice"])
    gate.handleSuccess(Session(userID: "alice", token: "y"))
    #expect(store.cleared == 1)
  }
}

@MainActor @Suite struct BiometricLoginTests {
  let scheduler = TestScheduler()
  let session = Session(userID: "alice", token: "s")
  let fresh = BiometricToken(value: "fresh", expires: SchedulerTime(nanoseconds: 9_000_000_000))

  func model(
    token: BiometricToken?, passes: Bool = true, authenticator: (any Authenticator)? = nil,
    service: ScriptedBiometricService
  ) -> (BiometricLoginViewModel, CredentialStore) {
    let credentials = CredentialStore(token: token)
    let gate = LoginGate(
      permission: FakePermission(granted: Flag(true)), updates: FakeUpdates(advice: .none),
      store: FakeStore(lastUserID: "alice"), credentials: credentials)
    gate.prepare()
    let model = BiometricLoginViewModel(
      gate: gate, authenticator: authenticator ?? FakeAuthenticator(passes: passes), credentials: credentials,
      service: service,
      scheduler: scheduler)
    return (model, credentials)
  }

  @Test func aValidTokenGetsASession() {
    let service = ScriptedBiometricService(sessions: [.success(session)])
    let (model, _) = model(token: fresh, service: service)
    model.login()
    #expect(model.currentStatus == .success(session))
    #expect(service.log == ["session fresh"])
  }

  @Test func anExpiredTokenIsRefreshedFirstAndTheNewOneKept() {
    scheduler.advance(by: .seconds(10))
    let renewed = BiometricToken(value: "renewed", expires: SchedulerTime(nanoseconds: 99_000_000_000))
    let service = ScriptedBiometricService(refreshes: [.success(renewed)], sessions: [.success(session)])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(service.log == ["refresh fresh", "session renewed"])
    #expect(model.currentStatus == .success(session))
    #expect(credentials.token == renewed)
  }

  @Test func expiredAfterAllIsRefreshedAndRetriedOnce() {
    let renewed = BiometricToken(value: "renewed", expires: SchedulerTime(nanoseconds: 9_000_000_000))
    let service = ScriptedBiometricService(
      refreshes: [.success(renewed)], sessions: [.failure(.http(status: 401)), .success(session)])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(service.log == ["session fresh", "refresh fresh", "session renewed"])
    #expect(model.currentStatus == .success(session))
    #expect(credentials.token == renewed)
  }

  @Test func aRejectedRefreshRemovesTheCredentialAndFallsBack() {
    let service = ScriptedBiometricService(
      refreshes: [.failure(.rejected(code: 40, message: "revoked"))], sessions: [.failure(.http(status: 401))]
    )
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(model.currentStatus == .fallbackToPassword(notice: "Please log in with your password"))
    #expect(credentials.token == nil)
  }

  @Test func expiredAgainAfterTheRetryFallsBackToPassword() {
    let renewed = BiometricToken(value: "renewed", expires: SchedulerTime(nanoseconds: 9_000_000_000))
    let service = ScriptedBiometricService(
      refreshes: [.success(renewed)], sessions: [.failure(.http(status: 401)), .failure(.http(status: 401))])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(service.log == ["session fresh", "refresh fresh", "session renewed"])  // one retry only
    #expect(model.currentStatus == .fallbackToPassword(notice: "Please log in with your password"))
    #expect(credentials.token == nil)
  }

  @Test func anExpiredTokenWhoseRefreshIsRejectedFallsBackWithoutASessionRequest() {
    scheduler.advance(by: .seconds(10))
    let service = ScriptedBiometricService(
      refreshes: [.failure(.rejected(code: 40, message: "revoked"))], sessions: [.success(session)])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(service.log == ["refresh fresh"])
    #expect(model.currentStatus == .fallbackToPassword(notice: "Please log in with your password"))
    #expect(credentials.token == nil)
  }

  @Test func aServerErrorShowsItsMessageAndKeepsTheCredential() {
    let service = ScriptedBiometricService(sessions: [.failure(.rejected(code: 7, message: "maintenance"))])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(model.currentStatus == .failure(.server(message: "maintenance")))
    #expect(credentials.token == fresh)
  }

  /// Seed 000: a refresh that fails on the network (a local error, not the server's refusal)
  /// shows the message and keeps the credential for the next try.
  @Test func aRefreshThatFailsOnTheNetworkKeepsTheCredential() {
    scheduler.advance(by: .seconds(10))  // the token has expired: login refreshes it first
    let service = ScriptedBiometricService(refreshes: [.failure(.offline)], sessions: [])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(service.log == ["refresh fresh"])
    #expect(model.currentStatus == .failure(.network))
    #expect(credentials.token == fresh)
  }

  /// The device check's reason reaches the status, to be shown; the credential stays and the
  /// server is not asked.
  @Test(arguments: [DeviceCheckFailure.notAvailable, .notEnrolled, .lockedOut])
  func aDeviceThatCannotCheckSaysWhy(_ reason: DeviceCheckFailure) {
    let service = ScriptedBiometricService(sessions: [.success(session)])
    let (model, credentials) = model(
      token: fresh, authenticator: FakeAuthenticator(passes: false, failure: reason), service: service)
    model.login()
    #expect(model.currentStatus == .unavailable(reason))
    #expect(service.log.isEmpty)
    #expect(credentials.token == fresh)
  }

  @Test func aNetworkErrorShowsAndStays() {
    let service = ScriptedBiometricService(sessions: [.failure(.offline)])
    let (model, credentials) = model(token: fresh, service: service)
    model.login()
    #expect(model.currentStatus == .failure(.network))
    #expect(credentials.token != nil)
  }

  @Test func aSecondPressWhileScanningIsIgnored() {
    struct SlowAuthenticator: Authenticator {
      let scheduler: TestScheduler
      func authenticate() -> AnyPublisher<DeviceCheck, Never> {
        Just(.passed).delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
      }
    }
    let service = ScriptedBiometricService(sessions: [.success(session), .success(session)])
    let (model, _) = model(
      token: fresh, authenticator: SlowAuthenticator(scheduler: scheduler), service: service)
    model.login()
    model.login()  // still scanning: ignored
    #expect(model.currentStatus == .loading)
    scheduler.advance(by: .seconds(1))
    #expect(model.currentStatus == .success(session))
    #expect(service.log == ["session fresh"])  // one request, not two
  }

  @Test func aFailedDeviceCheckAsksAgain() {
    let service = ScriptedBiometricService(sessions: [])
    let (model, _) = model(token: fresh, passes: false, service: service)
    model.login()
    #expect(model.currentStatus == .notRecognized)
    #expect(service.log.isEmpty)
  }
}

@MainActor @Suite struct PatternAndPasswordShareTheGateTests {
  let scheduler = TestScheduler()

  /// Counts the login requests that reach the service.
  final class CountingService: LoginService, @unchecked Sendable {  // @unchecked: one test thread
    let inner: InProcessLoginService
    var logins = 0
    init(_ inner: InProcessLoginService) { self.inner = inner }
    func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError> { inner.checkAccount(account) }
    func login(account: String, password: String) -> AnyPublisher<Session, ServiceError> {
      logins += 1
      return inner.login(account: account, password: password)
    }
  }

  func parts(granted: Bool) -> (LoginUseCase, LoginGate, FakeStore) {
    let (useCase, gate, store, _) = countedParts(granted: granted)
    return (useCase, gate, store)
  }

  func countedParts(granted: Bool) -> (LoginUseCase, LoginGate, FakeStore, CountingService) {
    let service = CountingService(
      InProcessLoginService(
        scheduler: scheduler, accounts: ["alice@example.com": "wonderland", "pat@example.com": "1254"],
        loginLatency: .seconds(1)))
    let store = FakeStore(lastUserID: "bob@example.com")
    let gate = LoginGate(
      permission: FakePermission(granted: Flag(granted)), updates: FakeUpdates(advice: .none), store: store,
      credentials: CredentialStore())
    gate.prepare()
    return (LoginUseCase(repository: AuthRepository(service: service)), gate, store, service)
  }

  @Test func aPatternIsDigitsOnAGridAndLogsInThroughTheGate() {
    let (useCase, gate, store, service) = countedParts(granted: true)
    let model = PatternLoginPresenter(account: "pat@example.com", useCase: useCase, gate: gate)
    #expect(!model.add(0) && !model.add(10))
    for digit in [1, 2, 5, 5, 4] { model.add(digit) }
    #expect(model.points == [1, 2, 5, 4])
    model.login()
    model.login()  // a second press while checking is ignored
    #expect(!model.add(7))  // and the pattern cannot change meanwhile
    let statuses = model.status.record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    let session = Session(
      userID: "pat@example.com", token: "token-15-4", sessionID: "session-15", realName: "Pat Doe",
      avatarURL: "https://avatars.example/pat@example.com.png", language: "en")
    #expect(model.currentStatus == .success(session))
    #expect(
      statuses.values == [
        .loading(Credentials(account: "pat@example.com", secret: "1254")), .success(session),
      ])
    #expect(service.logins == 1)
    #expect(store.cleared == 1)
  }

  @Test func aWrongPatternFailsAndClears() {
    let (useCase, gate, _) = parts(granted: true)
    let model = PatternLoginPresenter(account: "pat@example.com", useCase: useCase, gate: gate)
    for digit in [9, 8, 7, 6] { model.add(digit) }
    model.login()
    scheduler.advance(by: .seconds(1))
    #expect(model.currentStatus == .failure(.server(message: "Wrong account or password")))
    #expect(model.points.isEmpty)
  }

  /// What a presenter told its view, in order: `points(1,2)`, `status(loading)`, ...
  final class SpyPatternView: PatternLoginView {
    var calls: [String] = []
    func show(points: [Int]) { calls.append("points(\(points.map(String.init).joined(separator: ",")))") }
    func show(status: LoginStatus) {
      let name =
        switch status {
        case .none: "none"
        case .loading: "loading"
        case .success: "success"
        case .failure: "failure"
        }
      calls.append("status(\(name))")
    }
  }

  /// Seed 000's MVP: the presenter decides and tells its view protocol what to show; a view
  /// attached late is brought up to date, and is held weakly.
  @Test func thePatternPresenterDrivesItsViewProtocol() {
    let (useCase, gate, _) = parts(granted: true)
    let presenter = PatternLoginPresenter(account: "pat@example.com", useCase: useCase, gate: gate)
    presenter.add(1)
    let view = SpyPatternView()
    presenter.attach(view)
    #expect(view.calls == ["points(1)", "status(none)"])
    for digit in [2, 5, 4] { presenter.add(digit) }
    presenter.login()
    scheduler.advance(by: .seconds(1))
    #expect(
      view.calls == [
        "points(1)", "status(none)", "points(1,2)", "points(1,2,5)", "points(1,2,5,4)", "status(loading)",
        "status(success)",
      ])
    weak var released: SpyPatternView?
    do {
      let other = SpyPatternView()
      released = other
      presenter.attach(other)
    }
    #expect(released == nil, "the presenter does not keep its view alive")
  }

  /// The protocol extension is the shared behaviour (`mayLogIn`, `handleLoginSuccess`); the
  /// state stays in the gate, so a presenter adopting it gets the gate's clean-up on a new user.
  @Test func thePresenterProtocolsExtensionHandlesASuccessThroughTheGate() {
    let (_, gate, store) = parts(granted: true)
    final class Presenter: LoginPresenterProtocol {
      let gate: LoginGate
      init(gate: LoginGate) { self.gate = gate }
    }
    let presenter = Presenter(gate: gate)
    #expect(presenter.mayLogIn)
    var completed = false
    presenter.handleLoginSuccess(with: Session(userID: "alice@example.com", token: "t")) { completed = true }
    #expect(completed)
    #expect(store.cleared == 1, "bob@example.com's data was cleared for alice@example.com")
    #expect(store.lastUserID == "alice@example.com")
  }

  @Test func withoutNetworkPermissionNoMethodLogsIn() {
    let (useCase, gate, _) = parts(granted: false)
    let pattern = PatternLoginPresenter(account: "pat@example.com", useCase: useCase, gate: gate)
    for digit in [1, 2, 5, 4] { pattern.add(digit) }
    pattern.login()
    let password = LoginViewModel(useCase: useCase, scheduler: scheduler, gate: gate)
    let status = password.loginStatus.record()
    password.account = "alice@example.com"
    password.password = "wonderland"
    scheduler.advance(by: .seconds(1))
    password.login()
    #expect(pattern.currentStatus == .none)
    #expect(status.values == [.none])
    #expect(gate.currentState == .invalidNetwork)
  }
}

@MainActor
@Suite struct AuthCoordinatorMemoryTests {
  @Test func aClosedFlowReleasesItsCoordinatorAndSubscriptions() throws {
    weak var released: Coordinator<AuthScreen, AuthEvent>?
    try expectAllReleased {
      let coordinator = makeAuthCoordinator(navigator: ScreenLog())
      released = coordinator
      coordinator.start()
      try coordinator.trySend(.launched(.none))
    }
    #expect(released == nil)
  }
}

@MainActor @Suite struct AuthEnvironmentTests {
  @Test func everyScreenGetsTheSameGateAndTheLaunchFollowsTheCredential() {
    let scheduler = TestScheduler()
    let credentials = CredentialStore(
      token: BiometricToken(value: "t", expires: SchedulerTime(nanoseconds: 1)))
    let environment = AuthEnvironment(
      scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
      biometricService: ScriptedBiometricService(sessions: []),
      authenticator: FakeAuthenticator(passes: true),
      credentials: credentials, store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: Flag(false)),
      updates: FakeUpdates(advice: .none))
    #expect(environment.launchEvent == .launched(.biometric))
    environment.gate.prepare()
    let biometric = environment.makeBiometricLogin()
    biometric.login()
    #expect(biometric.currentStatus == .idle)  // the shared gate has no network permission
    credentials.remove()
    #expect(environment.launchEvent == .launched(.none))
  }
}
