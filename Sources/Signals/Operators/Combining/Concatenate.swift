extension Publishers {
  /// The publisher `append(_:)` and `prepend(_:)` return: one publisher after the other.
  ///
  /// What either publisher sends before its subscription is ignored, as Combine's
  /// `Concatenate` ignores it.
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
    /// The publishers' output type.
    public typealias Output = Prefix.Output
    /// The publishers' failure type.
    public typealias Failure = Prefix.Failure

    /// The publisher delivered first.
    public let prefix: Prefix
    /// The publisher subscribed when `prefix` finishes.
    public let suffix: Suffix

    /// Makes the publisher; prefer `prefix.append(suffix)`.
    ///
    /// - Parameters:
    ///   - prefix: The publisher whose values come first.
    ///   - suffix: The publisher subscribed to once `prefix` finishes.
    @inlinable public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Subscribes `subscriber` to `prefix`, then to `suffix`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let suffix = suffix
      let state = SequentialSubscription<Failure, AnyPublisher<Output, Failure>, S>(
        subscriber, name: "Concatenate", handler: { .failure($0) })
      prefix.subscribe(state.first(onFinish: suffix.eraseToAnyPublisher()))
    }
  }
}

/// Equal when the publishers are equal (Combine's conformance).
extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}
