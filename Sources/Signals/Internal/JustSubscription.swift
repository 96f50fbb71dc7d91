import Synchronization

/// The subscription of `Just` (and of a successful `Result` publisher): on the first request for
/// anything, it sends its value and finishes, as Combine's `Just` does. Lock-free: one atomic
/// exchange decides who sends, so a request, a cancel and a second request may race safely.
///
/// Lifetime as in Combine: it lets go of the subscriber once it has finished or been cancelled,
/// so a subscriber that keeps its subscription is not kept alive by it. The state decides who
/// may touch `downstream`: a request that moved it from waiting to sending owns it until it
/// lets it go; a cancel that moved it from waiting to done owns it then. A cancel that finds the
/// value being sent leaves the letting go to the sender.
/// Threading: the value is delivered on the thread of the first request.
@usableFromInline
final class JustSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable {
  // @unchecked: `output` is immutable; `state` is atomic; `downstream` is touched only by the one
  // thread its state transition gave it to (see above), ordered by that transition.
  @usableFromInline let output: Downstream.Input
  @usableFromInline var downstream: Downstream?
  /// 0 waiting for a request, 1 sending the value, 2 done or cancelled.
  @usableFromInline let state = Atomic<UInt8>(0)
  /// Combine's description of the source: `"Just"`, `"Optional"` or `"Once"` (`Result`).
  @usableFromInline let name: String

  @inlinable init(_ output: Downstream.Input, _ downstream: Downstream, name: String = "Just") {
    self.output = output
    self.downstream = downstream
    self.name = name
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand > 0,
      state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged,
      let downstream
    else { return }
    _ = downstream.receive(output)
    // Cancelled from inside the value: no finish. A load and a store rather than a
    // compare-and-swap: only a cancel can change the state now, and one racing in from another
    // thread may see the finish anyway, as any cancel that races a completion may; such a
    // cancel finds 1 or 2 and leaves `downstream` alone.
    if state.load(ordering: .acquiring) == 1 {
      state.store(2, ordering: .releasing)
      downstream.receive(completion: .finished)
    }
    self.downstream = nil
  }

  @inlinable func cancel() {
    // Only a cancel that found the value unsent owns `downstream`; the sender lets go of it
    // otherwise.
    guard state.exchange(2, ordering: .acquiringAndReleasing) == 0 else { return }
    downstream = nil
  }
}
