import Synchronization

/// Counts the subscriptions alive right now, to find leaks.
///
/// Every subscription object Signals creates (a subject's per-subscriber handle, a stateful
/// operator's state) is counted from its creation until it is deallocated, which happens once it
/// was cancelled or completed and nothing holds it. Always on, no compile flag: the cost is one
/// atomic increment and one task-local read per subscription, nothing per value.
///
/// `count` is process-wide, so it is only meaningful when nothing else runs. To count the
/// subscriptions made by one piece of code while tests run in parallel, use `track(_:)` (or
/// SignalsTesting's leak check, built on it).
public enum LiveSubscriptions {
  static let global = Atomic<Int>(0)

  /// The number of live subscriptions in the whole process.
  public static var count: Int { global.load(ordering: .relaxed) }

  /// Runs `body` and returns its result with a scope that counts only the subscriptions created
  /// while `body` ran (on this task or thread, including work it runs synchronously).
  ///
  /// Read `scope.count` after `body` to see how many of those are still alive.
  public static func track<R>(_ body: () throws -> R) rethrows -> (result: R, scope: Scope) {
    let scope = Scope()
    let result = try Scope.$current.withValue(scope) { try body() }
    return (result, scope)
  }

  /// A set of subscriptions being counted; see `track(_:)`.
  public final class Scope: Sendable {
    @TaskLocal static var current: Scope?
    let live = Atomic<Int>(0)
    let created = Atomic<Int>(0)

    /// The subscriptions created in this scope that are still alive.
    public var count: Int { live.load(ordering: .acquiring) }
    /// How many subscriptions were created in this scope in all.
    public var totalCreated: Int { created.load(ordering: .acquiring) }
  }
}

/// A field that every subscription object stores: it counts the object as live from its
/// initialization to its deinitialization.
@usableFromInline
struct LiveSubscription: ~Copyable, Sendable {
  @usableFromInline let scope: LiveSubscriptions.Scope?

  @usableFromInline init() {
    LiveSubscriptions.global.wrappingAdd(1, ordering: .relaxed)
    let scope = LiveSubscriptions.Scope.current
    if let scope {
      scope.live.wrappingAdd(1, ordering: .relaxed)
      scope.created.wrappingAdd(1, ordering: .relaxed)
    }
    self.scope = scope
  }

  deinit {
    LiveSubscriptions.global.wrappingSubtract(1, ordering: .relaxed)
    scope?.live.wrappingSubtract(1, ordering: .releasing)
  }
}
