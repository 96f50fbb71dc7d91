import Signals
import SignalsTesting
import Testing

/// `makeConnectable()` (one frame = 1 ms).
@Suite struct MakeConnectableTests {
  @Test func nothingFlowsBeforeConnect() {
    let subject = PassthroughSubject<Int, Never>()
    let connectable = subject.makeConnectable()
    let first = connectable.record()
    let second = connectable.record()
    subject.send(1)
    #expect(subject.subscriberCount == 0)
    let connection = connectable.connect()
    subject.send(2)
    subject.send(completion: .finished)
    #expect(first.events == [.value(2), .completion(.finished)])
    #expect(second.events == [.value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func cancellingTheConnectionDisconnects() {
    let subject = PassthroughSubject<Int, Never>()
    let connectable = subject.makeConnectable()
    let recorder = connectable.record()
    let connection = connectable.connect()
    subject.send(1)
    connection.cancel()
    subject.send(2)
    #expect(recorder.values == [1])
    #expect(subject.subscriberCount == 0)
  }

  @Test func autoconnectConnectsForTheFirstSubscriber() throws {
    let scheduler = TestScheduler()
    let input = try scheduler.hot("-a-b-|")
    let mapped = input.replaceError(with: "x").makeConnectable().autoconnect()
    expectMarbles(scheduler.run(mapped), "-a-b-|")
  }
}
