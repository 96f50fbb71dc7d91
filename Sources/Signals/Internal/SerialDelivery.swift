import Synchronization

/// Delivers to one subscriber from any number of threads, one call at a time, in arrival order,
/// as far as the subscriber's demand allows.
///
/// What operators with several inputs (combining, flattening, time operators whose timers fire
/// on another thread) deliver through. Serialized by the library's one engine
/// (`SerialDrainOwner`, the subjects' too): the first caller becomes the drainer and delivers;
/// calls that arrive meanwhile, from other threads or re-entrantly from the subscriber itself,
/// are queued and delivered by the drainer right after. No lock is held while the subscriber
/// runs. After a completion or `cancel()`, nothing more is delivered and the queue is released.
/// What is this type's own: the one subscriber, its demand (values may wait in the queue for
/// it, which the engine's `mayTake` asks), the overflow rule and the sources.
///
/// Fairness (`FairDrain`, the engine's policy): a drainer that other threads keep busy does not
/// deliver for as long as they send. Once it has delivered a batch of queued values, the next
/// value sent from another thread is queued and its sender waits to take over: the drainer hands
/// the queue to it between two deliveries and returns. A re-entrant send from the subscriber
/// never waits; a waiting sender gives up after a short patience and leaves its value to the
/// drainer, so a subscriber that waits for that sender's thread is delayed, never deadlocked.
///
/// Memory: the queue is unbounded, and returned (`FIFOQueue`'s policy). Values wait in it only
/// while a delivery is in progress or, under `.buffer`, beyond the subscriber's demand (which
/// the operator's upstreams were asked for, so the subscriber's requests bound it); once drained,
/// its storage above a small size is released. `.drop` and `.keepLatest` keep nothing beyond the
/// demand but the one latest value.
///
/// Demand: it counts what the subscriber requested (`request(_:)` and what `receive(_:)`
/// returns) and delivers a value only against that count. A value that finds no demand is
/// handled by the operator's `Overflow` rule: kept until demand arrives, dropped, or kept as the
/// one latest. Demand the subscriber adds is passed to `forward` (set by the operator: it asks
/// its upstreams for more). A finish waits behind values kept for demand; a failure drops them
/// and goes at once. Once the subscriber has requested `.unlimited`, a value costs one more
/// comparison than without demand.
///
/// Sources (`merge`): values sent with `receive(_:from:)` remember the input that
/// sent them, and the demand the subscriber returns for such a value goes to that input alone
/// (Combine's replenishing of the input that delivered), not through `forward` to every input:
/// a subscriber asking `.max(1)` per value then costs one upstream request per value, whatever
/// the number of inputs. Its `request(_:)` still goes to every input.
///
/// One value per value (`flatMap`, `asksOnePerValue`): Combine's `flatMap` asks each inner
/// publisher for one value at a time. A value sent with `sendAskingOne(_:from:)` that finds
/// demand (delivered now, or queued behind the delivery in progress) answers its input `.max(1)`
/// from its `receive(_:)`; one that waits for demand answers `.none`, and its input is asked for
/// one more once it is delivered. The demand the subscriber returns is only counted, not asked of
/// any input; once the demand is unlimited nothing is asked per value (`forward` asks every
/// input for `.unlimited`).
@usableFromInline
final class SerialDelivery<Downstream: Subscriber>: SerialDrainOwner, @unchecked Sendable {
  // @unchecked: every `var` is read and written only inside `lock`; `downstream` is called only
  // by the single thread that claimed `drainClaim` (see `SerialDrainOwner`).
  @usableFromInline enum Event {
    case value(Downstream.Input)
    case completion(Subscribers.Completion<Downstream.Failure>)
  }

  /// What happens to a value sent while the subscriber has no demand for it.
  @usableFromInline enum Overflow {
    /// Kept, in order, until demand arrives (its upstreams were asked only for what the
    /// subscriber asked, so this stays bounded by that).
    case buffer
    /// Dropped (a timer tick, a debounced value: Combine drops them).
    case drop
    /// Kept as the one latest value, replacing an earlier kept one (`combineLatest`).
    case keepLatest
    /// Delivered all the same (`prefix(untilOutputFrom:)`: Combine's passes every value on),
    /// in order behind what waits.
    case deliver
  }

