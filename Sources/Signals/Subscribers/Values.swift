extension Publisher where Failure == Never, Output: Sendable {
  /// The publisher's values as an `AsyncSequence`, for `for await value in publisher.values`.
  ///
  /// It requests `.unlimited`: values are buffered without limit until the loop takes them, so
  /// none is lost. Ending the loop (or cancelling its task) cancels the subscription. Threading: the
  /// loop runs in its task; values cross to it, so they must be `Sendable`.
  public var values: AsyncStream<Output> {
    AsyncStream(bufferingPolicy: .unbounded) { continuation in
      let cancellable = sink(
        receiveCompletion: { _ in continuation.finish() },
        receiveValue: { continuation.yield($0) })
      continuation.onTermination = { _ in cancellable.cancel() }
    }
  }
}

extension Publisher where Output: Sendable {
  /// The publisher's values as a throwing `AsyncSequence`: the loop throws the publisher's
  /// failure. See `values` for buffering, cancellation and threading.
  public var values: AsyncThrowingStream<Output, any Error> {
    AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation in
      let cancellable = sink(
        receiveCompletion: { completion in
          switch completion {
          case .finished: continuation.finish()
          case .failure(let error): continuation.finish(throwing: error)
          }
        },
        receiveValue: { continuation.yield($0) })
      continuation.onTermination = { _ in cancellable.cancel() }
    }
  }
}
