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

extension PrependAppendTests {
  // Combine's `Concatenate` drops a value its first publisher sends beyond what was requested
  // (OpenCombine's `ConcatenateTests.testRecursivelyReceiveValue`): an upstream that sends
  // again from inside the subscriber gets no more through than the subscriber asked for.
  @Test func appendDropsWhatItsFirstPublisherSendsBeyondTheDemand() {
    let source = ProtocolEdgeTests.Manual()
    let tracking = ProtocolEdgeTests.Tracking(initial: .max(3), returned: .none)
    source.append(Empty()).lawShape().subscribe(tracking)
    source.subscription?(ProtocolEdgeTests.Recorded())
    for value in 1...5 { #expect(source.value?(value) == Subscribers.Demand.none) }
    #expect(tracking.events == ["subscription", "value 1", "value 2", "value 3"])
  }
}
