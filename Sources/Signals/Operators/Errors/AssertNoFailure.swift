extension Publisher {
  /// Stops the process with a message naming `prefix`, `file` and `line` if the upstream fails.
  ///
  /// Use it only where a failure is a programming error, as `fatalError` would be; for failures
  /// that can happen on real data, use `catch`, `replaceError` or `retry`. Values and a finish
  /// pass through.
  @inlinable
  public func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.Relayed(self) {
      RelayRules(
        value: { .emit($0) },
        completion: { completion in
          if case .failure(let error) = completion {
            let lead = prefix.isEmpty ? "" : "\(prefix): "
            fatalError("\(lead)unexpected failure: \(error)", file: file, line: line)
          }
          return (nil, .finished)
        })
    }
  }
}

extension Publishers {
  /// The publisher `assertNoFailure(_:file:line:)` returns.
  public typealias AssertNoFailure<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Never>
}
