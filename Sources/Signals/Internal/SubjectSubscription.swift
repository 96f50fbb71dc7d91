/// The subjects built on `Broadcaster`, by the name their subscriptions describe themselves with.
@usableFromInline
enum SubjectKind: UInt8, Sendable {
  case passthrough, currentValue, published, replay

  /// Combine's name for the subject's subscription (`"PassthroughSubject"`).
  @usableFromInline var subscriptionName: String {
    switch self {
    case .passthrough: "PassthroughSubject"
    case .currentValue: "CurrentValueSubject"
    case .published: "PublishedSubject"
    case .replay: "ReplaySubject"
    }
  }
}

/// A subject's handle for one subscriber: the subscription it receives, and the path values take
/// to it. Values reach the subscriber only while the handle is active and as its demand allows;
/// `cancel()` and the completion deactivate it exactly once, and the broadcaster's delivering
/// thread then lets the subscriber go (`releaseSubscriber()`).
///
/// The broadcaster's list holds this object and reaches the subscriber through `route`, made
/// here for the subscriber's type (CONTRIBUTING, *closure, not method*). `cancel()` and
/// `request(_:)`, reached through an existential, go to the broadcaster through `route` too. The
/// closure captures only the broadcaster, or the `SubjectBacklog` when there is one, which is
/// then its context: no allocation of its own. A subscriber that requested `.unlimited` takes the
/// first branch of `handle`: two loads, no demand bookkeeping.
@usableFromInline
final class SubjectSubscription<Downstream: Subscriber>: SubscriberHandleOf<HeldSubscriber<Downstream>>,
  Subscription,
  @unchecked Sendable
{
  // @unchecked: the backlog (in `route`'s context) is touched only by the broadcaster's
  // delivering thread (`handle`); the rest is as `SubscriberHandleOf`'s.
  @usableFromInline typealias Backlog = SubjectBacklog<Downstream.Input, Downstream.Failure>

  /// Counted as live (`LiveSubscriptions`) from here to `deinit`. The values kept for a
  /// subscriber without demand (a subject that replays) and the record of a tracked scope live
  /// in `route`'s context (`SubjectBacklog`), made only when there is one: two fields of their own
  /// would take this object to the next heap chunk (CONTRIBUTING, *bytes per subscription*).
  @inlinable @inline(__always)
  init(
    id: UInt64, broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, backlog: Int,
    downstream: Downstream
  ) {
    let tracked = LiveSubscriptions.begin(subscriber: Downstream.self)
    let kind = broadcaster.kind.rawValue
    if backlog <= 0 && tracked == nil {
      super.init(id: id, tag: kind, downstream: downstream) { handle, signal, payload in
        unsafeDowncast(handle, to: SubjectSubscription.self).handle(signal, payload, broadcaster, nil)
      }
    } else {
      let extras = SubjectBacklog(broadcaster: broadcaster, backlog: backlog, tracked: tracked)
      super.init(id: id, tag: kind, downstream: downstream) { handle, signal, payload in
        unsafeDowncast(handle, to: SubjectSubscription.self).handle(
          signal, payload, extras.broadcaster, extras.keepsValues ? extras : nil)
      }
    }
  }

  deinit { LiveSubscriptions.ended() }

  /// Which subject the subscription belongs to.
  @inlinable var kind: SubjectKind { SubjectKind(rawValue: tag) ?? .passthrough }

  /// What `route` does with each signal (specialized with it).
  @inlinable @inline(__always)
  func handle(
    _ signal: HandleSignal, _ payload: SignalPayload,
    _ broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, _ backlog: Backlog?
  ) {
    switch signal {
    case .value:
      payload.withValue(Downstream.Input.self) { value in
        if demand.isUnlimited && isActiveAndClear {
          _ = receive(value)
        } else {
          offer(value, backlog)
        }
      }
    case .completion:
      let completion = payload.load(Subscribers.Completion<Downstream.Failure>.self)
      if deactivate() {
        if let backlog, isWaiting {
          backlog.buffer = ReplayBuffer(capacity: backlog.buffer.capacity)
          setWaiting(false)
        }
        receive(completion: completion)
      }
      releaseSubscriber()
    case .start: receive(subscription: self)
    case .startEnded: receive(subscription: Subscriptions.empty)
    case .flush: flush(backlog)
    case .detach: broadcaster.remove(id: id)
    case .requestFlush: broadcaster.flush(id: id)
    case .acknowledgeDemand: broadcaster.acknowledgeDemand()
    case .releaseSubscriber: releaseSubscriber()
    case .reportParent: payload.answer(broadcaster)
    }
  }

  /// Delivers `value` if the subscriber asked for it; otherwise keeps it in the backlog (which
  /// drops it when the subject does not replay). Called only by the delivering thread.
  @inlinable func offer(_ value: Downstream.Input, _ backlog: Backlog?) {
    guard isActive else { return }
    if let backlog, isWaiting {
      backlog.buffer.append(value)
      flush(backlog)
      return
    }
    guard demand.take() else {
      if let backlog {
        backlog.buffer.append(value)
        setWaiting(true)
      }
      return
    }
    demand.add(receive(value))
  }

  /// Delivers kept values while there is demand. Called only by the delivering thread.
  @inlinable func flush(_ backlog: Backlog?) {
    guard let backlog else { return }
    while isWaiting, isActive {
      guard let value = backlog.buffer.first else {
        setWaiting(false)
        backlog.buffer = ReplayBuffer(capacity: backlog.buffer.capacity)
        return
      }
      guard demand.take() else { return }
      backlog.buffer.removeFirst()
      demand.add(receive(value))
    }
  }

  /// Adds `demand` to what the subscriber may receive; delivers kept values, if any, through
  /// the broadcaster (serialized with its other deliveries). A `PassthroughSubject`'s first
  /// request asks the subject's upstream subscriptions for everything.
  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand.rawValue > 0, isActive else { return }
    self.demand.add(demand)
    if kind == .passthrough { call(.acknowledgeDemand) }
    if isWaiting { call(.requestFlush) }
  }

  @inlinable func cancel() {
    if deactivate() { call(.detach) }
  }
}

