extension Publisher {
  /// Delivers `output` when the upstream finishes without having produced a value.
  ///
  /// ```
  /// upstream:         ----|
  /// replaceEmpty(0):  ----(0|)
  /// ```
  ///
  /// Values of a non-empty upstream and failures pass through.
  @inlinable
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.Relayed(self) {
      var empty = true
      return RelayRules(
        value: { value in
          empty = false
          return .emit(value)
        },
        completion: { completion in
          if case .finished = completion, empty { return (output, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `replaceEmpty(with:)` returns.
  public typealias ReplaceEmpty<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
}
