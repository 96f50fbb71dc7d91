extension Publisher {
  /// Delivers only the value at `index` (counting from 0), then finishes and cancels the
  /// upstream at once.
  ///
  /// ```
  /// upstream:      -a-b-c-|
  /// output(at: 1): ---(b|)
  /// ```
  ///
  /// An upstream that finishes before `index` finishes it empty; a failure is forwarded.
  /// Bad input: a negative `index` delivers nothing and finishes at once without subscribing.
  ///
  /// - Parameter index: The position of the value wanted.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func output(at index: Int) -> Publishers.Output<Self> {
    index < 0 || index == Int.max ? prefix(0) : output(in: index..<(index + 1))
  }

  /// Delivers only the values whose positions (counting from 0) are in `range`; finishes and
  /// cancels the upstream right after the last position in the range.
  ///
  /// ```
  /// upstream:          -a-b-c-d-|
  /// output(in: 1...2): ---b-(c|)
  /// ```
  ///
  /// An upstream that finishes or fails earlier ends it the same way. Bad input: negative
  /// bounds are treated as 0; an empty range finishes at once without subscribing.
  ///
  /// - Parameter range: The positions wanted, such as `2..<5`, `3...` or `...4`.
  /// - Returns: A publisher of the values at those positions.
  @inlinable
  public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
    let bounds: Range<Int>
    if let closed = range as? ClosedRange<Int>, closed.upperBound == Int.max {
      bounds = closed.lowerBound..<Int.max  // `relative(to:)` would overflow on `upperBound + 1`
    } else {
      bounds = range.relative(to: 0..<Int.max)
    }
    let lower = Swift.max(0, bounds.lowerBound)
    return Publishers.Output(upstream: self, range: lower..<Swift.max(lower, bounds.upperBound))
  }
}

extension Publishers {
  /// The publisher `output(at:)`, `output(in:)` and `prefix(_:)` return.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Output<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The indices of the values to pass; it finishes after the last one.
    public let range: CountableRange<Int>

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - range: The indices of the values to pass; it finishes after the last one.
    @inlinable
    public init(upstream: Upstream, range: CountableRange<Int>) {
      self.upstream = upstream
      self.range = range
    }

    @usableFromInline static var relayName: String { "Output" }
    /// Combine's `Output` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .leaving }
    @inlinable var finishesAtOnce: Bool { range.isEmpty }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let lower = range.lowerBound
      let upper = range.upperBound
      var index = 0
      return RelayRules(value: { value in
        defer { index += 1 }
        guard index >= lower else { return .skip }
        return index + 1 == upper ? .emitThenFinish(value) : .emit(value)
      })
    }
  }
}

/// Two `Output` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Output: Equatable where Upstream: Equatable {}
