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
  /// Combine's shape: its stored properties and memberwise initializer; its subscriber hands
  /// the upstream's subscription through, as Combine's does.
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
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

    /// Subscribes `subscriber` behind the check: the subscription, every value and the demand
    /// pass through unchanged, as in Combine; a failure stops the process.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        AssertNoFailureSubscriber<Upstream.Failure, S>(
          downstream: subscriber, prefix: prefix, file: file, line: line))
    }
  }
}

/// `assertNoFailure`'s subscriber: hands the upstream's subscription, its values and the
/// subscriber's demand through, as Combine's does, and stops the process on a failure.
@usableFromInline
struct AssertNoFailureSubscriber<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == Never {
  @usableFromInline let downstream: Downstream
  @usableFromInline let prefix: String
  @usableFromInline let file: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let combineIdentifier = CombineIdentifier()

  @inlinable init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
    self.downstream = downstream
    self.prefix = prefix
    self.file = file
    self.line = line
  }

  @inlinable func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }

  @inlinable func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    if case .failure(let error) = completion {
      let lead = prefix.isEmpty ? "" : "\(prefix): "
      fatalError("\(lead)unexpected failure: \(error)", file: file, line: line)
    }
    downstream.receive(completion: .finished)
  }

  /// Combine's name for the operator.
  @usableFromInline var description: String { "AssertNoFailure" }
  /// Where the check was written and its message prefix, as Combine's mirror shows them.
  @usableFromInline var customMirror: Mirror {
    Mirror(self, children: [("file", file as Any), ("line", line as Any), ("prefix", prefix as Any)])
  }
  /// The operator's name, as `description`.
  @usableFromInline var playgroundDescription: Any { description }
}
