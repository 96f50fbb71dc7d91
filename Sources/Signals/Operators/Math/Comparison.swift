extension Publisher where Output: Comparable {
  /// Delivers the smallest value when the upstream finishes.
  ///
  /// ```
  /// upstream:  -3-1-2-|
  /// min():     -------(1|)
  /// ```
  ///
  /// An empty upstream finishes it empty; a failure is forwarded and the held value dropped.
  /// Of equal values, the first is kept. Threading: delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func min() -> Publishers.Comparison<Self> {
    min(by: <)
  }

  /// Delivers the largest value when the upstream finishes.
  ///
  /// ```
  /// upstream:  -3-1-2-|
  /// max():     -------(3|)
  /// ```
  ///
  /// An empty upstream finishes it empty; a failure is forwarded and the held value dropped.
  /// Of equal values, the first is kept (Combine's rule, as OpenCombine implements it).
  /// Threading: delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func max() -> Publishers.Comparison<Self> {
    max(by: <)
  }
}

extension Publisher {
  /// Delivers, when the upstream finishes, the smallest value according to
  /// `areInIncreasingOrder` (which says whether its first argument comes before its second).
  ///
  /// ```
  /// upstream:          -x-y-z-|
  /// min(by: shorter):  -------(y|)
  /// values:            x = bb, y = a, z = ccc
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func min(
    by areInIncreasingOrder: @escaping (Output, Output) -> Bool
  ) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
  }

  /// Delivers, when the upstream finishes, the largest value according to
  /// `areInIncreasingOrder`; see `min(by:)`.
  ///
  /// ```
  /// upstream:          -x-y-z-|
  /// max(by: shorter):  -------(z|)
  /// values:            x = bb, y = a, z = ccc
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func max(
    by areInIncreasingOrder: @escaping (Output, Output) -> Bool
  ) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }

  /// `min(by:)` with an ordering that may throw; a thrown error cancels the upstream and fails
  /// the publisher at once.
  ///
  /// ```
  /// upstream:                 -3-1-2-|
  /// tryMin(by: throws on 2):  -----#
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values; may throw.
  /// - Returns: A publisher of at most one value, failing with `any Error`.
  @inlinable
  public func tryMin(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
  }

  /// `max(by:)` with an ordering that may throw; a thrown error cancels the upstream and fails
  /// the publisher at once.
  ///
  /// ```
  /// upstream:                 -3-1-2-|
  /// tryMax(by: throws on 2):  -----#
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values; may throw.
  /// - Returns: A publisher of at most one value, failing with `any Error`.
  @inlinable
  public func tryMax(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// The publisher `min()`, `max()`, `min(by:)` and `max(by:)` return.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Comparison<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Replaces the kept value (first) with a new one (second) when it returns `true`: `<` keeps the largest.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - areInIncreasingOrder: Replaces the kept value (first) with a new one (second) when it returns `true`: `<` keeps the largest.
    @inlinable
    public init(
      upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    @usableFromInline static var relayName: String { "Comparison" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let areInIncreasingOrder = self.areInIncreasingOrder
      var best: Upstream.Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          if let current = best, !areInIncreasingOrder(current, value) { return .skip }
          best = value
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (best, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `tryMin(by:)` and `tryMax(by:)` return.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryComparison<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Replaces the kept value (first) with a new one (second) when it returns `true`; an error it throws fails the publisher.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - areInIncreasingOrder: Replaces the kept value (first) with a new one (second) when it returns `true`; an error it throws fails the publisher.
    @inlinable
    public init(
      upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    @usableFromInline static var relayName: String { "TryComparison" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let areInIncreasingOrder = self.areInIncreasingOrder
      var best: Upstream.Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do {
            if let current = best, try !areInIncreasingOrder(current, value) { return .skip }
          } catch { return .fail(error) }
          best = value
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (best, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}
