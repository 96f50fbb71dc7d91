extension Publisher {
  /// Accumulates every value and delivers the final result when the upstream finishes.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// reduce(0, +):  -------(6|)
  /// ```
  ///
  /// An upstream that finishes empty gives `initialResult`. On failure the partial result is
  /// dropped and the failure forwarded.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result.
  /// - Returns: A publisher of the final result, delivered when the upstream finishes.
  @inlinable
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }

  /// `reduce` with a closure that may throw; a thrown error cancels the upstream and fails.
  ///
  /// ```
  /// upstream:                     -1-2-3-|
  /// tryReduce(0, +, throws on 3): -----#
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result; an error it throws fails the publisher.
  /// - Returns: A publisher of the final result, delivered when the upstream finishes.
  @inlinable
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// The publisher `reduce(_:_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Reduce<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The result before any value.
    public let initial: Output
    /// Folds a value into the result.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - initial: The result before any value.
    ///   - nextPartialResult: Folds a value into the result.
    @inlinable
    public init(
      upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    @usableFromInline static var relayName: String { "Reduce" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let nextPartialResult = self.nextPartialResult
      var result = initial
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          result = nextPartialResult(result, value)
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (result, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `tryReduce(_:_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryReduce<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The result before any value.
    public let initial: Output
    /// Folds a value into the result; an error it throws fails the publisher.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - initial: The result before any value.
    ///   - nextPartialResult: Folds a value into the result; an error it throws fails the publisher.
    @inlinable
    public init(
      upstream: Upstream, initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    @usableFromInline static var relayName: String { "TryReduce" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let nextPartialResult = self.nextPartialResult
      var result = initial
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do {
            result = try nextPartialResult(result, value)
            return .skip
          } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (result, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}
