extension Publisher {
  /// Delivers the values for which `isIncluded` returns `true`; a thrown error cancels the
  /// upstream and fails the publisher.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// tryFilter:  ---2-#      (isIncluded throws on 3)
  /// ```
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.Relayed(self) {
      RelayRules(throwing: { value in
        do { return try isIncluded(value) ? .emit(value) : .skip } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `tryFilter(_:)` returns.
  public typealias TryFilter<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, any Error>
}
