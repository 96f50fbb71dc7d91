import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct CombineLatestTests {
  @Test func emitsPairsOnceBothHaveAValue() {
    let letters = PassthroughSubject<String, TestError>()
    let numbers = PassthroughSubject<Int, TestError>()
    let recorder = letters.combineLatest(numbers) { "\($0)\($1)" }.record()
    letters.send("a")
    numbers.send(1)
    letters.send("b")
    numbers.send(2)
    #expect(recorder.values == ["a1", "b1", "b2"])
  }

  @Test func finishesOnlyWhenBothFinished() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.combineLatest(b).map { $0 + $1 }.record()
    a.send(1)
    b.send(10)
    a.send(completion: .finished)
    b.send(20)
    #expect(recorder.completion == nil)
    b.send(completion: .finished)
    #expect(recorder.events == [.value(11), .value(21), .completion(.finished)])
  }

  @Test func finishesAtOnceWhenAnInputFinishesEmpty() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.combineLatest(b).map { $0 + $1 }.record()
    b.send(1)
    a.send(completion: .finished)
    #expect(recorder.isFinished)
    #expect(b.subscriberCount == 0)
  }

  @Test func failureGoesAtOnceAndCancelsTheOther() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.combineLatest(b).map { $0 + $1 }.record()
    a.send(1)
    b.send(completion: .failure(TestError(2)))
    #expect(recorder.failure == TestError(2))
    #expect(a.subscriberCount == 0)
  }

  @Test func cancelDetachesBothAndReleases() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { a.combineLatest(b).map { $0 + $1 }.record() }
    recorder.cancel()
    a.send(1)
    b.send(2)
    #expect(recorder.values.isEmpty)
    #expect(a.subscriberCount == 0 && b.subscriberCount == 0)
    #expect(scope.count == 0)
  }

  @Test func reentrantSendFromTheSubscriberIsDeliveredInOrder() {
    let a = PassthroughSubject<Int, Never>()
    let b = CurrentValueSubject<Int, Never>(0)
    var seen: [Int] = []
    let cancellable = a.combineLatest(b).sink { first, second in
      seen.append(first * 10 + second)
      if second == 0 { b.send(first) }
    }
    a.send(1)
    #expect(seen == [10, 11])
    cancellable.cancel()
  }

  @Test func threeAndFourInputs() {
    let a = CurrentValueSubject<Int, Never>(1)
    let b = CurrentValueSubject<Int, Never>(2)
    let c = CurrentValueSubject<Int, Never>(3)
    let d = PassthroughSubject<Int, Never>()
    let three = a.combineLatest(b, c) { $0 + $1 + $2 }.record()
    let four = a.combineLatest(b, c, d) { $0 * 1000 + $1 * 100 + $2 * 10 + $3 }.record()
    d.send(4)
    c.send(5)
    #expect(three.values == [6, 8])
    #expect(four.values == [1234, 1254])
  }

  @Test func overACollection() {
    let subjects = (0..<3).map { CurrentValueSubject<Int, Never>($0) }
    let recorder = subjects.combineLatest().record()
    subjects[1].send(7)
    #expect(recorder.values == [[0, 1, 2], [0, 7, 2]])
    #expect(([] as [Just<Int>]).combineLatest().record().events == [.completion(.finished)])
  }
}

@Suite struct MergeTests {
  @Test func interleavesValuesAsTheyCome() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.merge(with: b).record()
    a.send(1)
    b.send(2)
    a.send(3)
    a.send(completion: .finished)
    b.send(4)
    b.send(completion: .finished)
    #expect(recorder.events == [.value(1), .value(2), .value(3), .value(4), .completion(.finished)])
  }

  @Test func failureGoesAtOnceAndCancelsTheOthers() {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, TestError>() }
    let recorder = subjects[0].merge(with: subjects[1], subjects[2], subjects[3]).record()
    subjects[2].send(completion: .failure(TestError(1)))
    #expect(recorder.failure == TestError(1))
    #expect(subjects.allSatisfy { $0.subscriberCount == 0 })
  }

  @Test func cancelDetachesAll() {
    let subjects = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let (recorder, scope) = LiveSubscriptions.track {
      subjects[0].merge(
        with: subjects[1], subjects[2], subjects[3], subjects[4], subjects[5], subjects[6], subjects[7]
      ).record()
    }
    subjects[7].send(7)
    recorder.cancel()
    subjects[3].send(3)
    #expect(recorder.values == [7])
    #expect(subjects.allSatisfy { $0.subscriberCount == 0 })
    #expect(scope.count == 0)
  }

  @Test func everyArityDeliversFromEachInputAndFinishesWithTheLast() {
    let subjects = (0..<7).map { _ in PassthroughSubject<Int, Never>() }
    let s = subjects
    let merged: [AnyPublisher<Int, Never>] = [
      s[0].merge(with: s[1]).eraseToAnyPublisher(),
      s[0].merge(with: s[1], s[2]).eraseToAnyPublisher(),
      s[0].merge(with: s[1], s[2], s[3]).eraseToAnyPublisher(),
      s[0].merge(with: s[1], s[2], s[3], s[4]).eraseToAnyPublisher(),
      s[0].merge(with: s[1], s[2], s[3], s[4], s[5]).eraseToAnyPublisher(),
      s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6]).eraseToAnyPublisher(),
    ]
    let recorders = merged.map { $0.record() }
    for (index, subject) in subjects.enumerated().reversed() { subject.send(index) }
    for subject in subjects { subject.send(completion: .finished) }
    for (others, recorder) in zip(1..., recorders) {
      let expected: [Int] = Array((0...others).reversed())
      #expect(recorder.values == expected, "merge with \(others) others")
      #expect(recorder.isFinished, "merge with \(others) others")
    }
  }

  @Test func collectionMergeOfNothingFinishesAtOnce() {
    #expect(([] as [Empty<Int, Never>]).merge().record().isFinished)
    let values = [Just(1), Just(2)].merge().record()
    #expect(values.events == [.value(1), .value(2), .completion(.finished)])
  }
}
