extension Publisher {
  /// Stops the process with a message naming `prefix`, `file` and `line` if the upstream fails.
  ///
  /// Use it only where a failure is a programming error, as `fatalError` would be; for failures
  /// that can happen on real data, use `catch`, `replaceError` or `retry`. Values and a finish
  /// pass through.
  ///
  /// ```
  /// upstream:           -1-2-|
  /// assertNoFailure():  -1-2-|
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: The start of the message.
  ///   - file: The file the message names.
  ///   - line: The line the message names.
  /// - Returns: A publisher that cannot fail.
  @inlinable
  public func assertNoFailure(
    _ prefix: String = "", file: StaticString = #file, line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    .init(self) {
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
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Never

    @usableFromInline let relayed: Relayed<Upstream, Output, Failure>

    /// The publisher the operator applies to.
    public var upstream: Upstream { relayed.upstream }

    @inlinable init(
      _ upstream: Upstream, finishesAtOnce: Bool = false,
      _ makeRules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
    ) {
      relayed = Relayed(upstream, finishesAtOnce: finishesAtOnce, makeRules)
    }

    /// The same operator over another operator's engine (one that forwards to a sibling).
    @inlinable init(_ relayed: Relayed<Upstream, Output, Failure>) { self.relayed = relayed }

    /// Subscribes `subscriber` through fresh per-subscription rules.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      relayed.receive(subscriber: subscriber)
    }
  }

}
