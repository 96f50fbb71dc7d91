extension Sequence {
  /// A publisher that emits the sequence's elements in order, then finishes.
  ///
  /// ```
  /// [1, 2, 3].publisher:  (123|)
  /// ```
  @inlinable
  public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

extension Publishers {
  /// A publisher that emits a sequence's elements synchronously, then finishes.
  ///
  /// Threading: elements are delivered on the thread that requests them (for `sink`, all of them
  /// on the subscribing thread before `subscribe` returns). Cancelling from inside a value callback stops it before the next element (an
  /// infinite sequence is fine with `prefix`). Completion: never fails by itself.
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    /// The sequence's element type.
    public typealias Output = Elements.Element

    /// The elements to emit.
    public let sequence: Elements

    /// Makes a publisher of `sequence`'s elements.
    ///
    /// - Parameter sequence: The elements sent to each subscriber, in order.
    @inlinable public init(sequence: Elements) { self.sequence = sequence }

    /// Emits the elements as they are requested, then finishes right after the last one (an
    /// empty sequence finishes at once); stops at once when the subscriber cancels.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      SequenceSubscription(sequence, subscriber).start()
    }
  }
}

/// Two sequence publishers are equal when their sequences are (Combine's conformance).
extension Publishers.Sequence: Equatable where Elements: Equatable {}
