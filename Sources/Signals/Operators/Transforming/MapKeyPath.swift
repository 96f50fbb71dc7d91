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
    Publishers.Map(upstream: self) { $0[keyPath: keyPath] }
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
    Publishers.Map(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
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
    Publishers.Map(upstream: self) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
  }
}

extension Publishers {
  /// The publisher `map(_:)` with one key path returns.
  public typealias MapKeyPath<Upstream: Publisher, Output> = Map<Upstream, Output>
  /// The publisher `map(_:_:)` with two key paths returns.
  public typealias MapKeyPath2<Upstream: Publisher, Output0, Output1> = Map<Upstream, (Output0, Output1)>
  /// The publisher `map(_:_:_:)` with three key paths returns.
  public typealias MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2> = Map<
    Upstream, (Output0, Output1, Output2)
  >
}
