import Foundation
import Signals
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A subscriber that counts calls arriving while another call is still inside it. Inside each
/// call it gives up its thread a few times (`sched_yield`, no sleeping), so that a second thread
/// delivering without serialization gets in while the first is inside, even on one core.
final class YieldingOverlapProbe<Input, Failure: Error>: Subscriber, Sendable {
  private let inside = Atomic<Int>(0)
  private let overlapCount = Atomic<Int>(0)
  private let completionCount = Atomic<Int>(0)

  /// Calls that began while another call was inside.
  var overlaps: Int { overlapCount.load(ordering: .acquiring) }
  /// Completions received.
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
    for _ in 0..<3 { yieldThread() }
    inside.subtract(1, ordering: .acquiringAndReleasing)
  }
}

/// Runs `body(0)` ... `body(count - 1)` on `count` threads of their own that start it together
/// (each waits, yielding, until all have arrived), and returns when all have finished.
func onThreadsTogether(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let arrived = Atomic<Int>(0)
  let finished = DispatchGroup()
  for index in 0..<count {
    finished.enter()
    Thread {
      arrived.add(1, ordering: .acquiringAndReleasing)
      while arrived.load(ordering: .acquiring) < count { yieldThread() }
      body(index)
      finished.leave()
    }.start()
  }
  finished.wait()
}

/// Gives up the current thread's core to any other runnable thread (no sleeping).
func yieldThread() { sched_yield() }
