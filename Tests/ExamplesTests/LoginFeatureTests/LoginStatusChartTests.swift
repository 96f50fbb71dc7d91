import LoginFeature
import Signals
import SignalsTesting
import Testing

/// The password screen's `loginStatus` as a statechart: the request lives in `loading`.
@MainActor @Suite struct LoginStatusChartTests {
  let scheduler = TestScheduler()
  let alice = Session(userID: "alice@example.com", token: "t")

  /// A model over `repository`, its account and password typed and checked, ready to log in.
  func readyModel(_ repository: FakeAuthRepository) -> LoginViewModel {
    let model = LoginViewModel(useCase: LoginUseCase(repository: repository), scheduler: scheduler)
    model.account = " alice@example.com "
    model.password = "wonderland"
    scheduler.advance(by: .milliseconds(500))
    return model
  }

  /// The chart alone, with no view model: the press carries the credentials, `loading` is made
  /// from them, and the request it invokes reads them there.
  @Test func theRequestSendsTheCredentialsThePressCarried() {
    let chart = LoginStatus.chart { credentials in
      Just(Session(userID: credentials.account, token: credentials.secret))
        .setFailureType(to: AppError.self).eraseToAnyPublisher()
    }
    let machine = StateMachine(graph: chart)
    let statuses = machine.statePublisher.record(on: scheduler)
    let bob = Credentials(account: "bob", secret: "builder")
    machine.send(.press(bob))
    #expect(statuses.values == [.none, .loading(bob), .success(Session(userID: "bob", token: "builder"))])
  }

  @Test func credentialsDoNotShowTheirSecretWhenPrinted() {
    let status = LoginStatus.loading(Credentials(account: "bob", secret: "builder"))
    #expect(!String(describing: status).contains("builder"))
  }

  @Test func enteringLoadingStartsTheRequestWithThePressedCredentials() {
    let repository = FakeAuthRepository()
    let model = readyModel(repository)
    #expect(repository.logins.isEmpty)
    model.login()
    #expect(
      model.currentStatus == .loading(Credentials(account: " alice@example.com ", secret: "wonderland")))
    #expect(repository.logins == ["alice@example.com wonderland"])
    model.login()  // a second press while loading starts no second request
    #expect(repository.logins.count == 1)
  }

  @Test func theRequestsAnswerIsTheWayOutOfLoading() {
    let repository = FakeAuthRepository()
    let model = readyModel(repository)
    let navigation = model.navigation.record(on: scheduler)
    model.login()
    repository.answers.send(alice)
    #expect(model.status == .success(alice))
    #expect(navigation.values == [.loggedIn(alice)])
    #expect(repository.logins.count == 1)
  }

  @Test func aFailedRequestLeadsToFailureAndAnotherPressAsksAgain() {
    let repository = FakeAuthRepository()
    let model = readyModel(repository)
    model.login()
    repository.answers.send(completion: .failure(.network))
    #expect(model.status == .failure(.network))
    model.login()
    #expect(model.status == .loading(Credentials(account: " alice@example.com ", secret: "wonderland")))
    #expect(repository.logins.count == 2)
  }

  @Test func leavingLoadingCancelsTheRequestAndDropsItsLateAnswer() {
    let repository = FakeAuthRepository()
    let model = readyModel(repository)
    let navigation = model.navigation.record(on: scheduler)
    model.login()
    model.cancelLogin()
    #expect(repository.cancelled == 1)
    #expect(model.status == .none)
    repository.answers.send(alice)  // the server answers anyway: nobody listens
    #expect(model.status == .none)
    #expect(navigation.values.isEmpty)
  }

  @Test func cancelOutsideLoadingChangesNothing() {
    let repository = FakeAuthRepository()
    let model = readyModel(repository)
    model.cancelLogin()
    #expect(model.status == .none)
    #expect(repository.cancelled == 0)
  }

  @Test func releasingTheViewModelCancelsTheLoginUnderWay() {
    let repository = FakeAuthRepository()
    weak var released: LoginViewModel?
    do {
      let model = readyModel(repository)
      released = model
      model.login()
    }
    #expect(released == nil)
    #expect(repository.cancelled == 1)
  }

  @Test func aGatedLoginIsHandledByTheGateBeforeTheStatusShowsIt() {
    let repository = FakeAuthRepository()
    let store = FakeStore(lastUserID: nil)
    let gate = LoginGate(
      permission: FakePermission(granted: Flag(true)), updates: FakeUpdates(advice: .none), store: store,
      credentials: CredentialStore())
    gate.prepare()
    let model = LoginViewModel(
      useCase: LoginUseCase(repository: repository), scheduler: scheduler, gate: gate)
    model.account = "alice@example.com"
    model.password = "wonderland"
    scheduler.advance(by: .milliseconds(500))
    var savedWhenShown: [Int] = []
    let watch = model.$status.sink { if case .success = $0 { savedWhenShown.append(store.saved.count) } }
    model.login()
    repository.answers.send(alice)
    #expect(savedWhenShown == [1])
    watch.cancel()
  }
}
