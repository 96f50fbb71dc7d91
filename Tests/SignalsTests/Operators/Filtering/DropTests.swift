import Signals
import Testing

/// `dropFirst(_:)` at the edges of the protocol, as Combine's `Drop` (OpenCombine 0.14's
/// `DropTests` state the same facts): the order of its handshake, what it asks its upstream for,
/// and what it does once its upstream has completed.
@Suite struct DropFirstProtocolTests {
  typealias Manual = ProtocolEdgeTests.Manual
  typealias Recorded = ProtocolEdgeTests.Recorded

  /// Records what reaches it and asks for `initial` on subscription, `returned` per value.
  final class Counting: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = Int
    typealias Failure = TestError
    var events: [String] = []
    var subscription: (any Subscription)?
    var onSubscription: () -> Void = {}
    let initial: Subscribers.Demand
    let returned: Subscribers.Demand

    init(initial: Subscribers.Demand = .none, returned: Subscribers.Demand = .none) {
      self.initial = initial
      self.returned = returned
    }

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      events.append("subscription")
      onSubscription()
      if initial > .none { subscription.request(initial) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      events.append("value \(input)")
      return returned
    }
    func receive(completion: Subscribers.Completion<TestError>) { events.append("completion") }
  }

  @Test func theSubscriberHasItsSubscriptionBeforeTheUpstreamIsSubscribed() {
    let source = Manual()
    let counting = Counting(initial: .max(10))
    var subscribedUpstreamFirst = false
    counting.onSubscription = { subscribedUpstreamFirst = source.subscription != nil }
    source.dropFirst(4).subscribe(counting)
    #expect(counting.events == ["subscription"])
    #expect(!subscribedUpstreamFirst)
    // The request made before the upstream's subscription is asked of it when it comes, with
    // the values to drop.
    let upstream = Recorded()
    source.subscription?(upstream)
    #expect(upstream.events == ["request max(14)"])
  }

  @Test func theDroppedValuesAreAskedForUpFrontAndTheRestReturnTheSubscribersDemand() {
    let source = Manual()
    let counting = Counting(initial: .max(42), returned: .max(3))
    source.dropFirst(2).subscribe(counting)
    let upstream = Recorded()
    source.subscription?(upstream)
    #expect(upstream.events == ["request max(44)"])
    #expect(source.value?(1) == Subscribers.Demand.none)
    #expect(source.value?(2) == Subscribers.Demand.none)
    #expect(source.value?(3) == .max(3))
    #expect(counting.events == ["subscription", "value 3"])
    #expect(upstream.events == ["request max(44)"])
  }

  @Test func afterItsUpstreamCompletedItTakesTheNextSubscriptionOffered() {
    let source = Manual()
    let counting = Counting()
    source.dropFirst(3).subscribe(counting)
    let first = Recorded()
    source.subscription?(first)
    #expect(first.events == ["request max(3)"])
    source.completion?(.finished)
    counting.subscription?.request(.max(5))
    #expect(source.value?(1) == Subscribers.Demand.none)
    let second = Recorded()
    source.subscription?(second)
    // The requests made since, and the two values still to drop.
    #expect(second.events == ["request max(7)"])
    #expect(first.events == ["request max(3)"])
  }

  @Test func aSecondSubscriptionWhileTheFirstIsLiveIsCancelled() {
    let source = Manual()
    source.dropFirst().subscribe(Counting())
    let first = Recorded()
    let second = Recorded()
    source.subscription?(first)
    source.subscription?(second)
    #expect(first.events == ["request max(1)"])
    #expect(second.events == ["cancel"])
  }
}
