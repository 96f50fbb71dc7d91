extension Publisher {
  /// Delivers `output` when the upstream finishes without having produced a value.
  ///
  /// ```
  /// upstream:               ----|
  /// replaceEmpty(with: 0):  ----(0|)
  /// ```
  ///
  /// Values of a non-empty upstream and failures pass through.
  ///
  /// - Parameter output: The value delivered when the upstream finishes without one.
  /// - Returns: A publisher of at least one value, unless it fails.
  @inlinable
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// The publisher `replaceEmpty(with:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The value delivered when the upstream finishes without a value.
    public let output: Upstream.Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - output: The value delivered when the upstream finishes without a value.
    @inlinable
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    @usableFromInline static var relayName: String { "ReplaceEmpty" }
    /// Combine's `ReplaceEmpty` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: false, earlyCompletion: false, cancelledEarly: .requestsEverything)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let output = self.output
      var empty = true
      return RelayRules(
        value: { value in
          empty = false
          return .emit(value)
        },
        completion: { completion in
          if case .finished = completion, empty { return (output, completion) }
          return (nil, completion)
        })
    }
  }
}

/// Two `ReplaceEmpty` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
