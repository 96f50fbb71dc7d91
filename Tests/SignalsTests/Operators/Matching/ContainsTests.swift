import Signals
import SignalsTesting
import Testing

/// `contains(_:)`, `contains(where:)` and `tryContains(where:)` as marbles (one frame = 1 ms).
@Suite struct ContainsTests {
  let scheduler = TestScheduler()
  let answers: [Character: Bool] = ["t": true, "f": false]

  @Test func answersTrueAtTheFirstMatchAndCancelsUpstream() throws {
    let input = try scheduler.hot("-1-2-3-|")
    expectMarbles(scheduler.run(input.contains("2"), values: answers), "---(t|)")
    #expect(input.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(3)))
  }

  @Test func answersFalseWhenTheUpstreamFinishesWithoutAMatch() throws {
    let input = try scheduler.cold("-1-2-3-|")
    expectMarbles(scheduler.run(input.contains("9"), values: answers), "-------(f|)")
  }

  @Test func forwardsAFailureBeforeAMatch() throws {
    expectMarbles(scheduler.run(try scheduler.cold("-1-#").contains("2"), values: answers), "---#")
  }

  @Test func containsWhereUsesThePredicate() throws {
    let input = try scheduler.cold("-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
    expectMarbles(scheduler.run(input.contains { $0 > 1 }, values: answers), "---(t|)")
  }

  @Test func tryContainsFailsWithTheThrownError() {
    let recorder = [1, 2, 3].publisher.tryContains { value in
      if value == 2 { throw TestError(2) }
      return false
    }.record()
    #expect(recorder.values.isEmpty)
    #expect(recorder.failure as? TestError == TestError(2))
  }

  @Test func tryContainsAnswersLikeContains() {
    #expect([1, 2, 3].publisher.tryContains { $0 == 3 }.record().values == [true])
    #expect([1, 2, 3].publisher.tryContains { $0 == 4 }.record().values == [false])
    #expect(Empty<Int, Never>().contains(1).record().values == [false])
  }
}
