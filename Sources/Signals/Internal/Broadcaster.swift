import Synchronization

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

/// The engine behind every subject: a list of subscribers, an optional replay buffer, and a
/// serialized delivery.
///
/// Delivery is serialized by the library's one engine (`SerialDrainOwner`), without holding a
/// lock while subscribers run: the first thread to send becomes the drainer, delivers, and then
/// delivers whatever was queued meanwhile (values, completions, new subscriptions and cancels,
/// in the order they were made), re-entrantly or by senders from other threads whose wait ran
/// out. What is this type's own: the subscriber list, the replay buffer and each subscriber's
/// demand. So a subscriber never receives overlapping calls, re-entrant sends neither deadlock nor
/// nest, and no value is lost except where a subscriber's demand says so.
///
/// Demand, as in Combine's subjects: each subscriber's handle counts what its subscriber
/// requested. A value sent when a subscriber has no outstanding demand is dropped for it, except
/// that a subject that replays (`CurrentValueSubject`: its current value; `ReplaySubject`: its
/// last values) keeps the newest such values for that subscriber and delivers them when it
/// requests more. A subscriber that requested `.unlimited` costs one more load per value. In the
/// uncontended case a send takes the lock once, ends with one compare-and-swap, and copies or
/// retains nothing.
///
/// Senders from other threads: a send, completion or subscription from a thread other than the
/// one delivering waits for that delivery to end and then delivers itself, as Combine's subjects
/// do (so values arrive on the thread that sent them, and a send has delivered when it returns),
/// for `FairDrain.patience` at most: then it is queued, and the drainer delivers it. A
/// re-entrant send, from the delivering thread, never waits: it is queued.
///
/// Fairness (`FairDrain`): a drainer that other threads keep busy with queued events hands the
/// queue over, after a batch of them, to the next sender from another thread, which waits for
/// the delivery in progress and drains from there.
@usableFromInline
final class Broadcaster<Output, Failure: Error>: SerialDrainOwner, @unchecked Sendable {
  // @unchecked: every `var` below is read and written only inside `lock` (`list` is also read
  // outside it by the thread that holds the drain, the only one that changes it); subscribers
  // are called only by the single thread that claimed `drainClaim` (see `SerialDrainOwner`).
  /// A subscriber's handle, as the list keeps it.
  @usableFromInline typealias Conduit = ConduitState<Output, Failure>

  /// What waits for the drainer.
  @usableFromInline enum Job {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    case subscribe(Conduit)
    /// A subscriber asked for more and has kept values waiting.
    case flush(UInt64)
    /// A subscriber cancelled: take it out of the list.
    case detach(UInt64)
  }

  /// What the drainer delivers for a job, outside the lock.
  @usableFromInline enum Step {
    case value(Output)
    /// The completion, the subscribers it goes to, and the subject if nothing holds it now.
    case completion(Subscribers.Completion<Failure>, ContiguousArray<Conduit>, Unmanaged<AnyObject>?)
    case subscribe(Admission)
    case flush(Conduit)
    /// A handle taken out of the list, released outside the lock, with the subject if nothing
    /// holds it now.
    case release(Conduit, Unmanaged<AnyObject>?)
  }

  @usableFromInline let lock = Lock()
  /// The subscribers. Changed only by the thread that holds the drain, inside `lock` (a cancel
  /// from another thread is queued for it), so that thread reads it outside the lock while it
  /// delivers, without a copy or a retain; other threads read it only inside `lock`.
  @usableFromInline @exclusivity(unchecked) var list = SubscriberList<Conduit>()
  /// Who delivers (the drainer gives the claim up with one compare-and-swap when nothing was
  /// queued, which saves the uncontended send its second lock round).
  @usableFromInline let drainClaim = DrainClaim()
  /// Values, completions, subscriptions and flushes waiting for the drainer, and the fair
  /// hand-over's counters.
  @usableFromInline @exclusivity(unchecked) var drainQueue = DrainQueue<Job>()
  /// The completion sent (it may still wait in `pending`); no value is accepted after it.
  @usableFromInline @exclusivity(unchecked) var sentCompletion: Subscribers.Completion<Failure>?
  /// The completion delivered; subscribers that come after it get it at once.
  @usableFromInline @exclusivity(unchecked) var deliveredCompletion: Subscribers.Completion<Failure>?
  /// The values new subscribers receive first; updated as values are delivered.
  @usableFromInline @exclusivity(unchecked) var replay: ReplayBuffer<Output>
  /// The last value accepted by `send`, kept only when `keepsLatest`.
  @usableFromInline @exclusivity(unchecked) var latest: Output?
  @usableFromInline let keepsLatest: Bool
  /// Whether subscribers that come after the completion get the replayed values before it
  /// (`ReplaySubject`), or only the completion (`CurrentValueSubject`, as in Combine).
  @usableFromInline let replaysAfterCompletion: Bool

