import Signals
import Testing

/// Instants are written in the unit a test thinks in, not only in nanoseconds.
@Suite struct SchedulerTimeInstantTests {
  @Test func instantsFromSecondsMillisecondsAndMicroseconds() {
    #expect(SchedulerTime(seconds: 2).nanoseconds == 2_000_000_000)
    #expect(SchedulerTime(seconds: 1.5).nanoseconds == 1_500_000_000)
    #expect(SchedulerTime(milliseconds: 1_700).nanoseconds == 1_700_000_000)
    #expect(SchedulerTime(microseconds: 250).nanoseconds == 250_000)
    #expect(SchedulerTime(milliseconds: 1_500) == SchedulerTime(seconds: 1.5))
    #expect(SchedulerTime(milliseconds: 300) == SchedulerTime.zero.advanced(by: .milliseconds(300)))
  }

  @Test func instantsSaturateAtTheRepresentableRange() {
    #expect(SchedulerTime(seconds: Int.max).nanoseconds == .max)
    #expect(SchedulerTime(milliseconds: Int.min).nanoseconds == .min)
    #expect(SchedulerTime(seconds: Double.infinity).nanoseconds == .max)
    #expect(SchedulerTime(seconds: Double.nan).nanoseconds == 0)
  }
}
