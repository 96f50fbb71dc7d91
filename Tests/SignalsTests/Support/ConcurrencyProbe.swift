import Signals
import Synchronization

/// A subscriber for stress tests: counts and sums what it receives and detects overlapping calls.
final class ConcurrencyProbe: Subscriber, Cancellable, @unchecked Sendable {
  // @unchecked: `count` and `sum` are written only inside `receive`, which the contract under
  // test promises is never entered twice at once; `inside` detects it if it is, and readers wait
  // until every sender is done.
  let inside = Atomic<Int>(0)
  let overlaps = Atomic<Int>(0)
  let completions = Atomic<Int>(0)
  let subscription = Guarded<(any Subscription)?>(nil)
  private(set) var count = 0
  private(set) var sum = 0

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    enter()
    count += 1
    sum &+= input
    leave()
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    enter()
    completions.add(1, ordering: .relaxed)
    leave()
  }

  func cancel() {
    subscription.withLock { $0 }?.cancel()
  }

  private func enter() {
    if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
      overlaps.add(1, ordering: .relaxed)
    }
  }

  private func leave() {
    inside.subtract(1, ordering: .acquiringAndReleasing)
  }
}
