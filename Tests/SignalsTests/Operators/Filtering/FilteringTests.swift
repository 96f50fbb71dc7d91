import Signals
import SignalsTesting
import Testing

@Suite struct TryFilterTests {
  @Test func filtersUntilThePredicateThrows() {
    let recorder = [1, 2, 3, 4].publisher.tryFilter { value in
      if value == 3 { throw TestError(3) }
      return value.isMultiple(of: 2)
    }.record()
    #expect(recorder.values == [2])
    #expect(recorder.failure as? TestError == TestError(3))
  }
}

@Suite struct RemoveDuplicatesTests {
  @Test func dropsRepeatsOfThePreviousValueOnly() {
    #expect([1, 1, 2, 2, 1].publisher.removeDuplicates().record().values == [1, 2, 1])
  }

  @Test func byPredicateComparesWithTheLastDelivered() {
    let recorder = [1, 2, 4, 5, 9].publisher.removeDuplicates { abs($0 - $1) < 2 }.record()
    #expect(recorder.values == [1, 4, 9])
  }

  @Test func tryRemoveDuplicatesFailsOnThrow() {
    let recorder = [1, 2].publisher.tryRemoveDuplicates { _, _ in throw TestError(5) }.record()
    #expect(recorder.values == [1])
    #expect(recorder.failure as? TestError == TestError(5))
  }
}

@Suite struct PrefixTests {
  @Test func finishesRightAfterTheNthValueAndCancelsUpstream() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.prefix(2).record()
    subject.send(1)
    #expect(subject.subscriberCount == 1)
    subject.send(2)
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
    #expect(subject.subscriberCount == 0)
  }

  @Test func prefixZeroFinishesWithoutSubscribing() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.prefix(0).record()
    #expect(recorder.events == [.completion(.finished)])
    #expect(subject.subscriberCount == 0)
  }

  @Test func aNegativeCountIsTreatedAsZero() {
    let subject = PassthroughSubject<Int, TestError>()
    #expect(subject.prefix(-1).record().isFinished)
    #expect(subject.subscriberCount == 0)
  }

  @Test func aFailureBeforeTheCountIsForwarded() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.prefix(3).record()
    subject.send(completion: .failure(TestError()))
    #expect(recorder.failure == TestError())
  }

  @Test func reentrantSendFromTheLastValueIsNotDelivered() {
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    let cancellable = subject.prefix(2).sink { value in
      seen.append(value)
      subject.send(value + 10)
    }
    subject.send(1)
    #expect(seen == [1, 11])
    cancellable.cancel()
  }

  @Test func prefixWhileStopsAtTheFirstRejectedValue() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.prefix { $0 < 3 }.record()
    for value in [1, 2, 5, 1] { subject.send(value) }
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
    #expect(subject.subscriberCount == 0)
  }

  @Test func tryPrefixWhileFailsOnThrow() {
    let recorder = [1, 2].publisher.tryPrefix { value in
      if value == 2 { throw TestError(2) }
      return true
    }.record()
    #expect(recorder.values == [1])
    #expect(recorder.failure as? TestError == TestError(2))
  }
}

@Suite struct DropTests {
  @Test func dropFirstSkipsTheFirstN() {
    #expect([1, 2, 3].publisher.dropFirst().record().values == [2, 3])
    #expect([1, 2, 3].publisher.dropFirst(2).record().values == [3])
    #expect([1, 2, 3].publisher.dropFirst(-1).record().values == [1, 2, 3])
  }

  @Test func dropWhileDeliversEverythingFromTheFirstRejectedValue() {
    #expect([1, 5, 2].publisher.drop { $0 < 3 }.record().values == [5, 2])
  }

  @Test func tryDropWhileFailsOnThrow() {
    let recorder = [1, 2].publisher.tryDrop { _ in throw TestError(7) }.record()
    #expect(recorder.values.isEmpty)
    #expect(recorder.failure as? TestError == TestError(7))
  }
}

@Suite struct FirstAndLastTests {
  @Test func firstFinishesAfterOneValueAndCancelsUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.first().record()
    subject.send(4)
    #expect(recorder.events == [.value(4), .completion(.finished)])
    #expect(subject.subscriberCount == 0)
  }

  @Test func firstOfNothingFinishesEmpty() {
    #expect(Empty<Int, Never>().first().record().events == [.completion(.finished)])
  }

  @Test func firstWhereFindsTheMatch() {
    #expect([1, 4, 6].publisher.first { $0.isMultiple(of: 2) }.record().values == [4])
    let recorder = [1, 2].publisher.tryFirst { _ in throw TestError(1) }.record()
    #expect(recorder.failure as? TestError == TestError(1))
  }

  @Test func lastWaitsForTheFinish() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.last().record()
    subject.send(1)
    subject.send(2)
    #expect(recorder.events.isEmpty)
    subject.send(completion: .finished)
    #expect(recorder.events == [.value(2), .completion(.finished)])
    #expect([1, 2, 3].publisher.last { $0 < 3 }.record().values == [2])
  }

  @Test func lastDropsItsValueOnFailure() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.last().record()
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.completion(.failure(TestError()))])
  }

  @Test func ignoreOutputPassesOnlyTheCompletion() {
    #expect([1, 2].publisher.ignoreOutput().record().events == [.completion(.finished)])
  }

  @Test func replaceEmptyOnlyWhenNothingCame() {
    #expect(Empty<Int, Never>().replaceEmpty(with: 0).record().events == [.value(0), .completion(.finished)])
    #expect([5].publisher.replaceEmpty(with: 0).record().values == [5])
    let failing = Fail<Int, TestError>(error: TestError()).replaceEmpty(with: 0).record()
    #expect(failing.events == [.completion(.failure(TestError()))])
  }
}
