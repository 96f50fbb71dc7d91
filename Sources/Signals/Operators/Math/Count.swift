extension Publisher {
  /// Delivers the number of values the upstream produced, when it finishes.
  ///
  /// ```
  /// upstream:  -a-b-c-|
  /// count():   -------(3|)
  /// ```
  ///
  /// An empty upstream gives 0; a failure is forwarded and the count dropped. Threading: the
  /// count is delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of one `Int`.
  @inlinable
  public func count() -> Publishers.Count<Self> {
    Publishers.Relayed(self) {
      var count = 0
      return RelayRules(
        value: { _ in
          count += 1
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (count, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `count()` returns.
  public typealias Count<Upstream: Publisher> = Relayed<Upstream, Int, Upstream.Failure>
}
