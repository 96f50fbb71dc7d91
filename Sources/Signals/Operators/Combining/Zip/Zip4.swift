extension Publisher {
  /// Zips this publisher with three others: quadruples of their n-th values; see `zip(_:)`.
  ///
  /// ```
  /// self:          -a---|
  /// b:             -1---|
  /// c:             --x--|
  /// d:             ---9-|
  /// zip(b, c, d):  ---q-|
  /// values:        q = (a, 1, x, 9)
  /// ```
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  /// - Returns: A publisher of quadruples.
  @inlinable
  public func zip<B: Publisher, C: Publisher, D: Publisher>(
    _ b: B, _ c: C, _ d: D
  ) -> Publishers.Zip4<Self, B, C, D> where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
    Publishers.Zip4(self, b, c, d)
  }

  /// Zips this publisher with three others and maps each quadruple with `transform`.
  ///
  /// Diagram: see `zip(_:_:_:)`, then `map(transform)`.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - transform: Makes one value of a quadruple.
  /// - Returns: A publisher of the transformed quadruples.
  @inlinable
  public func zip<B: Publisher, C: Publisher, D: Publisher, T>(
    _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T
  ) -> Publishers.Map<Publishers.Zip4<Self, B, C, D>, T>
  where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
    Publishers.Zip4(self, b, c, d).map(transform)
  }
}

extension Publishers {
  /// The publisher `zip(_:_:_:)` returns: quadruples of four inputs' n-th values.
  ///
  /// Built on three `Zip`s, so it keeps their rules: it finishes once an input has finished and
  /// its buffered values are used up; any failure is forwarded at once and cancels the others.
  public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    /// A quadruple of n-th values.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The first input.
    public let a: A
    /// The second input.
    public let b: B
    /// The third input.
    public let c: C
    /// The fourth input.
    public let d: D

    /// Makes the publisher; prefer `a.zip(b, c, d)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

    /// Subscribes `subscriber` to all four inputs.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      Zip(Zip(a, b), Zip(c, d)).map { ($0.0.0, $0.0.1, $0.1.0, $0.1.1) }.subscribe(subscriber)
    }
  }
}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
