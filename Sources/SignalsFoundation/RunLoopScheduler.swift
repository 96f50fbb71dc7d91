import Dispatch
import Foundation
import Signals

/// A run loop as a scheduler: actions run on the run loop's thread while it runs in the default
/// mode (the main run loop: the main thread).
///
/// Combine makes `RunLoop` itself a scheduler. Signals' `Scheduler` is `Sendable` and corelibs
/// Foundation marks `RunLoop` not `Sendable`, so `RunLoop` cannot conform; this type stands in
/// for it. Combine code compiles unchanged where it passes a run loop to an operator
/// (`receive(on: RunLoop.main)`, `debounce(for:scheduler: RunLoop.main)`, ...: SignalsFoundation
/// overloads them) or calls `RunLoop.main.schedule(...)`; generic code that wants
/// `some Scheduler` takes `RunLoopScheduler(runLoop)` or `RunLoopScheduler.main`.
///
/// The main run loop on Linux: an async `main` (an `@main` type with `async func main()`, a
/// Swift Testing run) never runs `RunLoop.main`: main-actor code runs on the main dispatch
/// queue, drained by a worker thread. Actions for the main run loop therefore go through
/// `DispatchQueue.main` there, which reaches main-actor code in that program, and which the main
/// thread drains as it runs the main run loop in a program that does (as on Apple's systems, where
/// the two are one thread). Without this, `receive(on: RunLoop.main)` or a `debounce` on it
/// delivered nothing in such a program.
///
/// Time: `now` is the system's monotonic clock, the clock `DispatchQueue` uses too, so dates
/// from either compare; timers get their fire date from it. Threading: every method may be
/// called from any thread; actions run on the run loop's thread, in the order scheduled for the
/// same date. Bad input: a date in the past runs on the loop's next pass; a repeating interval
/// below one nanosecond counts as one nanosecond; cancelling a token invalidates its timer.
public struct RunLoopScheduler: Scheduler, @unchecked Sendable {
  // @unchecked: only CoreFoundation's thread-safe entry points are used through `runLoop`
  // (perform a block, add a timer); corelibs marks RunLoop non-Sendable because running it
  // belongs to its own thread, which this type never does.

  /// Combine's options for an action scheduled on a run loop: there are none.
  public typealias SchedulerOptions = RunLoop.SchedulerOptions

  /// The run loop the actions run on.
  public let runLoop: RunLoop

  /// The scheduler of `runLoop`.
  ///
  /// - Parameter runLoop: The run loop the actions run on; it runs them only while its thread
  ///   runs it.
  public init(_ runLoop: RunLoop) {
    self.runLoop = runLoop
    #if canImport(Darwin)
      viaMainQueue = false
    #else
      viaMainQueue = runLoop === RunLoop.main
    #endif
  }

  /// Whether actions go through `DispatchQueue.main`: for the main run loop on Linux (see above).
  let viaMainQueue: Bool

  /// The scheduler of the main run loop.
  public static var main: RunLoopScheduler { RunLoopScheduler(.main) }

  /// The time on the system's monotonic clock.
  public var now: SchedulerTime {
    SchedulerTime(DispatchTime.now())
  }

