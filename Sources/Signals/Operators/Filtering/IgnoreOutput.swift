extension Publisher {
  /// Drops every value and passes only the completion.
  ///
  /// ```
  /// upstream:        -1-2-|
  /// ignoreOutput():  -----|
  /// ```
  ///
  /// - Returns: A publisher of the upstream's completion only.
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// The publisher `ignoreOutput()` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct IgnoreOutput<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Never
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

    @usableFromInline static var relayName: String { "IgnoreOutput" }
    /// Combine's `IgnoreOutput` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: false, earlyCompletion: true, cancelledEarly: .cancelsIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      RelayRules(asking: .everything, value: { _ in .skip })
    }
  }
}

/// Two `IgnoreOutput` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}
