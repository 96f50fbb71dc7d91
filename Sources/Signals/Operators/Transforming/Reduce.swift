extension Publisher {
  /// Accumulates every value and delivers the final result when the upstream finishes.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// reduce(0, +):  -------(6|)
  /// ```
  ///
  /// An upstream that finishes empty gives `initialResult`. On failure the partial result is
  /// dropped and the failure forwarded.
  @inlinable
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    Publishers.Relayed(self) {
      var result = initialResult
      return RelayRules(
        value: { value in
          result = nextPartialResult(result, value)
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (result, completion) }
          return (nil, completion)
        })
    }
  }

  /// `reduce` with a closure that may throw; a thrown error cancels the upstream and fails.
  @inlinable
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    Publishers.Relayed(self) {
      var result = initialResult
      return RelayRules(
        value: { value in
          do {
            result = try nextPartialResult(result, value)
            return .skip
          } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (result, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}

extension Publishers {
  /// The publisher `reduce(_:_:)` returns.
  public typealias Reduce<Upstream: Publisher, Output> = Relayed<Upstream, Output, Upstream.Failure>
  /// The publisher `tryReduce(_:_:)` returns.
  public typealias TryReduce<Upstream: Publisher, Output> = Relayed<Upstream, Output, any Error>
}
