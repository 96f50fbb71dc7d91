import Signals
import SignalsExtras

/// Where a login stands.
public enum LoginStatus: Equatable, Sendable, CaseKeyed {
  /// Nothing tried yet.
  case none
  /// Waiting for the server.
  case loading
  /// Logged in.
  case success(Session)
  /// The last try failed, with the reason to show.
  case failure(AppError)

  /// The statuses without their payloads, as the status graph names them.
  public enum Case: Hashable, Sendable { case none, loading, success, failure }

  /// Which status this is.
  public var caseKey: Case {
    switch self {
    case .none: .none
    case .loading: .loading
    case .success: .success
    case .failure: .failure
    }
  }
}

/// The events of the login status machine.
public enum LoginEvent: Equatable, Sendable, CaseKeyed {
  /// The user pressed login.
  case press
  /// The server accepted.
  case succeeded(Session)
  /// The server refused or could not be reached.
  case failed(AppError)
  /// The user gave up waiting (the request under way is cancelled).
  case cancel

  /// The events without their payloads, as the status graph names them.
  public enum Case: Hashable, Sendable { case press, succeeded, failed, cancel }

  /// Which event this is.
  public var caseKey: Case {
    switch self {
    case .press: .press
    case .succeeded: .succeeded
    case .failed: .failed
    case .cancel: .cancel
    }
  }
}

/// The login screen's view model: inputs `account` and `password`, outputs `accountValid`,
/// `loginBtnEnable` and `loginStatus`.
///
/// `accountValid` combines the remote check (at least 8 characters), run 500 ms after the last
/// keystroke so fast typing never shows intermediate results, with the local check (at most 20
/// characters), applied at once, as in the seed.
/// `accountValid` starts `true`, as the seed's does; `loginBtnEnable` (false at first) is the
/// checked account valid and a password of at least 6, so it waits for the first check. `loginStatus` runs on a
/// small statechart (`statusChart(login:)`) whose `loading` state owns the login request: the
/// request starts when `loading` is entered, its answer becomes the next event, and leaving
/// `loading` any other way (`cancelLogin()`, or the view model going away) cancels it.
///
/// It stays in the Combine style (`ObservableObject`, `@Published`), as UIKit-era code and code
/// ported from Combine are written: its outputs are publishers, and their current values are
/// `@Published` too (`isAccountValid`, `isLoginEnabled`, `status`), so a view redraws at
/// `objectWillChange` as SwiftUI's `@ObservedObject` does. The other login screens are
/// `@Observable`.
///
/// Threading: main actor; service answers, from whatever thread they arrive on, are moved to the
/// main actor (`receive(on: UIScheduler.shared)`) before they touch its state, and time runs on
/// the injected scheduler, so tests use a `TestScheduler`.
@MainActor
public final class LoginViewModel: ObservableObject {
  /// The account typed so far.
  @Published public var account = ""
  /// The password typed so far.
  @Published public var password = ""

  /// Whether the account is valid: true at first, as in the seed (nothing is called invalid
  /// before it is checked), then the debounced checks.
  public private(set) var accountValid: AnyPublisher<Bool, Never> = Empty().eraseToAnyPublisher()
  /// For each remote account check, why it could not be made, or `nil` when it was: a network
  /// or server problem to show, rather than calling the account invalid without a word.
  public private(set) var accountCheckError: AnyPublisher<AppError?, Never> = Empty().eraseToAnyPublisher()
  /// Whether the login button is enabled.
  public private(set) var loginBtnEnable: AnyPublisher<Bool, Never> = Empty().eraseToAnyPublisher()
  /// The login status, current value first.
  public var loginStatus: AnyPublisher<LoginStatus, Never> { machine.statePublisher.eraseToAnyPublisher() }

  /// Whether the account is valid now (`accountValid`'s latest value).
  @Published public private(set) var isAccountValid = true
  /// Whether the login button is enabled now (`loginBtnEnable`'s latest value).
  @Published public private(set) var isLoginEnabled = false
  /// The login status now (`loginStatus`'s latest value).
  @Published public private(set) var status = LoginStatus.none

