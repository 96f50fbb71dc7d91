import Signals
import Testing

/// What the one-value sources (`Just`, `Optional.Publisher`, a successful `Result.Publisher`)
/// keep alive: as in Combine, their subscription lets go of its subscriber once it has finished
/// or been cancelled, so a subscriber that keeps its subscription is not kept by it in return.
@Suite struct SourceLifetimeTests {
  /// A subscriber that keeps its subscription (as most subscribers do) and says when it goes.
  final class KeepingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let initialDemand: Subscribers.Demand
    let onDeinit: () -> Void
    var subscription: (any Subscription)?
    var values: [Int] = []

    init(requesting initialDemand: Subscribers.Demand, onDeinit: @escaping () -> Void) {
      self.initialDemand = initialDemand
      self.onDeinit = onDeinit
    }
    deinit { onDeinit() }

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if initialDemand > 0 { subscription.request(initialDemand) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      values.append(input)
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  /// The three sources, each sending 42 to the subscriber.
  enum Source: String, CaseIterable, Sendable {
    case just, optional, result

    func subscribe(_ subscriber: KeepingSubscriber) {
      switch self {
      case .just: Just(42).subscribe(subscriber)
      case .optional: Optional(42).publisher.subscribe(subscriber)
      case .result: Result<Int, Never>.success(42).publisher.subscribe(subscriber)
      }
    }
  }

  @Test(arguments: Source.allCases)
  func aCancelledSubscriptionLetsGoOfItsSubscriber(source: Source) {
    var released = false
    do {
      let subscriber = KeepingSubscriber(requesting: .none) { released = true }
      source.subscribe(subscriber)
      subscriber.subscription?.cancel()
      #expect(subscriber.values.isEmpty)
    }
    #expect(released)
  }

  @Test(arguments: Source.allCases)
  func aFinishedSubscriptionLetsGoOfItsSubscriber(source: Source) {
    var released = false
    var received: [Int] = []
    do {
      let subscriber = KeepingSubscriber(requesting: .unlimited) { released = true }
      source.subscribe(subscriber)
      received = subscriber.values
    }
    #expect(received == [42])
    #expect(released)
  }

  @Test func aCancelFromInsideTheValueLetsGoOfTheSubscriberAsTheValueReturns() {
    var released = false
    final class CancellingSubscriber: Subscriber {
      typealias Input = Int
      typealias Failure = Never
      let onDeinit: () -> Void
      var subscription: (any Subscription)?
      var events: [String] = []
      init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
      func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
      }
      func receive(_ input: Int) -> Subscribers.Demand {
        events.append("value \(input)")
        subscription?.cancel()
        return .none
      }
      func receive(completion: Subscribers.Completion<Never>) { events.append("completion") }
    }
    var events: [String] = []
    do {
      let subscriber = CancellingSubscriber { released = true }
      Just(7).subscribe(subscriber)
      events = subscriber.events
    }
    #expect(events == ["value 7"])
    #expect(released)
  }
}
