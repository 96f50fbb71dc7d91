import Signals
import Testing

/// What a pipeline lets go of at its end (issue 41, found by the Differential run against
/// OpenCombine): DESIGN's "cancelling releases everything the subscription held" and "a sink
/// drops its closures at completion and at cancel", also under an upstream that keeps its
/// subscriber after the end, and with no retain cycle left behind by a failure during
/// subscribing.
@Suite struct LifetimeAfterEndTests {
  /// An object captured by a closure; `released` turns true when the closure lets go of it.
  final class Tracked {
    let flag: Flag
    init(_ flag: Flag) { self.flag = flag }
    func use() {}
    deinit { flag.released = true }
  }

  /// Whether the tracked object is gone.
  final class Flag {
    var released = false
  }

  /// A publisher written by hand that breaks the Subscriber protocol the way a publisher that
  /// ignores cancel does: it keeps every subscriber it is given, for as long as it lives, and
  /// sends what it is told, after a cancel too.
  final class HoldingPublisher: Publisher {
    typealias Output = Int
    typealias Failure = TestError

    final class Token: Subscription {
      func request(_ demand: Subscribers.Demand) {}
      func cancel() {}
    }

    var subscribers: [AnySubscriber<Int, TestError>] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      let held = AnySubscriber(subscriber)
      subscribers.append(held)
      held.receive(subscription: Token())
    }

    func send(_ value: Int) { for subscriber in subscribers { _ = subscriber.receive(value) } }
    func send(completion: Subscribers.Completion<TestError>) {
      for subscriber in subscribers { subscriber.receive(completion: completion) }
    }
  }

  // MARK: - zip

  // MARK: - sink

  // MARK: - retry

  @Test func retryLetsGoOfAFinishedAttemptWhileItsSubscriberKeepsTheSubscription() {
    // A subject, not `Just`: `Just(5).map(f)` runs `f` at once and keeps no closure.
    let source = PassthroughSubject<Int, TestError>()
    let other = PassthroughSubject<Int, TestError>()
    let flag = Flag()
    var values: [Int] = []
    let cancellable: AnyCancellable
    do {
      let tracked = Tracked(flag)
      cancellable =
        source
        .map { [tracked] in
          tracked.use()
          return $0
        }
        .retry(0)
        .zip(other)
        .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0.0 * 10 + $0.1) })
    }
    source.send(5)
    source.send(completion: .finished)
    // The attempt has finished; `zip` still holds retry's subscription, its other input live.
    #expect(flag.released)
    other.send(1)
    #expect(values == [51])
    cancellable.cancel()
  }

  @Test func retryLetsGoOfItsSubscriberAtCancelUnderAnUpstreamThatHoldsIt() {
    let upstream = HoldingPublisher()
    let flag = Flag()
    var values: [Int] = []
    let cancellable: AnyCancellable
    do {
      let tracked = Tracked(flag)
      cancellable = upstream.retry(0)
        .compactMap { [tracked] value -> Int? in
          tracked.use()
          return value
        }
        .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    }
    upstream.send(1)
    cancellable.cancel()
    #expect(values == [1])
    #expect(flag.released)
  }

  // MARK: - append

  @Test func appendLetsGoOfItsSecondPublisherAtCancelUnderAFirstThatHoldsIt() {
    let upstream = HoldingPublisher()
    let flag = Flag()
    var values: [Int] = []
    let cancellable: AnyCancellable
    do {
      let tracked = Tracked(flag)
      // A subject, not `Just`: `Just(9).map(f)` runs `f` at once and keeps no closure.
      let second = PassthroughSubject<Int, TestError>().map { [tracked] value -> Int in
        tracked.use()
        return value
      }
      cancellable = upstream.append(second)
        .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    }
    upstream.send(1)
    cancellable.cancel()
    #expect(values == [1])
    #expect(flag.released)
  }

  @Test func appendStillSubscribesItsSecondPublisherWhenTheFirstFinishes() {
    let first = PassthroughSubject<Int, TestError>()
    var values: [Int] = []
    let cancellable = first.append(7, 8).sink(
      receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    first.send(1)
    first.send(completion: .finished)
    #expect(values == [1, 7, 8])
    cancellable.cancel()
  }
}
