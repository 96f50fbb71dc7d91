import LoginFeature
import Signals
import SignalsTesting
import Testing

/// The login screen in virtual time (the seed's MVVM + Clean login).
@MainActor @Suite struct LoginViewModelTests {
  let scheduler = TestScheduler(frameDuration: .milliseconds(100))

  func makeModel(loginLatency: SchedulerTime.Stride = .seconds(2)) -> LoginViewModel {
    let service = InProcessLoginService(scheduler: scheduler, loginLatency: loginLatency)
    return LoginViewModel(
      useCase: LoginUseCase(repository: AuthRepository(service: service)), scheduler: scheduler)
  }

  /// Types `text` (up to 26 characters) one character every 100 ms into `field`, starting now:
  /// a hot diagram of one frame per keystroke, whose n-th value is the first n characters.
  func type(_ text: String, into field: inout Published<String>.Publisher) throws {
    let keys = Array("abcdefghijklmnopqrstuvwxyz".prefix(text.count))
    let typed = keys.indices.map { String(text.prefix($0 + 1)) }
    try scheduler.hot(String(keys), values: Dictionary(uniqueKeysWithValues: zip(keys, typed))).assign(
      to: &field)
  }

  @Test func accountValidFlipsOnly500msAfterTheLastKeystroke() throws {
    let model = makeModel()
    let recorder = model.accountValid.record(on: scheduler)
    try type("alice", into: &model.$account)  // the last keystroke at 400 ms
    scheduler.run()
    #expect(recorder.values == [true, false])
    #expect(recorder.timedEvents.last?.time == SchedulerTime(milliseconds: 900))
  }

  @Test func aValidAccountNeverReadsInvalidWhileItIsTyped() throws {
    // The seed's `accountValid` starts true: the short prefixes typed on the way to a valid
    // address are not called invalid, since no check answers before the typing pauses.
    let model = makeModel()
    let valid = model.accountValid.record(on: scheduler)
    let enabled = model.loginBtnEnable.record(on: scheduler)
    #expect(model.isAccountValid)
    try type("alice@example", into: &model.$account)
    model.password = "wonderland"
    scheduler.advance(by: .milliseconds(1_200))  // the last keystroke at 1,200 ms
    #expect(valid.values == [true])
    #expect(enabled.values == [false])  // the button waits for the first check
    scheduler.run()
    #expect(valid.values == [true])
    #expect(enabled.values == [false, true])
    #expect(enabled.timedEvents.last?.time == SchedulerTime(milliseconds: 1_700))
  }

  @Test func aTwentyOneCharacterAccountIsInvalid() {
    let model = makeModel()
    let recorder = model.accountValid.record(on: scheduler)
    model.account = "alice@example.com"
    scheduler.advance(by: .milliseconds(500))
    model.account = String(repeating: "a", count: 21)
    #expect(recorder.values == [true, false])  // the local rule applies at once
    scheduler.advance(by: .milliseconds(500))
    #expect(recorder.values == [true, false])
  }

  @Test func theLengthBoundsAreEightAndTwenty() {
    let model = makeModel()
    let recorder = model.accountValid.record(on: scheduler)
    for (account, valid) in [
      ("abcdefg", false), ("abcdefgh", true), (String(repeating: "a", count: 20), true),
    ] {
      model.account = account
      scheduler.advance(by: .milliseconds(500))
      #expect(recorder.values.last == valid, "\(account.count) characters")
    }
    #expect(recorder.values == [true, false, true])  // 20 characters stay valid: no repeat
  }

  @Test func loginBtnEnableOverATypingSession() throws {
    let model = makeModel()
    let recorder = model.loginBtnEnable.record(on: scheduler)
    try type("alice@ex", into: &model.$account)
    scheduler.advance(by: .seconds(1))
    try type("secret", into: &model.$password)
    scheduler.advance(by: .seconds(1))
    try scheduler.hot("a", values: ["a": "sec"]).assign(to: &model.$password)
    scheduler.advance(by: .seconds(1))
    // 100 ms frames (the recorder's scheduler's): false at once; true when the 6th password
    // character lands (frame 15); false when the password shrinks (frame 20).
    expectMarbles(recorder.marbles(values: ["t": true, "f": false]), "f--------------t----f")
  }