  /// Which subject this is, for its subscriptions' descriptions.
  @usableFromInline let kind: SubjectKind

  /// The subscriptions the subject was given through `send(subscription:)`, kept until the
  /// subject is released, which cancels them (Combine's subjects keep theirs). Touched only
  /// inside `lock`; nothing on the send path reads it.
  @usableFromInline @exclusivity(unchecked) var upstreams: [any Subscription] = []
  /// Whether a subscriber has requested something yet: a `PassthroughSubject` asks its
  /// upstream subscriptions for `.unlimited` only from then on, as Combine's does.
  @usableFromInline let demanded = Atomic<Bool>(false)
  /// The subject this broadcaster serves, unretained (the subject owns the broadcaster); set by
  /// the subject's `init`, cleared by its `deinit`.
  @usableFromInline @exclusivity(unchecked) var subject: Unmanaged<AnyObject>?
  /// Whether the broadcaster holds `subject` (one retain): while a subscriber is attached, or
  /// a subscription waits in the queue to be attached. Combine's subscriptions keep their
  /// subject alive until they are cancelled or completed; here the subscriptions keep the
  /// broadcaster, and the broadcaster keeps the subject for them.
  @usableFromInline @exclusivity(unchecked) var holdsSubject = false
  /// How many subscriptions wait in the queue to be attached.
  @usableFromInline @exclusivity(unchecked) var queuedSubscriptions = 0

  @inlinable init(
    _ kind: SubjectKind, replay capacity: Int, latest: Output? = nil, replaysAfterCompletion: Bool = true
  ) {
    self.kind = kind
    replay = ReplayBuffer(capacity: capacity)
    keepsLatest = latest != nil
    self.replaysAfterCompletion = replaysAfterCompletion
    self.latest = latest
    if let latest { replay.append(latest) }
  }

  /// Records `subject` as the subject this broadcaster serves, without retaining it (from the
  /// subject's `init`, before anything else can see the broadcaster).
  @usableFromInline func serve(_ subject: AnyObject) {
    self.subject = .passUnretained(subject)
  }

  /// The subject is being released: the broadcaster no longer refers to it.
  @usableFromInline func subjectReleased() {
    lock.withLock { subject = nil }
  }

  /// Holds the subject for a subscription being made (call locked, from the subject's own
  /// `receive(subscriber:)`, so the subject is alive).
  @inlinable func holdSubject() {
    guard !holdsSubject, let subject else { return }
    _ = subject.retain()
    holdsSubject = true
  }

  /// Lets the subject go once no subscriber is attached or queued: returns it, to be released
  /// outside the lock (its `deinit` cancels its upstream subscriptions). Call locked.
  @inlinable func letSubjectGoIfUnused() -> Unmanaged<AnyObject>? {
    guard holdsSubject, list.count == 0, queuedSubscriptions == 0 else { return nil }
    holdsSubject = false
    return subject
  }

  /// The number of subscribers attached now.
  @inlinable var subscriberCount: Int { lock.withLock { list.count } }

  @inlinable var latestValue: Output? { lock.withLock { latest } }

  /// Delivers `value` to every subscriber; after the completion, drops it, unless
  /// `storedAfterCompletion` (`CurrentValueSubject.value`'s setter, which stores the new value
  /// even then, as Combine's does). A send from another thread than the one delivering waits
  /// for that delivery to end (`mayWait`; see `SerialDrainOwner.awaitDrain()`).
  @inlinable func send(_ value: Output, storedAfterCompletion: Bool = false, mayWait: Bool = true) {
    let next: AfterSend = lock.withLock {
      guard sentCompletion == nil else {
        if storedAfterCompletion, keepsLatest { latest = value }
        return .done
      }
      if mayWait && drainsOnAnotherThread() { return .wait }
      if keepsLatest { latest = value }
      switch claimOrQueue(mayTakeOver: true, { .value(value) }) {
      case .claimed: break
      case .queued: return .done
      case .queuedToTakeOver: return .takeOver
      }
      replay.append(value)
      return .deliver
    }
    switch next {
    case .deliver:
      deliverToList(value)
      drain(carrying: ())
    case .done: break
    case .wait: sendAfterWaiting(value, storedAfterCompletion: storedAfterCompletion)
    case .takeOver: takeOver()
    }
  }

