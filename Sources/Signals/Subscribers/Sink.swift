import Synchronization

extension Subscribers {
  /// A subscriber that calls closures for each value and for the completion; it requests
  /// `.unlimited` when it receives its subscription, as in Combine.
  ///
  /// It cancels a second subscription it is given, ignores everything after its completion or
  /// its cancellation, and lets go of its upstream on either. Lifetime as in Combine: the
  /// `AnyCancellable` that `sink(...)` returns lets go of the sink, and with it of its closures
  /// and what they capture, at the completion and at cancel (a sink you hold yourself keeps its
  /// closures until you release it). Threading: values are passed on with no lock; `cancel()`
  /// may be called from any thread (see `Cancellable`).
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked: `state` is read and written only inside `lock`; the closures are immutable and
    // called serially by the upstream, as the Subscriber contract guarantees.

    /// The closure called with each value.
    public let receiveValue: (Input) -> Void
    /// The closure called with the completion.
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var state = SinkState.awaiting
    /// The handle that `sink(...)` returned inside its `AnyCancellable`, if any: the completion
    /// tells it to let go of this sink. Set before subscribing, read only by the completion.
    @usableFromInline @exclusivity(unchecked) var handle: SinkHandle?

    /// Makes a sink that calls `receiveCompletion` and `receiveValue`.
    @inlinable
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveValue = receiveValue
      self.receiveCompletion = receiveCompletion
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
      receiveValue(input)
      return .none
    }

    /// Calls `receiveCompletion` once, unless the sink was cancelled.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      let first = lock.withLock { () -> Bool in
        if case .done = state { return false }
        state = .done
        return true
      }
      guard first else { return }
      receiveCompletion(completion)
      handle?.release()
      handle = nil
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
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    let handle = SinkHandle(sink)
    sink.handle = handle
    subscribe(sink)
    return AnyCancellable(object: handle)
  }
}

extension Publisher where Failure == Never {
  /// Subscribes with a closure for each value, for publishers that cannot fail.
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

/// What the `AnyCancellable` of `sink(...)` holds: the sink until it completes or is cancelled,
/// then nothing, so the sink's closures (and whatever they capture) are released even while the
/// cancellable is kept, as in Combine.
///
/// The sink holds its handle only until its completion (the cycle is broken there, by `cancel()`
/// or by the cancellable's deinit). Not generic: code reached through `AnyCancellable` needs no
/// type-metadata lookup. Threading: `cancel()` and `release()` may race; one atomic exchange
/// decides which one takes the sink (no lock).
@usableFromInline
final class SinkHandle: Cancellable, @unchecked Sendable {
  // @unchecked: `sink` is written by `init` and then only by the one caller that wins the
  // exchange on `held`.
  @usableFromInline let held = Atomic<Bool>(true)
  @usableFromInline @exclusivity(unchecked) var sink: (any Cancellable & AnyObject)?

  @inlinable init(_ sink: some Cancellable & AnyObject) { self.sink = sink }

  /// Cancels the sink, if it has not completed, and lets go of it.
  @inlinable func cancel() {
    guard held.exchange(false, ordering: .acquiringAndReleasing) else { return }
    sink.take()?.cancel()
  }

  /// Lets go of the sink without cancelling it (it has completed).
  @inlinable func release() {
    guard held.exchange(false, ordering: .acquiringAndReleasing) else { return }
    let taken = sink.take()
    withExtendedLifetime(taken) {}
  }
}