  @usableFromInline let downstream: Downstream
  @usableFromInline let overflow: Overflow
  /// Whether inputs are asked for one value per delivered value (`flatMap`), see above.
  @usableFromInline let asksOnePerValue: Bool
  @usableFromInline let lock = Lock()
  // The claim's two one-byte atomics next to the lock's, which leaves room for them.
  /// Who delivers; `.queued` also tells the drainer to look at the demand under the lock before
  /// it stops. The drainer gives the claim up with one compare-and-swap when nothing happened
  /// meanwhile, which saves an uncontended value its second lock round.
  @usableFromInline let drainClaim = DrainClaim()
  @usableFromInline @exclusivity(unchecked) var closed = false
  /// The values and the completion waiting for the drainer or for demand, and the fair
  /// hand-over's counters.
  @usableFromInline @exclusivity(unchecked) var drainQueue = DrainQueue<Event>()
  /// How many values the queue holds.
  @usableFromInline @exclusivity(unchecked) var pendingValues = 0
  /// The input behind each queued value, in order, for values sent with a source (`nil` for a
  /// value whose input is not to be asked for more when it is delivered: `sendAskingOne`).
  @usableFromInline @exclusivity(unchecked) var sources = FIFOQueue<UpstreamLink?>()
  @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
  /// Passes demand the subscriber added on to the upstreams; released when delivery closes.
  @usableFromInline @exclusivity(unchecked) var forward: ((Subscribers.Demand) -> Void)?
  /// The operator's subscription, until it is given to the subscriber (`completeHandshake()`).
  @usableFromInline @exclusivity(unchecked) var heldSubscription: (any Subscription)?

  /// Whether what the subscriber returns for a value sent with a source is asked of that source
  /// even once the subscriber has requested `.unlimited` (Combine's `receive(on:)` and `delay`
  /// pass it on regardless). Only a subscriber that returns more than `.none` pays for it.
  @usableFromInline let replenishesUnlimited: Bool

  @inlinable init(
    _ downstream: Downstream, overflow: Overflow = .buffer, asksOnePerValue: Bool = false,
    replenishesUnlimited: Bool = false
  ) {
    self.downstream = downstream
    self.overflow = overflow
    self.asksOnePerValue = asksOnePerValue
    self.replenishesUnlimited = replenishesUnlimited
  }

  /// Sets what to do with demand the subscriber adds (ask the upstreams for it).
  @inlinable func onDemand(_ forward: @escaping (Subscribers.Demand) -> Void) {
    lock.withLock { if !closed { self.forward = forward } }
  }

  /// Forwards demand the subscriber adds to each of `links`. (A method, so that states call it
  /// from their initializers without making a closure there; see `UpstreamLink.make`.)
  @inlinable func forwardDemand(to links: [UpstreamLink]) {
    onDemand { demand in
      for link in links { link.request(demand) }
    }
  }

  /// Keeps `subscription` to give to the subscriber at `completeHandshake()` (Combine's
  /// handshake: once the upstream has subscribed), or at the latest before a completion.
  @inlinable func holdForHandshake(_ subscription: any Subscription) {
    lock.withLock { heldSubscription = subscription }
  }

  /// Gives the kept subscription to the subscriber, once.
  @inlinable func completeHandshake() {
    let subscription = lock.withLock { () -> (any Subscription)? in
      defer { heldSubscription = nil }
      return heldSubscription
    }
    if let subscription { downstream.receive(subscription: subscription) }
  }

  /// Lets go of the subscription kept for the handshake without giving it: the completion then
  /// goes down alone.
  @inlinable func dropHeldSubscription() {
    let held = lock.withLock { () -> (any Subscription)? in
      defer { heldSubscription = nil }
      return heldSubscription
    }
    withExtendedLifetime(held) {}
  }

  /// The demand not yet used by a delivered or kept value.
  @inlinable var outstanding: Subscribers.Demand {
    lock.withLock { demand - pendingValues }
  }

