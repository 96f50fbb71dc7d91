/// A publisher that cannot fail, as an `AsyncSequence`: what `values` returns, Combine's type of
/// the same name. `for await value in publisher.values { ... }`.
///
/// Demand, as in Combine: each iterator subscribes when it is made and asks for one value per
/// `next()`, so a subject drops what it sends while the loop body runs (a `CurrentValueSubject`
/// or `@Published` gives the loop its latest value when it asks again). To keep every value,
/// put `buffer(size:prefetch:whenFull:)` before `values`. A publisher that sends more than it
/// was asked for loses nothing: the extra values wait for the next calls. The loop ends when
/// the publisher finishes. Ending the loop early (`break`, `return`, a thrown error) or
/// cancelling its task cancels the subscription. As in Combine, several tasks may await
/// `next()` on copies of one iterator: each gets its own value, in the order they asked, and a
/// cancelled task's `next()` returns `nil` and ends every waiting call.
///
/// Threading: the publisher may deliver on any thread; the loop runs in its own task and
/// isolation. Values need not be `Sendable`: each is handed to the one iterator, not shared.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
  /// The publisher's output.
  public typealias Element = P.Output
  /// An iteration that cannot fail.
  public typealias Failure = Never

  let publisher: P

  /// The values of `publisher`; prefer `publisher.values`.
  ///
  /// - Parameter publisher: The publisher each iterator subscribes to.
  public init(_ publisher: P) { self.publisher = publisher }

  /// Subscribes to the publisher and returns the iterator over its values.
  ///
  /// - Returns: An iterator that owns the new subscription.
  public func makeAsyncIterator() -> Iterator {
    let buffer = AsyncValuesBuffer<P.Output, Never>()
    let iterator = Iterator(lifetime: AsyncValuesLifetime(buffer))
    publisher.subscribe(buffer)
    return iterator
  }

  /// The iterator of `AsyncPublisher`: one subscription, cancelled when the iterator goes away.
  public struct Iterator: AsyncIteratorProtocol {
    let lifetime: AsyncValuesLifetime<P.Output, Never>

    /// The next value, waiting for it if none is buffered.
    ///
    /// - Returns: The value, or `nil` once the publisher has finished or the task was cancelled.
    public mutating func next() async -> P.Output? {
      await next(isolation: nil)
    }

    /// The next value, in the caller's isolation: what `for await` calls.
    ///
    /// - Parameter actor: The caller's actor, which the value is returned to.
    /// - Returns: The value, or `nil` once the publisher has finished or the task was cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> P.Output? {
      switch await lifetime.buffer.next() {
      case .value(let moved): moved.value
      case .finished, .failed: nil
      }
    }
  }
}

extension Publisher where Failure == Never {
  /// The publisher's values as an `AsyncSequence`, for `for await value in publisher.values`.
  ///
  /// Each loop subscribes when it starts and asks for one value at a time, as in Combine: a
  /// subject drops what it sends while the loop body runs (see `AsyncPublisher`). Ending the
  /// loop, or cancelling its task, cancels the subscription. Threading: values reach the loop in
  /// its own task and isolation; they need not be `Sendable`.
  public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}
