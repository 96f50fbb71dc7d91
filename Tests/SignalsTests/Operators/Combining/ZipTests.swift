import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct ZipTests {
  @Test func pairsValuesByPosition() {
    let a = PassthroughSubject<String, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.zip(b) { "\($0)\($1)" }.record()
    a.send("a")
    a.send("b")
    b.send(1)
    a.send("c")
    b.send(2)
    #expect(recorder.values == ["a1", "b2"])
  }

  @Test func finishesWhenAFinishedInputsBufferIsUsedUp() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.zip(b) { $0 + $1 }.record()
    a.send(1)
    a.send(2)
    a.send(completion: .finished)
    #expect(recorder.completion == nil)
    b.send(10)
    #expect(recorder.completion == nil)
    b.send(20)
    #expect(recorder.events == [.value(11), .value(22), .completion(.finished)])
    #expect(b.subscriberCount == 0)
  }

  @Test func finishesAtOnceWhenAnEmptyInputFinishes() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.zip(b) { $0 + $1 }.record()
    b.send(1)
    a.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  @Test func failureGoesAtOnceAndCancelsTheOther() {
    let a = PassthroughSubject<Int, TestError>()
    let b = PassthroughSubject<Int, TestError>()
    let recorder = a.zip(b) { $0 + $1 }.record()
    a.send(1)
    b.send(completion: .failure(TestError(5)))
    #expect(recorder.events == [.completion(.failure(TestError(5)))])
    #expect(a.subscriberCount == 0)
  }

  @Test func threeAndFour() {
    let recorder3 = [1, 2].publisher.zip([10, 20].publisher, [100, 200, 300].publisher).map { $0 + $1 + $2 }
      .record()
    #expect(recorder3.events == [.value(111), .value(222), .completion(.finished)])
    let recorder4 = [1].publisher.zip([2].publisher, [3].publisher, [4].publisher).map { [$0, $1, $2, $3] }
      .record()
    #expect(recorder4.values == [[1, 2, 3, 4]])
  }

  @Test func cancelReleasesBuffers() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { a.zip(b).map { $0 + $1 }.record() }
    a.send(1)
    recorder.cancel()
    b.send(1)
    #expect(recorder.values.isEmpty)
    #expect(a.subscriberCount == 0 && b.subscriberCount == 0)
    #expect(scope.count == 0)
  }
}

@Suite struct WithLatestFromTests {
  @Test func samplesTheOtherOnEachValue() {
    let trigger = PassthroughSubject<String, TestError>()
    let other = PassthroughSubject<Int, TestError>()
    let recorder = trigger.withLatestFrom(other) { "\($0)\($1)" }.record()
    trigger.send("a")
    other.send(1)
    other.send(2)
    trigger.send("b")
    trigger.send("c")
    #expect(recorder.values == ["b2", "c2"])
  }

  @Test func withoutSelectorDeliversTheSampledValue() {
    let recorder = Just(0).withLatestFrom(CurrentValueSubject<String, Never>("now")).record()
    #expect(recorder.events == [.value("now"), .completion(.finished)])
  }

  @Test func finishesWithTheTriggerNotWithTheOther() {
    let trigger = PassthroughSubject<Int, TestError>()
    let other = PassthroughSubject<Int, TestError>()
    let recorder = trigger.withLatestFrom(other).record()
    other.send(1)
    other.send(completion: .finished)
    trigger.send(0)
    #expect(recorder.values == [1])
    #expect(recorder.completion == nil)
    trigger.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  @Test func failureOfTheOtherGoesAtOnce() {
    let trigger = PassthroughSubject<Int, TestError>()
    let other = PassthroughSubject<Int, TestError>()
    let recorder = trigger.withLatestFrom(other).record()
    other.send(completion: .failure(TestError(3)))
    #expect(recorder.failure == TestError(3))
    #expect(trigger.subscriberCount == 0)
  }

  @Test func theSelectorMayReenterTheChain() {
    let trigger = PassthroughSubject<Int, Never>()
    let other = CurrentValueSubject<Int, Never>(1)
    var seen: [Int] = []
    let cancellable = trigger.withLatestFrom(other) { value, latest -> Int in
      if value == 1 { other.send(5) }
      return value * latest
    }.sink { seen.append($0) }
    trigger.send(1)
    trigger.send(2)
    #expect(seen == [1, 10])
    cancellable.cancel()
  }
}
