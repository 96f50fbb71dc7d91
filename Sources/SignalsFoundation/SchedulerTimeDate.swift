import Dispatch
import Foundation
import Signals

extension SchedulerTime {
  /// The instant on the monotonic clock that is as far from now as `date` is from the current
  /// date: Combine's `RunLoop.SchedulerTimeType(_:)` and `OperationQueue.SchedulerTimeType(_:)`,
  /// so `RunLoop.SchedulerTimeType(Date())` ports unchanged.
  ///
  /// The clock is that of `DispatchQueue`'s, the run loops' and the operation queues' `now`;
  /// meaningless on a `TestScheduler`. Bad input: `Date.distantPast`/`.distantFuture` and beyond
  /// saturate at the clock's ends.
  ///
  /// - Parameter date: A wall-clock date.
  public init(_ date: Date) {
    self = SchedulerTime(DispatchTime.now()).advanced(by: .seconds(date.timeIntervalSinceNow))
  }

  /// The wall-clock date of this monotonic instant, as far from the current date as the instant
  /// is from now: Combine's `date`.
  public var date: Date {
    Date(timeIntervalSinceNow: SchedulerTime(DispatchTime.now()).distance(to: self).timeInterval)
  }
}
