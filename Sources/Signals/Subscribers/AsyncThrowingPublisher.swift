/// A publisher that can fail, as a throwing `AsyncSequence`: what `values` returns, Combine's
/// type of the same name. `for try await value in publisher.values { ... }`.
///
/// As `AsyncPublisher`, and the loop throws the publisher's failure (after the values that
/// came before it); every later `next()` returns `nil`.
///
/// Threading: the publisher may deliver on any thread; the loop runs in its own task and
/// isolation. Values need not be `Sendable`.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
  /// The publisher's output.
  public typealias Element = P.Output
  /// What the loop throws: the publisher's failure, typed `any Error` as in Combine, so that
  /// `catch let error as URLError` reads as it did.
  public typealias Failure = any Error

  let publisher: P

  /// The values of `publisher`; prefer `publisher.values`.
  ///
  /// - Parameter publisher: The publisher each iterator subscribes to.
  public init(_ publisher: P) { self.publisher = publisher }

  /// Subscribes to the publisher and returns the iterator over its values.
  ///
  /// - Returns: An iterator that owns the new subscription.
  public func makeAsyncIterator() -> Iterator {
    let buffer = AsyncValuesBuffer<P.Output, P.Failure>()
    let iterator = Iterator(lifetime: AsyncValuesLifetime(buffer))
    publisher.subscribe(buffer)
    return iterator
  }

  /// The iterator of `AsyncThrowingPublisher`: one subscription, cancelled when the iterator
  /// goes away.
  public struct Iterator: AsyncIteratorProtocol {
    let lifetime: AsyncValuesLifetime<P.Output, P.Failure>

    /// The next value, waiting for it if none is buffered.
    ///
    /// - Returns: The value, or `nil` once the publisher has finished or the task was cancelled.
    /// - Throws: The publisher's failure, once.
    public mutating func next() async throws -> P.Output? {
      try await next(isolation: nil)
    }

    /// The next value, in the caller's isolation: what `for try await` calls.
    ///
    /// - Parameter actor: The caller's actor, which the value is returned to.
    /// - Returns: The value, or `nil` once the publisher has finished or the task was cancelled.
    /// - Throws: The publisher's failure, once.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> P.Output? {
      switch await lifetime.buffer.next() {
      case .value(let moved): return moved.value
      case .finished: return nil
      case .failed(let failure): throw failure
      }
    }
  }
}

extension Publisher {
  /// The publisher's values as a throwing `AsyncSequence`: the loop throws the publisher's
  /// failure. See the non-failing `values` for demand, cancellation and threading.
  public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}
