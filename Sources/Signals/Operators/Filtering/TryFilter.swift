extension Publisher {
  /// Delivers the values for which `isIncluded` returns `true`; a thrown error cancels the
  /// upstream and fails the publisher.
  ///
  /// ```
  /// upstream:                     -1-2-3-|
  /// tryFilter(even, throws on 3): ---2-#
  /// ```
  ///
  /// - Parameter isIncluded: Whether a value passes; an error it throws fails the publisher.
  /// - Returns: A publisher of the values that pass.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// The publisher `tryFilter(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryFilter<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Says whether a value passes; an error it throws fails the publisher.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - isIncluded: Says whether a value passes; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    @usableFromInline static var relayName: String { "TryFilter" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let isIncluded = self.isIncluded
      return RelayRules(throwing: { value in
        do { return try isIncluded(value) ? .emit(value) : .skip } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers.TryFilter {
  /// A `tryFilter` then a filter become one `TryFilter` (Combine's fusion).
  ///
  /// - Parameter isIncluded: The second predicate.
  /// - Returns: One `TryFilter` over the original upstream.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }

  /// Two `tryFilter`s in a row become one (Combine's fusion).
  ///
  /// - Parameter isIncluded: The second predicate; an error it throws fails the publisher.
  /// - Returns: One `TryFilter` over the original upstream.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}