  /// Where the password screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// A login succeeded (after the status became `.success`).
    case loggedIn(Session)
    /// The user asked to create an account.
    case wantsRegister
  }

  /// The screen's navigation requests, as they happen (no current value).
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// The login status graph: none or failure --press--> loading --> success or failure. The
  /// other login methods run their requests themselves on it; this screen runs
  /// `statusChart(login:)`, the same states with the request invoked in `loading`.
  public static let statusGraph = StateGraph<LoginStatus, LoginEvent>(initial: .none, terminal: [.success]) {
    Transition(from: .none, on: .press, to: .loading)
    Transition(from: .failure, on: .press, to: .loading)
    Transition(
      from: .loading, on: .succeeded,
      to: .make(.success) { if case .succeeded(let session) = $0 { .success(session) } else { nil } })
    Transition(
      from: .loading, on: .failed,
      to: .make(.failure) { if case .failed(let error) = $0 { .failure(error) } else { nil } })
  }

  /// The login status as a statechart: none or failure --press--> loading; `loading` invokes
  /// `login()` while it is active, and its answer is the way out: a session is `.succeeded`
  /// (to success), a failure `.failed` (to failure). `.cancel` leaves `loading` for `none`, and
  /// leaving `loading` cancels the request, as does releasing the machine.
  ///
  /// - Parameter login: Makes the request, when `loading` is entered (on the thread that
  ///   sent `.press`); its answer should arrive on the machine's thread.
  /// - Returns: The chart; `--graph mermaid --chart loginStatus` draws it.
  nonisolated public static func statusChart(
    login: @escaping @Sendable () -> AnyPublisher<Session, AppError>
  ) -> StateGraph<LoginStatus, LoginEvent> {
    StateGraph(initial: .none, terminal: [.success]) {
      Transition(from: .none, on: .press, to: .loading)
      Transition(from: .failure, on: .press, to: .loading)
      Transition(
        from: .loading, on: .succeeded,
        to: .make(.success) { if case .succeeded(let session) = $0 { .success(session) } else { nil } })
      Transition(
        from: .loading, on: .failed,
        to: .make(.failure) { if case .failed(let error) = $0 { .failure(error) } else { nil } })
      Transition(from: .loading, on: .cancel, to: .none)
    } chart: {
      Invoke(
        in: .loading, label: "login()", { _ in login() }, onValue: { .succeeded($0) },
        onFailure: { .failed($0) })
    }
  }

  let useCase: LoginUseCase
  let scheduler: any Scheduler
  let gate: LoginGate?
  /// The account and password of the last press: the request that `loading` invokes sends them.
  let submitted: CurrentValueSubject<Credentials, Never>
  let machine: StateMachine<LoginStatus, LoginEvent>
  var subscriptions: [AnyCancellable] = []

  /// What a press submits.
  struct Credentials: Sendable {
    let account: String
    let password: String
  }

  /// A view model over `useCase`, timing its debounce on `scheduler`; with a `gate`, logins wait
  /// for it and successes go through it (the flow all login methods share).
  public init(useCase: LoginUseCase, scheduler: any Scheduler, gate: LoginGate? = nil) {
    self.useCase = useCase
    self.scheduler = scheduler
    self.gate = gate
    let submitted = CurrentValueSubject<Credentials, Never>(Credentials(account: "", password: ""))
    self.submitted = submitted
    // The HTTP service answers on URLSession's queue; the machine takes the answer on the main
    // actor, where the press was sent.
    machine = StateMachine(
      graph: Self.statusChart {
        useCase.login(account: submitted.value.account, password: submitted.value.password)
          .receive(on: UIScheduler.shared).eraseToAnyPublisher()
      }, policy: .ignore)
    // As in the seed: the remote check runs 500 ms after the last keystroke; the local length
    // rule applies at once.
    let checks =
      $account
      .debounce(for: .milliseconds(500), scheduler: scheduler)
      .map { [useCase] account in useCase.checkRemotely(account) }
      .switchToLatest()
      // The HTTP service answers on URLSession's queue; the view model's state changes on the
      // main actor only.
      .receive(on: UIScheduler.shared)
      .share()
    let remote = checks.map { (try? $0.get()) ?? false }
    accountCheckError =
      checks.map { result -> AppError? in
        if case .failure(let error) = result { error } else { nil }
      }
      .eraseToAnyPublisher()
    let local = $account.map { [useCase] in useCase.isWithinLength($0) }
    let checked = remote.combineLatest(local) { $0 && $1 }
    // As in the seed, `accountValid` starts true (nothing reads "invalid" before it is checked),
    // and the button waits for the first check rather than trusting that start.
    let accountValid =
      checked
      .prepend(true)
      .removeDuplicates()
      .share(replay: 1)
    self.accountValid = accountValid.eraseToAnyPublisher()
    loginBtnEnable =
      checked
      .combineLatest($password.map { $0.count >= LoginUseCase.minimumPasswordLength }) { $0 && $1 }
      .prepend(false)
      .removeDuplicates()
      .share(replay: 1)
      .eraseToAnyPublisher()
    accountValid.assign(to: &$isAccountValid)
    loginBtnEnable.assign(to: &$isLoginEnabled)
    // A success goes through the gate before the status shows it, and is announced after.
    machine.statePublisher.receive(on: UIScheduler.shared).sink { [weak self] status in
      guard let self else { return }
      if case .success(let session) = status { gate?.handleSuccess(session) }
      self.status = status
      if case .success(let session) = status { navigationSubject.send(.loggedIn(session)) }
    }
    .store(in: &subscriptions)
  }

  /// Logs in, unless the button is disabled or a login is already running (those presses are
  /// ignored).
  public func login() {
    guard isLoginEnabled, machine.can(.press), gate?.allowsLogin ?? true else { return }
    submitted.send(Credentials(account: account, password: password))
    machine.send(.press)
  }

  /// Stops waiting for the login under way: its request is cancelled and the status goes back
  /// to `.none`. Ignored when no login is running.
  public func cancelLogin() { machine.send(.cancel) }

  /// The user asked to register: sends `.wantsRegister`.
  public func register() { navigationSubject.send(.wantsRegister) }

  /// The current status.
  public var currentStatus: LoginStatus { machine.state }
}
