import Signals
import SignalsTesting
import Testing

/// `Subscriptions.empty`, Combine's subscription for hand-written publishers that complete at once.
@Suite struct SubscriptionsEmptyTests {
  /// A hand-written publisher that finishes at once, as Combine code writes one.
  struct FinishesAtOnce: Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: .finished)
    }
  }

  @Test func aPublisherCanHandItOutBeforeItsCompletion() {
    let recorder = FinishesAtOnce().record()
    #expect(recorder.subscriptionCount == 1)
    #expect(recorder.events == [.completion(.finished)])
  }

  @Test func requestsAndCancelsChangeNothing() {
    let empty = Subscriptions.empty
    empty.request(.max(3))
    empty.request(.unlimited)
    empty.cancel()
    empty.cancel()
    #expect(empty.combineIdentifier == Subscriptions.empty.combineIdentifier)
  }

  @Test func operatorsAcceptIt() {
    let recorder = FinishesAtOnce().map { $0 * 2 }.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest)
      .record(demand: .max(1))
    #expect(recorder.events == [.completion(.finished)])
  }
}
