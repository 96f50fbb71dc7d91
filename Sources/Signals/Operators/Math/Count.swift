extension Publisher {
  /// Delivers the number of values the upstream produced, when it finishes.
  ///
  /// ```
  /// upstream:  -a-b-c-|
  /// count():   -------(3|)
  /// ```
  ///
  /// An empty upstream gives 0; a failure is forwarded and the count dropped. Threading: the
  /// count is delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of one `Int`.
  @inlinable
  public func count() -> Publishers.Count<Self> {
    Publishers.Count(upstream: self)
  }
}

extension Publishers {
  /// The publisher `count()` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Count<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Int
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

    @usableFromInline static var relayName: String { "Count" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      var count = 0
      return RelayRules(
        asking: .everythingForOneResult,
        value: { _ in
          count += 1
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (count, completion) }
          return (nil, completion)
        })
    }
  }
}

/// Two `Count` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Count: Equatable where Upstream: Equatable {}
