import Observation
import Signals

/// Pattern login: the user draws a path over a 3x3 grid, entered as digits 1-9 (each at most
/// once); at least 4 points make a pattern. It logs in the stored account with the pattern as
/// its secret, through the shared `LoginGate`.
///
/// Threading: main actor (`@Observable`: a view reading `points` or `currentStatus` is redrawn
/// when they change); the service's answer is moved to the main actor (`UIScheduler`) before it
/// touches state.
@MainActor @Observable
public final class PatternLoginViewModel {
  /// The points entered so far, as digits.
  public private(set) var points: [Int] = []
  /// The login status, current value first.
  public var status: AnyPublisher<LoginStatus, Never> { machine.statePublisher.eraseToAnyPublisher() }
  /// The status now.
  public private(set) var currentStatus = LoginStatus.none

  /// Where the pattern screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// A login succeeded (after the status became `.success`).
    case loggedIn(Session)
    /// The user chose the password instead.
    case wantsPassword
  }

  /// The screen's navigation requests, as they happen (no current value).
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  @ObservationIgnored let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// The fewest points a pattern has.
  public static let minimumPoints = 4

  @ObservationIgnored let account: String
  @ObservationIgnored let useCase: LoginUseCase
  @ObservationIgnored let gate: LoginGate
  /// The same status graph as password login.
  @ObservationIgnored let machine = StateMachine(graph: LoginViewModel.statusGraph, policy: .ignore)
  @ObservationIgnored var request: AnyCancellable?
  @ObservationIgnored var statusWatch: AnyCancellable?

  /// A view model logging in `account` through `useCase` and `gate`.
  public init(account: String, useCase: LoginUseCase, gate: LoginGate) {
    self.account = account
    self.useCase = useCase
    self.gate = gate
    statusWatch = machine.statePublisher.sink { [weak self] in self?.currentStatus = $0 }
  }

  /// Adds grid point `digit` (1-9); other digits and repeated points are ignored. Returns whether
  /// it was taken.
  @discardableResult
  public func add(_ digit: Int) -> Bool {
    guard (1...9).contains(digit), !points.contains(digit), currentStatus != .loading else { return false }
    points.append(digit)
    return true
  }

  /// Starts over.
  public func clear() { points = [] }

  /// Logs in with the pattern; ignored while loading, with too few points, or while the gate
  /// does not allow it. The pattern is cleared after a failure.
  public func login() {
    guard points.count >= Self.minimumPoints, machine.can(.press), gate.allowsLogin else { return }
    machine.send(.press)
    let secret = points.map(String.init).joined()
    request = useCase.login(account: account, password: secret).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard case .failure(let error) = completion else { return }
        self?.points = []
        self?.machine.send(.failed(error))
      },
      receiveValue: { [weak self] session in
        self?.gate.handleSuccess(session)
        self?.machine.send(.succeeded(session))
        self?.navigationSubject.send(.loggedIn(session))
      })
  }

  /// The user chose the password instead: sends `.wantsPassword`.
  public func usePassword() { navigationSubject.send(.wantsPassword) }
}
