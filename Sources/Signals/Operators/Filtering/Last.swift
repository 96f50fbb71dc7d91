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

extension Publisher {
  /// Drops every value and passes only the completion.
  ///
  /// ```
  /// upstream:      -1-2-|
  /// ignoreOutput:  -----|
  /// ```
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.Relayed(self) { RelayRules(value: { _ in .skip }) }
  }

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
  /// The publisher `last()` returns.
  public typealias Last<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `last(where:)` returns.
  public typealias LastWhere<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `ignoreOutput()` returns.
  public typealias IgnoreOutput<Upstream: Publisher> = Relayed<Upstream, Never, Upstream.Failure>
  /// The publisher `replaceEmpty(with:)` returns.
  public typealias ReplaceEmpty<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
}
