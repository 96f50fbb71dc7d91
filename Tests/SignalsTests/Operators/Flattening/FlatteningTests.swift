import Signals
import SignalsTesting
import Testing

@Suite struct FlatMapTests {
  @Test func deliversEveryInnerValueAsItComes() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inners = [PassthroughSubject<String, TestError>(), PassthroughSubject<String, TestError>()]
    let recorder = upstream.flatMap { inners[$0] }.record()
    upstream.send(0)
    inners[0].send("a")
    upstream.send(1)
    inners[1].send("b")
    inners[0].send("c")
    #expect(recorder.values == ["a", "b", "c"])
  }

  @Test func finishesWhenUpstreamAndEveryInnerFinished() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    let recorder = upstream.flatMap { _ in inner }.record()
    upstream.send(0)
    upstream.send(completion: .finished)
    #expect(recorder.completion == nil)
    inner.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  @Test func maxPublishersRequestsThatManyAndASubjectDropsWhatComesAtCapacity() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inners = (0..<3).map { _ in PassthroughSubject<Int, TestError>() }
    var started: [Int] = []
    let recorder = upstream.flatMap(maxPublishers: .max(1)) { index -> PassthroughSubject<Int, TestError> in
      started.append(index)
      return inners[index]
    }.record()
    for index in 0..<3 { upstream.send(index) }
    #expect(started == [0])
    inners[0].send(completion: .finished)
    #expect(started == [0])
    upstream.send(1)
    #expect(started == [0, 1])
    inners[1].send(10)
    upstream.send(completion: .finished)
    #expect(recorder.completion == nil)
    inners[1].send(completion: .finished)
    #expect(recorder.events == [.value(10), .completion(.finished)])
  }

  @Test func theTapGuardIgnoresTapsWhileASubmissionRuns() {
    let taps = PassthroughSubject<Void, Never>()
    let answers = PassthroughSubject<String, Never>()
    var submissions = 0
    let recorder = taps.flatMap(maxPublishers: .max(1)) { _ -> PassthroughSubject<String, Never> in
      submissions += 1
      return answers
    }.record()
    taps.send()
    taps.send()
    taps.send()
    #expect(submissions == 1)
    answers.send("done")
    answers.send(completion: .finished)
    taps.send()
    #expect(submissions == 2)
    #expect(recorder.values == ["done"])
  }

  /// Combine's: the other inner publishers are cancelled, the upstream stays subscribed until it
  /// completes (what it sends then starts nothing).
  @Test func anInnerFailureCancelsTheOtherInnersAndLeavesTheUpstreamSubscribed() {
    let upstream = PassthroughSubject<Int, TestError>()
    let inners = (0..<2).map { _ in PassthroughSubject<Int, TestError>() }
    let recorder = upstream.flatMap { inners[$0] }.record()
    upstream.send(0)
    upstream.send(1)
    inners[1].send(completion: .failure(TestError(9)))
    #expect(recorder.failure == TestError(9))
    #expect(inners[0].subscriberCount == 0)
    #expect(upstream.subscriberCount == 1)
    upstream.send(0)
    #expect(inners[0].subscriberCount == 0)
    upstream.send(completion: .finished)
    #expect(upstream.subscriberCount == 0)
  }

  /// Combine's: the upstream is asked for `maxPublishers` as given, so `.none` asks it for
  /// nothing and no inner publisher starts (no trap).
  @Test func aLimitOfNoneStartsNoInnerPublisher() {
    let recorder = [1, 2].publisher.flatMap(maxPublishers: .none) { Just($0 * 10) }.record()
    #expect(recorder.events.isEmpty)
  }

  @Test func cancelReachesEveryInner() {
    let upstream = PassthroughSubject<Int, Never>()
    let inner = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { upstream.flatMap { _ in inner }.record() }
    upstream.send(0)
    upstream.send(1)
    #expect(inner.subscriberCount == 2)
    recorder.cancel()
    #expect(inner.subscriberCount == 0 && upstream.subscriberCount == 0)
    #expect(scope.count == 0)
  }
}

