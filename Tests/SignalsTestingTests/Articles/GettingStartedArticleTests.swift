import Signals
import SignalsTesting
import Testing

// The code of Sources/Signals/Signals.docc/GettingStarted.md, verbatim (DocumentationSnippetTests
// checks that every Swift block of every article appears in a test like this one).
@Suite struct GettingStartedArticleTests {
  final class SignUpViewModel {
    @Published var account = ""
    @Published var password = ""
    let scheduler: any Scheduler

    init(scheduler: any Scheduler) {
      self.scheduler = scheduler
    }

    /// Whether the account looks valid, once typing has paused for 300 ms.
    var accountValid: some Publisher<Bool, Never> {
      $account
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .map { $0.count >= 8 }
        .removeDuplicates()
    }

    /// Whether the button is enabled.
    var canSubmit: some Publisher<Bool, Never> {
      accountValid
        .combineLatest($password) { valid, password in valid && password.count >= 6 }
        .removeDuplicates()
    }
  }

  final class SignUpScreen {
    let model: SignUpViewModel
    private(set) var buttonEnabled = false
    private var subscriptions: Set<AnyCancellable> = []

    init(model: SignUpViewModel) {
      self.model = model
      model.canSubmit
        .sink { [weak self] enabled in self?.buttonEnabled = enabled }
        .store(in: &subscriptions)
    }

    func typed(account: String, password: String) {
      model.account = account
      model.password = password
    }
  }

  @Test func theButtonEnablesOnceTheAccountCheckHasWaitedForAPause() {
    let scheduler = TestScheduler()
    let screen = SignUpScreen(model: SignUpViewModel(scheduler: scheduler))
    screen.typed(account: "ada@lovelace", password: "analytical")
    #expect(screen.buttonEnabled == false)  // the account check waits for a pause
    scheduler.advance(by: .milliseconds(299))
    #expect(screen.buttonEnabled == false)
    scheduler.advance(by: .milliseconds(1))
    #expect(screen.buttonEnabled == true)
  }

  @Test func theAccountCheckAnswersThreeFramesAfterEachPause() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    let model = SignUpViewModel(scheduler: scheduler)
    let typing: [Character: String] = ["a": "ada", "b": "ada@lovelace"]
    try scheduler.hot("-a----b", values: typing).assign(to: &model.$account)
    let valid = model.accountValid.map { $0 ? "y" : "n" }
    #expect(scheduler.run(valid.prefix(2)) == "----n----(y|)")
  }
}
