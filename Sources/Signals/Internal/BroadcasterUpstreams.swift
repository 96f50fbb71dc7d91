// A subject's upstream subscriptions (`publisher.subscribe(subject)`): kept until the subject is
// released, which cancels them, and asked for `.unlimited` as Combine's subjects ask. Nothing on
// the send path reads them.

extension Broadcaster {
  /// Keeps `subscription` to cancel it when the subject is released, and asks it for
  /// `.unlimited`: at once, or, for a `PassthroughSubject`, once a subscriber has requested
  /// something (Combine's subjects).
  @usableFromInline func receiveUpstream(_ subscription: any Subscription) {
    let asks = lock.withLock { () -> Bool in
      upstreams.append(subscription)
      return kind != .passthrough || demanded.load(ordering: .relaxed)
    }
    if asks { subscription.request(.unlimited) }
  }

  /// A subscriber requested something: the first time, asks every upstream subscription for
  /// `.unlimited` (a `PassthroughSubject`'s; the others asked at once).
  @usableFromInline func acknowledgeDemand() {
    guard !demanded.load(ordering: .acquiring) else { return }
    let waiting = lock.withLock { () -> [any Subscription] in
      guard !demanded.load(ordering: .relaxed) else { return [] }
      demanded.store(true, ordering: .releasing)
      return upstreams
    }
    for subscription in waiting { subscription.request(.unlimited) }
  }

  /// Cancels every upstream subscription the subject was given (the subject is being released).
  @usableFromInline func cancelUpstreams() {
    let all = lock.withLock { () -> [any Subscription] in
      defer { upstreams = [] }
      return upstreams
    }
    for subscription in all { subscription.cancel() }
  }
}
