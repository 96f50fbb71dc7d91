import Signals
import Testing

@Suite struct SchedulerTimeTests {
  @Test func unitsAndLiteralsAgree() {
    typealias Stride = SchedulerTime.Stride
    #expect(Stride.seconds(1) == 1)
    #expect(Stride.milliseconds(500) == 0.5)
    #expect(Stride.microseconds(1_000) == .milliseconds(1))
    #expect(Stride.nanoseconds(1_000) == .microseconds(1))
    #expect(Stride.seconds(1.5).nanoseconds == 1_500_000_000)
  }

  @Test func instantsMoveByStrides() {
    let start = SchedulerTime.zero
    let later = start.advanced(by: .milliseconds(250))
    #expect(start.distance(to: later) == .milliseconds(250))
    #expect(later > start)
    #expect(later.description == "250ms")
  }

  @Test func arithmeticSaturatesInsteadOfTrapping() {
    let huge = SchedulerTime.Stride.seconds(Int.max)
    #expect(huge.nanoseconds == .max)
    #expect((huge + huge).nanoseconds == .max)
    #expect((SchedulerTime.Stride.seconds(Int.min) - huge).nanoseconds == .min)
    #expect(SchedulerTime(nanoseconds: .max).advanced(by: 1).nanoseconds == .max)
    #expect(SchedulerTime.Stride(seconds: .infinity).nanoseconds == .max)
    #expect(SchedulerTime.Stride(seconds: .nan).nanoseconds == 0)
    #expect((SchedulerTime.Stride.milliseconds(3) * -2).nanoseconds == -6_000_000)
  }

  @Test func describesInTheLargestWholeUnit() {
    #expect(SchedulerTime.Stride.seconds(2).description == "2s")
    #expect(SchedulerTime.Stride.microseconds(10).description == "10us")
    #expect(SchedulerTime.Stride.nanoseconds(7).description == "7ns")
    #expect(SchedulerTime.Stride.zero.description == "0ns")
  }

  @Test func immediateSchedulerRunsAtOnce() {
    var ran: [Int] = []
    let scheduler = ImmediateScheduler.shared
    withUnsafeMutablePointer(to: &ran) { pointer in
      nonisolated(unsafe) let pointer = pointer  // the actions run synchronously on this thread
      scheduler.schedule { pointer.pointee.append(1) }
      scheduler.schedule(after: .zero.advanced(by: 10)) { pointer.pointee.append(2) }
    }
    #expect(ran == [1, 2])
  }
}
