// How the public subscribers and publishers describe themselves, as Combine's do. (The
// internal subscriptions' descriptions are in `Internal/SubscriptionDescriptions.swift`.)

extension Subscribers.Sink: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// `"Sink"`, as Combine's sink describes itself.
  public var description: String { "Sink" }
  /// No children, as Combine's sink.
  public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  /// `"Sink"`, as `description`.
  public var playgroundDescription: Any { description }
}

extension Subscribers.Assign: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// `"Assign Root."`, Combine's description (the root type's name, then a full stop).
  public var description: String { "Assign \(Root.self)." }
  /// The object (`nil` once released), the key path and where the subscriber stands with its
  /// upstream (`status`: awaiting its subscription, subscribed, or terminal), as Combine's
  /// `Assign` shows them.
  public var customMirror: Mirror {
    let (object, status) = lock.withLock { () -> (Root?, SubscriptionStatus) in
      if done { return (held, .terminal) }
      return (held, subscription.map { .subscribed($0) } ?? .awaitingSubscription)
    }
    return Mirror(self, children: [("object", object as Any), ("keyPath", keyPath), ("status", status)])
  }
  /// The description.
  public var playgroundDescription: Any { description }
}

extension AnyPublisher: CustomStringConvertible, CustomPlaygroundDisplayConvertible {
  /// `"AnyPublisher"`, as Combine's type-erased publisher describes itself.
  public var description: String { "AnyPublisher" }
  /// `"AnyPublisher"`, as `description`.
  public var playgroundDescription: Any { description }
}
