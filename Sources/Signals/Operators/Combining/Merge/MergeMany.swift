extension Publishers {
  /// Merges any number of publishers: every value of every input, as it comes.
  ///
  /// ```
  /// p0:                            -a---b-|
  /// p1:                            --1----2-|
  /// Publishers.MergeMany(p0, p1):  -a1--b-2-|
  /// ```
  ///
  /// Finishes when every input has finished (at once when there is none). A failure is
  /// forwarded at once and cancels the other inputs. Cancelling cancels them all. Demand: each
  /// input is asked for what the subscriber requests; what the subscriber returns for a value
  /// is asked of the input that sent it (Combine's replenishing), so stepwise demand costs one
  /// upstream request per value however many inputs there are. Values beyond the subscriber's
  /// demand wait, in order, until it asks for more.
  /// Threading: inputs may produce on different threads; the subscriber receives one call at a
  /// time. Two lock rounds per value.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// The inputs' output type.
    public typealias Output = Upstream.Output
    /// The inputs' failure type.
    public typealias Failure = Upstream.Failure

    /// The inputs.
    public let publishers: [Upstream]

    /// Merges the publishers of any sequence, in its order (Combine's `init(_:)` over a sequence).
    ///
    /// - Parameter publishers: The publishers to merge.
    @inlinable public init<S: Swift.Sequence>(_ publishers: S) where S.Element == Upstream {
      self.publishers = Array(publishers)
    }

    /// Merges `publishers`.
    ///
    /// - Parameter publishers: The publishers to merge.
    @inlinable public init(_ publishers: Upstream...) { self.publishers = publishers }

    /// Subscribes `subscriber`, then every input in order.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = MergeState(subscriber, count: publishers.count)
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
final class MergeState<Downstream: Subscriber>: Subscription, @unchecked Sendable {
  // @unchecked: `unfinished` is touched only inside `delivery`'s lock.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let links: [UpstreamLink]
  @usableFromInline @exclusivity(unchecked) var unfinished: Int
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, count: Int) {
    delivery = SerialDelivery(downstream)
    links = UpstreamLink.make(count, role: .merge)
    unfinished = count
    delivery.forwardDemand(to: links)
  }

  /// Asks every input for `demand`; what arrives beyond the subscriber's demand waits.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable func input(_ index: Int) -> LinkedInput<Downstream.Input, Downstream.Failure> {
    let link = links[index]
    return LinkedInput(
      link: link,
      receiveValue: { [delivery] value in delivery.receive(value, from: link) },
      receiveCompletion: { [self] completion in
        let accepted = delivery.complete {
          if case .failure = completion { return completion }
          unfinished -= 1
          return unfinished == 0 ? .finished : nil
        }
        if accepted { links.forEach { $0.terminate() } }
      })
  }

  @inlinable func cancel() {
    delivery.cancel()
    links.forEach { $0.terminate() }
  }
}
