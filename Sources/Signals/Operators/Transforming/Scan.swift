extension Publisher {
  /// Delivers a running accumulation: `nextPartialResult(previous, value)` for each value,
  /// starting from `initialResult`.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// scan(0, +):  -1-3-6-|
  /// ```
  ///
  /// Each subscriber accumulates from `initialResult` on its own. Completion passes through.
  @inlinable
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Relayed(self) {
      var result = initialResult
      return RelayRules(value: { value in
        result = nextPartialResult(result, value)
        return .emit(result)
      })
    }
  }

  /// `scan` with a closure that may throw; a thrown error cancels the upstream and fails.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.Relayed(self) {
      var result = initialResult
      return RelayRules(throwing: { value in
        do {
          result = try nextPartialResult(result, value)
          return .emit(result)
        } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `scan(_:_:)` returns.
  public typealias Scan<Upstream: Publisher, Output> = Relayed<Upstream, Output, Upstream.Failure>
  /// The publisher `tryScan(_:_:)` returns.
  public typealias TryScan<Upstream: Publisher, Output> = Relayed<Upstream, Output, any Error>
}
