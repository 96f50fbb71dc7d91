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
}

@Suite struct AssertNoFailureTests {
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
