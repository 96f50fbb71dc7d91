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
    let upper = Swift.max(lower, bounds.upperBound)
    return .init(self, finishesAtOnce: lower == upper) {
      var index = 0
      return RelayRules(value: { value in
        defer { index += 1 }
        guard index >= lower else { return .skip }
        return index + 1 == upper ? .emitThenFinish(value) : .emit(value)
      })
    }
  }
}

extension Publishers {
  /// The publisher `prefix(_:)`, `output(at:)` and `output(in:)` return (Combine's name for it).
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Output<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    @usableFromInline let relayed: Relayed<Upstream, Output, Failure>

    /// The publisher the operator applies to.
    public var upstream: Upstream { relayed.upstream }

    @inlinable init(
      _ upstream: Upstream, finishesAtOnce: Bool = false,
      _ makeRules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
    ) {
      relayed = Relayed(upstream, finishesAtOnce: finishesAtOnce, makeRules)
    }

    /// The same operator over another operator's engine (one that forwards to a sibling).
    @inlinable init(_ relayed: Relayed<Upstream, Output, Failure>) { self.relayed = relayed }

    /// Subscribes `subscriber` through fresh per-subscription rules.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      relayed.receive(subscriber: subscriber)
    }
  }

}
