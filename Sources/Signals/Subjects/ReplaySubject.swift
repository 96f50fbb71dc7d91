/// A subject that gives each new subscriber the last `bufferSize` values first, then the live ones.
///
/// ```
/// sent:                                             -a-b-c-|
/// ReplaySubject(bufferSize: 2), subscribed at 6:    ------(bc)|
/// ```
///
/// A subscriber that attaches after the completion receives the buffered values, then the
/// completion. Demand: a subscriber is sent only what it requested; while it has no demand, the
/// subject keeps the newest `bufferSize` values for it and sends them when it requests more (a
/// completion does not wait for them: it drops what is kept). Threading and lifetime: as `PassthroughSubject`. Completion: sends after a completion are
/// ignored; a negative `bufferSize` is treated as 0 (then it behaves as `PassthroughSubject`).
public final class ReplaySubject<Output, Failure: Error>: Subject {
  @usableFromInline let core: Broadcaster<Output, Failure>

  /// Makes a subject that replays up to `bufferSize` values.
  ///
  /// - Parameter bufferSize: The most recent values kept for new subscribers.
  public init(bufferSize: Int) {
    core = Broadcaster(.replay, replay: Swift.max(0, bufferSize))
    core.serve(self)
  }

  /// Cancels the subscriptions the subject was given through `send(subscription:)`.
  deinit {
    core.subjectReleased()
    core.cancelUpstreams()
  }

  /// Keeps the subscription of a publisher this subject was subscribed to
  /// (`publisher.subscribe(subject)`) and asks it for `.unlimited` at once, as a
  /// `CurrentValueSubject` does: what arrives before a subscriber is kept for replay.
  ///
  /// The subject cancels the subscriptions it keeps when it is released.
  ///
  /// - Parameter subscription: The upstream's subscription.
  public func send(subscription: any Subscription) { core.receiveUpstream(subscription) }

  /// Delivers `value` to every subscriber and keeps it for later ones.
  @inlinable
  public func send(_ value: Output) { core.send(value) }

  /// Delivers `completion` to every subscriber and detaches them all.
  @inlinable
  public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }

  /// Attaches `subscriber`, which receives the buffered values first.
  @inlinable @inline(__always)
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.subscribe(subscriber)
  }

  /// The number of subscribers attached now.
  public var subscriberCount: Int { core.subscriberCount }
}

extension ReplaySubject: Sendable where Output: Sendable {}
