import LoginFeature
import Signals
import SignalsTesting
import Testing

/// The login gate as a statechart: each check a state that invokes it, the foreground re-check.
@MainActor @Suite struct LoginGateChartTests {
  /// A permission the test answers on its scheduler, counting the checks asked and cancelled.
  final class SlowPermission: NetworkPermission, @unchecked Sendable {
    // @unchecked: used on the test's one thread.
    let scheduler: TestScheduler
    var granted = true
    var asked = 0
    var cancelled = 0
    init(scheduler: TestScheduler) { self.scheduler = scheduler }
    func isGranted() -> AnyPublisher<Bool, Never> {
      asked += 1
      return Just(granted).delay(for: .seconds(1), scheduler: scheduler)
        .handleEvents(receiveCancel: { [weak self] in self?.cancelled += 1 }).eraseToAnyPublisher()
    }
  }

  let scheduler = TestScheduler()

  func gate(_ permission: some NetworkPermission, advice: UpdateAdvice = .none) -> (LoginGate, FakeUpdates) {
    let updates = FakeUpdates(advice: advice)
    let gate = LoginGate(
      permission: permission, updates: updates, store: FakeStore(lastUserID: nil),
      credentials: CredentialStore())
    return (gate, updates)
  }

  @Test func theUpdateIsCheckedOnlyOnceThePermissionIsGranted() {
    let permission = Flag(false)
    let (gate, updates) = gate(FakePermission(granted: permission))
    gate.prepare()
    #expect(gate.currentState == .invalidNetwork)
    #expect(updates.calls.value == 0)
    permission.value = true
    gate.retry()
    #expect(gate.currentState == .ready)
    #expect(updates.calls.value == 1)
  }

  @Test func aForegroundDuringAPermissionCheckCancelsItAndAsksAgain() {
    let permission = SlowPermission(scheduler: scheduler)
    let (gate, _) = gate(permission)
    let states = gate.state.record(on: scheduler)
    gate.prepare()
    scheduler.advance(by: .milliseconds(500))
    gate.prepare()  // back from the background while the first check runs
    #expect(permission.asked == 2)
    #expect(permission.cancelled == 1)
    scheduler.advance(by: .milliseconds(999))
    #expect(gate.currentState == .checking)  // the first check's answer, due now, never comes
    scheduler.advance(by: .milliseconds(1))
    #expect(gate.currentState == .ready)
    #expect(states.values == [.checking, .ready])
  }

  @Test func aForegroundReChecksThePermissionAndKeepsTheUpdatesAnswer() {
    let permission = SlowPermission(scheduler: scheduler)
    let update = AppUpdate(version: "2.0", url: "https://get.example/app")
    let (gate, updates) = gate(permission, advice: .forced(update))
    let states = gate.state.record(on: scheduler)
    gate.prepare()
    scheduler.advance(by: .seconds(1))
    permission.granted = false
    gate.prepare()
    scheduler.advance(by: .seconds(1))
    permission.granted = true
    gate.retry()
    scheduler.advance(by: .seconds(1))
    #expect(
      states.values == [
        .checking, .forcedUpdate(update), .checking, .invalidNetwork, .checking, .forcedUpdate(update),
      ])
    #expect(updates.calls.value == 1)
  }

  @Test func releasingTheGateCancelsItsCheck() {
    let permission = SlowPermission(scheduler: scheduler)
    do {
      let (gate, _) = gate(permission)
      gate.prepare()
    }
    #expect(permission.cancelled == 1)
  }
}

/// Seed 000's shared login logic is one `LoginGate` object the app makes once and every login
/// method's view model holds (Examples/README.md says why it is not a protocol extension): what
/// one screen learns or decides holds on the next.
@MainActor @Suite struct SharedLoginLogicTests {
  @Test func anUpdateSkippedOnOneLoginScreenIsNotOfferedAgainOnTheNext() {
    let scheduler = TestScheduler()
    let update = AppUpdate(version: "2.0", url: "https://get.example/app")
    let updates = FakeUpdates(advice: .optional(update))
    let environment = AuthEnvironment(
      scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
      biometricService: ScriptedBiometricService(sessions: []),
      authenticator: FakeAuthenticator(passes: true),
      credentials: CredentialStore(), store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: Flag(true)), updates: updates, patternAccount: "pat@example.com")
    environment.gate.prepare()
    let password = environment.makePasswordLogin()
    #expect(environment.gate.currentState == .optionalUpdate(update))
    environment.gate.dismissUpdate()  // "later", on the password screen's dialog
    let pattern = environment.makePatternLogin(account: "pat@example.com")
    environment.gate.prepare()  // back from the background, now on the pattern screen
    #expect(environment.gate.currentState == .ready)
    #expect(updates.calls.value == 1)  // once per launch, not once per screen
    for digit in [1, 2, 5, 4] { pattern.add(digit) }
    pattern.login()
    #expect(pattern.currentStatus == .loading(Credentials(account: "pat@example.com", secret: "1254")))
    _ = password
  }
}
