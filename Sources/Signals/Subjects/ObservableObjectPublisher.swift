import Synchronization

/// The publisher an `ObservableObject` sends on before it changes: Combine's type of the same
/// name. Its values are `Void`; it never fails and never finishes.
///
/// Every `@Published` property of an `ObservableObject` sends on it just before storing a new
/// value; call `send()` yourself for changes that are not `@Published`.
///
/// Threading: `send()` may be called from any thread; each subscriber receives one call at a
/// time, in order, on the sending thread (a `PassthroughSubject` underneath). Completion: never
/// fails; a subscriber attached after a send does not see it.
public final class ObservableObjectPublisher: Publisher, Sendable {
  /// The publisher carries no value: only the fact of a change.
  public typealias Output = Void
  /// It never fails.
  public typealias Failure = Never

  @usableFromInline let subject = PassthroughSubject<Void, Never>()

  /// Makes a publisher with no subscribers.
  public init() {}

  /// Tells every subscriber that the object is about to change.
  @inlinable
  public func send() { subject.send(()) }

  /// Attaches `subscriber`; once it has made any request, it receives each later `send()`,
  /// whatever its demand, as in Combine.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    subject.subscribe(ObjectWillChangeRelay(subscriber))
  }
}

/// The subscription `ObservableObjectPublisher` gives each subscriber: Combine's, which sends
/// every change once the subscriber has made any request, whatever the demand (OpenCombine's
/// `ObservableObjectPublisher.Inner`). It asks the subject underneath for everything and holds
/// the changes back only until that first request.
@usableFromInline
final class ObjectWillChangeRelay<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
where Downstream.Input == Void, Downstream.Failure == Never {
  // @unchecked: `downstream` is called serially by the subject; the rest is atomic or guarded.
  @usableFromInline let downstream: Downstream
  @usableFromInline let upstream = Guarded<(any Subscription)?>(nil)
  /// Set by the subscriber's first request.
  @usableFromInline let requested = Atomic<Bool>(false)

  @inlinable init(_ downstream: Downstream) { self.downstream = downstream }

  @inlinable func receive(subscription: any Subscription) {
    upstream.withLock { $0 = subscription }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  @inlinable func receive(_ input: Void) -> Subscribers.Demand {
    if requested.load(ordering: .acquiring) { _ = downstream.receive(()) }
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Never>) {
    downstream.receive(completion: completion)
  }

  @inlinable func request(_ demand: Subscribers.Demand) { requested.store(true, ordering: .releasing) }

  @inlinable func cancel() {
    let subscription = upstream.withLock { subscription in
      defer { subscription = nil }
      return subscription
    }
    subscription?.cancel()
  }
}
