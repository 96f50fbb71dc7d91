import Signals
import SignalsTesting
import Testing

@Suite struct TryMapTests {
  @Test func transformsUntilTheClosureThrowsThenFailsAndCancels() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.tryMap { value -> Int in
      if value == 3 { throw TestError(3) }
      return value * 2
    }.record()
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(4)
    #expect(recorder.values == [2, 4])
    #expect(recorder.failure as? TestError == TestError(3))
    #expect(subject.subscriberCount == 0)
  }

  @Test func upstreamFailureIsWidened() {
    let recorder = Fail<Int, TestError>(error: TestError(9)).tryMap { $0 }.record()
    #expect(recorder.failure as? TestError == TestError(9))
  }
}

@Suite struct CompactMapTests {
  @Test func dropsNils() {
    let recorder = ["1", "x", "3"].publisher.compactMap { Int($0) }.record()
    #expect(recorder.events == [.value(1), .value(3), .completion(.finished)])
  }

  @Test func tryCompactMapFailsOnThrow() {
    let recorder = [1, 2, 3].publisher.tryCompactMap { value -> Int? in
      if value == 2 { throw TestError(2) }
      return value
    }.record()
    #expect(recorder.values == [1])
    #expect(recorder.failure as? TestError == TestError(2))
  }

  @Test func replaceNilFillsTheGaps() {
    #expect([1, nil, 3].publisher.replaceNil(with: 0).record().values == [1, 0, 3])
  }
}

@Suite struct ScanTests {
  @Test func deliversRunningTotals() {
    let totals: [Int] = [1, 2, 3].publisher.scan(0) { $0 + $1 }.record().values
    #expect(totals == [1, 3, 6])
  }

  @Test func eachSubscriberStartsFromTheInitialResult() {
    let subject = PassthroughSubject<Int, Never>()
    let scanned = subject.scan(0) { $0 + $1 }
    let early = scanned.record()
    subject.send(5)
    let late = scanned.record()
    subject.send(1)
    #expect(early.values == [5, 6])
    #expect(late.values == [1])
  }

  @Test func tryScanFailsOnThrow() {
    let recorder = [1, 2, 3].publisher.tryScan(0) { total, value in
      if value == 3 { throw TestError(3) }
      return total + value
    }.record()
    #expect(recorder.values == [1, 3])
    #expect(recorder.failure as? TestError == TestError(3))
  }
}

@Suite struct ReduceTests {
  @Test func deliversTheTotalOnFinish() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.reduce(0) { $0 + $1 }.record()
    subject.send(1)
    subject.send(2)
    #expect(recorder.events.isEmpty)
    subject.send(completion: .finished)
    #expect(recorder.events == [.value(3), .completion(.finished)])
  }

  @Test func anEmptyUpstreamGivesTheInitialResult() {
    let result: [Int] = Empty<Int, Never>().reduce(10) { $0 + $1 }.record().values
    #expect(result == [10])
  }

  @Test func failureDropsThePartialResult() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.reduce(0) { $0 + $1 }.record()
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.completion(.failure(TestError()))])
  }

  @Test func tryReduceFailsOnThrowAndCancels() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.tryReduce(0) { _, _ in throw TestError(4) }.record()
    subject.send(1)
    #expect(recorder.failure as? TestError == TestError(4))
    #expect(subject.subscriberCount == 0)
  }
}

@Suite struct CollectTests {
  @Test func collectsEverythingOnFinish() {
    #expect([1, 2, 3].publisher.collect().record().events == [.value([1, 2, 3]), .completion(.finished)])
    #expect(Empty<Int, Never>().collect().record().values == [[]])
  }

  @Test func collectsByCountAndFlushesTheRest() {
    let recorder = [1, 2, 3, 4, 5].publisher.collect(2).record()
    #expect(recorder.values == [[1, 2], [3, 4], [5]])
    #expect(recorder.isFinished)
  }

  @Test func aCountBelowOneIsTreatedAsOne() {
    #expect([1, 2].publisher.collect(0).record().values == [[1], [2]])
    #expect([1, 2].publisher.collect(-3).record().values == [[1], [2]])
  }

  @Test func failureDropsThePartialArray() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.collect(2).record()
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.completion(.failure(TestError()))])
  }
}
