extension Publishers {
  /// The publisher `withLatestFrom(_:)` returns.
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The inputs' failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values trigger output.
    public let upstream: Upstream
    /// The publisher whose latest value is sampled.
    public let other: Other
    /// Combines a triggering value with the sampled one.
    public let resultSelector: (Upstream.Output, Other.Output) -> Output

    /// Makes the publisher; prefer `upstream.withLatestFrom(other)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values trigger an output.
    ///   - other: The publisher whose latest value is taken.
    ///   - resultSelector: Makes the output from `upstream`'s value and `other`'s latest.
    @inlinable
    public init(
      upstream: Upstream, other: Other, resultSelector: @escaping (Upstream.Output, Other.Output) -> Output
    ) {
      self.upstream = upstream
      self.other = other
      self.resultSelector = resultSelector
    }

    /// Subscribes `subscriber`, then `other` (so its current value is known first), then the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let resultSelector = resultSelector
      // The selector runs outside the state's lock, so it may re-enter the chain.
      let selecting = AnySubscriber<(Upstream.Output, Other.Output), Failure>(
        receiveSubscription: subscriber.receive(subscription:),
        receiveValue: { subscriber.receive(resultSelector($0, $1)) },
        receiveCompletion: subscriber.receive(completion:))
      let state = WithLatestFromState<
        Upstream.Output, Other.Output, AnySubscriber<(Upstream.Output, Other.Output), Failure>
      >(selecting)
      selecting.receive(subscription: state)
      state.links.1.request(.unlimited)
      other.subscribe(state.sampled)
      upstream.subscribe(state.trigger)
    }
  }
}

@usableFromInline
final class WithLatestFromState<Trigger, Sampled, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == (Trigger, Sampled) {
  // @unchecked: `latest` is touched only inside `delivery`'s lock.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let links = (UpstreamLink(role: .withLatestFrom), UpstreamLink(role: .withLatestFrom))
  @usableFromInline @exclusivity(unchecked) var latest: Sampled?
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream) {
    delivery = SerialDelivery(downstream)
    delivery.forwardDemand(to: [links.0])
  }

  /// Asks the trigger for `demand`; the sampled publisher is asked for everything.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var trigger: LinkedInput<Trigger, Downstream.Failure> {
    LinkedInput(
      link: links.0,
      receiveValue: { [self] value in
        var dropped = false
        delivery.send {
          if let latest { return (value, latest) }
          dropped = true
          return nil
        }
        // A trigger before any sampled value sends nothing: ask for one more, as a filter does.
        if dropped { links.0.request(.max(1)) }
      },
      receiveCompletion: { [self] completion in
        if delivery.receive(completion: completion) { cancelInputs() }
      })
  }

  @inlinable var sampled: LinkedInput<Sampled, Downstream.Failure> {
    LinkedInput(
      link: links.1,
      receiveValue: { [self] value in
        delivery.send {
          latest = value
          return nil
        }
      },
      receiveCompletion: { [self] completion in
        guard case .failure = completion else { return }
        if delivery.receive(completion: completion) { cancelInputs() }
      })
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
