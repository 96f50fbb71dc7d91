import Signals

/// The one place a 401 goes: every service client or repository that sees "session expired"
/// reports it here, and only the app's coordinator listens, shows the invalid-session dialog
/// and, once the user confirms it, returns to password login as root.
///
/// One expiry is reported once: the first `report()` is sent to the listeners, and every report
/// after it is dropped until `reset()`, which the app calls when a new session begins (a login
/// succeeded). So 300 requests that fail with 401 at once, from any threads, give one report,
/// and the next expiry, of the next session, is reported again.
///
/// Threading: `report()` may be called from any thread, at once from several; the one report
/// is sent on the thread whose call came first, outside any lock; listeners receive on that
/// thread (the services answer on the app's scheduler). Completion: never fails; a report while
/// nobody listens is dropped, and still counts as this expiry's report.
public final class SessionExpiry: Sendable {
  let subject = PassthroughSubject<Void, Never>()
  /// Whether this expiry has been reported (and not `reset()` since).
  let reported = Guarded(false)

  /// A hub nobody listens to yet.
  public init() {}

  /// The report of each expiry, once per expiry, as it happens.
  public var expired: AnyPublisher<Void, Never> { subject.eraseToAnyPublisher() }

  /// Whether the session has expired: a report was made and no `reset()` followed.
  public var isExpired: Bool { reported.withLock { $0 } }

  /// A request answered 401: the session is no longer valid. Sent to the listeners if it is the
  /// first report since the start or the last `reset()`; dropped otherwise.
  public func report() {
    let first = reported.withLock { reported in
      defer { reported = true }
      return !reported
    }
    if first { subject.send(()) }
  }

  /// A new session began (a login succeeded): the next 401 is a new expiry, reported again.
  public func reset() { reported.withLock { $0 = false } }
}
