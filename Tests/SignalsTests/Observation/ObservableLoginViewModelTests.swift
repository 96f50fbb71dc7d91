import Observation
import Signals
import SignalsExtras
import SignalsTesting
import Testing

// Seed 003's login view model as SwiftUI observes models since iOS 17: an `@Observable` class
// whose inputs are read with `publisher(for:)` and whose outputs are stored properties the
// pipelines assign. "Using Signals with SwiftUI" (Sources/Signals/Signals.docc) shows this code
// verbatim; DocumentationSnippetTests checks that it stays so.

enum LoginStatus: Equatable {
  case none, loading, success
  case failure(LoginError)
}

enum LoginError: Error, Equatable {
  case passwordNotMatch
}

@MainActor @Observable
final class LoginViewModel {
  // Inputs, bound to the text fields.
  var account = ""
  var password = ""
  // Outputs, read by the view.
  private(set) var accountValid = true
  private(set) var loginBtnEnable = false
  private(set) var loginStatus = LoginStatus.none

  @ObservationIgnored private let logIn: (String, String) -> AnyPublisher<String, LoginError>
  @ObservationIgnored private var subscriptions: Set<AnyCancellable> = []

  init(
    logIn: @escaping (String, String) -> AnyPublisher<String, LoginError>,
    scheduler: any Scheduler = MainScheduler.shared
  ) {
    self.logIn = logIn
    let account = publisher(for: \.account, on: scheduler)
    let remoteCheck = account.debounce(for: .milliseconds(500), scheduler: scheduler)
      .flatMap { Just($0.count >= 8) }  // the seed's stand-in for a server call
    let accountValid = remoteCheck.combineLatest(account.map { $0.count <= 20 }).map { $0 && $1 }
    let passwordValid = publisher(for: \.password, on: scheduler).map { $0.count >= 6 }
    accountValid
      .assign(to: \.accountValid, onWeak: self)
      .store(in: &subscriptions)
    accountValid.combineLatest(passwordValid).map { $0 && $1 }
      .assign(to: \.loginBtnEnable, onWeak: self)
      .store(in: &subscriptions)
  }

  func login() {
    loginStatus = .loading
    logIn(account, password)
      .map { _ in LoginStatus.success }
      .catch { Just(LoginStatus.failure($0)) }
      .assign(to: \.loginStatus, onWeak: self)
      .store(in: &subscriptions)
  }
}

@Suite @MainActor struct ObservableLoginViewModelTests {
  static func neverAnswers(_ account: String, _ password: String) -> AnyPublisher<String, LoginError> {
    Empty(completeImmediately: false).eraseToAnyPublisher()
  }

  @Test func theAccountIsCheckedFiveHundredMillisecondsAfterTypingStops() {
    let scheduler = TestScheduler()
    let model = LoginViewModel(logIn: Self.neverAnswers, scheduler: scheduler)
    model.account = "ada"
    scheduler.advance(by: .milliseconds(300))
    model.account = "ada.lovelace"
    scheduler.advance(by: .milliseconds(499))
    #expect(model.accountValid)  // the seed's initial value: nothing checked yet
    #expect(!model.loginBtnEnable)
    model.account = "ada"
    scheduler.advance(by: .milliseconds(500))
    #expect(!model.accountValid)
    model.account = "ada.lovelace"
    scheduler.advance(by: .milliseconds(500))
    #expect(model.accountValid)
  }

  @Test func anAccountLongerThanTwentyCharactersIsInvalid() {
    let scheduler = TestScheduler()
    let model = LoginViewModel(logIn: Self.neverAnswers, scheduler: scheduler)
    model.account = "ada.lovelace@analytical.engine"
    scheduler.advance(by: .milliseconds(500))
    #expect(!model.accountValid)
  }

  @Test func theButtonEnablesForAValidAccountAndAPasswordOfSixCharacters() {
    let scheduler = TestScheduler()
    let model = LoginViewModel(logIn: Self.neverAnswers, scheduler: scheduler)
    model.account = "ada.lovelace"
    model.password = "12345"
    scheduler.advance(by: .milliseconds(500))
    #expect(model.accountValid)
    #expect(!model.loginBtnEnable)
    model.password = "123456"
    scheduler.advance()
    #expect(model.loginBtnEnable)
  }

  @Test func loggingInShowsLoadingThenTheAnswer() {
    let scheduler = TestScheduler()
    let model = LoginViewModel(
      logIn: { _, password in
        let answer: AnyPublisher<String, LoginError> =
          password == "123456"
          ? Just("token").setFailureType(to: LoginError.self).eraseToAnyPublisher()
          : Fail(error: .passwordNotMatch).eraseToAnyPublisher()
        return answer.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
      }, scheduler: scheduler)
    model.account = "ada.lovelace"
    model.password = "654321"
    model.login()
    #expect(model.loginStatus == .loading)
    scheduler.advance(by: .seconds(1))
    #expect(model.loginStatus == .failure(.passwordNotMatch))
    model.password = "123456"
    model.login()
    scheduler.advance(by: .seconds(1))
    #expect(model.loginStatus == .success)
  }

  @Test func observationSeesEveryOutputChangeAsASwiftUIViewWould() {
    let scheduler = TestScheduler()
    let model = LoginViewModel(logIn: Self.neverAnswers, scheduler: scheduler)
    let button = ObservationProbe { _ = model.loginBtnEnable }
    let valid = ObservationProbe { _ = model.accountValid }
    model.account = "ada"
    model.password = "123456"
    scheduler.advance(by: .milliseconds(500))
    #expect(valid.sawAChange)
    let rendered = Observed(on: scheduler) { model.loginBtnEnable }.record()
    model.account = "ada.lovelace"
    scheduler.advance(by: .milliseconds(500))
    #expect(rendered.values.last == true)
    #expect(button.sawAChange)
    rendered.cancel()
  }

  @Test func theModelIsReleasedWithItsSubscriptions() {
    let scheduler = TestScheduler()
    weak var released: LoginViewModel?
    expectAllReleased {
      let model = LoginViewModel(logIn: Self.neverAnswers, scheduler: scheduler)
      released = model
      model.account = "ada.lovelace"
      scheduler.advance(by: .milliseconds(100))
    }
    #expect(released == nil)
  }
}
