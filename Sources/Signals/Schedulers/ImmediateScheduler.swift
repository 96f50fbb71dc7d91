/// A scheduler that runs every action at once, on the calling thread, ignoring dates.
///
/// For tests and for code that needs a scheduler but wants no delay. Its `now` is always zero.
/// A repeating schedule runs its action once, immediately, since an immediate scheduler cannot
/// wait; the returned token does nothing (it is `Subscriptions.empty`, as in Combine).
/// Threading: the caller's thread.
public struct ImmediateScheduler: Scheduler {
  /// The shared instance.
  public static let shared = ImmediateScheduler()

  /// Makes an immediate scheduler; `shared` is the usual spelling.
  public init() {}

  /// Always `SchedulerTime.zero`.
  public var now: SchedulerTime { .zero }

  /// Runs `action` now.
  public func schedule(_ action: @escaping @Sendable () -> Void) { action() }

  /// Runs `action` now, whatever `date` says.
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    action()
    return Subscriptions.empty
  }

  /// Runs `action` once, now; returns the empty subscription (described `"Empty"`), as
  /// Combine's `ImmediateScheduler` does.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    action()
    return Subscriptions.empty
  }
}
