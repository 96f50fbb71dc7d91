extension Publisher {
  /// Transforms each value with a closure that may throw; a thrown error fails the publisher.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// tryMap:     -a-#       (transform throws on 2)
  /// ```
  ///
  /// On a throw, the upstream is cancelled at once and the error is delivered as the failure
  /// (`any Error`). Threading: `transform` runs on the delivering thread.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.Relayed(self) {
      RelayRules(throwing: { value in
        do { return .emit(try transform(value)) } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `tryMap(_:)` returns.
  public typealias TryMap<Upstream: Publisher, Output> = Relayed<Upstream, Output, any Error>
}