  /// Waits for the delivery in progress on another thread, then sends again (queuing if the
  /// wait ran out). Kept out of `send`, which would not be inlined into its callers if it
  /// called itself.
  @inlinable @inline(never)
  func sendAfterWaiting(_ value: Output, storedAfterCompletion: Bool) {
    send(value, storedAfterCompletion: storedAfterCompletion, mayWait: awaitDrain())
  }

  /// What a send does once it has left the lock without delivering.
  @usableFromInline enum AfterSend {
    /// Deliver: this thread holds the drain.
    case deliver
    /// Nothing: its job is queued for the drainer, or it was dropped.
    case done
    /// Wait for the delivery in progress on another thread, then send again.
    case wait
    /// Wait for the drainer to hand the queue over, then drain (`FairDrain`).
    case takeOver
  }

  @inlinable func send(completion: Subscribers.Completion<Failure>, mayWait: Bool = true) {
    var waits = false
    var unused: Unmanaged<AnyObject>?
    let conduits: ContiguousArray<Conduit>? = lock.withLock {
      guard sentCompletion == nil else { return nil }
      if mayWait && drainsOnAnotherThread() {
        waits = true
        return nil
      }
      sentCompletion = completion
      guard claimOrQueue(mayTakeOver: false, { .completion(completion) }) == .claimed else { return nil }
      deliveredCompletion = completion
      defer { unused = letSubjectGoIfUnused() }
      return list.removeAll()
    }
    guard let conduits else {
      if waits { sendAfterWaiting(completion) }
      return
    }
    for conduit in conduits { conduit.call(completion: completion) }
    unused?.release()
    drain(carrying: ())
  }

  /// Completes every subscriber, after the waiting described at `sendAfterWaiting`.
  @inlinable @inline(never)
  func sendAfterWaiting(_ completion: Subscribers.Completion<Failure>) {
    send(completion: completion, mayWait: awaitDrain())
  }

  /// Attaches `subscriber` and gives it its subscription, then what the subject replays, then
  /// the completion if it has completed (waiting for another thread's delivery: see `send`).
  @inlinable @inline(__always)
  func subscribe<S: Subscriber>(_ subscriber: S, mayWait: Bool = true)
  where S.Input == Output, S.Failure == Failure {
    var waits = false
    let admission: Admission? = lock.withLock {
      if mayWait && drainsOnAnotherThread() {
        waits = true
        return nil
      }
      let conduit = BroadcastConduit(
        id: list.makeID(), broadcaster: self, backlog: replay.capacity, downstream: subscriber)
      holdSubject()
      guard claimOrQueue(mayTakeOver: false, { .subscribe(conduit) }) == .claimed else {
        queuedSubscriptions &+= 1
        return nil
      }
      return attach(conduit)
    }
    guard let admission else {
      if waits { subscribeAfterWaiting(subscriber) }
      return
    }
    admit(admission)
    drain(carrying: ())
  }

