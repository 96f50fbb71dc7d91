/// A publisher that fails at once with `error`.
///
/// ```
/// Fail(error: e): (#e)
/// ```
///
/// Threading: fails synchronously on the subscribing thread.
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error it fails with.
  public let error: Failure

  /// Makes a publisher that fails with `error`.
  ///
  /// - Parameter error: The failure sent to each subscriber.
  @inlinable public init(error: Failure) { self.error = error }

  /// Makes a publisher that fails with `error`, with an explicit output type.
  ///
  /// - Parameters:
  ///   - outputType: The output type.
  ///   - failure: The failure sent to each subscriber.
  @inlinable public init(outputType: Output.Type, failure: Failure) { error = failure }

  /// Delivers the failure, unless the subscriber cancels on subscription.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let flag = CancelFlagSubscription()
    subscriber.receive(subscription: flag)
    if flag.isActive { subscriber.receive(completion: .failure(error)) }
  }
}

extension Fail: Sendable where Failure: Sendable {}
extension Fail: Equatable where Failure: Equatable {}
