extension Publisher {
  /// Delivers the last value when the upstream finishes.
  ///
  /// ```
  /// upstream: -1-2-3-|
  /// last():   -------(3|)
  /// ```
  ///
  /// An upstream that finishes empty finishes it empty; on failure the held value is dropped.
  @inlinable
  public func last() -> Publishers.Last<Self> {
    last { _ in true }
  }

  /// Delivers, when the upstream finishes, the last value for which `predicate` returned `true`.
  @inlinable
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.Relayed(self) {
      var last: Output?
      return RelayRules(
        value: { value in
          if predicate(value) { last = value }
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (last, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `last()` returns.
  public typealias Last<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `last(where:)` returns.
  public typealias LastWhere<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
}
