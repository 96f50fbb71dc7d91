import Signals

/// The one place a 401 goes: every service client or repository that sees "session expired"
/// reports it here, and only the app's coordinator listens, shows the invalid-session dialog
/// and, once the user confirms it, returns to password login as root.
///
/// Threading: `report()` sends on the caller's thread (the services answer on the app's
/// scheduler); listeners receive on that thread. Completion: never fails; reports while nobody
/// listens are dropped.
public final class SessionExpiry: Sendable {
  let subject = PassthroughSubject<Void, Never>()

  /// A hub nobody listens to yet.
  public init() {}

  /// Each report of an expired session, as it happens.
  public var expired: AnyPublisher<Void, Never> { subject.eraseToAnyPublisher() }

  /// A request answered 401: the session is no longer valid.
  public func report() { subject.send(()) }
}
