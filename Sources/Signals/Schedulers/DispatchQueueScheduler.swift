import Dispatch

extension DispatchQueue: Scheduler {
  /// The time on the system's monotonic clock (`DispatchTime.now()`), which all dispatch queues share.
  public var now: SchedulerTime {
    SchedulerTime(DispatchTime.now())
  }

  /// Runs `action` asynchronously on this queue.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    async(execute: action)
  }

  /// Runs `action` on this queue at `date`; a date in the past runs it as soon as possible.
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    let item = DispatchWorkItem(block: action)
    asyncAfter(deadline: date.dispatchTime, execute: item)
    return DispatchWorkToken(item: item)
  }

  /// Runs `action` on this queue at `date`, then every `interval`, until the token is cancelled.
  /// Intervals below one nanosecond count as one nanosecond.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    let timer = DispatchSource.makeTimerSource(queue: self)
    timer.schedule(
      deadline: date.dispatchTime,
      repeating: .nanoseconds(Int(clamping: Swift.max(interval, .minimumInterval).nanoseconds)))
    timer.setEventHandler(handler: action)
    timer.resume()
    return DispatchTimerToken(timer: timer)
  }
}

/// Cancels a dispatch work item that has not run yet.
// @unchecked: libdispatch's cancel is thread-safe, but swift-corelibs-libdispatch does not mark
// DispatchWorkItem Sendable; the item is only ever cancelled through this token.
struct DispatchWorkToken: Cancellable, @unchecked Sendable {
  let item: DispatchWorkItem
  func cancel() { item.cancel() }
}

/// Cancels a repeating dispatch timer.
// @unchecked: dispatch sources are thread-safe objects, but corelibs does not mark them Sendable;
// the timer is only ever cancelled through this token.
struct DispatchTimerToken: Cancellable, @unchecked Sendable {
  let timer: any DispatchSourceTimer
  func cancel() { timer.cancel() }
}
