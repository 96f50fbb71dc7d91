extension Publisher {
  /// Delivers a running accumulation: `nextPartialResult(previous, value)` for each value,
  /// starting from `initialResult`.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// scan(0, +):  -1-3-6-|
  /// ```
  ///
  /// Each subscriber accumulates from `initialResult` on its own. Completion passes through.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result.
  /// - Returns: A publisher of each intermediate result.
  @inlinable
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }

  /// `scan` with a closure that may throw; a thrown error cancels the upstream and fails.
  ///
  /// ```
  /// upstream:                   -1-2-3-|
  /// tryScan(0, +, throws on 3): -1-3-#
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result; an error it throws fails the publisher.
  /// - Returns: A publisher of each intermediate result.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// The publisher `scan(_:_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Scan<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The result before any value.
    public let initialResult: Output
    /// Folds a value into the result, which is then delivered.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - initialResult: The result before any value.
    ///   - nextPartialResult: Folds a value into the result, which is then delivered.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @usableFromInline static var relayName: String { "Scan" }
    /// Combine's `Scan` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .passing }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let nextPartialResult = self.nextPartialResult
      var result = initialResult
      return RelayRules(value: { value in
        result = nextPartialResult(result, value)
        return .emit(result)
      })
    }
  }

  /// The publisher `tryScan(_:_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryScan<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The result before any value.
    public let initialResult: Output
    /// Folds a value into the result, which is then delivered; an error it throws fails the publisher.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - initialResult: The result before any value.
    ///   - nextPartialResult: Folds a value into the result, which is then delivered; an error it throws fails the publisher.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @usableFromInline static var relayName: String { "TryScan" }
    /// Combine's `TryScan` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: true, earlyCompletion: false, cancelledEarly: .leavesIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let nextPartialResult = self.nextPartialResult
      var result = initialResult
      return RelayRules(throwing: { value in
        do {
          result = try nextPartialResult(result, value)
          return .emit(result)
        } catch { return .fail(error) }
      })
    }
  }
}
