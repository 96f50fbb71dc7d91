import Synchronization

extension Publisher {
  /// Pairs the n-th value of this publisher with the n-th value of `other`.
  ///
  /// ```
  /// self:        -a---b-c-|
  /// other:       ---1-----2-|
  /// zip(other):  ---x-----y-|
  /// values:      x = (a, 1), y = (b, 2)
  /// ```
  ///
  /// Values wait in a buffer until their partner arrives. Finishes as soon as an input has
  /// finished and its buffered values are used up (no more pairs can form), cancelling the
  /// other. A failure of either is forwarded at once and cancels the other.
  ///
  /// Threading: the inputs may produce on different threads; the subscriber receives one call
  /// at a time. The subscription handshake is Combine's: both inputs are subscribed first, and
  /// the subscriber receives this subscription once both have theirs. Demand: each input is asked for what the subscriber asks for, so a buffer holds
  /// at most that many values; with `.unlimited` (a `sink`), inputs that produce at very
  /// different rates keep the faster one's values in memory.
  ///
  /// - Parameter other: The publisher to zip with.
  /// - Returns: A publisher of pairs of the n-th values.
  @inlinable
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
    Publishers.Zip(self, other)
  }

  /// Zips this publisher with `other` and maps each pair with `transform`.
  ///
  /// Diagram: see `zip(_:)`, then `map(transform)`.
  ///
  /// - Parameters:
  ///   - other: The publisher to zip with.
  ///   - transform: Makes one value of a pair.
  /// - Returns: A publisher of the transformed pairs.
  @inlinable
  public func zip<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
    Publishers.Zip(self, other).map(transform)
  }
}

extension Publishers {
  /// The publisher `zip(_:)` returns: pairs of the two inputs' n-th values.
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// A pair of n-th values.
    public typealias Output = (A.Output, B.Output)
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The first input.
    public let a: A
    /// The second input.
    public let b: B

    /// Zips `a` and `b`; prefer `a.zip(b)`.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Subscribes `subscriber`, then both inputs.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = ZipState<A.Output, B.Output, S>(subscriber)
      state.delivery.holdForHandshake(state)
      a.subscribe(state.first)
      b.subscribe(state.second)
    }
  }
}

/// The shared state of one `zip` subscription: each input's buffer and whether it finished.
@usableFromInline
final class ZipState<First, Second, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == (First, Second) {
  // @unchecked: the buffers and flags are touched only inside `delivery`'s lock.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let links = (UpstreamLink(role: .zip), UpstreamLink(role: .zip))
  @usableFromInline @exclusivity(unchecked) var firsts = FIFOQueue<First>()
  @usableFromInline @exclusivity(unchecked) var seconds = FIFOQueue<Second>()
  @usableFromInline @exclusivity(unchecked) var finished = (false, false)
  @usableFromInline let subscribedInputs = Atomic<Int>(0)
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream) {
    delivery = SerialDelivery(downstream)
    delivery.forwardDemand(to: [links.0, links.1])
  }

  /// Gives this subscription downstream once both inputs have subscribed (Combine's handshake:
  /// upstreams first).
  @inlinable func inputSubscribed() {
    if subscribedInputs.add(1, ordering: .acquiringAndReleasing).newValue == 2 {
      delivery.completeHandshake()
    }
  }

  /// Asks both inputs for `demand`: each pair uses one value of each.
  ///
  /// What the subscriber adds when it receives a pair is returned from `receive(_:)` to the
  /// input whose value completed the pair and requested from the other, as Combine's `zip`
  /// returns it (OpenCombine's `ZipTests`); for a pair that waited for demand it is requested
  /// from both.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var first: LinkedInput<First, Downstream.Failure> {
    LinkedInput(
      link: links.0,
      returningDemand: { [self] value in
        let more = delivery.send(from: nil, returning: true) {
          guard let second = seconds.popFirst() else {
            firsts.append(value)
            return nil
          }
          return (value, second)
        }
        links.1.request(more)
        finishIfExhausted()
        return more
      },
      onSubscribe: inputSubscribed,
      receiveCompletion: { [self] in complete(0, $0) })
  }

  @inlinable var second: LinkedInput<Second, Downstream.Failure> {
    LinkedInput(
      link: links.1,
      returningDemand: { [self] value in
        let more = delivery.send(from: nil, returning: true) {
          guard let first = firsts.popFirst() else {
            seconds.append(value)
            return nil
          }
          return (first, value)
        }
        links.0.request(more)
        finishIfExhausted()
        return more
      },
      onSubscribe: inputSubscribed,
      receiveCompletion: { [self] in complete(1, $0) })
  }

  /// Whether no more pairs can form: an input finished and its buffer is empty. Call in the lock.
  @inlinable var exhausted: Bool { (finished.0 && firsts.isEmpty) || (finished.1 && seconds.isEmpty) }

  @inlinable func finishIfExhausted() {
    if delivery.complete({ exhausted ? .finished : nil }) { cancelInputs() }
  }

  @inlinable func complete(_ input: Int, _ completion: Subscribers.Completion<Downstream.Failure>) {
    let accepted = delivery.complete {
      if case .failure = completion { return completion }
      if input == 0 { finished.0 = true } else { finished.1 = true }
      return exhausted ? .finished : nil
    }
    if accepted { cancelInputs() }
  }

  @inlinable func cancelInputs() {
    links.0.terminate()
    links.1.terminate()
  }

  @inlinable func cancel() {
    delivery.cancel()
    cancelInputs()
  }
}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
