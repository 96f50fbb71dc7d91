import Dispatch
import Foundation
import SignalsFoundation
import Testing

/// Combine code that builds its scheduler times from a `DispatchTime` or a `Date`, as
/// `DispatchQueue.SchedulerTimeType(.now())` and `RunLoop.SchedulerTimeType(Date())` do.
@Suite struct PortedTimeTypeTests {
  @Test func aDispatchTimeIsAnInstantOnTheQueuesClock() {
    let before = DispatchQueue.main.now
    let time = DispatchQueue.SchedulerTimeType(.now())
    let after = DispatchQueue.main.now
    #expect(before <= time && time <= after)
    let later = time.advanced(by: .milliseconds(5))
    #expect(SchedulerTime(later.dispatchTime) == later)
    #expect(later.dispatchTime.uptimeNanoseconds == time.dispatchTime.uptimeNanoseconds + 5_000_000)
    #expect(SchedulerTime(nanoseconds: -7).dispatchTime.uptimeNanoseconds == 1)
    #expect(SchedulerTime(DispatchTime.distantFuture) == SchedulerTime(nanoseconds: .max))
  }

  @Test func aDateIsTheInstantAsFarFromNowAsTheDateIsFromTheCurrentDate() {
    // Generous, for a preempted test on a loaded machine: a wrong clock (wall time read as
    // uptime) is off by years.
    let slack = SchedulerTime.Stride.seconds(2)
    let before = RunLoop.main.now
    let time = RunLoop.SchedulerTimeType(Date())
    let after = RunLoop.main.now
    #expect(before.advanced(by: -slack) <= time && time <= after.advanced(by: slack))

    let inAMinute = OperationQueue.SchedulerTimeType(Date(timeIntervalSinceNow: 60))
    let distance = RunLoop.main.now.distance(to: inAMinute)
    #expect(distance > .seconds(60) - slack && distance <= .seconds(60) + slack)
    #expect(abs(inAMinute.date.timeIntervalSinceNow - 60) < slack.timeInterval)

    #expect(SchedulerTime(Date.distantFuture) == SchedulerTime(nanoseconds: .max))
    #expect(SchedulerTime(Date.distantPast) < .zero)
    // A date that is not a number is no distance from now: it neither traps nor saturates.
    let notANumber = SchedulerTime(Date(timeIntervalSinceReferenceDate: .nan))
    let offset = RunLoop.main.now.distance(to: notANumber)
    #expect(offset <= slack && offset >= -slack)
  }
}
