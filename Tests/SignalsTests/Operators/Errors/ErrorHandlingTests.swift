import Signals
import SignalsTesting
import Testing

@Suite struct MapErrorTests {
  @Test func transformsTheFailureOnly() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.mapError { TestError($0.code + 100) }.record()
    subject.send(1)
    subject.send(completion: .failure(TestError(1)))
    #expect(recorder.events == [.value(1), .completion(.failure(TestError(101)))])
  }

  @Test func setFailureTypeLetsANeverFailingPublisherJoinAFailingOne() {
    let failing = PassthroughSubject<Int, TestError>()
    let recorder = Just(1).setFailureType(to: TestError.self).merge(with: failing).record()
    failing.send(completion: .failure(TestError(2)))
    #expect(recorder.events == [.value(1), .completion(.failure(TestError(2)))])
  }

  @Test func replaceErrorEndsWithAValueAndAFinish() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.replaceError(with: -1).record()
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.value(1), .value(-1), .completion(.finished)])
  }
}

@Suite struct CatchTests {
  @Test func switchesToTheHandlersPublisherOnFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, Never>()
    var caught: [TestError] = []
    let recorder = subject.catch { error -> PassthroughSubject<Int, Never> in
      caught.append(error)
      return fallback
    }.record()
    subject.send(1)
    subject.send(completion: .failure(TestError(4)))
    fallback.send(8)
    fallback.send(completion: .finished)
    #expect(caught == [TestError(4)])
    #expect(recorder.events == [.value(1), .value(8), .completion(.finished)])
    #expect(subject.subscriberCount == 0)
  }

  @Test func aFinishBeforeAnyFailureNeverCallsTheHandler() {
    var called = false
    let recorder = [1].publisher.setFailureType(to: TestError.self).catch { _ in
      called = true
      return Just(0)
    }.record()
    #expect(recorder.events == [.value(1), .completion(.finished)])
    #expect(!called)
  }

  @Test func cancelReachesWhicheverPublisherIsCurrent() {
    let subject = PassthroughSubject<Int, TestError>()
    let fallback = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { subject.catch { _ in fallback }.record() }
    subject.send(completion: .failure(TestError()))
    #expect(fallback.subscriberCount == 1)
    recorder.cancel()
    #expect(fallback.subscriberCount == 0)
    #expect(scope.count == 0)
  }

  @Test func tryCatchTurnsAThrowIntoTheFailure() {
    let recorder = Fail<Int, TestError>(error: TestError(1)).tryCatch { error -> Just<Int> in
      throw TestError(error.code + 1)
    }.record()
    #expect(recorder.failure as? TestError == TestError(2))
    let recovered = Fail<Int, TestError>(error: TestError(1)).tryCatch { _ in Just(5) }.record()
    #expect(recovered.events.count == 2)
    #expect(recovered.values == [5])
  }
}

@Suite struct RetryTests {
  /// A publisher that fails its first `failures` subscriptions after one value, then succeeds.
  final class Flaky: @unchecked Sendable {  // @unchecked: used on one thread per test
    var attempts = 0
    let failures: Int
    init(failures: Int) { self.failures = failures }

    var publisher: AnyPublisher<Int, TestError> {
      Deferred { [self] () -> AnyPublisher<Int, TestError> in
        attempts += 1
        if attempts <= failures {
          return Just(attempts).setFailureType(to: TestError.self)
            .append(Fail(error: TestError(attempts))).eraseToAnyPublisher()
        }
        return Just(attempts).setFailureType(to: TestError.self).eraseToAnyPublisher()
      }.eraseToAnyPublisher()
    }
  }

  @Test func resubscribesUpToNTimes() {
    let flaky = Flaky(failures: 2)
    let recorder = flaky.publisher.retry(2).record()
    #expect(recorder.events == [.value(1), .value(2), .value(3), .completion(.finished)])
    #expect(flaky.attempts == 3)
  }

  @Test func forwardsTheLastFailureWhenRetriesAreUsedUp() {
    let flaky = Flaky(failures: 5)
    let recorder = flaky.publisher.retry(1).record()
    #expect(recorder.events == [.value(1), .value(2), .completion(.failure(TestError(2)))])
    #expect(flaky.attempts == 2)
  }

  @Test func aNegativeCountMeansNoRetry() {
    let flaky = Flaky(failures: 5)
    #expect(flaky.publisher.retry(-2).record().failure == TestError(1))
    #expect(flaky.attempts == 1)
  }

  @Test func manySynchronousFailuresDoNotRecurse() {
    let recorder = Fail<Int, TestError>(error: TestError()).retry(100_000).record()
    #expect(recorder.failure == TestError())
  }

  @Test func cancelStopsRetrying() {
    let subject = PassthroughSubject<Int, TestError>()
    let (recorder, scope) = LiveSubscriptions.track { subject.retry(3).record() }
    subject.send(1)
    recorder.cancel()
    subject.send(2)
    #expect(recorder.values == [1])
    #expect(subject.subscriberCount == 0)
    #expect(scope.count == 0)
  }

  // Combine's `retry` asks its current attempt with a request for what the subscriber adds for
  // a value, and returns `.none` from `receive(_:)` (OpenCombine's `Retry`).
  @Test func whatTheSubscriberAddsForAValueIsRequestedOfTheAttempt() {
    let source = ProtocolEdgeTests.Manual()
    let upstream = ProtocolEdgeTests.Recorded()
    let tracking = ProtocolEdgeTests.Tracking(initial: .max(3), returned: .max(5))
    source.retry(2).lawShape().subscribe(tracking)
    source.subscription?(upstream)
    #expect(source.value?(7) == Subscribers.Demand.none)
    #expect(upstream.events == ["request max(3)", "request max(5)"])
  }
}

@Suite struct AssertNoFailureTests {
  // Combine's `assertNoFailure` hands the upstream's subscription through, with the demand,
  // and reflects where it was written.
  @Test func theUpstreamsSubscriptionAndTheDemandPassThrough() throws {
    let source = Capturing()
    let upstream = ProtocolEdgeTests.Recorded()
    let catcher = SubscriberCatcher()
    source.assertNoFailure("login", file: "Login.swift", line: 7).subscribe(catcher)
    let subscriber = source.subscriber
    subscriber?.receive(subscription: upstream)
    #expect(catcher.subscription === upstream)
    #expect(subscriber?.receive(1) == .max(2))
    let mirror = Mirror(reflecting: try #require(source.reflected))
    #expect(mirror.children.map { $0.label } == ["file", "line", "prefix"])
    #expect(mirror.children.map { "\($0.value)" } == ["Login.swift", "7", "login"])
  }

  /// Keeps the subscriber it is given, erased, for the test to drive and reflect.
  final class Capturing: Publisher, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Output = Int
    typealias Failure = TestError
    var subscriber: AnySubscriber<Int, TestError>?
    var reflected: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      self.subscriber = AnySubscriber(subscriber)
      reflected = subscriber
    }
  }

  final class SubscriberCatcher: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = Int
    typealias Failure = Never
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Int) -> Subscribers.Demand { .max(2) }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test func passesValuesAndTheFinish() {
    #expect(
      [1, 2].publisher.assertNoFailure().record().events == [.value(1), .value(2), .completion(.finished)])
  }

  @Test func stopsTheProcessOnFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = Fail<Int, TestError>(error: TestError()).assertNoFailure("login").sink { _ in }
    }
  }
}