/// What a subject's subscription needs beyond the broadcaster, when it needs anything: the
/// values a subject that replays keeps for a subscriber without demand (its backlog), and the
/// record of a subscription made in a tracked scope (`LiveSubscriptions.track`), ended when this
/// object goes with the handle. It is the context of the handle's `route`, so that a
/// `PassthroughSubject`'s handle outside tracked scopes, whose `route` captures only the
/// broadcaster, makes no such object and keeps no field for it. The backlog is touched only by
/// the broadcaster's delivering thread.
@usableFromInline
final class SubjectBacklog<Output, Failure: Error> {
  @usableFromInline let broadcaster: Broadcaster<Output, Failure>
  /// The values kept; its capacity is 0 when the subject does not replay (no field of its own
  /// for whether it does: it would take this object to the next heap chunk).
  @usableFromInline @exclusivity(unchecked) var buffer: ReplayBuffer<Output>
  let tracked: TrackedSubscription?

  /// Whether the subject replays, so keeps values in `buffer` for a subscriber without demand.
  @inlinable var keepsValues: Bool { buffer.capacity > 0 }

  @usableFromInline init(
    broadcaster: Broadcaster<Output, Failure>, backlog: Int, tracked: TrackedSubscription?
  ) {
    self.broadcaster = broadcaster
    buffer = ReplayBuffer(capacity: backlog)
    self.tracked = tracked
  }

  deinit { tracked?.end() }
}

extension SubjectSubscription: CombineDescribed {
  @usableFromInline var combineName: String { kind.subscriptionName }
  /// What Combine's subject subscriptions show: the subject (`parent`, and again as `subject`;
  /// here its broadcaster, which describes itself as the subject), the subscriber and the
  /// outstanding demand; the subject and the subscriber are `nil` once the subscription was
  /// cancelled or completed. Built when asked for; a debugging aid.
  @usableFromInline var customMirror: Mirror {
    let live = isActive
    let parent = live ? self.parent : nil
    let children: [Mirror.Child] = [
      ("parent", parent as Any), ("downstream", (live ? subscriber : nil) as Any),
      ("demand", demand.value), ("subject", parent as Any),
    ]
    return Mirror(self, children: children)
  }
}

extension Broadcaster: CustomStringConvertible {
  /// The subject's type as Combine names it (`"PassthroughSubject<Int, Never>"`): what a
  /// subject subscription's mirror shows as its parent.
  @usableFromInline var description: String { "\(kind.subscriptionName)<\(Output.self), \(Failure.self)>" }
}