@Suite struct SwitchToLatestTests {
  @Test func followsOnlyTheNewestInner() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let first = PassthroughSubject<Int, TestError>()
    let second = PassthroughSubject<Int, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(first)
    first.send(1)
    upstream.send(second)
    first.send(2)
    second.send(3)
    #expect(recorder.values == [1, 3])
    #expect(first.subscriberCount == 0)
  }

  @Test func finishesWhenOuterAndCurrentInnerFinished() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)
    upstream.send(completion: .finished)
    #expect(recorder.completion == nil)
    inner.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  @Test func aReplacedInnersCompletionIsIgnored() {
    let upstream = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
    let recorder = upstream.switchToLatest().record()
    let first = PassthroughSubject<Int, TestError>()
    upstream.send(first.eraseToAnyPublisher())
    upstream.send(Empty(completeImmediately: false).eraseToAnyPublisher())
    first.send(completion: .failure(TestError()))
    #expect(recorder.completion == nil)
  }

  @Test func anInnerFailureGoesAtOnceAndCancelsTheOuter() {
    let upstream = PassthroughSubject<Fail<Int, TestError>, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(Fail(error: TestError(4)))
    #expect(recorder.failure == TestError(4))
    #expect(upstream.subscriberCount == 0)
  }

  @Test func searchAsYouTypeDropsStaleResults() {
    let scheduler = TestScheduler()
    let query = PassthroughSubject<String, Never>()
    let recorder = query.map { text in
      Just("results for \(text)").delay(for: .milliseconds(100), scheduler: scheduler)
    }.switchToLatest().record(on: scheduler)
    query.send("s")
    scheduler.advance(by: .milliseconds(50))
    query.send("sw")
    scheduler.advance(by: .milliseconds(200))
    #expect(recorder.timeline == ["150ms value(results for sw)"])
  }

  @Test func justInnersDeliverTheirValuesAndTheOuterFinishEndsIt() {
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = upstream.map { Just($0) }.switchToLatest().record()
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1, 2])
    #expect(recorder.completion == nil)
    upstream.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  /// A `Just` inner answers the subscriber's outstanding demand at once; one that finds none
  /// waits for a request, and a newer inner replaces it, as any inner publisher.
  @Test func aJustInnerWaitsForDemandAndANewerOneReplacesIt() {
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = upstream.map { Just($0) }.switchToLatest().record(demand: .max(1))
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1])
    upstream.send(3)
    recorder.request(.max(1))
    #expect(recorder.values == [1, 3])
    upstream.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  @Test func theOuterFinishWaitsForAJustInnerThatWaitsForDemand() {
    let upstream = PassthroughSubject<Int, Never>()
    let recorder = upstream.map { Just($0) }.switchToLatest().record(demand: .none)
    upstream.send(7)
    upstream.send(completion: .finished)
    #expect(recorder.events.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.values == [7])
    #expect(recorder.isFinished)
  }

  /// Under an upstream that does not serialize its calls (it calls the switch from inside a
  /// delivery), a `Just` that arrives while a value is being delivered goes out after it
  /// returns, never inside it: the switch's one-lock-round path for a `Just` is taken only when
  /// nothing is being delivered.
  @Test func aJustArrivingDuringADeliveryGoesOutAfterIt() {
    let upstream = DirectPublisher<Just<Int>>()
    var log: [String] = []
    let cancellable = upstream.switchToLatest().sink { value in
      log.append("begin \(value)")
      if value == 1 { upstream.send(Just(2)) }
      log.append("end \(value)")
    }
    upstream.send(Just(1))
    #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
    cancellable.cancel()
  }

  @Test func cancelReleasesOuterAndInner() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inner = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { upstream.switchToLatest().record() }
    upstream.send(inner)
    recorder.cancel()
    #expect(inner.subscriberCount == 0 && upstream.subscriberCount == 0)
    #expect(scope.count == 0)
  }
}

/// A publisher that calls its one subscriber directly from `send`, without serializing: a
/// subscriber that sends from inside a delivery calls the operator re-entrantly.
final class DirectPublisher<Output>: Publisher {
  typealias Failure = Never
  var subscriber: AnySubscriber<Output, Never>?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    self.subscriber = AnySubscriber(subscriber)
    subscriber.receive(subscription: Subscriptions.empty)
  }

  func send(_ value: Output) { _ = subscriber?.receive(value) }
}
