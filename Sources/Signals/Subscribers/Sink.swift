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
    // @unchecked: `state` and `retired` are written only inside `lock`. `closures` is written
    // only by the completion, inside `lock`; `receive(_:)` reads it and writes `inValue` without
    // the lock, which is safe because the upstream never overlaps a value with the completion
    // (the Subscriber contract).

    /// The closure called with each value; after the completion, one that does nothing.
    /// Threading: safe to read from any thread.
    public var receiveValue: (Input) -> Void { lock.withLock { closures.onValue } }
    /// The closure called with the completion; after the completion, one that does nothing.
    /// Threading: safe to read from any thread.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      lock.withLock { closures.onCompletion }
    }

    /// Both closures, in one immutable object that the completion replaces. Values reach
    /// `onValue` through it without a retain (see `receive(_:)`), which a closure stored in a
    /// `var` of the sink would cost on every value.
    // The fields are in this order so that the flag fills the bytes the lock leaves free: the
    // object is kept once per live subscription, and 56 bytes take a 64-byte heap chunk where
    // the flag after the first field took 80.
    @usableFromInline @exclusivity(unchecked) var closures: SinkClosures<Input, Failure>
    @usableFromInline @exclusivity(unchecked) var retired: SinkClosures<Input, Failure>?
    @usableFromInline let lock = Lock()
    /// Set while `receiveValue` runs; a completion that arrives meanwhile (re-entrantly, from
    /// inside `receiveValue`) leaves the closures it replaces in `retired` instead of releasing
    /// them under the running closure.
    @usableFromInline @exclusivity(unchecked) var inValue = false
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
      closures = SinkClosures(onValue: receiveValue, onCompletion: receiveCompletion)
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
      // `closures` is replaced only by the completion, which never overlaps a value (the
      // Subscriber contract) and, when it comes re-entrantly from inside the call, retires the
      // old closures instead of releasing them (`inValue`): so the object outlives the call and
      // needs no retain for it.
      inValue = true
      Unmanaged.passUnretained(closures)._withUnsafeGuaranteedRef { $0.onValue(input) }
      inValue = false
      if retired != nil { releaseRetired() }
      return .none
    }

    /// Releases the closures a re-entrant completion replaced, now that `receiveValue` returned.
    @usableFromInline func releaseRetired() {
      let taken = lock.withLock { retired.take() }
      withExtendedLifetime(taken) {}
    }

    /// Calls `receiveCompletion` once, unless the sink was cancelled; then lets go of both
    /// closures (as OpenCombine's `Sink` does), so what they capture is released even while an
    /// `AnyCancellable` keeps this sink.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      let taken = lock.withLock { () -> SinkClosures<Input, Failure>? in
        if case .done = state { return nil }
        state = .done
        let taken = closures
        closures = SinkClosures(onValue: { _ in }, onCompletion: { _ in })
        if inValue { retired = taken }
        return taken
      }
      // Released here, after the lock: releasing a closure may run any deinitializer.
      guard let taken else { return }
      taken.onCompletion(completion)
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

/// A sink's two closures, immutable: the completion replaces the whole object.
@usableFromInline
final class SinkClosures<Input, Failure: Error> {
  @usableFromInline let onValue: (Input) -> Void
  @usableFromInline let onCompletion: (Subscribers.Completion<Failure>) -> Void

  @inlinable init(
    onValue: @escaping (Input) -> Void, onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.onValue = onValue
    self.onCompletion = onCompletion
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
