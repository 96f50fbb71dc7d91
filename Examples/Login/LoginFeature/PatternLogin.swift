import Signals

/// Seed 000's `LoginPresenterProtocol`, in Swift: what every login presenter shares, written
/// once as a protocol extension that each presenter adopts, rather than a base presenter class
/// that would tie it to one view. Pattern login's presenter adopts it (`PatternLoginPresenter`).
///
/// The extension holds the shared behaviour that keeps no state of its own: whether a login may
/// start (`mayLogIn`) and the seed's `handleLoginSuccess(with:onComplete:)`. The shared state
/// (the update checked once per launch, a permission check under way, the last user) cannot
/// live in an extension, which adds no stored properties: it stays in one object, `LoginGate`,
/// that the presenter is given (`Examples/README.md`, "Seed 000's shared login logic", says why).
///
/// Threading: main actor, like the presenters that adopt it.
@MainActor
public protocol LoginPresenterProtocol: AnyObject {
  /// The shared login gate: the update and permission checks, and the session's storage.
  var gate: LoginGate { get }
}

extension LoginPresenterProtocol {
  /// Whether a login may start now: the gate has no dialog up (no update to answer, no missing
  /// permission, no check under way).
  public var mayLogIn: Bool { gate.allowsLogin }

  /// Seed 000's `handleLoginSuccess(with:onComplete:)`: the gate stores the session with its
  /// profile, clears the previous user's cached data and face login when the user changed, and
  /// syncs the language; then `onComplete` runs (the presenter tells its view and navigates).
  ///
  /// - Parameters:
  ///   - session: The session the login gave.
  ///   - onComplete: What the presenter does next.
  public func handleLoginSuccess(with session: Session, onComplete: () -> Void) {
    gate.handleSuccess(session)
    onComplete()
  }
}

/// What pattern login's presenter tells its view (seed 000's MVP: the view shows, the presenter
/// decides). The terminal front's `PatternLoginScreen` implements it.
///
/// Threading: main actor.
@MainActor
public protocol PatternLoginView: AnyObject {
  /// Shows the points drawn so far, as digits 1-9 in the order drawn.
  ///
  /// - Parameter points: The points.
  func show(points: [Int])
  /// Shows the login's status: none, loading, success or the failure.
  ///
  /// - Parameter status: The status.
  func show(status: LoginStatus)
}

/// Pattern login, as seed 000's MVP: the user draws a path over a 3x3 grid, entered as digits
/// 1-9 (each at most once); at least 4 points make a pattern. The presenter logs in the stored
/// account with the pattern as its secret, through the shared `LoginGate`, and tells its
/// `PatternLoginView` what to show; it adopts `LoginPresenterProtocol`, whose extension gives it
/// the behaviour every login presenter shares. (The other login screens are MVVM, seed 003's
/// shape: `LoginViewModel`.)
///
/// The presenter is made before its view (the coordinator makes it; the front makes the view
/// when the scene shows), so `attach(_:)` brings a view up to date.
///
/// Threading: main actor; the service's answer is moved to the main actor (`UIScheduler`)
/// before it touches state. Bad input: a digit outside 1-9, or one already drawn, is refused
/// (`add(_:)` answers `false`); a press with fewer than 4 points, or while the gate blocks or a
/// login runs, is ignored.
@MainActor
public final class PatternLoginPresenter: LoginPresenterProtocol {
  /// The points entered so far, as digits.
  public private(set) var points: [Int] = [] {
    didSet { view?.show(points: points) }
  }
  /// The login status, current value first.
  public var status: AnyPublisher<LoginStatus, Never> { machine.statePublisher.eraseToAnyPublisher() }
  /// The status now.
  public private(set) var currentStatus = LoginStatus.none {
    didSet { view?.show(status: currentStatus) }
  }
  /// The view told what to show; held weakly, as the seed's presenter holds its view.
  public private(set) weak var view: (any PatternLoginView)?

  /// Where the pattern screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// A login succeeded (after the status became `.success`).
    case loggedIn(Session)
    /// The user chose the password instead.
    case wantsPassword
  }

  /// The screen's navigation requests, as they happen (no current value).
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// The fewest points a pattern has.
  public static let minimumPoints = 4

  /// The shared login gate (`LoginPresenterProtocol`).
  public let gate: LoginGate
  let account: String
  let useCase: LoginUseCase
  /// The login status chart password login runs, its request this presenter's: the stored
  /// account with the pattern as its secret, both carried by the press.
  let machine: StateMachine<LoginStatus, LoginEvent>
  var statusWatch: AnyCancellable?

  /// A presenter logging in `account` through `useCase`, gated by `gate`, with no view yet.
  public init(account: String, useCase: LoginUseCase, gate: LoginGate) {
    self.account = account
    self.useCase = useCase
    self.gate = gate
    machine = StateMachine(
      graph: LoginStatus.chart { credentials in
        useCase.login(account: credentials.account, password: credentials.secret)
          .receive(on: UIScheduler.shared).eraseToAnyPublisher()
      }, policy: .ignore)
    statusWatch = machine.statePublisher.sink { [weak self] in self?.statusChanged($0) }
  }

  /// A failure clears the points; a success goes through the shared success handling before
  /// the view shows it, and is announced after.
  func statusChanged(_ status: LoginStatus) {
    switch status {
    case .failure: points = []
    case .success(let session):
      handleLoginSuccess(with: session) {
        currentStatus = status
        navigationSubject.send(.loggedIn(session))
      }
      return
    case .none, .loading: break
    }
    currentStatus = status
  }

  /// Makes `view` the presenter's view and shows it everything so far.
  ///
  /// - Parameter view: The view to tell; held weakly.
  public func attach(_ view: any PatternLoginView) {
    self.view = view
    view.show(points: points)
    view.show(status: currentStatus)
  }

  /// Adds a point; refuses a digit outside 1-9, one already drawn, and any while logging in.
  ///
  /// - Parameter digit: The point, 1-9.
  /// - Returns: Whether it was added.
  @discardableResult
  public func add(_ digit: Int) -> Bool {
    guard (1...9).contains(digit), !points.contains(digit), !currentStatus.isLoading else { return false }
    points.append(digit)
    return true
  }

  /// Clears the points.
  public func clear() { points = [] }

  /// Logs in with the points drawn, when there are enough, the gate allows it and no login runs.
  public func login() {
    let press = LoginEvent.press(Credentials(account: account, secret: points.map(String.init).joined()))
    guard points.count >= Self.minimumPoints, machine.can(press), mayLogIn else { return }
    machine.send(press)
  }

  /// The user chose the password instead: sends `.wantsPassword`.
  public func usePassword() { navigationSubject.send(.wantsPassword) }
}
