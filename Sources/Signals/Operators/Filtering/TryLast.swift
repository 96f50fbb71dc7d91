extension Publisher {
  /// Delivers, when the upstream finishes, the last value for which `predicate` returned
  /// `true`; a thrown error cancels the upstream and fails the publisher at once.
  ///
  /// ```
  /// upstream:                 -1-2-3-|
  /// tryLast(where: odd):      -------(3|)
  /// tryLast (throws on 2):    ---#
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
    Publishers.Relayed(self) {
      var last: Output?
      return RelayRules(
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

extension Publishers {
  /// The publisher `tryLast(where:)` returns.
  public typealias TryLastWhere<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, any Error>
}
