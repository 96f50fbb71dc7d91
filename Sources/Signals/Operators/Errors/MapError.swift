extension Publisher {
  /// Transforms the upstream's failure with `transform`; values pass through.
  ///
  /// ```
  /// upstream:                   -1-#
  /// mapError { _ in Other() }:  -1-#
  /// ```
  ///
  /// - Parameter transform: Makes the new failure from the upstream's.
  /// - Returns: A publisher of the same values whose failure is transformed.
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// The publisher `mapError(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Makes the new failure from the upstream's.
    public let transform: (Upstream.Failure) -> Failure

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - transform: Makes the new failure from the upstream's.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    @usableFromInline static var relayName: String { "MapError" }
    /// Combine's `MapError` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .passing }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let transform = self.transform
      return RelayRules(value: { .emit($0) }, completion: { (nil, $0.mapError(transform)) })
    }

    /// Makes the publisher, as `init(upstream:transform:)` (Combine's second spelling).
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - map: Makes the new failure from the upstream's.
    @inlinable
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.init(upstream: upstream, transform: map)
    }
  }
}