  /// Attaches `subscriber` after the waiting described at `sendAfterWaiting`.
  @inlinable @inline(never)
  func subscribeAfterWaiting<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribe(subscriber, mayWait: awaitDrain())
  }

  /// Delivers `value` to the subscribers in the list, in order: the per-value loop of every
  /// subject. Called only by the thread that holds the drain, outside the lock.
  ///
  /// It reads the list's slots in place, as unmanaged references, so the loop retains and
  /// releases nothing, not even the list's storage. That is safe because only the thread that holds the
  /// drain changes the list (a subscriber that cancels meanwhile, here or on another thread, is
  /// taken out by a queued `detach` once the loop is over), and the list holds a strong
  /// reference to each handle, whose `path` is a `let`.
  @inlinable @inline(__always)
  func deliverToList(_ value: Output) {
    withUnsafePointer(to: value) { value in
      let payload = UnsafeRawPointer(value)
      list.forEach { conduit in conduit._withUnsafeGuaranteedRef { $0.path($0, .value, payload) } }
    }
  }

  /// What a new subscriber receives first: its subscription, the replayed values, and the
  /// completion if the subject has completed; and the subject, to release after, when the
  /// subscriber was not attached and nothing else holds it. (A struct, not a `Step`, on the
  /// path of every subscription: copying a multi-payload enum goes through outlined copy
  /// functions.)
  @usableFromInline struct Admission {
    @usableFromInline let conduit: Conduit
    @usableFromInline let values: ArraySlice<Output>
    @usableFromInline let completion: Subscribers.Completion<Failure>?
    @usableFromInline let unused: Unmanaged<AnyObject>?

    @inlinable init(
      _ conduit: Conduit, _ values: ArraySlice<Output>, _ completion: Subscribers.Completion<Failure>?,
      _ unused: Unmanaged<AnyObject>?
    ) {
      self.conduit = conduit
      self.values = values
      self.completion = completion
      self.unused = unused
    }
  }

  /// Adds `conduit` unless the subject has completed; returns what it must receive. Call locked.
  @inlinable func attach(_ conduit: Conduit) -> Admission {
    var unused: Unmanaged<AnyObject>?
    if deliveredCompletion == nil && conduit.isActive {
      list.append(conduit)
    } else {
      unused = letSubjectGoIfUnused()
    }
    if replay.isEmpty || (deliveredCompletion != nil && !replaysAfterCompletion) {
      return Admission(conduit, [], deliveredCompletion, unused)
    }
    return Admission(conduit, replay.elements, deliveredCompletion, unused)
  }

  /// Gives a new subscriber its subscription, then what `attach` found for it.
  @inlinable func admit(_ admission: Admission) {
    let ended = admission.completion != nil && admission.values.isEmpty
    admission.conduit.call(ended ? .startEnded : .start)
    for value in admission.values { admission.conduit.call(value: value) }
    if let completion = admission.completion { admission.conduit.call(completion: completion) }
    admission.unused?.release()
  }

  @inlinable static var claimsWithoutLock: Bool { false }
  @inlinable static var sendersWait: Bool { true }

  /// Delivers `step` (the drainer, outside the lock).
  @inlinable func perform(_ step: Step, _: inout Void) {
    switch step {
    case .value(let value):
      deliverToList(value)
    case .completion(let completion, let conduits, let unused):
      for conduit in conduits { conduit.call(completion: completion) }
      unused?.release()
    case .subscribe(let admission):
      admit(admission)
    case .flush(let conduit):
      conduit.call(.flush)
    case .release(let conduit, let unused):
      conduit.call(.releaseSubscriber)
      unused?.release()
    }
  }

  /// What the drainer delivers for a queued job: a value to the subscribers attached now, the
  /// completion to every one (detaching them), a new subscriber's admission, or a flush to a
  /// subscriber still attached. Call locked.
  @inlinable func take(_ job: Job, _: inout Void) -> Step? {
    switch job {
    case .value(let value):
      replay.append(value)
      return .value(value)
    case .completion(let completion):
      deliveredCompletion = completion
      let conduits = list.removeAll()
      return .completion(completion, conduits, letSubjectGoIfUnused())
    case .subscribe(let conduit):
      queuedSubscriptions &-= 1
      return .subscribe(attach(conduit))
    case .flush(let id):
      return list.element(id: id).map { .flush($0) }
    case .detach(let id):
      return list.remove(id: id).map { .release($0, letSubjectGoIfUnused()) }
    }
  }

  /// Delivers the values kept for the subscriber `id`, serialized with every other delivery.
  @usableFromInline func flush(id: UInt64) {
    let claimed: Conduit?? = lock.withLock {
      guard claimOrQueue(mayTakeOver: false, { .flush(id) }) == .claimed else { return nil }
      return .some(list.element(id: id))
    }
    // Claimed: flush the subscriber if it is still attached, then drain (which gives the claim
    // up when nothing was queued meanwhile).
    guard let claimed else { return }
    claimed?.call(.flush)
    drain(carrying: ())
  }

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

  /// Takes the subscriber `id` out of the list: at once if no other thread is delivering, else
  /// through the queue, after the delivery in progress (which no longer reaches it: its handle
  /// is inactive already). Never waits.
  @inlinable func remove(id: UInt64) {
    var claimed = false
    do {
      var unused: Unmanaged<AnyObject>?
      let removed: Conduit? = lock.withLock {
        guard claimOrQueue(mayTakeOver: false, { .detach(id) }) == .claimed else { return nil }
        claimed = true
        defer { unused = letSubjectGoIfUnused() }
        return list.remove(id: id)
      }
      // Released before draining, outside the lock: its deinit may send to this subject, which
      // is then queued behind the drain this thread holds; so may the subject's (it cancels
      // its upstream subscriptions).
      removed?.call(.releaseSubscriber)
      withExtendedLifetime(removed) {}
      unused?.release()
    }
    if claimed { drain(carrying: ()) }
  }
}

