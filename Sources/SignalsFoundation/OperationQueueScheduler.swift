import Dispatch
import Foundation
import Signals

extension OperationQueue: Scheduler {
  /// Combine's options for an action scheduled on an operation queue: there are none.
  public struct SchedulerOptions: Sendable {
    /// No options.
    public init() {}
  }

  /// The time on the system's monotonic clock, the clock `DispatchQueue` and `RunLoop` use.
  public var now: SchedulerTime {
    SchedulerTime(DispatchTime.now())
  }

  /// Adds `action` to this queue as a `BlockOperation`, through `addOperation(_:)` with the
  /// operation, as Combine does (a subclass that overrides it sees the one call). Threading: it
  /// runs where the queue runs its operations; on a queue with `maxConcurrentOperationCount == 1`,
  /// actions run one at a time in the order they were added.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    addOperation(BlockOperation(block: action))
  }

  /// Adds `action` to this queue at `date`; a date in the past adds it at once. Cancelling the
  /// token before then keeps it from being added (and cancels it if it is still waiting).
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    let operation = BlockOperation(block: action)
    let item = DispatchWorkItem { [weak self] in self?.addOperation(operation) }
    DispatchQueue.global().asyncAfter(
      deadline: date.dispatchTime,
      execute: item)
    return DelayedOperationToken(item: item, operation: operation)
  }

  /// Adds `action` to this queue at `date`, then every `interval` (at least one nanosecond),
  /// until the token is cancelled.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(
      deadline: date.dispatchTime,
      repeating: .nanoseconds(Int(clamping: Swift.max(interval, .minimumInterval).nanoseconds)))
    timer.setEventHandler { [weak self] in self?.addOperation(action) }
    timer.resume()
    return RepeatingOperationToken(timer: timer)
  }
}

/// Keeps a delayed operation from being added, or cancels it if it waits in the queue.
struct DelayedOperationToken: Cancellable, @unchecked Sendable {
  // @unchecked: `DispatchWorkItem.cancel()` and `Operation.cancel()` are thread-safe, but corelibs
  // marks neither type Sendable; they are only ever cancelled through this token.
  let item: DispatchWorkItem
  let operation: Operation
  func cancel() {
    item.cancel()
    operation.cancel()
  }
}

/// Stops a repeating schedule on an operation queue.
struct RepeatingOperationToken: Cancellable, @unchecked Sendable {
  // @unchecked: dispatch sources are thread-safe, but corelibs does not mark them Sendable; the
  // timer is only ever cancelled through this token.
  let timer: any DispatchSourceTimer
  func cancel() { timer.cancel() }
}
