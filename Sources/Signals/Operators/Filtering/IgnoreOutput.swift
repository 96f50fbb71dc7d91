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
}

extension Publishers {
  /// The publisher `ignoreOutput()` returns.
  public typealias IgnoreOutput<Upstream: Publisher> = Relayed<Upstream, Never, Upstream.Failure>
}
