import Synchronization

extension Subscribers {
  /// A subscriber that calls closures for each value and for the completion; it requests
  /// `.unlimited` when it receives its subscription, as in Combine.
  ///
  /// It cancels a second subscription it is given, ignores everything after its completion or
  /// its cancellation, and lets go of its upstream on either. Lifetime as in Combine: at the
  /// completion the sink lets go of its closures and what they capture (even while an
  /// `AnyCancellable` still holds the sink), and at cancel the `AnyCancellable` that `sink(...)`
  /// returns lets go of the sink and with it of its closures (a sink you hold yourself and
  /// cancel keeps its closures until you release it). Threading: values are passed on with no
  /// lock; `cancel()` may be called from any thread (see `Cancellable`).
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked: `state` is written only inside `lock`. The closures are written only by the
    // completion, inside `lock`; `receive(_:)` reads `onValue` without the lock, which is safe
    // because the upstream never overlaps a value with the completion (the Subscriber contract),
    // and a completion sent from inside the call replaces the closure while the call holds its
    // own reference to it.

    /// The closure called with each value; after the completion, one that does nothing.
    /// Threading: safe to read from any thread.
    public var receiveValue: (Input) -> Void { lock.withLock { onValue } }
    /// The closure called with the completion; after the completion, one that does nothing.
    /// Threading: safe to read from any thread.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      lock.withLock { onCompletion }
    }

    // The closures are stored in the sink itself, not in an object of their own: the sink is
    // kept once per live subscription, and a second object took 64 more bytes. Calling a closure
    // kept in a `var` costs a retain and a release of what it captures per value.
    @usableFromInline @exclusivity(unchecked) var onValue: (Input) -> Void
    @usableFromInline @exclusivity(unchecked) var onCompletion: (Subscribers.Completion<Failure>) -> Void
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var state = SinkState.awaiting

    /// Makes a sink that calls `receiveCompletion` and `receiveValue`.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called with the completion.
    ///   - receiveValue: Called with each value.
    @inlinable
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      onValue = receiveValue
      onCompletion = receiveCompletion
    }

    /// Keeps the first subscription and requests `.unlimited` from it; cancels any later one.
    @inlinable
    public func receive(subscription: any Subscription) {
      let accepted = lock.withLock {
        guard case .awaiting = state else { return false }
        state = .subscribed(subscription)
        return true
      }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Calls `receiveValue`; asks for nothing more (it asked for everything).
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
      // A completion from inside the call replaces `onValue`; this call keeps its own
      // reference, so the closure outlives the call.
      let onValue = self.onValue
      onValue(input)
      return .none
    }

    /// Calls `receiveCompletion` once, unless the sink was cancelled; then lets go of both
    /// closures (as OpenCombine's `Sink` does), so what they capture is released even while an
    /// `AnyCancellable` keeps this sink.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      let taken = lock.withLock { () -> ((Input) -> Void, (Subscribers.Completion<Failure>) -> Void)? in
        if case .done = state { return nil }
        state = .done
        // Taken out before they are replaced, so that they are released after the lock.
        let taken = (onValue, onCompletion)
        onValue = { _ in }
        onCompletion = { _ in }
        return taken
      }
      // Released here, after the lock: releasing a closure may run any deinitializer.
      guard let (onValue, onCompletion) = taken else { return }
      onCompletion(completion)
      withExtendedLifetime(onValue) {}
    }

    /// Cancels the upstream subscription; the sink receives nothing more.
    @inlinable
    public func cancel() {
      let upstream = lock.withLock { () -> (any Subscription)? in
        defer { state = .done }
        if case .subscribed(let subscription) = state { return subscription }
        return nil
      }
      upstream?.cancel()
    }
  }
}

extension Publisher {
  /// Subscribes with closures for the completion and for each value.
  ///
  /// Returns an `AnyCancellable`; the subscription lasts until it is cancelled or deallocated,
  /// or until the publisher completes.
  ///
  /// - Parameters:
  ///   - receiveCompletion: Called with the completion.
  ///   - receiveValue: Called with each value.
  /// - Returns: The cancellable that ends the subscription.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(object: sink)
  }
}

extension Publisher where Failure == Never {
  /// Subscribes with a closure for each value, for publishers that cannot fail.
  ///
  /// - Parameter receiveValue: Called with each value.
  /// - Returns: The cancellable that ends the subscription.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}

/// Where a sink is in its life. Not nested in the generic `Sink`, so that code reached through an
/// existential (`AnyCancellable.cancel()`) needs no type-metadata lookup for it.
@usableFromInline
enum SinkState {
  case awaiting
  case subscribed(any Subscription)
  case done
}
