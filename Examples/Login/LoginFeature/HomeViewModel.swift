import Observation
import Signals

/// The home screen's view model: who is logged in, their profile kept fresh, and logging out.
///
/// With a profile request (the coordinator makes it over `ProfileService`), the profile is
/// reloaded when home comes up and at each `refresh()`: `isRefreshing` while it runs, then the
/// session the server gave, or `refreshError` (an expired session is the coordinator's dialog
/// to report, and is not kept here).
///
/// Threading: main actor, like its screen (`@Observable`: a view is redrawn when what it read
/// changes); answers are moved to the main actor before they touch its state.
@MainActor @Observable
public final class HomeViewModel {
  /// Where the home screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// The user logged out.
    case loggedOut
  }

  /// The session shown, with its profile as last loaded.
  public private(set) var session: Session
  /// The app's language when home came up (a login syncs it to the user's), if the app has one.
  public let language: String?
  /// Whether the profile is being reloaded.
  public private(set) var isRefreshing = false
  /// Why the last reload failed, other than an expired session; `nil` after a success.
  public private(set) var refreshError: AppError?
  /// The screen's navigation requests, as they happen.
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  @ObservationIgnored let navigationSubject = PassthroughSubject<Navigation, Never>()
  @ObservationIgnored let reload: ((Session) -> AnyPublisher<Session, AppError>)?
  @ObservationIgnored var request: AnyCancellable?

  /// A home screen for `session`, in the app's `language` if it has one; with `reload`, the
  /// profile is reloaded at once and at each `refresh()`.
  public init(
    session: Session, language: String? = nil, reload: ((Session) -> AnyPublisher<Session, AppError>)? = nil
  ) {
    self.session = session
    self.language = language
    self.reload = reload
    refresh()
  }

  /// Whether the screen can reload the profile (it was given a way to).
  public var canRefresh: Bool { reload != nil }

  /// Reloads the profile; ignored while a reload runs, or without a way to reload.
  public func refresh() {
    guard let reload, !isRefreshing else { return }
    isRefreshing = true
    refreshError = nil
    request = reload(session).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard let self else { return }
        isRefreshing = false
        if case .failure(let error) = completion, error != .sessionExpired { refreshError = error }
      },
      receiveValue: { [weak self] session in self?.session = session })
  }

  /// The user logged out: sends `.loggedOut`.
  public func logout() { navigationSubject.send(.loggedOut) }
}
