/// A subject that holds a current value and gives it to each new subscriber first.
///
/// ```
/// sent:                                    -1-2-|
/// CurrentValueSubject(0), early:           01-2-|
/// CurrentValueSubject(0), subscribed at 2: --12-|
/// ```
///
/// `value` is updated as soon as `send` is called, even when delivery waits behind another
/// thread's delivery. Demand, as in Combine: a subscriber with no outstanding demand is sent
/// nothing, and receives the subject's newest value when it next requests (the values in
/// between are skipped for it). A subscriber that comes after the completion receives only
/// the completion, as in Combine. Threading and lifetime: as `PassthroughSubject`. Completion: after a
/// completion, sends are ignored and `value` stays as it was. It is `Sendable` when its values
/// are.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
  @usableFromInline let core: Broadcaster<Output, Failure>

  /// Makes a subject holding `value`.
  ///
  /// - Parameter value: The current value until the first `send`.
  public init(_ value: Output) {
    core = Broadcaster(.currentValue, replay: 1, latest: value, replaysAfterCompletion: false)
    core.serve(self)
  }

  /// Makes the subject behind a `@Published` property, whose subscriptions describe themselves
  /// as Combine's do (`"PublishedSubject"`).
  init(published value: Output) {
    core = Broadcaster(.published, replay: 1, latest: value, replaysAfterCompletion: false)
    core.serve(self)
  }

  /// Cancels the subscriptions the subject was given through `send(subscription:)`.
  deinit {
    core.subjectReleased()
    core.cancelUpstreams()
  }

  /// Keeps the subscription of a publisher this subject was subscribed to
  /// (`publisher.subscribe(subject)`) and asks it for `.unlimited` at once, as Combine's
  /// `CurrentValueSubject`.
  ///
  /// The subject cancels the subscriptions it keeps when it is released.
  ///
  /// - Parameter subscription: The upstream's subscription.
  public func send(subscription: any Subscription) { core.receiveUpstream(subscription) }

  /// The current value; setting it sends the new value.
  public var value: Output {
    get { core.latestValue! }
    set { core.send(newValue, storedAfterCompletion: true) }
  }

  /// Stores `value` and delivers it to every subscriber.
  @inlinable
  public func send(_ value: Output) { core.send(value) }

  /// Delivers `completion` to every subscriber and detaches them all.
  @inlinable
  public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }

  /// Attaches `subscriber`, which receives the current value first.
  @inlinable @inline(__always)
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.subscribe(subscriber)
  }

  /// The number of subscribers attached now.
  public var subscriberCount: Int { core.subscriberCount }
}

extension CurrentValueSubject: Sendable where Output: Sendable {}
