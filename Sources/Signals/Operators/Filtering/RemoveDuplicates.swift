extension Publisher where Output: Equatable {
  /// Drops each value equal to the one delivered just before it.
  ///
  /// ```
  /// upstream:          -1-1-2-2-1-|
  /// removeDuplicates:  -1---2---1-|
  /// ```
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates(by: ==)
  }
}

extension Publisher {
  /// Drops each value that `predicate(previous, value)` says duplicates the one delivered just
  /// before it. Completion passes through; each subscriber compares on its own.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.Relayed(self) {
      var previous: Output?
      return RelayRules(value: { value in
        if let previous, predicate(previous, value) { return .skip }
        previous = value
        return .emit(value)
      })
    }
  }

  /// `removeDuplicates(by:)` with a predicate that may throw; a thrown error cancels the
  /// upstream and fails the publisher.
  @inlinable
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    Publishers.Relayed(self) {
      var previous: Output?
      return RelayRules(throwing: { value in
        do {
          if let previous, try predicate(previous, value) { return .skip }
        } catch { return .fail(error) }
        previous = value
        return .emit(value)
      })
    }
  }
}

extension Publishers {
  /// The publisher `removeDuplicates()` returns.
  public typealias RemoveDuplicates<Upstream: Publisher> = Relayed<
    Upstream, Upstream.Output, Upstream.Failure
  >
  /// The publisher `tryRemoveDuplicates(by:)` returns.
  public typealias TryRemoveDuplicates<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, any Error>
}
