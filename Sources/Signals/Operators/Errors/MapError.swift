extension Publisher {
  /// Transforms the upstream's failure with `transform`; values pass through.
  ///
  /// ```
  /// upstream:  -1-#e
  /// mapError:  -1-#f   f = transform(e)
  /// ```
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.Relayed(self) {
      RelayRules(value: { .emit($0) }, completion: { (nil, $0.mapError(transform)) })
    }
  }
}

extension Publishers {
  /// The publisher `mapError(_:)` returns.
  public typealias MapError<Upstream: Publisher, Failure: Error> = Relayed<Upstream, Upstream.Output, Failure>
}
