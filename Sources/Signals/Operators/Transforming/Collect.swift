extension Publisher {
  /// Collects every value and delivers them as one array when the upstream finishes.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// collect():  -------(x|)
  /// values:     x = [1, 2, 3]
  /// ```
  ///
  /// An empty upstream gives `[]`. On failure the collected values are dropped and the failure
  /// forwarded.
  ///
  /// - Returns: A publisher of arrays of the upstream's values.
  @inlinable
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }

  /// Collects values in arrays of `count`; when the upstream finishes, a partial array left
  /// over is delivered before the finish.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// collect(2):  ---a---(b|)
  /// values:      a = [1, 2], b = [3]
  /// ```
  ///
  /// Bad input: a `count` below 1 is treated as 1. On failure a partial array is dropped.
  ///
  /// - Parameter count: How many values a group holds; below 1 counts as 1.
  /// - Returns: A publisher of arrays of the upstream's values.
  @inlinable
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// The publisher `collect()` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Collect<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = [Upstream.Output]
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @usableFromInline static var relayName: String { "Collect" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      var buffer: [Upstream.Output] = []
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          buffer.append(value)
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (buffer, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `collect(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct CollectByCount<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = [Upstream.Output]
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// How many values each array holds (at least one; the last may hold fewer).
    public let count: Int

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - count: How many values each array holds (at least one; the last may hold fewer).
    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    @usableFromInline static var relayName: String { "CollectByCount" }
    /// Combine's `CollectByCount` at the protocol's edges (see `RelayEdges`): an early value is
    /// ignored, an early completion passed on.
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: false, earlyCompletion: true, cancelledEarly: .leavesIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let size = Swift.max(1, count)
      var buffer: [Upstream.Output] = []
      // Combine's demand: `size` values asked of the upstream for each array requested.
      return RelayRules(
        asking: .batches(of: size),
        value: { value in
          buffer.append(value)
          guard buffer.count == size else { return .skip }
          defer { buffer.removeAll(keepingCapacity: true) }
          return .emit(buffer)
        },
        completion: { completion in
          if case .finished = completion, !buffer.isEmpty { return (buffer, completion) }
          return (nil, completion)
        })
    }
  }
}

/// Two `Collect` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Collect: Equatable where Upstream: Equatable {}

/// Two `CollectByCount` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}
