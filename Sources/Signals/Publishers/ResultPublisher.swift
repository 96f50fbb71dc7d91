extension Result {
  /// A publisher of this result: the success value then a finish, or the failure.
  public var publisher: Publisher { Publisher(result: self) }

  /// The publisher of a `Result`: `Just` or `Fail`, decided by the result.
  ///
  /// Threading: delivers synchronously on the subscribing thread.
  public struct Publisher: Signals.Publisher {
    /// The success type.
    public typealias Output = Success

    /// The result delivered.
    public let result: Result<Success, Failure>

    /// A publisher of `result`.
    ///
    /// - Parameter result: The value to send before finishing, or the failure to send.
    public init(result: Result<Success, Failure>) { self.result = result }

    /// A publisher of `result` (Combine's spelling).
    ///
    /// - Parameter result: The value to send before finishing, or the failure to send.
    public init(_ result: Result<Success, Failure>) { self.result = result }

    /// A publisher of the value `output` and a finish.
    ///
    /// - Parameter output: The value sent before finishing.
    public init(_ output: Success) { result = .success(output) }

    /// A publisher of the failure `failure`.
    ///
    /// - Parameter failure: The failure sent to each subscriber.
    public init(_ failure: Failure) { result = .failure(failure) }

    /// Delivers the value and a finish, or the failure.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
      switch result {
      case .success(let value):
        subscriber.receive(subscription: JustSubscription(value, subscriber, name: "Once"))
      case .failure(let error): Fail(error: error).subscribe(subscriber)
      }
    }
  }
}

/// Two result publishers are equal when their results are (Combine's conformance).
extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
