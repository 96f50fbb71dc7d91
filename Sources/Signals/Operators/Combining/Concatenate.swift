extension Publisher {
  /// Delivers this publisher's values, then, once it finishes, those of `publisher`.
  ///
  /// ```
  /// self:     -1-2-|
  /// other:         -3-|
  /// append:   -1-2--3-|
  /// ```
  ///
  /// `publisher` is subscribed only when this one finishes (and asked for the outstanding
  /// demand); a failure of either is forwarded. The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives.
  @inlinable
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }

  /// Delivers `values` first, then this publisher's values.
  ///
  /// ```
  /// self:          ---3-|
  /// prepend(1, 2): 12-3-|
  /// ```
  @inlinable
  public func prepend(
    _ values: Output...
  ) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    Publishers.Concatenate(prefix: Publishers.Sequence(sequence: values), suffix: self)
  }

  /// Delivers this publisher's values, then `values`, once it finishes.
  @inlinable
  public func append(
    _ values: Output...
  ) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: values))
  }
}

extension Publishers {
  /// The publisher `append` and `prepend` return: one publisher after the other.
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
    @inlinable public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Subscribes `subscriber` to `prefix`, then to `suffix`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let suffix = suffix
      let state = CatchState<Failure, AnyPublisher<Output, Failure>, S>(subscriber, handler: { .failure($0) })
      prefix.subscribe(state.first(onFinish: suffix.eraseToAnyPublisher()))
    }
  }
}
