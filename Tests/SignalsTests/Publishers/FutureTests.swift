import Signals
import SignalsTesting
import Testing

@Suite struct FutureTests {
  @Test func deliversTheResultToEarlyAndLateSubscribers() {
    var fulfil: Future<Int, TestError>.Promise?
    var runs = 0
    let future = Future<Int, TestError> { promise in
      runs += 1
      fulfil = promise
    }
    let early = future.record()
    fulfil?(.success(7))
    fulfil?(.success(8))
    let late = future.record()
    #expect(runs == 1)
    #expect(early.events == [.value(7), .completion(.finished)])
    #expect(late.events == [.value(7), .completion(.finished)])
  }

  @Test func deliversAFailure() {
    let future = Future<Int, TestError> { $0(.failure(TestError(2))) }
    #expect(future.record().events == [.completion(.failure(TestError(2)))])
  }

  @Test func aCancelledSubscriberGetsNothing() {
    var fulfil: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { fulfil = $0 }
    let recorder = future.record()
    recorder.cancel()
    fulfil?(.success(1))
    #expect(recorder.events.isEmpty)
  }

  @Test func fromAnAsyncOperation() async throws {
    let future = Future<Int, Never> {
      await Task.yield(); return 42
    }
    var received: [Int] = []
    for await value in future.values { received.append(value) }
    #expect(received == [42])

    let failing = Future<Int, any Error> { throw TestError(3) }
    await #expect(throws: TestError(3)) {
      for try await _ in failing.values {}
    }
  }
}
