/// A subject that broadcasts each value to the subscribers attached when it is sent.
///
/// A subscriber that attaches after the completion receives the completion at once. Demand, as
/// in Combine: a value sent while a subscriber has no outstanding demand is dropped for that
/// subscriber (others still receive it).
///
/// ```
/// sent:                                  -a-b-|
/// PassthroughSubject(), early:           -a-b-|
/// PassthroughSubject(), subscribed at 2: ---b-|
/// ```
///
/// Threading: `send` may be called from any thread, and re-entrantly from a subscriber. Values
/// sent while another thread is delivering are delivered by that thread, right after, in order;
/// a subscriber never receives two calls at once. Completion: after a completion, further sends
/// are ignored. It is `Sendable` when its values are.
///
/// Lifetime, as in Combine: each subscription keeps the subject alive until it is cancelled or
/// the subject completes, and at that point lets it go. So a subject made when subscribed,
/// fed by `publisher.subscribe(subject)` and handed downstream (the early Composable
/// Architecture's cancellable effects) lives as long as its subscriber; released, it cancels
/// what `subscribe(_:)` gave it (`SubjectLifetimeTests`).
public final class PassthroughSubject<Output, Failure: Error>: Subject {
  @usableFromInline let core: Broadcaster<Output, Failure>

  /// Makes a subject with no subscribers.
  public init() {
    core = Broadcaster(.passthrough, replay: 0)
    core.serve(self)
  }

  /// Cancels the subscriptions the subject was given through `send(subscription:)`.
  deinit {
    core.subjectReleased()
    core.cancelUpstreams()
  }

  /// Keeps the subscription of a publisher this subject was subscribed to
  /// (`publisher.subscribe(subject)`), and asks it for `.unlimited` once a subscriber of the
  /// subject has requested something (at once if one has), as Combine's `PassthroughSubject`.
  ///
  /// The subject cancels the subscriptions it keeps when it is released.
  ///
  /// - Parameter subscription: The upstream's subscription.
  public func send(subscription: any Subscription) { core.receiveUpstream(subscription) }

  /// Delivers `value` to every subscriber attached now.
  @inlinable
  public func send(_ value: Output) { core.send(value) }

  /// Delivers `completion` to every subscriber and detaches them all.
  @inlinable
  public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }

  /// Attaches `subscriber`.
  @inlinable @inline(__always)
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.subscribe(subscriber)
  }

  /// The number of subscribers attached now.
  public var subscriberCount: Int { core.subscriberCount }
}

extension PassthroughSubject: Sendable where Output: Sendable {}
