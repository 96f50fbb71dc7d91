import Signals
import SignalsVirtualTime
import Testing

/// A request for nothing (`.none`) reaches the upstream of `delay`, `receive(on:)`, `timeout`,
/// `append`, `handleEvents` and `catch`, as Combine's pass every request on (OpenCombine 0.14's
/// `testRequest` of the time operators, `ConcatenateTests.testBackpressure`,
/// `HandleEventsTests.testAccumulatesDemandUntilSubscriptionArrives`).
@Suite struct RequestForNothingTests {
  /// A subscription that records the requests it is given.
  final class Requests: Subscription, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var seen: [Subscribers.Demand] = []
    func request(_ demand: Subscribers.Demand) { seen.append(demand) }
    func cancel() {}
  }

  /// A publisher that gives its subscriber `subscription` and nothing else.
  struct Silent: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let subscription: Requests
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: subscription)
    }
  }

  /// A subscriber that keeps its subscription and asks for nothing by itself.
  final class Holder: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = Int
    typealias Failure = Never
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  static let operators: [(String, @Sendable (Silent, TestScheduler) -> AnyPublisher<Int, Never>)] = [
    ("delay", { $0.delay(for: .seconds(1), scheduler: $1).eraseToAnyPublisher() }),
    ("receive(on:)", { $0.receive(on: $1).eraseToAnyPublisher() }),
    ("timeout", { $0.timeout(.seconds(1), scheduler: $1).eraseToAnyPublisher() }),
    ("append", { upstream, _ in upstream.append(Just(0)).eraseToAnyPublisher() }),
    ("handleEvents", { upstream, _ in upstream.handleEvents().eraseToAnyPublisher() }),
    (
      "catch",
      { upstream, _ in
        upstream.setFailureType(to: TestError.self).catch { _ in Just(0) }.eraseToAnyPublisher()
      }
    ),
  ]

  @Test(arguments: 0..<6) func aRequestForNothingReachesTheUpstream(_ index: Int) throws {
    let (name, make) = Self.operators[index]
    let requests = Requests()
    let holder = Holder()
    make(Silent(subscription: requests), TestScheduler()).subscribe(holder)
    let subscription = try #require(holder.subscription, "\(name) gave no subscription")
    subscription.request(.max(2))
    subscription.request(.none)
    #expect(requests.seen == [.max(2), .none], "\(name)")
    subscription.cancel()
  }

  @Test func handleEventsSeesARequestForNothing() throws {
    let requests = Requests()
    let holder = Holder()
    final class Seen: @unchecked Sendable {
      // @unchecked: used on the test's one thread.
      var demands: [Subscribers.Demand] = []
    }
    let seen = Seen()
    Silent(subscription: requests).handleEvents(receiveRequest: { seen.demands.append($0) }).subscribe(holder)
    let subscription = try #require(holder.subscription)
    subscription.request(.max(45))
    subscription.request(.none)
    subscription.request(.max(13))
    #expect(seen.demands == [.max(45), .none, .max(13)])
    #expect(requests.seen == [.max(45), .none, .max(13)])
    subscription.cancel()
  }
}
