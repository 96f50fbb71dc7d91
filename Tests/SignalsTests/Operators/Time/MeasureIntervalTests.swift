import Signals
import SignalsTesting
import Testing

/// `measureInterval(using:)` (one frame = 1 ms).
@Suite struct MeasureIntervalTests {
  let scheduler = TestScheduler()

  @Test func measuresFromTheSubscriptionThenBetweenValues() throws {
    let input = try scheduler.cold("--a---b-c|")
    let intervals = input.measureInterval(using: scheduler).map { $0.nanoseconds / 1_000_000 }
    expectMarbles(scheduler.run(intervals, values: ["2": 2, "4": 4]), "--2---4-2|")
  }

  @Test func aFailurePassesThrough() throws {
    let input = try scheduler.cold("-a-#")
    let intervals = input.measureInterval(using: scheduler).map { $0.nanoseconds / 1_000_000 }
    expectMarbles(scheduler.run(intervals, values: ["1": 1]), "-1-#")
  }

  @Test func eachSubscriberMeasuresFromItsOwnSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let measured = subject.measureInterval(using: scheduler)
    let early = measured.record()
    scheduler.advance(by: .milliseconds(5))
    let late = measured.record()
    scheduler.advance(by: .milliseconds(2))
    subject.send(1)
    #expect(early.values == [.milliseconds(7)])
    #expect(late.values == [.milliseconds(2)])
  }
}
