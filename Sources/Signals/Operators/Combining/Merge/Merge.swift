extension Publisher {
  /// Merges this publisher with another publisher; see `Publishers.MergeMany` for the semantics.
  ///
  /// ```
  /// self:               -a---b-|
  /// other:              --1----2-|
  /// merge(with: other): -a1--b-2-|
  /// ```
  ///
  /// - Parameter b: The other publisher.
  /// - Returns: A publisher of every value of both, as they come.
  @inlinable
  public func merge<B: Publisher>(with b: B) -> Publishers.Merge<Self, B>
  where B.Output == Output, B.Failure == Failure {
    Publishers.Merge(self, b)
  }

  /// Merges this publisher with two others; see `Publishers.MergeMany` for the semantics.
  ///
  /// ```
  /// self:                 -a---b-|
  /// b:                    --1----2-|
  /// c:                    ---9-|
  /// merge(with: b, c):    -a19-b-2-|
  /// ```
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  /// - Returns: A publisher of every value of the 3 publishers, as they come.
  @inlinable
  public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
  where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
    Publishers.Merge3(self, b, c)
  }

  /// Merges this publisher with three others; see `Publishers.MergeMany` for the semantics.
  ///
  /// Diagram: see `merge(with:_:)`, with 4 inputs instead of 3.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  /// - Returns: A publisher of every value of the 4 publishers, as they come.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher>(
    with b: B, _ c: C, _ d: D
  ) -> Publishers.Merge4<Self, B, C, D>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure
  {
    Publishers.Merge4(self, b, c, d)
  }

  /// Merges this publisher with four others; see `Publishers.MergeMany` for the semantics.
  ///
  /// Diagram: see `merge(with:_:)`, with 5 inputs instead of 3.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  /// - Returns: A publisher of every value of the 5 publishers, as they come.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E
  ) -> Publishers.Merge5<Self, B, C, D, E>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure
  {
    Publishers.Merge5(self, b, c, d, e)
  }

  /// Merges this publisher with five others; see `Publishers.MergeMany` for the semantics.
  ///
  /// Diagram: see `merge(with:_:)`, with 6 inputs instead of 3.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  ///   - f: The sixth publisher.
  /// - Returns: A publisher of every value of the 6 publishers, as they come.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F
  ) -> Publishers.Merge6<Self, B, C, D, E, F>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure
  {
    Publishers.Merge6(self, b, c, d, e, f)
  }

  /// Merges this publisher with six others; see `Publishers.MergeMany` for the semantics.
  ///
  /// Diagram: see `merge(with:_:)`, with 7 inputs instead of 3.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  ///   - f: The sixth publisher.
  ///   - g: The seventh publisher.
  /// - Returns: A publisher of every value of the 7 publishers, as they come.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
  ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
    G.Output == Output, G.Failure == Failure
  {
    Publishers.Merge7(self, b, c, d, e, f, g)
  }

  /// Merges this publisher with seven others; see `Publishers.MergeMany` for the semantics.
  ///
  /// Diagram: see `merge(with:_:)`, with 8 inputs instead of 3.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  ///   - f: The sixth publisher.
  ///   - g: The seventh publisher.
  ///   - h: The eighth publisher.
  /// - Returns: A publisher of every value of the 8 publishers, as they come.
  @inlinable
  public func merge<
    B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher
  >(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure, D.Output == Output,
    D.Failure == Failure, E.Output == Output, E.Failure == Failure, F.Output == Output, F.Failure == Failure,
    G.Output == Output, G.Failure == Failure, H.Output == Output, H.Failure == Failure
  {
    Publishers.Merge8(self, b, c, d, e, f, g, h)
  }

}

extension Publishers {
  /// The publisher `merge(with:)` returns: 2 publishers merged; see `MergeMany` for the semantics.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    @inlinable public init(_ a: A, _ b: B) { (self.a, self.b) = (a, b) }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()]).subscribe(subscriber)
    }
  }

  /// The publisher `merge(with:_:)` returns: 3 publishers merged; see `MergeMany` for the
  /// semantics.
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C) { (self.a, self.b, self.c) = (a, b, c) }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()]).subscribe(
        subscriber)
    }
  }

  /// The publisher `merge(with:_:_:)` returns: 4 publishers merged; see `MergeMany` for the
  /// semantics.
  public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
    C.Output == D.Output, C.Failure == D.Failure
  {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C, d: D

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([
        a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
      ]).subscribe(subscriber)
    }
  }

  /// The publisher `merge(with:_:_:_:)` returns: 5 publishers merged; see `MergeMany` for the
  /// semantics.
  public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
    C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure
  {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C, d: D, e: E

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
      (self.a, self.b, self.c, self.d, self.e) = (a, b, c, d, e)
    }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([
        a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
        e.eraseToAnyPublisher(),
      ]).subscribe(subscriber)
    }
  }

  /// The publisher `merge(with:_:_:_:_:)` returns: 6 publishers merged; see `MergeMany` for the
  /// semantics.
  public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>:
    Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
    C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure,
    E.Output == F.Output, E.Failure == F.Failure
  {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C, d: D, e: E, f: F

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
      (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([
        a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
        e.eraseToAnyPublisher(), f.eraseToAnyPublisher(),
      ]).subscribe(subscriber)
    }
  }

  /// The publisher `merge(with:_:_:_:_:_:)` returns: 7 publishers merged; see `MergeMany` for the
  /// semantics.
  public struct Merge7<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
  >: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
    C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure,
    E.Output == F.Output, E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure
  {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C, d: D, e: E, f: F, g: G

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    ///   - g: The seventh publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
      (self.a, self.b, self.c, self.d, self.e, self.f, self.g) = (a, b, c, d, e, f, g)
    }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([
        a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
        e.eraseToAnyPublisher(), f.eraseToAnyPublisher(), g.eraseToAnyPublisher(),
      ]).subscribe(subscriber)
    }
  }

  /// The publisher `merge(with:_:_:_:_:_:_:)` returns: 8 publishers merged; see `MergeMany` for the
  /// semantics.
  public struct Merge8<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
    H: Publisher
  >: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
    C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output, D.Failure == E.Failure,
    E.Output == F.Output, E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure,
    G.Output == H.Output, G.Failure == H.Failure
  {
    /// The inputs' output type.
    public typealias Output = A.Output
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The inputs.
    public let a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H

    /// Merges the inputs; prefer `a.merge(with: ...)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    ///   - g: The seventh publisher.
    ///   - h: The eighth publisher.
    @inlinable public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
      (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h) = (a, b, c, d, e, f, g, h)
    }

    /// Subscribes `subscriber` to every input.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      MergeMany([
        a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(), d.eraseToAnyPublisher(),
        e.eraseToAnyPublisher(), f.eraseToAnyPublisher(), g.eraseToAnyPublisher(), h.eraseToAnyPublisher(),
      ]).subscribe(subscriber)
    }
  }

}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge5: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Merge8: Equatable
where
  A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable,
  H: Equatable
{}
