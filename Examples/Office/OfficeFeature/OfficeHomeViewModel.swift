import Signals

/// The office home menu's view model: its choices are navigation requests, which the
/// `OfficeCoordinator` listens to. Threading: main actor, like its screen.
@MainActor
public final class OfficeHomeViewModel {
  /// Where the home menu asks the flow to go.
  public enum Navigation: Equatable, Sendable {
    /// The news list.
    case news
    /// The feedback form.
    case feedback
    /// The contact list.
    case contacts
    /// A new group chat: pick its people.
    case groupChat
    /// Log out.
    case logout
  }

  /// The menu's navigation requests, as they happen.
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// A home menu.
  public init() {}

  /// The user chose `destination`.
  public func choose(_ destination: Navigation) { navigationSubject.send(destination) }
}
