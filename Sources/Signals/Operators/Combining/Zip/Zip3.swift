extension Publisher {
  /// Zips this publisher with two others: triples of their n-th values; see `zip(_:)`.
  ///
  /// ```
  /// self:       -a-----b-|
  /// b:          --1---2--|
  /// c:          ---x-y---|
  /// zip(b, c):  ---p---q-|
  /// values:     p = (a, 1, x), q = (b, 2, y)
  /// ```
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  /// - Returns: A publisher of triples.
  @inlinable
  public func zip<B: Publisher, C: Publisher>(_ b: B, _ c: C) -> Publishers.Zip3<Self, B, C>
  where B.Failure == Failure, C.Failure == Failure {
    Publishers.Zip3(self, b, c)
  }

  /// Zips this publisher with two others and maps each triple with `transform`.
  ///
  /// Diagram: see `zip(_:_:)`, then `map(transform)`.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - transform: Makes one value of a triple.
  /// - Returns: A publisher of the transformed triples.
  @inlinable
  public func zip<B: Publisher, C: Publisher, T>(
    _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> T
  ) -> Publishers.Map<Publishers.Zip3<Self, B, C>, T> where B.Failure == Failure, C.Failure == Failure {
    Publishers.Zip3(self, b, c).map(transform)
  }
}

extension Publishers {
  /// The publisher `zip(_:_:)` returns: triples of three inputs' n-th values.
  ///
  /// Built on two `Zip`s, so it keeps their rules: it finishes once an input has finished and
  /// its buffered values are used up; any failure is forwarded at once and cancels the others.
  public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// A triple of n-th values.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The first input.
    public let a: A
    /// The second input.
    public let b: B
    /// The third input.
    public let c: C

    /// Makes the publisher; prefer `a.zip(b, c)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C) { (self.a, self.b, self.c) = (a, b, c) }

    /// Subscribes `subscriber` to all three inputs.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      Zip(Zip(a, b), c).map { ($0.0.0, $0.0.1, $0.1) }.subscribe(subscriber)
    }
  }
}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
