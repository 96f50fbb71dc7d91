extension Publisher {
  /// Replaces a failure with the publisher `handler` makes from it, and goes on with that one.
  ///
  /// ```
  /// upstream:             -1-#e
  /// handler(e):               -8-9-|
  /// catch:                -1---8-9-|
  /// ```
  ///
  /// Threading: `handler` runs on the thread that delivered the failure. Cancelling cancels
  /// whichever publisher is current. Demand: outstanding demand is asked again of the
  /// replacement. The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives.
  @inlinable
  public func `catch`<P: Publisher>(
    _ handler: @escaping (Failure) -> P
  ) -> Publishers.Catch<Self, P> where P.Output == Output {
    Publishers.Catch(upstream: self) { .success(handler($0)) }
  }

  /// `catch` with a handler that may throw; a thrown error becomes the failure.
  @inlinable
  public func tryCatch<P: Publisher>(
    _ handler: @escaping (Failure) throws -> P
  ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
    Publishers.TryCatch<Self, P>(upstream: self) { error in
      do { return .success(try handler(error).mapError { $0 as any Error }) } catch { return .failure(error) }
    }
  }
}

extension Publishers {
  /// The publisher `tryCatch(_:)` returns.
  public typealias TryCatch<Upstream: Publisher, NewPublisher: Publisher> = Catch<
    Upstream, Publishers.MapError<NewPublisher, any Error>
  > where NewPublisher.Output == Upstream.Output

  /// The publisher `catch(_:)` returns: the upstream, then on failure the handler's publisher.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where NewPublisher.Output == Upstream.Output {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The replacement's failure type.
    public typealias Failure = NewPublisher.Failure

    /// The publisher tried first.
    public let upstream: Upstream
    @usableFromInline let handler: (Upstream.Failure) -> Result<NewPublisher, NewPublisher.Failure>

    @inlinable
    init(
      upstream: Upstream, handler: @escaping (Upstream.Failure) -> Result<NewPublisher, NewPublisher.Failure>
    ) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes `subscriber` to the upstream, then to the replacement if the upstream fails.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = CatchState<Upstream.Failure, NewPublisher, S>(subscriber, handler: handler)
      upstream.subscribe(state.first())
    }
  }
}

/// One `catch` or `append` subscription: a link to the first publisher, then one to the next.
@usableFromInline
final class CatchState<UpstreamFailure: Error, NewPublisher: Publisher, Downstream: Subscriber>: Subscription,
  @unchecked Sendable
where Downstream.Input == NewPublisher.Output, Downstream.Failure == NewPublisher.Failure {
  // @unchecked: `handler` is immutable and called once, serially; links are thread-safe.
  @usableFromInline let downstream: Downstream
  @usableFromInline let handler: (UpstreamFailure) -> Result<NewPublisher, NewPublisher.Failure>
  @usableFromInline let links = (UpstreamLink(), UpstreamLink())
  /// The downstream's outstanding demand, asked again of the second publisher.
  @usableFromInline let demand = AtomicDemand()
  @usableFromInline let handOver = HandOver()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream,
    handler: @escaping (UpstreamFailure) -> Result<NewPublisher, NewPublisher.Failure>
  ) {
    self.downstream = downstream
    self.handler = handler
  }

  /// The subscriber for the first publisher; when it finishes, `next` (if any) is subscribed.
  @inlinable func first(
    onFinish next: NewPublisher? = nil
  ) -> LinkedInput<Downstream.Input, UpstreamFailure> {
    LinkedInput(
      link: links.0, receiveValue: { [self] in deliver($0, from: links.0) }, onSubscribe: giveSubscription
    ) { [self] completion in
      guard links.0.terminate(cancelUpstream: false) else { return }
      switch completion {
      case .finished:
        if let next {
          links.1.request(demand.value)
          next.subscribe(second)
        } else if links.1.terminate() {
          giveSubscription()
          downstream.receive(completion: .finished)
        }
      case .failure(let error):
        switch handler(error) {
        case .success(let replacement):
          links.1.request(demand.value)
          replacement.subscribe(second)
        case .failure(let error):
          if links.1.terminate() {
            giveSubscription()
            downstream.receive(completion: .failure(error))
          }
        }
      }
    }
  }

  @inlinable var second: LinkedInput<Downstream.Input, Downstream.Failure> {
    LinkedInput(link: links.1, receiveValue: { [self] in deliver($0, from: links.1) }) { [self] completion in
      if links.1.terminate(cancelUpstream: false) {
        giveSubscription()
        downstream.receive(completion: completion)
      }
    }
  }

  /// Gives this subscription downstream, once: when the first upstream has given its own
  /// (Combine's handshake: upstream first), or before a completion at the latest.
  @inlinable func giveSubscription() {
    handOver.once { downstream.receive(subscription: self) }
  }

  /// Delivers a value, counting the demand it uses; asks `link` for what the downstream adds.
  @inlinable func deliver(_ value: Downstream.Input, from link: UpstreamLink) {
    if demand.isUnlimited {
      _ = downstream.receive(value)
      return
    }
    _ = demand.take()
    let more = downstream.receive(value)
    demand.add(more)
    link.request(more)
  }

  /// Adds to the demand and asks the publisher now subscribed for it.
  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    demand.add(more)
    (links.0.isTerminated ? links.1 : links.0).request(more)
  }

  @inlinable func cancel() {
    links.0.terminate()
    links.1.terminate()
  }
}
