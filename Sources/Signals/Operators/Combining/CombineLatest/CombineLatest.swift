extension Publisher {
  /// Combines this publisher with `other`: once both have produced a value, emits the pair of
  /// their latest values each time either produces one.
  ///
  /// ```
  /// self:                 -a----b---|
  /// other:                ---1----2---|
  /// combineLatest(other): ---x--y-z---|
  /// values:               x = (a, 1), y = (b, 1), z = (b, 2)
  /// ```
  ///
  /// Finishes when both inputs have finished, or at once when an input finishes without ever
  /// producing a value (no pair can follow). A failure of either is forwarded at once and
  /// cancels the other. Cancelling cancels both. Demand, as Apple documents it: requests go to
  /// both inputs; a combination that finds no demand is kept as the one latest and sent when the
  /// subscriber asks again (earlier ones are dropped).
  ///
  /// Threading: the inputs may produce on different threads; the subscriber still receives one
  /// call at a time. Two lock rounds per value, no allocation.
  ///
  /// - Parameter other: The publisher to combine with.
  /// - Returns: A publisher of pairs of the latest values.
  @inlinable
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines this publisher with `other` and maps each pair of latest values with `transform`.
  ///
  /// Diagram: see `combineLatest(_:)`, then `map(transform)`; `transform` runs on the thread that
  /// delivers the pair.
  ///
  /// - Parameters:
  ///   - other: The publisher to combine with.
  ///   - transform: Makes the output from the latest value of each.
  /// - Returns: A publisher of the transformed combinations.
  @inlinable
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
    Publishers.CombineLatest(self, other).map(transform)
  }
}

extension Publishers {
  /// The publisher `combineLatest(_:)` returns: pairs of the latest values of two publishers.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// A pair of the latest values.
    public typealias Output = (A.Output, B.Output)
    /// The inputs' failure type.
    public typealias Failure = A.Failure

    /// The first input.
    public let a: A
    /// The second input.
    public let b: B

    /// Combines `a` and `b`; prefer `a.combineLatest(b)`.
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
      let state = CombineLatestState<A.Output, B.Output, S>(subscriber)
      subscriber.receive(subscription: state)
      a.subscribe(state.first)
      b.subscribe(state.second)
    }
  }
}

/// The shared state of one `combineLatest` subscription: the latest value of each input, which
/// inputs finished, and the serialized delivery to the subscriber.
@usableFromInline
final class CombineLatestState<First, Second, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == (First, Second) {
  // @unchecked: `latestFirst`, `latestSecond` and `finished` are touched only inside
  // `delivery`'s lock (its `send`/`complete` closures); the links are thread-safe.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let links = (UpstreamLink(role: .combineLatest), UpstreamLink(role: .combineLatest))
  @usableFromInline @exclusivity(unchecked) var latestFirst: First?
  @usableFromInline @exclusivity(unchecked) var latestSecond: Second?
  @usableFromInline @exclusivity(unchecked) var finished = (false, false)
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream) {
    delivery = SerialDelivery(downstream, overflow: .keepLatest)
    delivery.forwardDemand(to: [links.0, links.1])
  }

  /// Passes the request to both inputs, as Combine does.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var first: CombineLatestFirstInput<First, Second, Downstream> {
    CombineLatestFirstInput(state: self)
  }

  @inlinable var second: CombineLatestSecondInput<First, Second, Downstream> {
    CombineLatestSecondInput(state: self)
  }

  @inlinable func receiveFirst(_ value: First) {
    delivery.send {
      latestFirst = value
      guard let second = latestSecond else { return nil }
      return (value, second)
    }
  }

  @inlinable func receiveSecond(_ value: Second) {
    delivery.send {
      latestSecond = value
      guard let first = latestFirst else { return nil }
      return (first, value)
    }
  }

  @inlinable func complete(_ input: Int, _ completion: Subscribers.Completion<Downstream.Failure>) {
    let accepted = delivery.complete {
      if case .failure = completion { return completion }
      if input == 0 {
        finished.0 = true
        if latestFirst == nil { return .finished }
      } else {
        finished.1 = true
        if latestSecond == nil { return .finished }
      }
      return finished.0 && finished.1 ? .finished : nil
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

/// The subscriber `combineLatest` gives its first publisher: it holds the state and calls its
/// `receiveFirst` directly (through `LinkedInput`'s closures, each value paid two closure calls
/// more).
@usableFromInline
struct CombineLatestFirstInput<First, Second, Downstream: Subscriber>: Subscriber
where Downstream.Input == (First, Second) {
  @usableFromInline typealias Input = First
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline let state: CombineLatestState<First, Second, Downstream>

  @inlinable init(state: CombineLatestState<First, Second, Downstream>) { self.state = state }

  @inlinable func receive(subscription: any Subscription) { state.links.0.attach(subscription) }
  @inlinable func receive(_ input: First) -> Subscribers.Demand {
    if !state.links.0.isTerminated { state.receiveFirst(input) }
    return .none
  }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    if !state.links.0.isTerminated { state.complete(0, completion) }
  }
}

/// The subscriber `combineLatest` gives its second publisher (see `CombineLatestFirstInput`).
@usableFromInline
struct CombineLatestSecondInput<First, Second, Downstream: Subscriber>: Subscriber
where Downstream.Input == (First, Second) {
  @usableFromInline typealias Input = Second
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline let state: CombineLatestState<First, Second, Downstream>

  @inlinable init(state: CombineLatestState<First, Second, Downstream>) { self.state = state }

  @inlinable func receive(subscription: any Subscription) { state.links.1.attach(subscription) }
  @inlinable func receive(_ input: Second) -> Subscribers.Demand {
    if !state.links.1.isTerminated { state.receiveSecond(input) }
    return .none
  }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    if !state.links.1.isTerminated { state.complete(1, completion) }
  }
}

// Named after the operator, as `LinkedInput` was and as Combine's inner subscribers are.
extension CombineLatestFirstInput: CombineDescribed {
  @usableFromInline var combineName: String { "CombineLatest" }
}
extension CombineLatestSecondInput: CombineDescribed {
  @usableFromInline var combineName: String { "CombineLatest" }
}

/// Equal when the upstreams are equal (Combine's conformance).
extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
