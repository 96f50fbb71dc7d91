/// A publisher that emits no value: it finishes at once, or never completes.
///
/// ```
/// Empty():                            |
/// Empty(completeImmediately: false):  ------
/// ```
///
/// Threading: finishes synchronously on the subscribing thread. Completion: never fails.
public struct Empty<Output, Failure: Error>: Publisher, Equatable, Sendable {
  /// Whether it finishes as soon as it is subscribed to.
  public let completeImmediately: Bool

  /// Makes an empty publisher that finishes at once unless `completeImmediately` is `false`.
  ///
  /// - Parameter completeImmediately: Whether the publisher finishes at once (`true`) or never.
  @inlinable public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Makes an empty publisher with explicit types, for type inference.
  ///
  /// - Parameters:
  ///   - completeImmediately: Whether the publisher finishes at once (`true`) or never.
  ///   - outputType: The output type.
  ///   - failureType: The failure type.
  @inlinable
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
    self.completeImmediately = completeImmediately
  }

  /// Finishes the subscriber at once, or leaves it subscribed forever.
  ///
  /// The finish comes even when the subscriber cancels from `receive(subscription:)`, as in
  /// Combine (OpenCombine's `Empty` sends `Subscriptions.empty`, then the finish).
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately { subscriber.receive(completion: .finished) }
  }
}
