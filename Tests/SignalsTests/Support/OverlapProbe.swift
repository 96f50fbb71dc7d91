import Signals
import Synchronization

/// A subscriber that only detects overlapping calls and counts completions.
final class OverlapProbe<Input, Failure: Error>: Subscriber, Sendable {
  let inside = Atomic<Int>(0)
  let overlapCount = Atomic<Int>(0)
  let completionCount = Atomic<Int>(0)

  var overlaps: Int { overlapCount.load(ordering: .acquiring) }
  var completions: Int { completionCount.load(ordering: .acquiring) }

  func receive(subscription: any Subscription) { subscription.request(.unlimited) }
  func receive(_ input: Input) -> Subscribers.Demand {
    around {}
    return .none
  }
  func receive(completion: Subscribers.Completion<Failure>) {
    around { completionCount.add(1, ordering: .relaxed) }
  }

  private func around(_ body: () -> Void) {
    if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
      overlapCount.add(1, ordering: .relaxed)
    }
    body()
    inside.subtract(1, ordering: .acquiringAndReleasing)
  }
}
