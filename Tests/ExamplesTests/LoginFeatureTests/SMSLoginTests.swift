import Coordinators
import LoginFeature
import Signals
import SignalsTesting
import Testing

/// Mobile login with an SMS code, the fourth login method, on virtual time: the code request,
/// the login through the shared gate, its failures, and the coordinator's edges.
@MainActor @Suite struct SMSLoginTests {
  let scheduler = TestScheduler()

  func model(
    granted: Bool = true, service: (any SMSLoginService)? = nil
  ) -> (
    SMSLoginViewModel, FakeStore, SessionExpiry
  ) {
    let store = FakeStore(lastUserID: nil)
    let gate = LoginGate(
      permission: FakePermission(granted: Flag(granted)), updates: FakeUpdates(advice: .none), store: store,
      credentials: CredentialStore())
    gate.prepare()
    let expiry = SessionExpiry()
    let model = SMSLoginViewModel(
      service: service ?? InProcessSMSLoginService(scheduler: scheduler), gate: gate, expiry: expiry)
    return (model, store, expiry)
  }

  @Test func aCodeIsRequestedThenTheLoginGoesThroughTheGate() {
    let (model, store, _) = model()
    let codes = model.codeStatus.record(on: scheduler)
    model.phone = "5550100"
    #expect(!model.loginEnabled)
    model.requestCode()
    model.requestCode()  // a second press while sending is ignored
    scheduler.advance(by: .seconds(1))
    #expect(codes.values == [.none, .sending, .sent(phone: "5550100")])
    model.code = "246810"
    #expect(model.loginEnabled)
    model.login()
    #expect(model.currentStatus == .loading(Credentials(account: "5550100", secret: "246810")))
    scheduler.advance(by: .seconds(1))
    guard case .success(let session) = model.currentStatus else {
      Issue.record("not logged in: \(model.currentStatus)")
      return
    }
    #expect(session.userID == "alice@example.com")
    #expect(store.saved == [session], "the gate did not store the session")
    #expect(session.realName == "Alice Liddell")
  }

  @Test func anUnknownNumberIsRefusedAndAWrongCodeClearsTheCode() {
    let (model, _, _) = model()
    model.phone = "5550199"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    #expect(model.currentCodeStatus == .failed(.server(message: "No account has this number")))
    model.phone = "5550100"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    model.code = "111111"
    model.login()
    scheduler.advance(by: .seconds(1))
    #expect(model.currentStatus == .failure(.server(message: "Wrong code")))
    #expect(model.code == "")
  }

  @Test func malformedInputAndABlockingGateSendNothing() {
    let (model, _, _) = model(granted: false)
    model.phone = "5550100"
    model.requestCode()
    #expect(model.currentCodeStatus == .none, "the gate blocks but a code was requested")
    let (open, _, _) = self.model()
    open.phone = "55a0100"
    #expect(!open.phoneValid)
    open.phone = "555"
    open.requestCode()
    #expect(open.currentCodeStatus == .none)
  }

  @Test func aLoginThatAnswers401IsReportedAsAnExpiredSession() {
    struct Expired: SMSLoginService {
      func requestCode(phone: String) -> AnyPublisher<Void, ServiceError> {
        Just(()).setFailureType(to: ServiceError.self).eraseToAnyPublisher()
      }
      func login(phone: String, code: String) -> AnyPublisher<Session, ServiceError> {
        Fail(error: .http(status: 401)).eraseToAnyPublisher()
      }
    }
    let (model, _, expiry) = model(service: Expired())
    let reports = expiry.expired.record(on: scheduler)
    model.phone = "5550100"
    model.requestCode()
    model.code = "246810"
    model.login()
    scheduler.advance(by: .zero)
    #expect(model.currentStatus == .failure(.sessionExpired))
    #expect(reports.values.count == 1)
  }

  @MainActor
  @Test func theCoordinatorStartsOnSMSAndGoesHomeOrToThePassword() throws {
    func started() -> (AuthCoordinator, SceneLog) {
      let environment = AuthEnvironment(
        scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
        biometricService: ScriptedBiometricService(sessions: []),
        authenticator: FakeAuthenticator(passes: true),
        credentials: CredentialStore(), store: FakeStore(lastUserID: nil),
        permission: FakePermission(granted: Flag(true)), updates: FakeUpdates(advice: .none), prefersSMS: true
      )
      let log = SceneLog()
      let coordinator = AuthCoordinator(environment: environment, navigator: log)
      coordinator.start()
      scheduler.advance(by: .zero)
      return (coordinator, log)
    }
    let (coordinator, log) = started()
    #expect(log.calls == ["root launch", "root sms"])
    guard case .sms(let model) = try #require(log.stack.last) else {
      Issue.record("not the SMS screen")
      return
    }
    model.phone = "5550100"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    model.code = "246810"
    model.login()
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.last == "root home(alice@example.com)")
    #expect(coordinator.session?.userID == "alice@example.com")
    let (other, otherLog) = started()
    guard case .sms(let second) = try #require(otherLog.stack.last) else { return }
    second.usePassword()
    #expect(otherLog.calls.last == "root password")
    #expect(other.screen == .password)
  }
}
