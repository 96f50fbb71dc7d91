import Signals
import SignalsTesting
import Testing

/// `tryLast(where:)` (one frame = 1 ms).
@Suite struct TryLastTests {
  let scheduler = TestScheduler()

  @Test func deliversTheLastMatchWhenTheUpstreamFinishes() throws {
    let input = try scheduler.cold("-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
    expectMarbles(
      scheduler.run(input.tryLast { $0 % 2 == 1 }.replaceError(with: -1), values: ["3": 3]), "-------(3|)")
  }

  @Test func aThrowFailsAtOnceAndCancelsUpstream() throws {
    let input = try scheduler.hot("-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
    let recorder = input.tryLast { value in
      if value == 2 { throw TestError(2) }
      return true
    }.record(on: scheduler)
    scheduler.run()
    #expect(recorder.values.isEmpty)
    #expect(recorder.failure as? TestError == TestError(2))
    #expect(input.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(3)))
  }

  @Test func noMatchFinishesEmpty() {
    let input: [Int] = [1, 3]
    let recorder = input.publisher.tryLast { $0 > 5 }.record()
    #expect(recorder.events.count == 1)
  }
}
