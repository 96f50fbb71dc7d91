import Signals
import SignalsTesting
import Testing

/// `prepend` and `append` of a sequence and of a publisher (one frame = 1 ms).
@Suite struct PrependAppendTests {
  let scheduler = TestScheduler()

  @Test func prependASequenceDeliversItFirst() throws {
    let input = try scheduler.cold("---3-|")
    expectMarbles(scheduler.run(input.prepend(["1", "2"])), "(12)--3-|")
    expectMarbles(scheduler.run(input.prepend(stride(from: 1, to: 3, by: 1).map(String.init))), "(12)--3-|")
  }

  @Test func prependAPublisherSubscribesSelfWhenItFinishes() throws {
    let first = try scheduler.cold("-1-|")
    let second = try scheduler.cold("-2-|")
    expectMarbles(scheduler.run(second.prepend(first)), "-1--2-|")
  }

  @Test func appendASequenceDeliversItAtTheFinish() throws {
    expectMarbles(scheduler.run(try scheduler.cold("-1-|").append(["2", "3"])), "-1-(23|)")
  }

  @Test func aFailureNeverReachesTheSequence() throws {
    expectMarbles(scheduler.run(try scheduler.cold("-1-#").append(["2"])), "-1-#")
    expectMarbles(scheduler.run(try scheduler.cold("-1-#").prepend(try scheduler.cold("-x|"))), "-x-1-#")
  }
}
