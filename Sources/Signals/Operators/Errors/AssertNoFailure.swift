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
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension Publishers {
  /// The publisher `assertNoFailure(_:file:line:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct AssertNoFailure<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Never

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Begins the message of the trap on a failure.
    public let prefix: String
    /// The file the trap names.
    public let file: StaticString
    /// The line the trap names.
    public let line: UInt

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - prefix: Begins the message of the trap on a failure.
    ///   - file: The file the trap names.
    ///   - line: The line the trap names.
    @inlinable
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    @usableFromInline static var relayName: String { "AssertNoFailure" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let prefix = self.prefix
      let file = self.file
      let line = self.line
      return RelayRules(
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