  /// Runs `action` on the run loop's next pass in the default mode, after the actions scheduled
  /// before it. From another thread it also wakes the loop, so a sleeping loop runs it at once.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    if viaMainQueue { return DispatchQueue.main.schedule(action) }
    runLoop.perform(inModes: [.default], block: action)
    // `perform` queues the block without waking a sleeping loop; adding a timer due now wakes it.
    if RunLoop.current !== runLoop {
      runLoop.add(Timer(timeInterval: 0, repeats: false) { _ in }, forMode: .default)
    }
  }

  /// Runs `action` on the run loop at `date` (a timer in the default mode). Cancelling the token
  /// invalidates the timer.
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    if viaMainQueue { return DispatchQueue.main.schedule(after: date, action) }
    return add(
      Timer(fire: wallClockDate(for: date), interval: 0, repeats: false) { _ in action() }, tolerance: .zero)
  }

  /// Runs `action` on the run loop at `date`, then every `interval`, until the token is
  /// cancelled.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    if viaMainQueue { return DispatchQueue.main.schedule(after: date, interval: interval, action) }
    let seconds = Swift.max(interval, .minimumInterval).timeInterval
    return add(
      Timer(fire: wallClockDate(for: date), interval: seconds, repeats: true) { _ in action() },
      tolerance: .zero)
  }

  /// Runs `action` at `date`, letting the timer fire up to `tolerance` late; the options carry
  /// nothing.
  public func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: SchedulerOptions?,
    _ action: @escaping @Sendable () -> Void
  ) {
    if viaMainQueue {
      return DispatchQueue.main.schedule(after: date, tolerance: tolerance, options: nil, action)
    }
    _ = add(
      Timer(fire: wallClockDate(for: date), interval: 0, repeats: false) { _ in action() },
      tolerance: tolerance)
  }

  /// Runs `action` at `date`, then every `interval`, letting each firing be up to `tolerance`
  /// late; the options carry nothing.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride,
    options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    if viaMainQueue {
      return DispatchQueue.main.schedule(
        after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
    let seconds = Swift.max(interval, .minimumInterval).timeInterval
    return add(
      Timer(fire: wallClockDate(for: date), interval: seconds, repeats: true) { _ in action() },
      tolerance: tolerance)
  }

  func add(_ timer: Timer, tolerance: SchedulerTime.Stride) -> any Cancellable {
    timer.tolerance = Swift.max(tolerance, .zero).timeInterval
    runLoop.add(timer, forMode: .default)
    return TimerToken(timer: timer)
  }

  /// The wall-clock `Date` of `date` on the monotonic clock: now plus the time to go.
  func wallClockDate(for date: SchedulerTime) -> Date {
    Date(timeIntervalSinceNow: now.distance(to: date).timeInterval)
  }
}

/// Invalidates a run-loop timer, from any thread.
struct TimerToken: Cancellable, @unchecked Sendable {
  // @unchecked: `Timer.invalidate()` is thread-safe (CFRunLoopTimerInvalidate locks), but
  // corelibs does not mark `Timer` Sendable; the timer is only ever invalidated through this token.
  let timer: Timer
  func cancel() { timer.invalidate() }
}

extension RunLoop {
  /// Combine's name for a run loop's time type; in Signals every scheduler uses `SchedulerTime`.
  public typealias SchedulerTimeType = SchedulerTime

  /// Combine's options for an action scheduled on a run loop: there are none.
  public struct SchedulerOptions: Sendable {
    /// No options.
    public init() {}
  }

  /// This run loop as a `Scheduler`, for generic code; see `RunLoopScheduler`.
  public var scheduler: RunLoopScheduler { RunLoopScheduler(self) }

  /// The time on the system's monotonic clock, as `RunLoopScheduler` reads it.
  public var now: SchedulerTime { scheduler.now }

  /// `.zero`: a timer fires as close to its date as the run loop can.
  public var minimumTolerance: SchedulerTime.Stride { .zero }

  /// Runs `action` on this run loop's next pass; see `RunLoopScheduler.schedule(_:)`.
  public func schedule(_ action: @escaping @Sendable () -> Void) { scheduler.schedule(action) }

  /// Combine's spelling of `schedule(_:)`; the options carry nothing.
  public func schedule(options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void) {
    scheduler.schedule(action)
  }

  /// Runs `action` on this run loop at `date`; see `RunLoopScheduler.schedule(after:_:)`.
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    scheduler.schedule(after: date, action)
  }

  /// Combine's spelling: runs `action` at `date`, up to `tolerance` late.
  public func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: SchedulerOptions? = nil,
    _ action: @escaping @Sendable () -> Void
  ) {
    scheduler.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  /// Runs `action` at `date`, then every `interval`, until the token is cancelled.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride = .zero,
    options: SchedulerOptions? = nil, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    scheduler.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
  }

  /// This run loop as an `AnyScheduler`: combine-schedulers' spelling.
  ///
  /// - Returns: A type-erased scheduler that runs actions on this run loop.
  public func eraseToAnyScheduler() -> AnyScheduler { AnyScheduler(scheduler) }

  /// The immediate scheduler, spelled as combine-schedulers spells it; see `Scheduler.immediate`.
  public static var immediate: ImmediateScheduler { .shared }
}
