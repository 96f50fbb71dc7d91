extension Publisher {
  /// Transforms each value with a closure that may throw; a thrown error fails the publisher.
  ///
  /// ```
  /// upstream:                  -1-2-3-|
  /// tryMap(*10, throws on 2):  -a-#
  /// values:                    a = 10
  /// ```
  ///
  /// On a throw, the upstream is cancelled at once and the error is delivered as the failure
  /// (`any Error`). Threading: `transform` runs on the delivering thread.
  ///
  /// - Parameter transform: Makes the new value; an error it throws fails the publisher.
  /// - Returns: A publisher of the transformed values.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// The publisher `tryMap(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryMap<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Makes the new value; an error it throws fails the publisher.
    public let transform: (Upstream.Output) throws -> Output

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - transform: Makes the new value; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    @usableFromInline static var relayName: String { "TryMap" }
    /// Combine's `TryMap` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(earlyValues: true, earlyCompletion: false, cancelledEarly: .leavesIt)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let transform = self.transform
      return RelayRules(throwing: { value in
        do { return .emit(try transform(value)) } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers.TryMap {
  /// A `tryMap` then a map become one `TryMap` (Combine's fusion).
  ///
  /// - Parameter transform: Makes the new value from this operator's result.
  /// - Returns: One `TryMap` over the original upstream.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
  }

  /// Two `tryMap`s in a row become one (Combine's fusion).
  ///
  /// - Parameter transform: Makes the new value from this operator's result; an error it
  ///   throws fails the publisher.
  /// - Returns: One `TryMap` over the original upstream.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
  }
}
