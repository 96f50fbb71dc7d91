extension Publisher {
  /// Delivers the value at `keyPath` of each value.
  ///
  /// ```
  /// upstream:      -a-b-|
  /// map(\.count):  -1-2-|
  /// values:        a = x, b = yz
  /// ```
  ///
  /// Completion, failure and cancellation pass through unchanged. Threading: the key path is
  /// read on the delivering thread.
  ///
  /// - Parameter keyPath: The property to read from each value.
  /// - Returns: A publisher of the properties.
  @inlinable
  public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }

  /// Delivers a pair of the values at two key paths of each value; see `map(_:)`.
  ///
  /// ```
  /// upstream:                 -a-|
  /// map(\.count, \.isEmpty):  -p-|
  /// values:                   a = xy, p = (2, false)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath0: The first property to read.
  ///   - keyPath1: The second property to read.
  /// - Returns: A publisher of the pairs.
  @inlinable
  public func map<T0, T1>(
    _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>
  ) -> Publishers.MapKeyPath2<Self, T0, T1> {
    Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
  }

  /// Delivers a triple of the values at three key paths of each value; see `map(_:)`.
  ///
  /// ```
  /// upstream:                          -a-|
  /// map(\.count, \.isEmpty, \.first):  -t-|
  /// values:                            a = xy, t = (2, false, x)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath0: The first property to read.
  ///   - keyPath1: The second property to read.
  ///   - keyPath2: The third property to read.
  /// - Returns: A publisher of the triples.
  @inlinable
  public func map<T0, T1, T2>(
    _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
  ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
    Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
  }
}

extension Publishers {
  /// The publisher `map(_:)` with one key path returns (Combine's type).
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The property read from each value.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath: The property read from each value.
    @inlinable
    public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    /// Subscribes `subscriber` through the key-path reads (the `map` engine).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let keyPath = self.keyPath
      upstream.subscribe(
        KeyPathSubscriber(
          MapSubscriber(downstream: subscriber, transform: { $0[keyPath: keyPath] }), keyPaths: keyPath))
    }
  }

  /// The publisher `map(_:_:)` with two key paths returns (Combine's type).
  public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
    /// The type of values delivered.
    public typealias Output = (Output0, Output1)
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The first property read from each value.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The second property read from each value.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath0: The first property read from each value.
    ///   - keyPath1: The second property read from each value.
    @inlinable
    public init(
      upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
    }

    /// Subscribes `subscriber` through the key-path reads (the `map` engine).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let keyPath0 = self.keyPath0
      let keyPath1 = self.keyPath1
      upstream.subscribe(
        KeyPathSubscriber(
          MapSubscriber(
            downstream: subscriber, transform: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }),
          keyPaths: (keyPath0, keyPath1)))
    }
  }

  /// The publisher `map(_:_:_:)` with three key paths returns (Combine's type).
  public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
    /// The type of values delivered.
    public typealias Output = (Output0, Output1, Output2)
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are read.
    public let upstream: Upstream
    /// The first property read from each value.
    public let keyPath0: KeyPath<Upstream.Output, Output0>
    /// The second property read from each value.
    public let keyPath1: KeyPath<Upstream.Output, Output1>
    /// The third property read from each value.
    public let keyPath2: KeyPath<Upstream.Output, Output2>

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are read.
    ///   - keyPath0: The first property read from each value.
    ///   - keyPath1: The second property read from each value.
    ///   - keyPath2: The third property read from each value.
    @inlinable
    public init(
      upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>, keyPath2: KeyPath<Upstream.Output, Output2>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
      self.keyPath2 = keyPath2
    }

    /// Subscribes `subscriber` through the key-path reads (the `map` engine).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let keyPath0 = self.keyPath0
      let keyPath1 = self.keyPath1
      let keyPath2 = self.keyPath2
      upstream.subscribe(
        KeyPathSubscriber(
          MapSubscriber(
            downstream: subscriber,
            transform: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }),
          keyPaths: (keyPath0, keyPath1, keyPath2)))
    }
  }
}

/// The subscriber the key-path `map`s put upstream: the `map` engine's subscriber, with the key
/// paths kept beside it for its description and mirror (Combine's `ValueForKey` and
/// `ValueForKeys` show them); the values take the same path as `map`'s.
@usableFromInline
struct KeyPathSubscriber<Input, Downstream: Subscriber, KeyPaths>: Subscriber {
  @usableFromInline let map: MapSubscriber<Input, Downstream>
  /// One key path, or a tuple of two or three.
  @usableFromInline let keyPaths: KeyPaths

  @inlinable init(_ map: MapSubscriber<Input, Downstream>, keyPaths: KeyPaths) {
    self.map = map
    self.keyPaths = keyPaths
  }

  @inlinable func receive(subscription: any Subscription) { map.receive(subscription: subscription) }
  @inlinable func receive(_ input: Input) -> Subscribers.Demand { map.receive(input) }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    map.receive(completion: completion)
  }
}
