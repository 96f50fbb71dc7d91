extension Publisher {
  /// Transforms each value and delivers the non-`nil` results.
  ///
  /// ```
  /// upstream:        -"1"-"x"-"3"-|
  /// compactMap(Int): -1-------3---|
  /// ```
  ///
  /// Completion passes through. Threading: `transform` runs on the delivering thread.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.Relayed(self) {
      RelayRules(value: { value in
        if let output = transform(value) { .emit(output) } else { .skip }
      })
    }
  }

  /// Transforms each value with a closure that may throw and delivers the non-`nil` results; a
  /// thrown error cancels the upstream and fails the publisher.
  @inlinable
  public func tryCompactMap<T>(
    _ transform: @escaping (Output) throws -> T?
  ) -> Publishers.TryCompactMap<Self, T> {
    Publishers.Relayed(self) {
      RelayRules(throwing: { value in
        do {
          if let output = try transform(value) { return .emit(output) }
          return .skip
        } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `compactMap(_:)` returns.
  public typealias CompactMap<Upstream: Publisher, Output> = Relayed<Upstream, Output, Upstream.Failure>
  /// The publisher `tryCompactMap(_:)` returns.
  public typealias TryCompactMap<Upstream: Publisher, Output> = Relayed<Upstream, Output, any Error>
}
