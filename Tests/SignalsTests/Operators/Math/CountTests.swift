import Signals
import SignalsTesting
import Testing

/// `count()` (one frame = 1 ms).
@Suite struct CountTests {
  let scheduler = TestScheduler()

  @Test func countsWhenTheUpstreamFinishes() throws {
    let input = try scheduler.cold("-a-b-c-|")
    expectMarbles(scheduler.run(input.count(), values: ["3": 3]), "-------(3|)")
  }

  @Test func anEmptyUpstreamCountsZero() {
    #expect(Empty<Int, Never>().count().record().values == [0])
  }

  @Test func aFailureDropsTheCount() throws {
    expectMarbles(scheduler.run(try scheduler.cold("-a-#").count()), "---#")
  }

  @Test func eachSubscriberCountsOnItsOwn() {
    let counted = [1, 2].publisher.count()
    #expect(counted.record().values == [2])
    #expect(counted.record().values == [2])
  }
}
