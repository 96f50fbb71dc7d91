/// A publisher that runs `createPublisher` for each subscriber and subscribes it to the result.
///
/// Use it to make side effects happen at subscription rather than at construction, once per
/// subscriber (as `retry` re-subscribes). Threading: `createPublisher` runs on the subscribing
/// thread. Completion: the created publisher's.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The created publisher's output type.
  public typealias Output = DeferredPublisher.Output
  /// The created publisher's failure type.
  public typealias Failure = DeferredPublisher.Failure

  /// Makes the publisher for each subscriber.
  public let createPublisher: () -> DeferredPublisher

  /// Makes a publisher that calls `createPublisher` on every subscription.
  ///
  /// - Parameter createPublisher: Makes the publisher each subscriber is attached to.
  @inlinable
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Creates a publisher and subscribes `subscriber` to it.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().subscribe(subscriber)
  }
}