/// What a subscriber's handle is told through its `path`. Not generic, its payload (the value,
/// the completion) passed beside it by address: `cancel()` and `request(_:)` run unspecialized
/// (reached through an existential), where making a value of a generic enum would look up its
/// type metadata, several hundred instructions per cancel.
@usableFromInline
enum ConduitSignal: UInt8 {
  /// Give the subscriber its subscription.
  case start
  /// Give the subscriber the empty subscription: it came after the completion, which follows
  /// with nothing before it (Combine's subjects).
  case startEnded
  /// Deliver what waits for demand.
  case flush
  /// Deliver the value the payload points to.
  case value
  /// Deliver the completion the payload points to.
  case completion
  /// The subscriber cancelled: take the handle out of the broadcaster's list.
  case detach
  /// The subscriber asked for more while values wait for it: ask the broadcaster to deliver
  /// them, serialized with its other deliveries.
  case requestFlush
  /// The subscriber requested something: a `PassthroughSubject`'s upstream subscriptions wait
  /// for that before they are asked for everything.
  case acknowledgeDemand
  /// Write the broadcaster where the payload points (an `AnyObject?`), for the handle's mirror.
  case reportParent
  /// The handle left the list after a cancel: let the subscriber go (the delivering thread).
  case releaseSubscriber
}

/// The part of a subject's per-subscriber handle that the broadcaster reads without knowing the
/// subscriber's type: the handle's id in its list, whether it is still active, and its demand.
@usableFromInline
class ConduitState<Output, Failure: Error>: ListedByID, @unchecked Sendable {
  // @unchecked: the stored properties are atomic.

  /// The id, shifted left by four, the subject's kind in bits 2 and 3 (for the description),
  /// bit 0 set while the handle is active and bit 1 set while values wait in its backlog for
  /// demand (written only by the delivering thread): one word for all four, since this object
  /// is kept once per subscriber, and one load tells the per-value path both flags.
  @usableFromInline final let state: Atomic<UInt64>
  /// The outstanding demand: requests add to it from any thread; only the delivering thread
  /// takes from it.
  @usableFromInline final let demand = AtomicDemand()
  /// Everything that reaches the subscriber or the broadcaster, compiled for the subscriber's
  /// type where `subscribe` is called (see `BroadcastConduit`); called with this handle. Its
  /// context is the broadcaster.
  @usableFromInline final let path: (ConduitState, ConduitSignal, UnsafeRawPointer?) -> Void

  @inlinable init(
    id: UInt64, kind: SubjectKind, path: @escaping (ConduitState, ConduitSignal, UnsafeRawPointer?) -> Void
  ) {
    state = Atomic(id << 4 | UInt64(kind.rawValue) << 2 | ConduitFlags.active)
    self.path = path
  }

  /// Tells the subscriber (or, for `detach` and `requestFlush`, the broadcaster) `signal`, which
  /// has no payload.
  @inlinable @inline(__always) final func call(_ signal: ConduitSignal) { path(self, signal, nil) }

  /// Delivers `value`.
  @inlinable @inline(__always) final func call(value: Output) {
    withUnsafePointer(to: value) { path(self, .value, UnsafeRawPointer($0)) }
  }

  /// Delivers `completion`.
  @inlinable @inline(__always) final func call(completion: Subscribers.Completion<Failure>) {
    withUnsafePointer(to: completion) { path(self, .completion, UnsafeRawPointer($0)) }
  }

