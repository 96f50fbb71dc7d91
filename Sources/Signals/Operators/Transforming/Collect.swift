extension Publisher {
  /// Collects every value and delivers them as one array when the upstream finishes.
  ///
  /// ```
  /// upstream:  -1-2-3-|
  /// collect(): -------([1,2,3]|)
  /// ```
  ///
  /// An empty upstream gives `[]`. On failure the collected values are dropped and the failure
  /// forwarded.
  @inlinable
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Relayed(self) {
      var buffer: [Output] = []
      return RelayRules(
        value: { value in
          buffer.append(value)
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (buffer, completion) }
          return (nil, completion)
        })
    }
  }

  /// Collects values in arrays of `count`; when the upstream finishes, a partial array left
  /// over is delivered before the finish.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// collect(2):  ---a---(b|)   a=[1,2] b=[3]
  /// ```
  ///
  /// Bad input: a `count` below 1 is treated as 1. On failure a partial array is dropped.
  @inlinable
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    let size = Swift.max(1, count)
    return Publishers.Relayed(self) {
      var buffer: [Output] = []
      return RelayRules(
        value: { value in
          buffer.append(value)
          guard buffer.count == size else { return .skip }
          defer { buffer.removeAll(keepingCapacity: true) }
          return .emit(buffer)
        },
        completion: { completion in
          if case .finished = completion, !buffer.isEmpty { return (buffer, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `collect()` returns.
  public typealias Collect<Upstream: Publisher> = Relayed<Upstream, [Upstream.Output], Upstream.Failure>
  /// The publisher `collect(_:)` returns.
  public typealias CollectByCount<Upstream: Publisher> = Relayed<
    Upstream, [Upstream.Output], Upstream.Failure
  >
}
