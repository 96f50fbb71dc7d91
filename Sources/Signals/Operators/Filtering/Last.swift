extension Publisher {
  /// Delivers the last value when the upstream finishes.
  ///
  /// ```
  /// upstream: -1-2-3-|
  /// last():   -------(3|)
  /// ```
  ///
  /// An upstream that finishes empty finishes it empty; on failure the held value is dropped.
  ///
  /// - Returns: A publisher of at most one value, delivered when the upstream finishes.
  @inlinable
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self)
  }

  /// Delivers, when the upstream finishes, the last value for which `predicate` returned `true`.
  ///
  /// ```
  /// upstream:          -1-2-3-|
  /// last(where: <3):   -------(2|)
  /// ```
  ///
  /// - Parameter predicate: Decides on each value; runs on the thread that delivers it.
  /// - Returns: A publisher of at most one value, delivered when the upstream finishes.
  @inlinable
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `last()` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct Last<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
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

    @usableFromInline static var relayName: String { "Last" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      var last: Upstream.Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          if true { last = value }
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (last, completion) }
          return (nil, completion)
        })
    }
  }

  /// The publisher `last(where:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct LastWhere<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Picks the values that may be the last.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Picks the values that may be the last.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "LastWhere" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var last: Upstream.Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          if predicate(value) { last = value }
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (last, completion) }
          return (nil, completion)
        })
    }
  }
}

/// Two `Last` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Last: Equatable where Upstream: Equatable {}
