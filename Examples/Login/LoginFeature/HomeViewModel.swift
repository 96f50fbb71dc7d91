import Signals

/// The home screen's view model: who is logged in, and logging out.
/// Threading: main actor, like its screen.
@MainActor
public final class HomeViewModel {
  /// Where the home screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// The user logged out.
    case loggedOut
  }

  /// The session shown.
  public let session: Session
  /// The app's language when home came up (a login syncs it to the user's), if the app has one.
  public let language: String?
  /// The screen's navigation requests, as they happen.
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// A home screen for `session`, in the app's `language` if it has one.
  public init(session: Session, language: String? = nil) {
    self.session = session
    self.language = language
  }

  /// The user logged out: sends `.loggedOut`.
  public func logout() { navigationSubject.send(.loggedOut) }
}
