import Signals
import SignalsTesting
import Synchronization
import Testing

@Suite struct PassthroughSubjectTests {
  @Test func deliversValuesToEverySubscriberInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.record()
    let second = subject.record()
    subject.send(1)
    subject.send(2)
    #expect(first.values == [1, 2])
    #expect(second.values == [1, 2])
  }

  @Test func lateSubscriberSeesOnlyLaterValues() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(1)
    let late = subject.record()
    subject.send(2)
    #expect(late.values == [2])
  }

  @Test func finishesEverySubscriberAndIgnoresLaterSends() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.value(1), .completion(.failure(TestError()))])
    #expect(recorder.eventsAfterCompletion.isEmpty)
    #expect(subject.subscriberCount == 0)
  }

  @Test func subscriberAfterCompletionGetsCompletionAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    let recorder = subject.record()
    #expect(recorder.events == [.completion(.finished)])
    #expect(recorder.subscriptionCount == 1)
  }

  @Test func cancelStopsDeliveryAndDetaches() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    subject.send(1)
    recorder.cancel()
    recorder.cancel()
    subject.send(2)
    #expect(recorder.values == [1])
    #expect(subject.subscriberCount == 0)
  }

  @Test func reentrantSendIsDeliveredAfterTheCurrentValueNotNested() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Guarded<[String]>([])
    let first = subject.sink { value in
      log.withLock { $0.append("a\(value)") }
      if value == 1 { subject.send(2) }
      log.withLock { $0.append("a\(value) end") }
    }
    let second = subject.sink { value in log.withLock { $0.append("b\(value)") } }
    subject.send(1)
    #expect(log.withLock { $0 } == ["a1", "a1 end", "b1", "a2", "a2 end", "b2"])
    _ = (first, second)
  }

  @Test func cancellingAnotherSubscriberFromACallbackStopsItAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let second = Recorder<Int, Never>()
    let first = subject.sink { _ in second.cancel() }
    subject.subscribe(second)
    subject.send(1)
    #expect(second.values.isEmpty)
    _ = first
  }

  /// The send reaches each subscriber without a retain of its own: the list it walks keeps
  /// every subscriber it holds alive until the walk is over, even one that an earlier subscriber
  /// cancels and lets go of meanwhile.
  @Test func aSubscriberReleasedByAnEarlierOneDuringASendLivesUntilTheSendHasPassedIt() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Guarded<[String]>([])
    let second = Guarded<AnyCancellable?>(nil)
    let first = subject.sink { value in
      let taken = second.withLock { $0.take() }
      taken?.cancel()
      withExtendedLifetime(taken) {}
      log.withLock { $0.append("first \(value) returns") }
    }
    // The second sink's closure is the only owner of the witness.
    second.withLock {
      let witness = ReleaseWitness { log.withLock { $0.append("second released") } }
      $0 = subject.sink { value in
        withExtendedLifetime(witness) { log.withLock { $0.append("second \(value)") } }
      }
    }
    subject.send(1)
    #expect(log.withLock { $0 } == ["first 1 returns", "second released"])
    #expect(subject.subscriberCount == 1)
    _ = first
  }

  @Test func subscribingFromACallbackStartsAfterTheCurrentValue() {
    let subject = PassthroughSubject<Int, Never>()
    let inner = Guarded<Recorder<Int, Never>?>(nil)
    let outer = subject.sink { value in
      if value == 1 { inner.withLock { $0 = subject.record() } }
    }
    subject.send(1)
    subject.send(2)
    #expect(inner.withLock { $0?.values } == [2])
    _ = outer
  }

  @Test func completionFromACallbackComesAfterQueuedValues() {
    let subject = PassthroughSubject<Int, Never>()
    let trigger = subject.sink { value in
      if value == 1 {
        subject.send(2)
        subject.send(completion: .finished)
        subject.send(3)
      }
    }
    let recorder = subject.record()
    subject.send(1)
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
    _ = trigger
  }

  @Test func releasesSubscribersWhenCancelledOrCompleted() {
    let subject = PassthroughSubject<Int, Never>()
    let ((), scope) = LiveSubscriptions.track {
      let kept = subject.sink { _ in }
      subject.sink { _ in }.cancel()
      #expect(subject.subscriberCount == 1)
      kept.cancel()
    }
    #expect(scope.totalCreated == 2)
    #expect(scope.count == 0)
    #expect(subject.subscriberCount == 0)
  }

  @Test func manySubscribersCancelledInAnyOrderAllDetach() {
    let subject = PassthroughSubject<Int, Never>()
    var recorders = (0..<1_000).map { _ in subject.record() }
    for index in stride(from: 0, to: 1_000, by: 3) { recorders[index].cancel() }
    subject.send(7)
    #expect(
      recorders.enumerated().allSatisfy {
        $0.offset % 3 == 0 ? $0.element.values.isEmpty : $0.element.values == [7]
      })
    recorders.forEach { $0.cancel() }
    #expect(subject.subscriberCount == 0)
    recorders.removeAll()
  }
}

/// Runs `onRelease` when it is deallocated.
private final class ReleaseWitness: Sendable {
  let onRelease: @Sendable () -> Void
  init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
  deinit { onRelease() }
}
