/// A publisher that emits one value and finishes.
///
/// ```
/// Just(1):  (1|)
/// ```
///
/// Threading: delivers synchronously on the subscribing thread. Completion: never fails; use
/// `setFailureType(to:)` to combine it with publishers that can.
public struct Just<Output>: Publisher {
  /// `Just` cannot fail.
  public typealias Failure = Never

  /// The value to emit.
  public let output: Output

  /// Makes a publisher that emits `output` and finishes.
  ///
  /// - Parameter output: The value sent to each subscriber.
  @inlinable public init(_ output: Output) { self.output = output }

  /// Delivers the value and the finish once the subscriber requests something (as in Combine),
  /// unless it cancels first.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: JustSubscription(output, subscriber))
  }
}

extension Just: Sendable where Output: Sendable {}
extension Just: Equatable where Output: Equatable {}