  /// The handle's id in its broadcaster's list.
  @inlinable final var id: UInt64 { state.load(ordering: .relaxed) >> 4 }

  /// Which subject the handle belongs to.
  @inlinable final var kind: SubjectKind {
    SubjectKind(rawValue: UInt8(state.load(ordering: .relaxed) >> 2 & 3)) ?? .passthrough
  }

  @inlinable final var isActive: Bool { state.load(ordering: .acquiring) & ConduitFlags.active != 0 }

  /// Whether values wait in the backlog for demand.
  @inlinable final var isWaiting: Bool { state.load(ordering: .acquiring) & ConduitFlags.waiting != 0 }

  /// Active, and no value waits: a value may go straight to the subscriber if it has demand.
  @inlinable final var isActiveAndClear: Bool {
    state.load(ordering: .acquiring) & (ConduitFlags.active | ConduitFlags.waiting) == ConduitFlags.active
  }

  /// Sets or clears the waiting flag. Called only by the delivering thread.
  @inlinable final func setWaiting(_ waiting: Bool) {
    if waiting {
      state.bitwiseOr(ConduitFlags.waiting, ordering: .acquiringAndReleasing)
    } else {
      state.bitwiseAnd(~ConduitFlags.waiting, ordering: .acquiringAndReleasing)
    }
  }

  /// Clears the active bit; returns whether this call was the one that cleared it.
  @inlinable final func deactivate() -> Bool {
    state.bitwiseAnd(~ConduitFlags.active, ordering: .acquiringAndReleasing).oldValue & ConduitFlags.active
      != 0
  }
}

/// The flag bits of `ConduitState.state`.
@usableFromInline
enum ConduitFlags {
  @inlinable static var active: UInt64 { 1 }
  @inlinable static var waiting: UInt64 { 2 }
}

/// What a subscriber's handle needs beyond the broadcaster, when it needs anything: the values
/// a subject that replays keeps for a subscriber without demand (its backlog), and the record of
/// a subscription made in a tracked scope (`LiveSubscriptions.track`), ended when this object
/// goes with the handle. It is the context of the handle's `path`, so that a
/// `PassthroughSubject`'s handle outside tracked scopes, whose `path` captures only the
/// broadcaster, makes no such object and keeps no field for it. The backlog is touched only by
/// the broadcaster's delivering thread.
@usableFromInline
final class ConduitExtras<Output, Failure: Error> {
  @usableFromInline let broadcaster: Broadcaster<Output, Failure>
  /// The values kept; its capacity is 0 when the subject does not replay. (No field of its own
  /// for whether it does: 56 bytes take a 64-byte heap chunk, 57 an 80-byte one.)
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

/// A subject's handle for one subscriber: the subscription it receives, and the path values take
/// to it. Values reach the subscriber only while the handle is active and as its demand allows;
/// `cancel()` and the completion deactivate it exactly once.
///
/// The broadcaster's list holds this object, and reaches the subscriber through `path`, a
/// closure made where `subscribe` is called: it is compiled for the subscriber's concrete type,
/// so the per-value path runs specialized code (a method of this generic class, called from the
/// broadcaster, would run the unspecialized implementation with type-metadata lookups on every
/// value). `cancel()` and `request(_:)`, reached through an existential where this class's
/// methods run unspecialized, go to the broadcaster through `path` too. The closure captures
/// only the broadcaster, which is then its context: no allocation of its own. A subscriber that
/// requested `.unlimited` takes the first branch of `handle`: two loads, no demand bookkeeping.
@usableFromInline
final class BroadcastConduit<Downstream: Subscriber>: ConduitState<Downstream.Input, Downstream.Failure>,
  Subscription, @unchecked Sendable
{
  // @unchecked: `held` is read and released only by the broadcaster's single draining thread
  // (the mirror reads it too, a debugging aid); the backlog (in `path`'s context) is touched only
  // by the broadcaster's single draining thread (`handle`); the rest is atomic.
  /// The subscriber, in a box of its own that the delivering thread releases once the
  /// subscription has ended (cancelled or completed), as Combine's subscriptions let go of their
  /// subscriber: so a subscriber that keeps its subscription makes no cycle. Read without a retain
  /// (the box's `let`, through an unmanaged reference), so a value costs one load more than a
  /// stored subscriber would; `nil` once released.
  @usableFromInline @exclusivity(unchecked) var held: Unmanaged<HeldSubscriber<Downstream>>?
  /// Where a subscriber without demand has values kept; `nil` where the subject keeps none.
  @usableFromInline typealias Backlog = ConduitExtras<Downstream.Input, Downstream.Failure>

  /// Counted as live (`LiveSubscriptions`) from here to `deinit`; values kept for a subscriber
  /// without demand, by a subject that replays (`backlog` above 0), and the record of a tracked
  /// scope live in `path`'s context (`ConduitExtras`), made only when there is one: this object
  /// is kept once per subscriber, and two fields of its own for them would take it from a
  /// 96-byte heap chunk to a 112-byte one.
  @inlinable @inline(__always)
  init(
    id: UInt64, broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, backlog: Int,
    downstream: Downstream
  ) {
    held = .passRetained(HeldSubscriber(downstream))
    let tracked = LiveSubscriptions.begin(subscriber: Downstream.self)
    if backlog <= 0 && tracked == nil {
      super.init(id: id, kind: broadcaster.kind) { conduit, signal, payload in
        unsafeDowncast(conduit, to: BroadcastConduit.self).handle(signal, payload, broadcaster, nil)
      }
    } else {
      let extras = ConduitExtras(broadcaster: broadcaster, backlog: backlog, tracked: tracked)
      super.init(id: id, kind: broadcaster.kind) { conduit, signal, payload in
        unsafeDowncast(conduit, to: BroadcastConduit.self).handle(
          signal, payload, extras.broadcaster, extras.keepsValues ? extras : nil)
      }
    }
  }

  deinit {
    held?.release()
    LiveSubscriptions.ended()
  }

  /// The subscriber. Only while `held` is set: the delivering thread, after checking that the
  /// handle is active or before it lets the box go.
  @inlinable @inline(__always) var downstream: Downstream {
    held.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.subscriber }
  }

