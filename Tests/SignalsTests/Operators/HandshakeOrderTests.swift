import Signals
import SignalsTesting
import Testing

/// Combine's order of events for the subscription handshake: an operator subscribes upstream
/// first, and its own subscription reaches the subscriber after the upstream's reached it. A
/// `handleEvents` on each side of the operator sees it.
@Suite struct HandshakeOrderTests {
  /// The subscription events seen before and after `apply`, in order.
  static func order(
    _ apply: (AnyPublisher<Int, TestError>, TestScheduler) -> AnyPublisher<Int, TestError>
  ) -> [String] {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    var log: [String] = []
    let before = subject.handleEvents(receiveSubscription: { _ in log.append("upstream") })
      .eraseToAnyPublisher()
    let cancellable = apply(before, scheduler)
      .handleEvents(receiveSubscription: { _ in log.append("downstream") })
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    cancellable.cancel()
    return log
  }

  static let operators:
    [(String, @Sendable (AnyPublisher<Int, TestError>, TestScheduler) -> AnyPublisher<Int, TestError>)] = [
      ("append", { upstream, _ in upstream.append(1).eraseToAnyPublisher() }),
      ("prepend", { upstream, _ in upstream.prepend(0).eraseToAnyPublisher() }),
      (
        "catch",
        { upstream, _ in
          upstream.catch { _ in Just(0).setFailureType(to: TestError.self) }.eraseToAnyPublisher()
        }
      ),
      ("retry", { upstream, _ in upstream.retry(1).eraseToAnyPublisher() }),
      (
        "delay", { upstream, scheduler in upstream.delay(for: 1, scheduler: scheduler).eraseToAnyPublisher() }
      ),
      (
        "debounce",
        { upstream, scheduler in upstream.debounce(for: 1, scheduler: scheduler).eraseToAnyPublisher() }
      ),
      ("timeout", { upstream, scheduler in upstream.timeout(1, scheduler: scheduler).eraseToAnyPublisher() }),
      ("zip", { upstream, _ in upstream.zip(upstream).map { $0 + $1 }.eraseToAnyPublisher() }),
    ]

  @Test(arguments: 0..<operators.count)
  func theUpstreamSubscribesBeforeTheSubscriberHearsOfIt(_ index: Int) {
    let (name, apply) = Self.operators[index]
    let log = Self.order(apply)
    // zip subscribes both inputs first; prepend subscribes its values first (so the subscriber
    // hears of it before `upstream`, subscribed once the values are out, as in Combine).
    let expected =
      switch name {
      case "zip": ["upstream", "upstream", "downstream"]
      case "prepend": ["downstream", "upstream"]
      default: ["upstream", "downstream"]
      }
    #expect(log == expected, "\(name): \(log)")
  }

  /// The subscriber has the subscription before the upstream is asked for anything (Combine's
  /// `subscription.request(.unlimited)` after `downstream.receive(subscription:)`), so the values
  /// of a synchronous upstream find its demand: `debounce` and `throttle` drop none for want of
  /// it (the differential run's seeds 11 and 66 showed them dropped). `throttle` delivers
  /// through its scheduler as Combine's does, so values that arrive before its first delivery
  /// runs are throttled like an interval's: with `latest: true` the last one goes.
  @Test func debounceAndThrottleAskUpstreamOnlyOnceTheSubscriberHasTheSubscription() {
    let scheduler = TestScheduler()
    let debounced = [1].publisher.setFailureType(to: TestError.self)
      .debounce(for: .milliseconds(1), scheduler: scheduler).record(on: scheduler)
    let throttled = [1, 2].publisher.setFailureType(to: TestError.self)
      .throttle(for: .milliseconds(5), scheduler: scheduler, latest: true).record(on: scheduler)
    scheduler.run()
    #expect(debounced.values == [1])
    #expect(throttled.values == [2])
    #expect(debounced.completion != nil)
    #expect(throttled.completion != nil)
  }

  @Test func timeoutDeliversValuesThroughItsScheduler() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let cancellable = subject.handleEvents(
      receiveOutput: { log.append("upstream \($0)") }, receiveCompletion: { _ in log.append("upstream end") }
    )
    .timeout(10, scheduler: scheduler)
    .sink(receiveCompletion: { _ in log.append("end") }, receiveValue: { log.append("value \($0)") })
    subject.send(1)
    subject.send(completion: .finished)
    #expect(log == ["upstream 1", "upstream end"])
    scheduler.advance()
    #expect(log == ["upstream 1", "upstream end", "value 1", "end"])
    cancellable.cancel()
  }

  @Test func switchToLatestCancelsTheUpstreamBeforeAnInnerFailure() {
    let outer = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    var log: [String] = []
    let cancellable = outer.handleEvents(receiveCancel: { log.append("outer cancelled") })
      .switchToLatest()
      .sink(receiveCompletion: { _ in log.append("failure") }, receiveValue: { _ in })
    outer.send(inner)
    inner.send(completion: .failure(TestError()))
    #expect(log == ["outer cancelled", "failure"])
    cancellable.cancel()
  }

  @Test func switchToLatestCancelsTheInnerPublisherBeforeAnUpstreamFailure() {
    let outer = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
    let inner = PassthroughSubject<Int, TestError>()
    var log: [String] = []
    let cancellable = outer.map { $0.handleEvents(receiveCancel: { log.append("inner cancelled") }) }
      .switchToLatest()
      .sink(receiveCompletion: { _ in log.append("failure") }, receiveValue: { _ in })
    outer.send(inner)
    outer.send(completion: .failure(TestError()))
    #expect(log == ["inner cancelled", "failure"])
    cancellable.cancel()
  }

  /// Found by the differential run (seeds 6746, 8339): when the subscriber cancels, Combine
  /// cancels the current inner publisher before the upstream.
  @Test func switchToLatestCancelsTheInnerPublisherBeforeTheUpstreamWhenCancelled() {
    let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let inner = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let cancellable = outer.handleEvents(receiveCancel: { log.append("outer cancelled") })
      .map { $0.handleEvents(receiveCancel: { log.append("inner cancelled") }) }
      .switchToLatest()
      .sink { _ in }
    outer.send(inner)
    cancellable.cancel()
    #expect(log == ["inner cancelled", "outer cancelled"])
  }
}
