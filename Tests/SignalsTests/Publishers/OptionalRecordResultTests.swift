import Signals
import SignalsTesting
import Testing

@Suite struct OptionalPublisherTests {
  @Test func aValueIsDeliveredThenAFinish() {
    let value: Int? = 3
    #expect(value.publisher.record().events == [.value(3), .completion(.finished)])
    #expect(Optional<Int>.Publisher(5).output == 5)
  }

  @Test func nilOnlyFinishes() {
    let value: Int? = nil
    #expect(value.publisher.record().events == [.completion(.finished)])
  }
}

@Suite struct ResultPublisherTests {
  @Test func combinesInitializersMatchTheResult() {
    #expect(Result<Int, TestError>.Publisher(4).record().events == [.value(4), .completion(.finished)])
    #expect(Result<Int, TestError>.Publisher(TestError(2)).record().failure == TestError(2))
    #expect(Result<Int, TestError>.Publisher(.success(1)).record().values == [1])
    #expect(Result<Int, TestError>.success(7).publisher.record().values == [7])
  }
}

@Suite struct RecordTests {
  let scheduler = TestScheduler()

  @Test func replaysOutputThenCompletionToEachSubscriber() {
    let record = Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(3)))
    for _ in 0..<2 {
      let recorder = record.record()
      #expect(recorder.values == [1, 2])
      #expect(recorder.failure == TestError(3))
    }
  }

  @Test func recordsThroughTheClosure() {
    let record = Record<String, Never> { recording in
      recording.receive("a")
      recording.receive("b")
      recording.receive(completion: .finished)
    }
    #expect(record.recording.output == ["a", "b"])
    expectMarbles(scheduler.run(record), "(ab|)")
  }

  @Test func aRecordingWithoutCompletionFinishes() {
    var recording = Record<Int, Never>.Recording()
    recording.receive(1)
    #expect(Record(recording: recording).record().events == [.value(1), .completion(.finished)])
  }

  /// A subscriber that keeps its subscription and requests nothing until told.
  final class Holding: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var subscription: (any Subscription)?
    var completions: [Subscribers.Completion<TestError>] = []
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) { completions.append(completion) }
  }

  @Test func aRecordsSubscriptionIsItsValuesWhileLiveAndCancelledEventsAfterAsInCombine() throws {
    let holding = Holding()
    Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(3))).subscribe(holding)
    let subscription = try #require(holding.subscription)
    #expect(String(describing: subscription) == "[1, 2]")
    #expect(Mirror(reflecting: subscription).children.map(\.label) == ["sequence", "completion"])
    subscription.request(.max(2))
    #expect(holding.completions == [.failure(TestError(3))])
    #expect(String(describing: subscription) == "Cancelled Events")
  }

  @Test func anEmptyRecordingGivesTheEmptySubscriptionThenItsCompletion() throws {
    let holding = Holding()
    Record<Int, TestError>(output: [], completion: .failure(TestError(3))).subscribe(holding)
    #expect(holding.subscription.map { String(describing: $0) } == "Empty")
    #expect(holding.completions == [.failure(TestError(3))])
  }

  @Test func eventsAfterTheCompletionAreIgnoredNotATrap() {
    var recording = Record<Int, TestError>.Recording()
    recording.receive(1)
    recording.receive(completion: .failure(TestError(1)))
    recording.receive(2)
    recording.receive(completion: .finished)
    #expect(recording.output == [1])
    #expect(recording.completion == .failure(TestError(1)))
  }
}

@Suite struct FutureValueTests {
  @Test func awaitsTheValueOfAFutureThatCannotFail() async {
    let future = Future<Int, Never> { promise in promise(.success(42)) }
    #expect(await future.value == 42)
  }

  @Test func awaitsAValueFulfilledLater() async throws {
    let future = Future<Int, any Error>(operation: {
      await Task.yield()
      return 7
    })
    #expect(try await future.value == 7)
  }

  @Test func throwsTheFailure() async {
    let future = Future<Int, TestError> { promise in promise(.failure(TestError(9))) }
    await #expect(throws: TestError(9)) { try await future.value }
  }
}