  @Test func loginLoadsThenSucceedsAfterTheServiceLatency() {
    let model = makeModel()
    let status = model.loginStatus.record(on: scheduler)
    model.account = "alice@example.com"
    model.password = "wonderland"
    scheduler.advance(by: .milliseconds(500))
    model.login()
    model.login()  // a second press while loading is ignored
    scheduler.advance(by: .seconds(2))
    #expect(
      status.values == [
        .none, .loading(Credentials(account: "alice@example.com", secret: "wonderland")),
        .success(
          Session(
            userID: "alice@example.com", token: "token-17-10", sessionID: "session-17",
            realName: "Alice Liddell",
            avatarURL: "https://avatars.example/alice@example.com.png", language: "en")),
      ])
    #expect(status.timedEvents.last?.time == SchedulerTime(nanoseconds: 2_500_000_000))
  }

  @Test func thePasswordErrorGivesAServerFailureAndAllowsARetry() {
    let model = makeModel()
    let status = model.loginStatus.record(on: scheduler)
    model.account = "alice@example.com"
    model.password = "error"
    scheduler.advance(by: .milliseconds(500))
    model.login()
    #expect(model.currentStatus == .none)  // "error" is 5 characters: the button is disabled
    model.password = "error!"
    model.login()
    scheduler.advance(by: .seconds(2))
    #expect(status.values.last == .failure(.server(message: "Wrong account or password")))
    model.password = "wonderland"
    model.login()
    #expect(model.currentStatus.isLoading)
  }

  @Test func thePasswordErrorIsAServerErrorFromTheUseCase() {
    // The seed's `error` password is one character short of the button's six, so its server
    // error is reached through the use case, as a front end without that rule would.
    let service = InProcessLoginService(scheduler: scheduler)
    let useCase = LoginUseCase(repository: AuthRepository(service: service))
    let result = useCase.login(account: "alice@example.com", password: "error").record(on: scheduler)
    scheduler.advance(by: .milliseconds(1999))
    #expect(result.completion == nil)
    scheduler.advance(by: .milliseconds(1))
    #expect(result.failure == .server(message: "the server answered 500"))
  }

  @Test func aFailedAccountCheckIsReportedNotJustCalledInvalid() {
    /// A service whose account check fails as an unreachable server does, then recovers.
    final class FlakyService: LoginService, @unchecked Sendable {
      // @unchecked: used on the test's one thread.
      var reachable = false
      func checkAccount(_ account: String) -> AnyPublisher<Bool, ServiceError> {
        reachable
          ? Just(true).setFailureType(to: ServiceError.self).eraseToAnyPublisher()
          : Fail(error: .unreachable).eraseToAnyPublisher()
      }
      func login(account: String, password: String) -> AnyPublisher<Session, ServiceError> {
        Fail(error: .unreachable).eraseToAnyPublisher()
      }
    }
    let service = FlakyService()
    let model = LoginViewModel(
      useCase: LoginUseCase(repository: AuthRepository(service: service)), scheduler: scheduler)
    let valid = model.accountValid.record(on: scheduler)
    let errors = model.accountCheckError.record(on: scheduler)
    model.account = "alice@example.com"
    scheduler.advance(by: .milliseconds(500))
    #expect(valid.values == [true, false])
    #expect(errors.values == [.network])
    model.account = "alice@example.net"  // a second failure is reported too
    scheduler.advance(by: .milliseconds(500))
    #expect(errors.values == [.network, .network])
    service.reachable = true
    model.account = "alice@example.org"  // the next keystroke's check runs and succeeds
    scheduler.advance(by: .milliseconds(500))
    #expect(valid.values == [true, false, true])
    #expect(errors.values == [.network, .network, nil])
  }

  @Test func serviceErrorsAreMappedInOnePlace() {
    #expect(AppError(.offline) == .network)
    #expect(AppError(.unreachable) == .network)
    #expect(AppError(.http(status: 401)) == .sessionExpired)
    #expect(AppError(.http(status: 500)) == .server(message: "the server answered 500"))
    #expect(AppError(.rejected(code: 7, message: "no")) == .server(message: "no"))
  }

  @Test func theStatusChartIsSound() {
    #expect(LoginStatus.chart { _ in Empty().eraseToAnyPublisher() }.problems() == [])
  }

  @Test func theViewModelIsReleasedWithItsSubscriptions() {
    weak var released: LoginViewModel?
    expectAllReleased {
      let model = makeModel()
      released = model
      let recorder = model.loginBtnEnable.record(on: scheduler)
      model.account = "alice@example.com"
      scheduler.advance(by: .seconds(1))
      recorder.cancel()
    }
    scheduler.run()
    #expect(released == nil)
  }
}
