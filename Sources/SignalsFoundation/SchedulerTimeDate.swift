import Dispatch
import Foundation
import Signals
import Synchronization

extension SchedulerTime {
  /// The instant on the monotonic clock that stands for `date`: Combine's
  /// `RunLoop.SchedulerTimeType(_:)` and `OperationQueue.SchedulerTimeType(_:)`, so
  /// `RunLoop.SchedulerTimeType(Date())` ports unchanged.
  ///
  /// The clock is that of `DispatchQueue`'s, the run loops' and the operation queues' `now`;
  /// meaningless on a `TestScheduler`. A date maps through one offset between the wall clock and
  /// the monotonic clock, read once and kept, so converting the same date twice gives the same
  /// instant and two dates keep their distance (to the nanosecond, as far as a `Date` holds it);
  /// the offset is read again when the clocks drift more than a millisecond apart from it (the
  /// wall clock was set, or the system slept). Bad input: `Date.distantPast`/`.distantFuture`
  /// and beyond saturate at the clock's ends; a date that is not a number is now.
  ///
  /// - Parameter date: A wall-clock date.
  public init(_ date: Date) {
    let seconds = date.timeIntervalSinceReferenceDate
    guard !seconds.isNaN else {
      self.init(DispatchTime.now())
      return
    }
    let wall = Stride(seconds: seconds).nanoseconds
    guard wall != .max, wall != .min else {
      self.init(nanoseconds: wall)
      return
    }
    let (instant, overflow) = wall.subtractingReportingOverflow(WallClock.offset())
    self.init(nanoseconds: overflow ? (wall < 0 ? .min : .max) : instant)
  }

  /// The wall-clock date this monotonic instant stands for: Combine's `date`, the inverse of
  /// ``init(_:)`` (through the same offset between the clocks).
  public var date: Date {
    let (wall, overflow) = nanoseconds.addingReportingOverflow(WallClock.offset())
    let saturated = overflow ? (nanoseconds < 0 ? Int64.min : .max) : wall
    return Date(timeIntervalSinceReferenceDate: Double(saturated) / 1e9)
  }
}

/// The wall clock's reading minus the monotonic clock's (as `SchedulerTime` counts it), in
/// nanoseconds: what turns a `Date` into an instant on the schedulers' clock and back.
enum WallClock {
  /// The offset in use; `Int64.min` until the first conversion reads it.
  static let anchor = Atomic<Int64>(.min)

  /// The offset in use, read again when a fresh sample differs from it by more than a
  /// millisecond. A sample taken across a preemption (the monotonic clock moved more than
  /// 100 microseconds around the wall-clock read) replaces the offset only when there is none.
  static func offset() -> Int64 {
    let before = DispatchTime.now().uptimeNanoseconds
    let wall = Date().timeIntervalSinceReferenceDate
    let after = DispatchTime.now().uptimeNanoseconds
    let kept = anchor.load(ordering: .relaxed)
    let reliable = after &- before <= 100_000
    if kept != .min && !reliable { return kept }
    let monotonic = SchedulerTime(DispatchTime(uptimeNanoseconds: before / 2 + after / 2)).nanoseconds
    let sample = SchedulerTime.Stride(seconds: wall).nanoseconds &- monotonic
    if kept != .min && abs(sample &- kept) <= 1_000_000 { return kept }
    anchor.store(sample, ordering: .relaxed)
    return sample
  }
}
