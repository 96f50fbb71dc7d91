extension Publisher {
  /// Drops the first `count` values and delivers the rest.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// dropFirst(2):  -----3-|
  /// ```
  ///
  /// Bad input: a negative `count` is treated as 0.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Relayed(self) {
      var remaining = count
      return RelayRules(value: { value in
        guard remaining > 0 else { return .emit(value) }
        remaining -= 1
        return .skip
      })
    }
  }

  /// Drops values while `predicate` returns `true`, then delivers every value from the first
  /// one for which it returns `false`.
  ///
  /// ```
  /// upstream:          -1-5-2-|
  /// drop(while: <3):   ---5-2-|
  /// ```
  @inlinable
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.Relayed(self) {
      var dropping = true
      return RelayRules(value: { value in
        if dropping { dropping = predicate(value) }
        return dropping ? .skip : .emit(value)
      })
    }
  }

  /// `drop(while:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  @inlinable
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.Relayed(self) {
      var dropping = true
      return RelayRules(throwing: { value in
        if dropping {
          do { dropping = try predicate(value) } catch { return .fail(error) }
        }
        return dropping ? .skip : .emit(value)
      })
    }
  }
}

extension Publishers {
  /// The publisher `dropFirst(_:)` returns.
  public typealias Drop<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `drop(while:)` returns.
  public typealias DropWhile<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `tryDrop(while:)` returns.
  public typealias TryDropWhile<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, any Error>
}
