extension Publisher {
  /// Delivers, when the upstream finishes, the last value for which `predicate` returned
  /// `true`; a thrown error cancels the upstream and fails the publisher at once.
  ///
  /// ```
  /// upstream:                    -1-2-3-|
  /// tryLast(where: odd):         -------(3|)
  /// tryLast(where: throws on 2): ---#
  /// ```
  ///
  /// An upstream that finishes without a match finishes it empty; an upstream failure drops
  /// the held value and is forwarded as `any Error`. Threading: `predicate` runs on the
  /// delivering thread. As in Combine, every value is requested from the upstream.
  ///
  /// - Parameter predicate: Whether a value counts; may throw to fail the publisher.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
    Publishers.TryLastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `tryLast(where:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryLastWhere<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Picks the values that may be the last; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Picks the values that may be the last; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryLastWhere" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var last: Upstream.Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do {
            if try predicate(value) { last = value }
            return .skip
          } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (last, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}
