import Signals
import Testing

/// What `switchToLatest` does with its inner publishers at the edges, as Combine does
/// (OpenCombine 0.14's `SwitchToLatestTests`, which state Combine's behaviour): it does not cancel
/// an inner publisher that failed, leaves alone a finished one that sends a subscription again,
/// and asks an inner publisher whose subscription arrives after the upstream failed for the
/// outstanding demand. Its upstream's subscriber is the subscription its subscriber gets.
@Suite struct SwitchToLatestEdgeTests {
  /// A subscription that records what was asked of it.
  final class Recorded: Subscription, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var events: [String] = []
    func request(_ demand: Subscribers.Demand) { events.append("request \(demand)") }
    func cancel() { events.append("cancel") }
  }

  /// An inner publisher the test drives by hand: it keeps its subscriber, so the test sends the
  /// subscription and the events when it chooses.
  final class Inner: Publisher, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Output = Int
    typealias Failure = TestError
    var subscriber: AnySubscriber<Int, TestError>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      self.subscriber = AnySubscriber(subscriber)
    }
    func send(subscription: any Subscription) { subscriber?.receive(subscription: subscription) }
    func send(_ value: Int) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func send(completion: Subscribers.Completion<TestError>) { subscriber?.receive(completion: completion) }
  }

  /// What the subscriber at the end saw.
  final class Tracking: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = Int
    typealias Failure = TestError
    var events: [String] = []
    var subscription: (any Subscription)?
    let initial: Subscribers.Demand
    init(initial: Subscribers.Demand) { self.initial = initial }
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if initial > .none { subscription.request(initial) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      events.append("value \(input)")
      return .max(1)
    }
    func receive(completion: Subscribers.Completion<TestError>) {
      events.append(completion == .finished ? "finished" : "failure")
    }
  }

  @Test func anInnerPublisherThatFailsIsNotCancelled() {
    let outer = PassthroughSubject<Inner, TestError>()
    let tracking = Tracking(initial: .max(1))
    outer.switchToLatest().subscribe(tracking)
    let inner = Inner()
    let subscription = Recorded()
    outer.send(inner)
    inner.send(subscription: subscription)
    #expect(inner.send(1) == .max(1))
    inner.send(completion: .failure(TestError()))
    #expect(tracking.events == ["value 1", "failure"])
    #expect(subscription.events == ["request max(1)"])
  }

  @Test func aFinishedInnerPublisherSendingASubscriptionAgainIsLeftAlone() {
    let outer = PassthroughSubject<Inner, TestError>()
    let tracking = Tracking(initial: .none)
    outer.switchToLatest().subscribe(tracking)
    let inner = Inner()
    outer.send(inner)
    let first = Recorded()
    inner.send(subscription: first)
    inner.send(completion: .finished)
    let again = Recorded()
    inner.send(subscription: again)
    #expect(first.events.isEmpty)
    #expect(again.events.isEmpty)
    #expect(tracking.events.isEmpty)
  }

  @Test func aSecondSubscriptionOfTheCurrentInnerPublisherIsCancelled() {
    let outer = PassthroughSubject<Inner, TestError>()
    let tracking = Tracking(initial: .none)
    outer.switchToLatest().subscribe(tracking)
    let inner = Inner()
    outer.send(inner)
    let first = Recorded()
    let second = Recorded()
    inner.send(subscription: first)
    inner.send(subscription: second)
    #expect(first.events.isEmpty)
    #expect(second.events == ["cancel"])
  }

  @Test(arguments: [false, true])
  func anInnerSubscriptionArrivingAfterTheUpstreamCompletedIsAskedForTheDemand(failed: Bool) {
    let outer = PassthroughSubject<Inner, TestError>()
    let tracking = Tracking(initial: .unlimited)
    outer.switchToLatest().subscribe(tracking)
    let inner = Inner()
    outer.send(inner)
    outer.send(completion: failed ? .failure(TestError()) : .finished)
    let subscription = Recorded()
    inner.send(subscription: subscription)
    #expect(subscription.events == ["request unlimited"])
    #expect(tracking.events == (failed ? ["failure"] : []))
    // Nothing reaches the subscriber after the failure.
    _ = inner.send(1)
    #expect(tracking.events == (failed ? ["failure"] : ["value 1"]))
  }

  /// An upstream that keeps the subscriber it is given.
  final class Catcher: Publisher, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Output = Inner
    typealias Failure = TestError
    var subscriber: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Inner, S.Failure == TestError {
      self.subscriber = subscriber
    }
  }

  @Test func theUpstreamsSubscriberIsTheSubscriptionGivenDownstream() {
    let upstream = Catcher()
    let tracking = Tracking(initial: .none)
    upstream.switchToLatest().subscribe(tracking)
    let subscriber = upstream.subscriber as? any Subscription
    #expect(subscriber != nil)
    #expect(subscriber?.combineIdentifier == tracking.subscription?.combineIdentifier)
    #expect(subscriber.map { String(describing: $0) } == "SwitchToLatest")
    #expect(subscriber.map { Mirror(reflecting: $0).children.count } == 0)
  }
}