  /// Lets the subscriber go: the subscription has ended. Called only by the delivering thread,
  /// outside the broadcaster's lock (the subscriber's `deinit` may run).
  @inlinable func releaseSubscriber() {
    guard let box = held else { return }
    held = nil
    box.release()
  }

  /// What `path` does with each signal (specialized with it).
  @inlinable @inline(__always)
  func handle(
    _ signal: ConduitSignal, _ payload: UnsafeRawPointer?,
    _ broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, _ backlog: Backlog?
  ) {
    switch signal {
    case .value:
      let value = payload.unsafelyUnwrapped.assumingMemoryBound(to: Downstream.Input.self).pointee
      if demand.isUnlimited && isActiveAndClear {
        _ = held.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.subscriber.receive(value) }
      } else {
        offer(value, backlog)
      }
    case .completion:
      let completion = payload.unsafelyUnwrapped.assumingMemoryBound(
        to: Subscribers.Completion<Downstream.Failure>.self
      ).pointee
      if deactivate() {
        if let backlog, isWaiting {
          backlog.buffer = ReplayBuffer(capacity: backlog.buffer.capacity)
          setWaiting(false)
        }
        downstream.receive(completion: completion)
      }
      releaseSubscriber()
    case .start: downstream.receive(subscription: self)
    case .startEnded: downstream.receive(subscription: Subscriptions.empty)
    case .flush: flush(backlog)
    case .detach: broadcaster.remove(id: id)
    case .requestFlush: broadcaster.flush(id: id)
    case .acknowledgeDemand: broadcaster.acknowledgeDemand()
    case .releaseSubscriber: releaseSubscriber()
    case .reportParent:
      // The mirror passes the address of its own `AnyObject?` for the answer.
      UnsafeMutableRawPointer(mutating: payload.unsafelyUnwrapped).assumingMemoryBound(to: AnyObject?.self)
        .pointee = broadcaster
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
    demand.add(held.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.subscriber.receive(value) })
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
      demand.add(downstream.receive(value))
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

/// A subject subscription's subscriber, boxed so that the delivering thread can let it go when
/// the subscription ends (see `BroadcastConduit.held`).
@usableFromInline
final class HeldSubscriber<Subscriber> {
  @usableFromInline let subscriber: Subscriber
  @inlinable init(_ subscriber: Subscriber) { self.subscriber = subscriber }
}
