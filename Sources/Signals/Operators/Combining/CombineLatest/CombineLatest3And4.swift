extension Publisher {
  /// Combines this publisher with two others; emits the latest three values whenever one
  /// changes, once all have a value. Completion, failure, cancellation and threading as in
  /// `combineLatest(_:)`.
  ///
  /// ```
  /// self:                -a---b---|
  /// b:                   --1------|
  /// c:                   ---x-----|
  /// combineLatest(b, c): ---p-q---|
  /// values:              p = (a, 1, x), q = (b, 1, x)
  /// ```
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  /// - Returns: A publisher of triples of the latest values.
  @inlinable
  public func combineLatest<B: Publisher, C: Publisher>(
    _ b: B, _ c: C
  ) -> Publishers.CombineLatest3<Self, B, C>
  where B.Failure == Failure, C.Failure == Failure {
    Publishers.CombineLatest3(self, b, c)
  }

  /// Combines this publisher with two others and maps the latest three values with `transform`.
  ///
  /// Diagram: see `combineLatest(_:_:)`, then `map(transform)`.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - transform: Makes the output from the latest value of each.
  /// - Returns: A publisher of the transformed combinations.
  @inlinable
  public func combineLatest<B: Publisher, C: Publisher, T>(
    _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, T>
  where B.Failure == Failure, C.Failure == Failure {
    Publishers.CombineLatest3(self, b, c).map(transform)
  }

  /// Combines this publisher with three others; emits the latest four values whenever one
  /// changes, once all have a value. Completion, failure, cancellation and threading as in
  /// `combineLatest(_:)`.
  ///
  /// ```
  /// self:                   -a------b-|
  /// b:                      --1-------|
  /// c:                      ---x------|
  /// d:                      ----7-8---|
  /// combineLatest(b, c, d): ----p-q-r-|
  /// values:                 p = (a, 1, x, 7), q = (a, 1, x, 8), r = (b, 1, x, 8)
  /// ```
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  /// - Returns: A publisher of quadruples of the latest values.
  @inlinable
  public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(
    _ b: B, _ c: C, _ d: D
  ) -> Publishers.CombineLatest4<Self, B, C, D>
  where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
    Publishers.CombineLatest4(self, b, c, d)
  }

  /// Combines this publisher with three others and maps the latest four values with `transform`.
  ///
  /// Diagram: see `combineLatest(_:_:_:)`, then `map(transform)`.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - transform: Makes the output from the latest value of each.
  /// - Returns: A publisher of the transformed combinations.
  @inlinable
  public func combineLatest<B: Publisher, C: Publisher, D: Publisher, T>(
    _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, T>
  where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
    Publishers.CombineLatest4(self, b, c, d).map(transform)
  }
}

extension Publishers {
  /// The publisher `combineLatest(_:_:)` returns: triples of the latest values.
  ///
  /// Built as `combineLatest` of `combineLatest(a, b)` and `c`, which keeps the same semantics.
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// The latest three values.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C

    /// Combines three publishers; prefer `a.combineLatest(b, c)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C) { (self.a, self.b, self.c) = (a, b, c) }

    /// Subscribes `subscriber` to the combination.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      CombineLatest(CombineLatest(a, b), c).map { ($0.0.0, $0.0.1, $0.1) }.subscribe(subscriber)
    }
  }

  /// The publisher `combineLatest(_:_:_:)` returns (four inputs): quadruples of the latest values.
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    /// The latest four values.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C, d: D

    /// Combines four publishers; prefer `a.combineLatest(b, c, d)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

    /// Subscribes `subscriber` to the combination.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      CombineLatest(CombineLatest(a, b), CombineLatest(c, d))
        .map { ($0.0.0, $0.0.1, $0.1.0, $0.1.1) }
        .subscribe(subscriber)
    }
  }
}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
