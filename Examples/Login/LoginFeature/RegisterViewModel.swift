import Signals

/// The registration screen's view model: registration is not part of this demo, so it only
/// leads back. Threading: main actor, like its screen.
@MainActor
public final class RegisterViewModel {
  /// Where the registration screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// Leave registration, back to the screen that opened it.
    case back
  }

  /// The screen's navigation requests, as they happen.
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// A registration screen's model.
  public init() {}

  /// The user left: sends `.back`.
  public func back() { navigationSubject.send(.back) }
}
