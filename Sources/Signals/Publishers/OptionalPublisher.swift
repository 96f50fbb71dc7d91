extension Optional {
  /// A publisher of this optional: the wrapped value then a finish, or only a finish for `nil`.
  ///
  /// ```
  /// Optional(1).publisher:  (1|)
  /// nil.publisher:          |
  /// ```
  public var publisher: Publisher { Publisher(self) }

  /// The publisher of an `Optional`: `Just` for a value, `Empty` for `nil`.
  ///
  /// Threading: delivers synchronously on the subscribing thread. It cannot fail.
  public struct Publisher: Signals.Publisher {
    /// The wrapped type.
    public typealias Output = Wrapped
    /// It cannot fail.
    public typealias Failure = Never

    /// The value delivered, if any.
    public let output: Wrapped?

    /// A publisher of `output`.
    ///
    /// - Parameter output: The value sent before finishing; `nil` finishes at once.
    public init(_ output: Wrapped?) { self.output = output }

    /// Delivers the value and a finish, or only a finish.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
      if let output {
        subscriber.receive(subscription: JustSubscription(output, subscriber, name: "Optional"))
      } else {
        Empty<Wrapped, Never>().subscribe(subscriber)
      }
    }
  }
}

/// Two optional publishers are equal when their values are (Combine's conformance).
extension Optional.Publisher: Equatable where Wrapped: Equatable {}
