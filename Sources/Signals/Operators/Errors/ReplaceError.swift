extension Publisher {
  /// Replaces a failure with `output`, then finishes.
  ///
  /// ```
  /// upstream:         -1-#
  /// replaceError(0):  -1-(0|)
  /// ```
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.Relayed(self) {
      RelayRules(
        value: { .emit($0) },
        completion: { completion in
          if case .failure = completion { return (output, .finished) }
          return (nil, .finished)
        })
    }
  }
}

extension Publishers {
  /// The publisher `replaceError(with:)` returns.
  public typealias ReplaceError<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Never>
}
