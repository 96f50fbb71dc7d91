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

/// A `Date` maps to one instant: the same date twice is the same instant, and two dates keep
/// their distance, as Combine's date-backed `RunLoop.SchedulerTimeType` does.
@Suite struct DateInstantTests {
  @Test func theSameDateConvertsToTheSameInstantEveryTime() {
    let date = Date(timeIntervalSinceReferenceDate: 10_000)
    let first = RunLoop.SchedulerTimeType(date)
    for _ in 0..<1_000 {
      #expect(OperationQueue.SchedulerTimeType(date) == first)
    }
  }

  @Test func twoDatesKeepTheirDistanceToTheNanosecond() {
    let time1 = RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 10_000))
    let time2 = RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 10_431))
    #expect(time1.distance(to: time2) == .seconds(431))
    #expect(time2.distance(to: time1) == .seconds(-431))
    let start = RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 10_000))
    #expect(start.advanced(by: .seconds(431)) == .init(Date(timeIntervalSinceReferenceDate: 10_431)))
    #expect(start.advanced(by: .milliseconds(-250)).date == Date(timeIntervalSinceReferenceDate: 9_999.75))
  }
}
