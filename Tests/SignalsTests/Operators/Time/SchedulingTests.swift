import Dispatch
import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct ReceiveOnTests {
  @Test func deliversOnTheSchedulerInOrder() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.receive(on: scheduler).record(on: scheduler)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events.isEmpty)
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.value(1), .value(2), .completion(.failure(TestError()))])
  }

  @Test func cancelDropsWhatIsQueued() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { subject.receive(on: scheduler).record() }
    subject.send(1)
    recorder.cancel()
    scheduler.run()
    #expect(recorder.events.isEmpty)
    #expect(scope.count == 0)
  }

  @Test func movesValuesOntoADispatchQueue() async {
    let queue = DispatchQueue(label: "signals.test.receive-on")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let subject = PassthroughSubject<Int, Never>()
    let holder = CancellableHolder()
    let onQueue = await withCheckedContinuation { continuation in
      var marks: [Int?] = []
      holder.cancellable = subject.receive(on: queue).sink(
        receiveCompletion: { _ in continuation.resume(returning: marks) },
        receiveValue: { _ in marks.append(DispatchQueue.getSpecific(key: key)) })
      for value in 0..<100 { subject.send(value) }
      subject.send(completion: .finished)
    }
    #expect(onQueue.count == 100)
    #expect(onQueue.allSatisfy { $0 == 7 })
  }

  @Test @MainActor func mainSchedulerSinkRunsOnTheMainActor() async {
    let subject = PassthroughSubject<Int, Never>()
    let values = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
      var seen: [Int] = []
      var cancellable: AnyCancellable?
      cancellable = subject.receive(on: MainScheduler.shared).sink { (value: Int) in
        MainActor.assertIsolated()
        seen.append(value)
        if value == 3 {
          continuation.resume(returning: seen)
          cancellable?.cancel()
        }
      }
      DispatchQueue.global().async {
        for value in 1...3 { subject.send(value) }
      }
    }
    #expect(values == [1, 2, 3])
  }
}

/// Keeps a subscription alive across an `await`.
final class CancellableHolder: @unchecked Sendable {  // @unchecked: set before the await, read after
  var cancellable: AnyCancellable?
}

@Suite struct SubscribeOnTests {
  @Test func subscribesWhenTheSchedulerRuns() {
    let scheduler = TestScheduler()
    var subscribed = false
    let source = Deferred { () -> Just<Int> in
      subscribed = true
      return Just(1)
    }
    let recorder = source.subscribe(on: scheduler).record()
    #expect(!subscribed)
    #expect(recorder.subscriptionCount == 1)
    scheduler.advance(by: .zero)
    #expect(subscribed)
    #expect(recorder.events == [.value(1), .completion(.finished)])
  }

  @Test func cancelBeforeTheSchedulerRunsKeepsTheSubscriptionFromHappening() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.subscribe(on: scheduler).record()
    recorder.cancel()
    scheduler.run()
    #expect(subject.subscriberCount == 0)
  }
}

@Suite struct TimerTests {
  @Test func ticksEveryIntervalUntilCancelled() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timer(every: .seconds(1)).prefix(3).record(on: scheduler)
    scheduler.advance(by: .seconds(10))
    #expect(
      recorder.timeline == ["1000ms value(1s)", "2000ms value(2s)", "3000ms value(3s)", "3000ms finished"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aZeroIntervalIsRaisedToTheMinimum() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timer(every: .zero).prefix(2).record(on: scheduler)
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values.map(\.nanoseconds) == [1, 2])
  }

  @Test func cancelReleasesTheTimer() {
    let scheduler = TestScheduler()
    let (recorder, scope) = LiveSubscriptions.track { scheduler.timer(every: .seconds(1)).record() }
    scheduler.advance(by: .seconds(2))
    recorder.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values.count == 2)
    #expect(scheduler.pendingCount == 0)
    #expect(scope.count == 0)
  }
}
