import Synchronization

/// The subscription of `Just` (and of a successful `Result` publisher): on the first request for
/// anything, it sends its value and finishes, as Combine's `Just` does. Lock-free: one atomic
/// exchange decides who sends, so a request, a cancel and a second request may race safely.
/// Threading: the value is delivered on the thread of the first request.
@usableFromInline
final class JustSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable {
  // @unchecked: `output` and `downstream` are immutable; `state` is atomic.
  @usableFromInline let output: Downstream.Input
  @usableFromInline let downstream: Downstream
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
      state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
    else { return }
    _ = downstream.receive(output)
    // Cancelled from inside the value: no finish. A load and a store rather than a
    // compare-and-swap: only a cancel can change the state now, and one racing in from another
    // thread may see the finish anyway, as any cancel that races a completion may.
    guard state.load(ordering: .acquiring) == 1 else { return }
    state.store(2, ordering: .releasing)
    downstream.receive(completion: .finished)
  }

  @inlinable func cancel() { state.store(2, ordering: .releasing) }
}
