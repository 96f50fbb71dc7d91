/// A type that delivers a sequence of values over time to subscribers, then at most one completion.
///
/// As in Combine, a publisher sends a subscriber no more values than the subscriber requested
/// (see `Subscriber` and `Subscribers.Demand`); its completion needs no request.
///
/// Threading: values are delivered synchronously on the thread that produced them, unless an
/// operator such as `receive(on:)` or a time operator moves them. A subscriber never receives two
/// calls at once. Completion: the `Failure` type is the only way a publisher reports an error.
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher produces.
  associatedtype Output
  /// The kind of error this publisher may fail with; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Attaches `subscriber`: it receives a subscription first, then values, then at most one completion.
  ///
  /// Call `subscribe(_:)` rather than this method; it is the requirement that publishers implement.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher. The same as `receive(subscriber:)`.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  @inlinable @inline(__always)
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// The namespace of the publisher types that operators return, as in Combine.
public enum Publishers {}
