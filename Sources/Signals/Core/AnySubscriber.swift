/// A subscriber that hides the type of the subscriber it wraps, or that is made from closures,
/// as in Combine.
///
/// Threading and failure: it forwards each call as it comes; the wrapped subscriber's rules
/// apply. Its `combineIdentifier` is the wrapped subscriber's. It describes and reflects itself
/// as the subscriber it wraps (`"Subject"` for a subject), `"Anonymous AnySubscriber"` when
/// made from closures, as Combine's does.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// What the subscriber shows when it is described: kept as `Any` so that describing costs
  /// nothing until asked (a class subscriber is one retain, no allocation).
  @usableFromInline enum Shown {
    case subscriber(Any)
    case closures
  }

  @usableFromInline let shown: Shown
  @usableFromInline let receiveSubscriptionBody: (any Subscription) -> Void
  @usableFromInline let receiveValueBody: (Input) -> Subscribers.Demand
  @usableFromInline let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
  /// The wrapped subscriber's identifier, or a fresh one.
  public let combineIdentifier: CombineIdentifier

  /// Wraps `subscriber`.
  ///
  /// - Parameter subscriber: The subscriber to wrap.
  @inlinable
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    combineIdentifier = subscriber.combineIdentifier
    shown = .subscriber(subscriber)
    receiveSubscriptionBody = subscriber.receive(subscription:)
    receiveValueBody = subscriber.receive(_:)
    receiveCompletionBody = subscriber.receive(completion:)
  }

  /// Makes a subscriber that sends what it receives into `subject`, as Combine's does: it wraps
  /// the subscriber `subscribe(subject)` makes.
  ///
  /// The subject receives that subscriber as its subscription (described as `"Subject"`) and
  /// asks through it for what it wants; each value goes to `send(_:)`, the completion to
  /// `send(completion:)`, nothing after it. As in Combine, it holds `subject` weakly, and
  /// ignores a value or completion that comes before its subscription.
  ///
  /// - Parameter subject: The subject that receives the subscription, values and completion.
  @inlinable
  public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
    self.init(SubjectSubscriber(subject))
  }

  /// Makes a subscriber from closures. Each defaults to doing nothing; with no
  /// `receiveValue`, it asks for nothing more per value. Request values from
  /// `receiveSubscription`, as in Combine.
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called with the subscription; `nil` ignores it.
  ///   - receiveValue: Called with each value; returns the extra demand. `nil` asks for nothing more.
  ///   - receiveCompletion: Called with the completion; `nil` ignores it.
  @inlinable
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    shown = .closures
    receiveSubscriptionBody = receiveSubscription ?? { _ in }
    receiveValueBody = receiveValue ?? { _ in .none }
    receiveCompletionBody = receiveCompletion ?? { _ in }
  }

  /// Forwards the subscription.
  @inlinable public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }
  /// Forwards a value; returns the wrapped subscriber's demand.
  @inlinable public func receive(_ input: Input) -> Subscribers.Demand { receiveValueBody(input) }
  /// Forwards the completion.
  @inlinable public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody(completion)
  }

  /// The wrapped subscriber's description (its type name when it has none), or
  /// `"Anonymous AnySubscriber"`.
  public var description: String {
    switch shown {
    case .subscriber(let subscriber):
      (subscriber as? any CustomStringConvertible)?.description ?? String(describing: type(of: subscriber))
    case .closures: "Anonymous AnySubscriber"
    }
  }

  /// The wrapped subscriber's mirror (one without children when it has none).
  public var customMirror: Mirror {
    switch shown {
    case .subscriber(let subscriber):
      (subscriber as? any CustomReflectable)?.customMirror ?? Mirror(subscriber, children: EmptyCollection())
    case .closures:
      Mirror(reflecting: "Anonymous AnySubscriber")
    }
  }

  /// The wrapped subscriber's playground description, else its description.
  public var playgroundDescription: Any {
    if case .subscriber(let subscriber) = shown,
      let shown = subscriber as? any CustomPlaygroundDisplayConvertible
    {
      return shown.playgroundDescription
    }
    return description
  }
}
