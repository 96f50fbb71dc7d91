import Synchronization

/// Counts the subscriptions alive right now, to find leaks.
///
/// Every subscription object Signals creates (a subject's per-subscriber handle, a stateful
/// operator's state) is counted from its creation until it is deallocated, which happens once it
/// was cancelled or completed and nothing holds it. Always on, no compile flag: the cost is one
/// atomic increment per subscription (and a task-local read, once the process has used
/// `track(_:)`), nothing per value. Inside
/// `track(_:)` each subscription also keeps a small record (its subscriber's type) so that a leak
/// report can say what is alive: that costs a lock and an allocation, in tracked code only.
///
/// `count` is process-wide, so it is only meaningful when nothing else runs. To count the
/// subscriptions made by one piece of code while tests run in parallel, use `track(_:)` (or
/// SignalsTesting's leak check, built on it).
public enum LiveSubscriptions {
  static let global = Atomic<Int>(0)
  /// Whether `track` was ever called in this process: until then no subscription reads the
  /// task-local scope (a few hundred instructions each). Never reset, so a task that inherits a
  /// scope and outlives `track` still records into it.
  static let tracking = Atomic<Bool>(false)

  /// The number of live subscriptions in the whole process.
  public static var count: Int { global.load(ordering: .relaxed) }

  /// Runs `body` and returns its result with a scope that counts only the subscriptions created
  /// while `body` ran (on this task or thread, including work it runs synchronously).
  ///
  /// Read `scope.count` after `body` to see how many of those are still alive.
  ///
  /// - Parameter body: The code whose subscriptions are counted.
  /// - Returns: `body`'s result and the scope counting its subscriptions.
  /// - Throws: Whatever `body` throws.
  public static func track<R>(_ body: () throws -> R) rethrows -> (result: R, scope: Scope) {
    try track(capturingSites: nil, body)
  }

  /// Runs `body` like `track(_:)`, and for each subscription it creates also calls
  /// `captureSite` (if given) to note where it was created, for `Scope.alive` to report.
  ///
  /// `captureSite` runs while the subscription is being created, possibly inside a publisher's
  /// lock: it must not use Signals. (SignalsTesting's leak checks pass none: they name the checked
  /// block instead, since capturing a backtrace inside `withKnownIssue` crashes on Linux.)
  ///
  /// - Parameters:
  ///   - captureSite: Records where each subscription is created; `nil` records nothing.
  ///   - body: The code whose subscriptions are counted.
  /// - Returns: `body`'s result and the scope counting its subscriptions.
  /// - Throws: Whatever `body` throws.
  public static func track<R>(
    capturingSites captureSite: (@Sendable () -> (any Sendable)?)?, _ body: () throws -> R
  ) rethrows -> (result: R, scope: Scope) {
    let scope = Scope(captureSite: captureSite)
    tracking.store(true, ordering: .releasing)
    let result = try Scope.$current.withValue(scope) { try body() }
    return (result, scope)
  }

  /// A subscription still alive in a scope: the type of its subscriber, and what the scope's
  /// site capturer noted when it was created (`nil` without one).
  public struct Alive: Sendable {
    /// The type of the subscriber the subscription delivers to (`Never` when not known).
    public let subscriber: any Any.Type
    /// What `track(capturingSites:_:)`'s capturer returned when the subscription was created.
    public let site: (any Sendable)?
  }

  /// A set of subscriptions being counted; see `track(_:)`.
  public final class Scope: Sendable {
    @TaskLocal static var current: Scope?
    let live = Atomic<Int>(0)
    let created = Atomic<Int>(0)
    let captureSite: (@Sendable () -> (any Sendable)?)?
    /// The live subscriptions, keyed by their entry, with their creation order.
    let entries = Guarded<[ObjectIdentifier: (order: Int, alive: Alive)]>([:])

    init(captureSite: (@Sendable () -> (any Sendable)?)?) { self.captureSite = captureSite }

    /// The subscriptions created in this scope that are still alive, oldest first.
    public var alive: [Alive] {
      entries.withLock { $0.values.sorted { $0.order < $1.order }.map(\.alive) }
    }

    /// The subscriptions created in this scope that are still alive.
    public var count: Int { live.load(ordering: .acquiring) }
    /// How many subscriptions were created in this scope in all.
    public var totalCreated: Int { created.load(ordering: .acquiring) }
  }
}

/// A field that every subscription object stores: it counts the object as live from its
/// initialization to its deinitialization.
///
/// Write it `LiveSubscription(subscriber: Downstream.self)` so that a leak report can name the
/// subscriber. Outside a tracked scope that costs nothing more than `init()`: the type is only
/// stored when a scope is tracking.
@usableFromInline
struct LiveSubscription: ~Copyable, Sendable {
  @usableFromInline let entry: TrackedSubscription?

  @usableFromInline init() { self.init(subscriber: Never.self) }

  @usableFromInline init(subscriber: any Any.Type) {
    entry = LiveSubscriptions.begin(subscriber: subscriber)
  }

  deinit {
    LiveSubscriptions.ended()
    entry?.end()
  }
}

extension LiveSubscriptions {
  /// Counts one more live subscription; inside a tracked scope, also returns its record, which
  /// must be ended (`TrackedSubscription.end()`) when the subscription goes. For a subscription
  /// object that keeps its record somewhere other than a `LiveSubscription` field.
  @usableFromInline static func begin(subscriber: any Any.Type) -> TrackedSubscription? {
    global.wrappingAdd(1, ordering: .relaxed)
    guard tracking.load(ordering: .acquiring), let scope = Scope.current else { return nil }
    return TrackedSubscription(scope: scope, subscriber: subscriber)
  }

  /// Counts one live subscription less (its deinitialization).
  @usableFromInline static func ended() {
    global.wrappingSubtract(1, ordering: .relaxed)
  }
}

/// A subscription created in a tracked scope: counted there, and listed for leak reports.
@usableFromInline
final class TrackedSubscription: Sendable {
  let scope: LiveSubscriptions.Scope

  init(scope: LiveSubscriptions.Scope, subscriber: any Any.Type) {
    self.scope = scope
    scope.live.wrappingAdd(1, ordering: .relaxed)
    let order = scope.created.wrappingAdd(1, ordering: .relaxed).oldValue
    let alive = LiveSubscriptions.Alive(subscriber: subscriber, site: scope.captureSite?())
    scope.entries.withLock { $0[ObjectIdentifier(self)] = (order, alive) }
  }

  @usableFromInline func end() {
    scope.entries.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    scope.live.wrappingSubtract(1, ordering: .releasing)
  }
}
