import Signals
import SignalsExtras

/// The login screen's view model: inputs `account` and `password`, outputs `accountValid`,
/// `loginBtnEnable` and `loginStatus`.
///
/// `accountValid` combines the remote check (at least 8 characters), run 500 ms after the last
/// keystroke so fast typing never shows intermediate results, with the local check (at most 20
/// characters), applied at once, as in the seed.
/// `accountValid` starts `true`, as the seed's does; `loginBtnEnable` (false at first) is the
/// checked account valid and a password of at least 6, so it waits for the first check. `loginStatus` runs on
/// the login status chart (`LoginStatus.chart(login:)`), whose `loading` state owns the login
/// request: a press carries the account and password typed (`.press(Credentials)`), `loading`
/// is made from them and its request reads them there; the answer becomes the next event, and
/// leaving `loading` any other way (`cancelLogin()`, or the view model going away) cancels it.
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

  let useCase: LoginUseCase
  let scheduler: any Scheduler
  let gate: LoginGate?
  let machine: StateMachine<LoginStatus, LoginEvent>
  var subscriptions: [AnyCancellable] = []

  /// A view model over `useCase`, timing its debounce on `scheduler`; with a `gate`, logins wait
  /// for it and successes go through it (the flow all login methods share).
  public init(useCase: LoginUseCase, scheduler: any Scheduler, gate: LoginGate? = nil) {
    self.useCase = useCase
    self.scheduler = scheduler
    self.gate = gate
    // The request reads the credentials from the state `loading`, made from the press. The HTTP
    // service answers on URLSession's queue; the machine takes the answer on the main actor,
    // where the press was sent.
    machine = StateMachine(
      graph: LoginStatus.chart { credentials in
        useCase.login(account: credentials.account, password: credentials.secret)
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
    let press = LoginEvent.press(Credentials(account: account, secret: password))
    guard isLoginEnabled, machine.can(press), gate?.allowsLogin ?? true else { return }
    machine.send(press)
  }

  /// Stops waiting for the login under way: its request is cancelled and the status goes back
  /// to `.none`. Ignored when no login is running.
  public func cancelLogin() { machine.send(.cancel) }

  /// The user asked to register: sends `.wantsRegister`.
  public func register() { navigationSubject.send(.wantsRegister) }

  /// The current status.
  public var currentStatus: LoginStatus { machine.state }
}
