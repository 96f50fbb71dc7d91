extension Publisher {
  /// Replaces a failure with `output`, then finishes.
  ///
  /// ```
  /// upstream:               -1-#
  /// replaceError(with: 0):  -1-(0|)
  /// ```
  ///
  /// - Parameter output: The value delivered in place of a failure.
  /// - Returns: A publisher that cannot fail.
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// The publisher `replaceError(with:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct ReplaceError<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Never

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The value delivered, before finishing, in place of a failure.
    public let output: Upstream.Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - output: The value delivered, before finishing, in place of a failure.
    @inlinable
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    @usableFromInline static var relayName: String { "ReplaceError" }
    /// Combine's `ReplaceError` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .leaving }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let output = self.output
      return RelayRules(
        value: { .emit($0) },
        completion: { completion in
          if case .failure = completion { return (output, .finished) }
          return (nil, .finished)
        })
    }
  }
}

/// Two `ReplaceError` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