  /// Passes the subscription on. Call it before any value, from the subscribing thread.
  @inlinable func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }

  /// Adds `more` to the subscriber's demand: delivers kept values it allows, then forwards it.
  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    let (drains, forward) = lock.withLock { () -> (Bool, ((Subscribers.Demand) -> Void)?) in
      if closed && drainQueue.jobs.isEmpty { return (false, nil) }
      demand += more
      guard !drainerIsActive(), !drainQueue.jobs.isEmpty else { return (false, self.forward) }
      claimDrain(queued: true)
      return (true, self.forward)
    }
    if drains { drain(carrying: DemandCarry()) }
    forward?(more)
  }

  /// Delivers `value` now, or after what is being delivered; drops it after a completion.
  @inlinable func receive(_ value: Downstream.Input) {
    send(from: nil) { value }
  }

  /// Delivers `value`, sent by the input behind `source`, as `receive(_:)` does; the demand the
  /// subscriber returns for it is requested from `source` only. Use it for every value of an
  /// operator, or for none (the queue keeps one source per value), with `.buffer`.
  @inlinable func receive(_ value: Downstream.Input, from source: UpstreamLink) {
    send(from: source) { value }
  }

  /// Runs `update` inside this delivery's lock and delivers the value it returns, if any.
  ///
  /// Operators with state (the latest values of `combineLatest`, the buffers of `zip`) keep that
  /// state in their own fields and touch it only inside `update`, so one lock covers both the
  /// state and the serialization: one lock round and one compare-and-swap per uncontended value.
  /// `update` must not call out.
  @inlinable @inline(__always) func send(_ update: () -> Downstream.Input?) {
    send(from: nil, update)
  }

  /// `send(_:)`, remembering the input that sent the value when `source` is given.
  ///
  /// With `returning`, the demand the subscriber adds for a value this call delivers is
  /// returned (and counted), for the input to return from its `receive(_:)` as Combine's
  /// `zip`, `switchToLatest` and `prefix(untilOutputFrom:)` do, instead of being requested from
  /// `source` or through `forward`. A value that waits (behind a delivery in progress, or for
  /// demand) returns `.none`, and what the subscriber adds for it later is requested as before.
  ///
  /// Always inlined, so that `update` and the lock round are compiled into the operator's own
  /// receive: called out of line, each value paid calls through two closures (`update` and the
  /// lock's body), about a quarter of a `combineLatest` value's instructions.
  @inlinable @inline(__always) @discardableResult
  func send(
    from source: UpstreamLink?, returning: Bool = false, _ update: () -> Downstream.Input?
  ) -> Subscribers.Demand {
    var takesOver = false
    let value = lock.withLock { () -> Downstream.Input? in
      if closed { return nil }
      guard let value = update() else { return nil }
      if drainerIsActive() {
        keep(value, from: source)
        takesOver = wantsToTakeOver()
        return nil
      }
      if pendingValues > 0 {
        keep(value, from: source)
        return nil
      }
      guard demand > 0 || overflow == .deliver else {
        keep(value, from: source)
        return nil
      }
      demand -= 1
      claimDrain()
      return value
    }
    guard let value else {
      if takesOver { takeOver() }
      return .none
    }
    let more = downstream.receive(value)
    // The source matters only for demand to replenish (none under unlimited demand).
    if more == .none {
      drain(carrying: DemandCarry())
      return .none
    }
    drain(carrying: DemandCarry(more, from: source, returned: returning))
    return returning ? more : .none
  }

  /// Queues `value` behind what waits, by the overflow rule when it is beyond the demand. Call
  /// locked.
  @inlinable func keep(_ value: Downstream.Input, from source: UpstreamLink? = nil) {
    if demand > pendingValues || overflow == .buffer || overflow == .deliver {
      drainQueue.jobs.append(.value(value))
      pendingValues += 1
      if let source { sources.append(source) }
      return
    }
    guard overflow == .keepLatest else { return }
    if pendingValues > 0, case .value? = drainQueue.jobs.last {
      drainQueue.jobs.replaceLast(with: .value(value))
    } else {
      drainQueue.jobs.append(.value(value))
      pendingValues += 1
    }
  }

  /// Delivers `value`, sent by the input behind `source`, under `asksOnePerValue` (Combine's
  /// `flatMap`); returns what that input is to be asked for, from its `receive(_:)`: `.max(1)`
  /// for a value that found demand (delivered now, or right after the delivery in progress),
  /// `.none` under unlimited demand and for a value that waits for demand (its input is asked
  /// for one more when it goes out). What the subscriber returns is counted, not asked of the
  /// input. Drops the value after a completion or `cancel()`.
  @inlinable @inline(__always)
  func sendAskingOne(_ value: Downstream.Input, from source: UpstreamLink) -> Subscribers.Demand {
    var takesOver = false
    var answer = Subscribers.Demand.none
    let delivers = lock.withLock { () -> Bool in
      if closed { return false }
      if drainerIsActive() {
        answer = keepAskingOne(value, from: source)
        takesOver = wantsToTakeOver()
        return false
      }
      if pendingValues > 0 || demand == .none {
        answer = keepAskingOne(value, from: source)
        return false
      }
      if !demand.isUnlimited {
        demand -= 1
        answer = .max(1)
      }
      claimDrain()
      return true
    }
    guard delivers else {
      if takesOver { takeOver() }
      return answer
    }
    let more = downstream.receive(value)
    drain(carrying: more == .none ? DemandCarry() : DemandCarry(more))
    return answer
  }

  /// Queues `value` for `sendAskingOne`; returns `.max(1)` when the demand covers it (its input
  /// is answered now), else `.none` (its input is asked when it goes out). Call locked.
  @inlinable func keepAskingOne(_ value: Downstream.Input, from source: UpstreamLink) -> Subscribers.Demand {
    let covered = demand > pendingValues
    drainQueue.jobs.append(.value(value))
    pendingValues += 1
    if covered || demand.isUnlimited {
      sources.append(nil)
      return demand.isUnlimited ? .none : .max(1)
    }
    sources.append(source)
    return .none
  }

  /// Runs `decide` inside this delivery's lock; if it returns a completion, delivers it as
  /// `receive(completion:)` does. Returns whether a completion was accepted.
  @inlinable @discardableResult
  func complete(_ decide: () -> Subscribers.Completion<Downstream.Failure>?) -> Bool {
    var held: (any Subscription)?
    let (completion, deliverNow) = lock.withLock {
      () -> (Subscribers.Completion<Downstream.Failure>?, Bool) in
      if closed { return (nil, false) }
      guard let completion = decide() else { return (nil, false) }
      held = heldSubscription
      heldSubscription = nil
      closed = true
      if case .failure = completion {
        drainQueue.jobs = FIFOQueue()
        pendingValues = 0
        sources = FIFOQueue()
      }
      if drainerIsActive() || !drainQueue.jobs.isEmpty {
        drainQueue.jobs.append(.completion(completion))
        return (completion, false)
      }
      claimDrain()
      forward = nil
      return (completion, true)
    }
    guard let completion else { return false }
    if let held { downstream.receive(subscription: held) }
    if deliverNow {
      downstream.receive(completion: completion)
      drain(carrying: DemandCarry())
    }
    return true
  }

  /// Delivers `completion` after what is queued; the first completion wins, later ones and
  /// values sent after it are dropped. Returns whether this completion was accepted.
  @inlinable @discardableResult
  func receive(completion: Subscribers.Completion<Downstream.Failure>) -> Bool {
    complete { completion }
  }

  /// Stops delivery: nothing queued or sent later reaches the subscriber.
  @inlinable func cancel() {
    let (dropped, forward, _) = lock.withLock {
      () -> (FIFOQueue<Event>, ((Subscribers.Demand) -> Void)?, (any Subscription)?) in
      closed = true
      pendingValues = 0
      defer {
        drainQueue.jobs = FIFOQueue()
        sources = FIFOQueue()
        self.forward = nil
        heldSubscription = nil
      }
      return (drainQueue.jobs, self.forward, heldSubscription)
    }
    withExtendedLifetime((dropped, forward)) {}
  }

  // The engine's hooks: the demand the subscriber returns travels with the drainer.

  /// What the drainer carries from one value to the next: the demand the subscriber returned,
  /// the input that sent the value (to replenish it alone), and the demand to forward to every
  /// input when the drainer stops.
  @usableFromInline
  struct DemandCarry {
    /// What the subscriber returned for the value delivered last.
    @usableFromInline var more: Subscribers.Demand
    /// The input that sent the value delivered last, if it was sent with one.
    @usableFromInline var source: UpstreamLink?
    /// Demand the subscriber added, to forward to every input when the drainer stops.
    @usableFromInline var added = Subscribers.Demand.none
    /// `more`, to request from `source` once the lock is left.
    @usableFromInline var replenish: (link: UpstreamLink, demand: Subscribers.Demand)?
    /// Whether `more` is returned to the input that sent the value (`send(from:returning:)`):
    /// then it is only counted, neither replenished nor forwarded.
    @usableFromInline var returned: Bool
    /// Under `asksOnePerValue`: the value delivered last waited for demand, and `source` is to
    /// be asked for one more.
    @usableFromInline var asksOne = false

    @inlinable init(
      _ more: Subscribers.Demand = .none, from source: UpstreamLink? = nil, returned: Bool = false
    ) {
      self.more = more
      self.source = source
      self.returned = returned
    }
  }

  @inlinable static var claimsWithoutLock: Bool { false }
  @inlinable static var nothingCarried: DemandCarry { DemandCarry() }
  @inlinable @inline(__always)
  static func isEmpty(_ carry: DemandCarry) -> Bool { carry.more.rawValue == 0 && !carry.asksOne }

  /// Adds what the subscriber returned to the demand: to be requested from the value's source
  /// when it has one, else from every input when the drainer stops. Call locked.
  @inlinable func settle(_ carry: inout DemandCarry) {
    if asksOnePerValue { return settleAskingOne(&carry) }
    let more = carry.more
    if more > 0 {
      if carry.returned {
        carry.returned = false
      } else if let source = carry.source {
        if replenishesUnlimited || !demand.isUnlimited { carry.replenish = (source, more) }
      } else if !demand.isUnlimited {
        carry.added += more
      }
      demand += more
      carry.more = .none
    }
    carry.source = nil
  }

  /// `settle` under `asksOnePerValue`: what the subscriber returned is counted (and forwarded
  /// only when it makes the demand unlimited); the input of a value that waited for demand is
  /// asked for one more, unless the demand is now unlimited. Call locked.
  @inlinable func settleAskingOne(_ carry: inout DemandCarry) {
    let more = carry.more
    if more > 0 {
      if more.isUnlimited && !demand.isUnlimited { carry.added = .unlimited }
      demand += more
      carry.more = .none
    }
    if carry.asksOne, let source = carry.source, !demand.isUnlimited {
      carry.replenish = (source, .max(1))
    }
    carry.asksOne = false
    carry.source = nil
  }

  /// A value is taken only against demand; the completion always. Call locked.
  @inlinable func mayTake(_ event: Event) -> Bool {
    switch event {
    case .value: demand > 0 || overflow == .deliver
    case .completion: true
    }
  }

  /// Uses one demand for a value (and takes its source); the completion releases `forward`.
  /// Call locked.
  @inlinable func take(_ event: Event, _ carry: inout DemandCarry) -> Event? {
    switch event {
    case .value:
      demand -= 1
      pendingValues -= 1
      carry.source = sources.popFirst() ?? nil
      if asksOnePerValue { carry.asksOne = carry.source != nil }
    case .completion:
      forward = nil
    }
    return event
  }

  /// Asks the value's source for what the subscriber returned for it.
  @inlinable func settled(_ carry: inout DemandCarry) {
    guard let replenish = carry.replenish else { return }
    carry.replenish = nil
    replenish.link.request(replenish.demand)
  }

  /// Delivers `event`; keeps what the subscriber returns for a value.
  @inlinable func perform(_ event: Event, _ carry: inout DemandCarry) {
    switch event {
    case .value(let value): carry.more = downstream.receive(value)
    case .completion(let completion): downstream.receive(completion: completion)
    }
  }

  /// Forwards the demand the subscriber added to every input. (Inlined, so that the
  /// uncontended path, where nothing was added, keeps no call.)
  @inlinable @inline(__always)
  func stopped(_ carry: DemandCarry) {
    if carry.added > 0 { lock.withLock { forward }?(carry.added) }
  }
}
