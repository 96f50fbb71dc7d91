import Signals
import SignalsTesting
import Testing

/// `allSatisfy(_:)` and `tryAllSatisfy(_:)` as marbles (one frame = 1 ms).
@Suite struct AllSatisfyTests {
  let scheduler = TestScheduler()
  let answers: [Character: Bool] = ["t": true, "f": false]
  let digits: [Character: Int] = ["1": 1, "2": 2, "3": 3]

  @Test func answersTrueWhenEveryValuePassed() throws {
    let input = try scheduler.cold("-1-2-3-|", values: digits)
    expectMarbles(scheduler.run(input.allSatisfy { $0 < 9 }, values: answers), "-------(t|)")
  }

  @Test func answersFalseAtTheFirstRejectedValueAndCancelsUpstream() throws {
    let input = try scheduler.hot("-1-2-3-|", values: digits)
    expectMarbles(scheduler.run(input.allSatisfy { $0 < 2 }, values: answers), "---(f|)")
    #expect(input.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(3)))
  }

  @Test func anEmptyUpstreamSatisfiesEverything() {
    #expect(Empty<Int, Never>().allSatisfy { _ in false }.record().values == [true])
  }

  @Test func forwardsAFailure() throws {
    let input = try scheduler.cold("-1-#", values: digits)
    expectMarbles(scheduler.run(input.allSatisfy { $0 < 9 }, values: answers), "---#")
  }

  @Test func tryAllSatisfyFailsWithTheThrownError() {
    let recorder = [1, 2, 3].publisher.tryAllSatisfy { value in
      if value == 2 { throw TestError(2) }
      return true
    }.record()
    #expect(recorder.values.isEmpty)
    #expect(recorder.failure as? TestError == TestError(2))
    #expect([1, 2].publisher.tryAllSatisfy { $0 > 0 }.record().values == [true])
    #expect([1, 2].publisher.tryAllSatisfy { $0 > 1 }.record().values == [false])
  }
}
