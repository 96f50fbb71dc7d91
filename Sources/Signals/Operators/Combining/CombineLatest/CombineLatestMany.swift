extension Publishers {
  /// The publisher `combineLatest()` of a collection of publishers returns.
  public struct CombineLatestMany<Upstream: Publisher>: Publisher {
    /// The latest value of every input, in order.
    public typealias Output = [Upstream.Output]
    /// The inputs' failure type.
    public typealias Failure = Upstream.Failure

    /// The inputs.
    public let publishers: [Upstream]

    /// Combines `publishers`; prefer `publishers.combineLatest()`.
    ///
    /// - Parameter publishers: The publishers to combine, in the order of the output's elements.
    @inlinable public init(_ publishers: [Upstream]) { self.publishers = publishers }

    /// Subscribes `subscriber`, then every input in order.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = CombineLatestManyState<Upstream.Output, S>(subscriber, count: publishers.count)
      subscriber.receive(subscription: state)
      guard !publishers.isEmpty else {
        state.delivery.receive(completion: .finished)
        return
      }
      for (index, publisher) in publishers.enumerated() {
        publisher.subscribe(state.input(index))
      }
    }
  }
}

@usableFromInline
final class CombineLatestManyState<Element, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == [Element] {
  // @unchecked: `latest`, `values`, `missing` and `unfinished` are touched only inside
  // `delivery`'s lock.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let links: [UpstreamLink]
  /// Passes the subscriber's demand to every input, at O(1) per value however many there are.
  @usableFromInline let spread: DemandSpread
  /// The latest values while some input has sent none (released once every input has).
  @usableFromInline @exclusivity(unchecked) var latest: [Element?]
  /// The latest values once every input has sent one: the array each emission hands on. A slot
  /// is replaced in place, so an emission copies nothing unless the subscriber still holds the
  /// previous array (copy on write).
  @usableFromInline @exclusivity(unchecked) var values: [Element] = []
  @usableFromInline @exclusivity(unchecked) var missing: Int
  @usableFromInline @exclusivity(unchecked) var unfinished: Int
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, count: Int) {
    delivery = SerialDelivery(downstream, overflow: .keepLatest)
    links = UpstreamLink.make(count, role: .combineLatest)
    latest = Array(repeating: nil, count: count)
    missing = count
    unfinished = count
    spread = DemandSpread(links)
    delivery.onDemand { [spread] demand in spread.grant(demand) }
  }

  /// Passes the request to every input, as Combine does: every input is asked, at once, for all
  /// the subscriber has granted so far (`DemandSpread.levelAll()`). Demand the subscriber returns
  /// for a value reaches an input once it has used what it had (`DemandSpread`), so that
  /// stepwise demand costs O(1) per value.
  @inlinable func request(_ demand: Subscribers.Demand) {
    delivery.request(demand)
    if demand > 0 { spread.levelAll() }
  }

  @inlinable func input(_ index: Int) -> LinkedInput<Element, Downstream.Failure> {
    LinkedInput(
      link: links[index],
      receiveValue: { [self] value in
        spread.used(by: index)
        delivery.send {
          if missing == 0 {
            values[index] = value
            return values
          }
          if latest[index] == nil { missing -= 1 }
          latest[index] = value
          guard missing == 0 else { return nil }
          values = latest.map { $0! }
          latest = []
          return values
        }
      },
      receiveCompletion: { [self] completion in
        let accepted = delivery.complete {
          if case .failure = completion { return completion }
          unfinished -= 1
          return (missing > 0 && latest[index] == nil) || unfinished == 0 ? .finished : nil
        }
        if accepted { links.forEach { $0.terminate() } }
      })
  }

  @inlinable func cancel() {
    delivery.cancel()
    links.forEach { $0.terminate() }
  }
}
