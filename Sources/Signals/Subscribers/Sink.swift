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
    // @unchecked: `state` is written only inside `lock`. The closures are written only inside
    // `lock`, by the completion (or, for one that came during a value's call, by that call once
    // it returns); `receive(_:)` reads `onValue` without the lock, which is safe because the
    // upstream never overlaps a value with the completion (the Subscriber contract).
    // `deliveries` and `retiresValue` are read and written by the delivering side only (the
    // values and the completion, which the contract orders).

    /// The closure called with each value; after the completion, one that does nothing.
    /// Threading: safe to read from any thread.
    public var receiveValue: (Input) -> Void {
      lock.withLock { onValue._withUnsafeGuaranteedRef { $0.call } }
    }
    /// The closure called with the completion; after the completion, one that does nothing.
    /// Threading: safe to read from any thread.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      lock.withLock { onCompletion }
    }

    // The value closure is kept in a box of its own (`SinkValueBox`), held unmanaged, so that
    // each value calls it borrowed: no retain and release of what it captures per value (a
    // closure kept in a `var` costs both: the call might replace it). A completion that comes
    // while it runs leaves it in place, and the call lets go of it once it returns
    // (`deliveries`, `retiresValue`). The sink owns the box (+1), released when replaced or in
    // `deinit`.
    @usableFromInline @exclusivity(unchecked) var onValue: Unmanaged<SinkValueBox<Input>>
    @usableFromInline @exclusivity(unchecked) var onCompletion: (Subscribers.Completion<Failure>) -> Void
    @usableFromInline let lock = Lock()
    /// How many calls of the value closure are running (more than one only when a value is
    /// sent from inside the closure).
    @usableFromInline @exclusivity(unchecked) var deliveries: UInt16 = 0
    /// Set by a completion that came while the value closure ran: the outermost call lets go of
    /// the closure when it returns.
    @usableFromInline @exclusivity(unchecked) var retiresValue = false
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
      onValue = .passRetained(SinkValueBox(receiveValue))
      onCompletion = receiveCompletion
    }

    deinit { onValue.release() }

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
      // Borrowed, not retained: a completion from inside the call leaves the closure in place
      // until the outermost call has returned.
      deliveries &+= 1
      onValue._withUnsafeGuaranteedRef { $0.call(input) }
      deliveries &-= 1
      if retiresValue && deliveries == 0 { retireValue() }
      return .none
    }

    /// Lets go of the value closure after a completion that came while it ran.
    @usableFromInline @inline(never)
    func retireValue() {
      retiresValue = false
      var retired = Unmanaged.passRetained(SinkValueBox<Input>({ _ in }))
      lock.withLock { swap(&onValue, &retired) }
      // Released here, after the lock: releasing a closure may run any deinitializer.
      retired.release()
    }

    /// Calls `receiveCompletion` once, unless the sink was cancelled; then lets go of both
    /// closures (as OpenCombine's `Sink` does), so what they capture is released even while an
    /// `AnyCancellable` keeps this sink.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      // A completion from inside the value closure leaves it to the call running it.
      let duringValue = deliveries > 0
      let taken = lock.withLock {
        () -> (Unmanaged<SinkValueBox<Input>>?, (Subscribers.Completion<Failure>) -> Void)? in
        if case .done = state { return nil }
        state = .done
        // Taken out before they are replaced, so that they are released after the lock.
        var onValue: Unmanaged<SinkValueBox<Input>>? = nil
        if !duringValue {
          onValue = self.onValue
          self.onValue = .passRetained(SinkValueBox({ _ in }))
        }
        let taken = (onValue, onCompletion)
        onCompletion = { _ in }
        return taken
      }
      // Released here, after the lock: releasing a closure may run any deinitializer.
      guard let (onValue, onCompletion) = taken else { return }
      if duringValue { retiresValue = true }
      onCompletion(completion)
      onValue?.release()
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

/// A sink's value closure in a box of its own: a `let`, so that the sink calls it borrowed
/// through its unmanaged reference (no retain and release of the closure's context per value).
@usableFromInline
final class SinkValueBox<Input> {
  @usableFromInline let call: (Input) -> Void

  @inlinable init(_ call: @escaping (Input) -> Void) { self.call = call }
}

/// Where a sink is in its life. Not nested in the generic `Sink`, so that code reached through an
/// existential (`AnyCancellable.cancel()`) needs no type-metadata lookup for it.
@usableFromInline
enum SinkState {
  case awaiting
  case subscribed(any Subscription)
  case done
}
