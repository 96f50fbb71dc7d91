import Synchronization

/// Combine's handshake: gives an operator's subscription to its subscriber once, at the moment
/// Combine does: after the upstream has given the operator its own subscription (the handshake
/// flows down from the source), or, at the latest, right before the first completion the
/// operator delivers. (`SerialDelivery` does the same with `holdForHandshake(_:)` and
/// `completeHandshake()`.) Not to be confused with the drain's hand-over between threads
/// (`FairDrain`): in `Internal/`, "hand over" means only that.
@usableFromInline
struct Handshake: ~Copyable, Sendable {
  @usableFromInline let done = Atomic<Bool>(false)

  @inlinable init() {}

  /// Whether `once` has run. Lock-free.
  @inlinable var isDone: Bool { done.load(ordering: .acquiring) }

  /// Runs `give` the first time only.
  @inlinable func once(_ give: () -> Void) {
    if !done.exchange(true, ordering: .acquiringAndReleasing) { give() }
  }
}
