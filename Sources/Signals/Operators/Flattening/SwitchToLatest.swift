extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Delivers the values of the most recent publisher this publisher produced, cancelling the
  /// previous one each time a new one arrives.
  ///
  /// ```
  /// queries:                                 -a--b-----|
  /// queries.map { search($0) }.switchToLatest(): --------B-|
  /// ```
  ///
  /// where `search` answers 4 frames later: the answer to `a` (due at frame 5) never arrives,
  /// because `b` replaced it at frame 4. (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// The usual shape of "search as you type": `query.map(search).switchToLatest()`. Finishes
  /// when the upstream and the current inner publisher have finished. A failure of either is
  /// forwarded at once and cancels the other. Threading: inner publishers may produce on any
  /// thread; the subscriber receives one call at a time, and once a new inner publisher has
  /// arrived nothing more of the previous one is delivered.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never {
  /// `switchToLatest` for a publisher that cannot fail, of publishers that can.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>
  {
    setFailureType(to: Output.Failure.self).switchToLatest()
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// `switchToLatest` for inner publishers that cannot fail, under a publisher that can.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    map { $0.setFailureType(to: Failure.self) }.switchToLatest()
  }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
  /// `switchToLatest` when neither the publisher nor its inner publishers can fail.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publishers {
  /// The publisher `switchToLatest()` returns.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    /// The inner publishers' output type.
    public typealias Output = P.Output
    /// The shared failure type.
    public typealias Failure = P.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Makes the publisher; prefer `upstream.switchToLatest()`.
    @inlinable public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes `subscriber`, then the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = SwitchState<P, S>(subscriber)
      subscriber.receive(subscription: state)
      upstream.subscribe(state.outer)
    }
  }
}

@usableFromInline
final class SwitchState<Inner: Publisher, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  // @unchecked: `current` and `outerFinished` are touched only inside `delivery`'s lock, so a
  // value of a replaced inner publisher is dropped under the same lock that delivers.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let outerLink = UpstreamLink()
  @usableFromInline @exclusivity(unchecked) var current: UpstreamLink?
  @usableFromInline @exclusivity(unchecked) var outerFinished = false
  @usableFromInline let live = LiveSubscription()

  @inlinable init(_ downstream: Downstream) { delivery = SerialDelivery(downstream) }

  @inlinable var outer: LinkedInput<Inner, Downstream.Failure> {
    LinkedInput(
      link: outerLink,
      receiveValue: { [self] publisher in switchTo(publisher) },
      receiveCompletion: { [self] completion in
        guard outerLink.terminate(cancelUpstream: false) else { return }
        let accepted = delivery.complete {
          if case .failure = completion { return completion }
          outerFinished = true
          return current == nil ? .finished : nil
        }
        if accepted { cancelAll() }
      })
  }

  @inlinable func switchTo(_ publisher: Inner) {
    let link = UpstreamLink()
    var previous: UpstreamLink?
    var accepted = false
    delivery.send {
      previous = current
      current = link
      accepted = true
      return nil
    }
    previous?.terminate()
    guard accepted else { return }
    publisher.subscribe(
      LinkedInput(
        link: link,
        receiveValue: { [self] value in delivery.send { current === link ? value : nil } },
        receiveCompletion: { [self] completion in
          guard link.terminate(cancelUpstream: false) else { return }
          let accepted = delivery.complete {
            guard current === link else { return nil }
            if case .failure = completion { return completion }
            current = nil
            return outerFinished ? .finished : nil
          }
          if accepted { cancelAll() }
        }))
  }

  @inlinable func cancelAll() {
    outerLink.terminate()
    let link = delivery.lock.withLock { () -> UpstreamLink? in
      defer { current = nil }
      return current
    }
    link?.terminate()
  }

  @inlinable func cancel() {
    delivery.cancel()
    cancelAll()
  }
}
