import Signals
import SignalsTesting
import Testing

@Suite struct ReceiveOnDemandTests {
  /// Asks for one value at subscription and one more with each value it receives.
  final class OneAtATime: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = Int
    typealias Failure = Never
    var values: [Int] = []
    var finished = false
    func receive(subscription: any Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Int) -> Subscribers.Demand {
      values.append(input)
      return .max(1)
    }
    func receive(completion: Subscribers.Completion<Never>) { finished = true }
  }

  // Combine's ReceiveOn requests from its upstream the demand its subscriber returns.
  @Test func receiveOnPassesUpstreamTheDemandItsSubscriberReturns() {
    let scheduler = TestScheduler()
    let subscriber = OneAtATime()
    [1, 2, 3].publisher.receive(on: scheduler).subscribe(subscriber)
    scheduler.advance(by: .zero)
    #expect(subscriber.values == [1, 2, 3])
    #expect(subscriber.finished)
  }
}
