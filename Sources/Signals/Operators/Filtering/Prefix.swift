extension Publisher {
  /// Delivers the first `maxLength` values, then finishes and cancels the upstream at once.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// prefix(2):  -1-(2|)
  /// ```
  ///
  /// `prefix(0)` finishes on subscription without subscribing upstream. Bad input: a negative
  /// `maxLength` is treated as 0. A failure before the n-th value is forwarded.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    Publishers.Relayed(self, finishesAtOnce: maxLength <= 0) {
      var remaining = maxLength
      return RelayRules(value: { value in
        remaining -= 1
        return remaining > 0 ? .emit(value) : .emitThenFinish(value)
      })
    }
  }

  /// Delivers values while `predicate` returns `true`; finishes (cancelling the upstream) at
  /// the first value for which it returns `false`, which is not delivered.
  ///
  /// ```
  /// upstream:            -1-2-5-1-|
  /// prefix(while: <3):   -1-2-|
  /// ```
  @inlinable
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.Relayed(self) {
      RelayRules(value: { predicate($0) ? .emit($0) : .finish })
    }
  }

  /// `prefix(while:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  @inlinable
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>
  {
    Publishers.Relayed(self) {
      RelayRules(throwing: { value in
        do { return try predicate(value) ? .emit(value) : .finish } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `prefix(while:)` returns.
  public typealias PrefixWhile<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `tryPrefix(while:)` returns.
  public typealias TryPrefixWhile<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, any Error>
}
