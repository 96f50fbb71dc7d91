/// Something that runs work now or at an instant: a queue, the main thread, or virtual time.
///
/// All schedulers share the time type `SchedulerTime`, so operators take `some Scheduler` or
/// `any Scheduler` without erasure wrappers. Threading: each scheduler says where its actions
/// run; actions are `@Sendable` because they may run on another thread. Failure: a date in the
/// past means "as soon as possible"; an interval below one nanosecond counts as one nanosecond.
public protocol Scheduler: Sendable {
  /// This scheduler's current time.
  var now: SchedulerTime { get }

  /// Runs `action` as soon as possible.
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// Runs `action` at `date` or as soon as possible after it. Cancelling the returned token
  /// before then keeps it from running (discard the token when that is never needed).
  @discardableResult
  func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable

  /// Runs `action` at `date`, then every `interval`, until the returned token is cancelled.
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` after `delay` from now; the same as `schedule(after: now.advanced(by: delay))`.
  @discardableResult
  public func schedule(
    afterDelay delay: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    schedule(after: now.advanced(by: delay), action)
  }
}

extension SchedulerTime.Stride {
  /// The smallest interval a repeating schedule accepts; shorter ones are raised to it.
  public static let minimumInterval = SchedulerTime.Stride(nanoseconds: 1)
}

/// A cancellable that does nothing, for work that already ran.
public struct NoopCancellable: Cancellable {
  /// Makes the token.
  public init() {}
  /// Does nothing.
  public func cancel() {}
}
