/// A publisher that hides the type of the publisher it wraps, as in Combine.
///
/// Use it at API boundaries (a view model's outputs) so that callers see only `Output` and
/// `Failure`. Subscribing goes through one dynamic call; values then flow as they would without
/// the wrapper. Threading and failure: those of the wrapped publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  @usableFromInline let box: AnyPublisherBoxBase<Output, Failure>

  /// Wraps `publisher`.
  ///
  /// - Parameter publisher: The publisher to wrap.
  @inlinable
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      box = erased.box
    } else {
      box = AnyPublisherBox(publisher)
    }
  }

  /// Subscribes `subscriber` to the wrapped publisher.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    box.receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// Wraps this publisher in an `AnyPublisher`, hiding its type.
  ///
  /// ```
  /// upstream:               -1-2-|
  /// eraseToAnyPublisher():  -1-2-|
  /// ```
  ///
  /// Every event, demand and cancellation passes through unchanged, on the thread it comes on.
  ///
  /// - Returns: A type-erased publisher of the same values and failure.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

@usableFromInline
class AnyPublisherBoxBase<Output, Failure: Error> {
  @inlinable init() {}
  @inlinable func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fatalError("abstract")
  }
}

@usableFromInline
final class AnyPublisherBox<P: Publisher>: AnyPublisherBoxBase<P.Output, P.Failure> {
  @usableFromInline let publisher: P
  @inlinable init(_ publisher: P) { self.publisher = publisher }
  @inlinable override func receive<S: Subscriber>(subscriber: S)
  where S.Input == P.Output, S.Failure == P.Failure {
    publisher.receive(subscriber: subscriber)
  }
}
