import Synchronization

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
/// requests more. In the uncontended case a send takes the lock once, ends with one
/// compare-and-swap, and copies or retains nothing.
///
/// Senders from other threads: a send, completion or subscription from a thread other than the
/// one delivering waits for that delivery to end and then delivers itself, as Combine's subjects
/// do, for `FairDrain.patience` at most: then it is queued, and the drainer delivers it (and
/// hands the queue over after a fair batch). A re-entrant send never waits: it is queued.
@usableFromInline
final class Broadcaster<Output, Failure: Error>: SerialDrainOwner, @unchecked Sendable {
  // @unchecked: every `var` below is read and written only inside `lock` (`list` is also read
  // outside it by the thread that holds the drain, the only one that changes it); subscribers
  // are called only by the single thread that claimed `drainClaim` (see `SerialDrainOwner`).
  /// A subscriber's handle, as the list keeps it (`SubjectSubscription`, `SubscriberHandle.swift`).
  @usableFromInline typealias Handle = SubscriberHandle<Output, Failure>

  /// What waits for the drainer.
  @usableFromInline enum Job {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    case subscribe(Handle)
    /// A subscriber asked for more and has kept values waiting.
    case flush(UInt64)
    /// A subscriber cancelled: take it out of the list.
    case detach(UInt64)
  }

  /// What the drainer delivers for a job, outside the lock.
  @usableFromInline enum Step {
    case value(Output)
    /// The completion, the subscribers it goes to, and the subject if nothing holds it now.
    case completion(Subscribers.Completion<Failure>, ContiguousArray<Handle>, SubjectRelease)
    case subscribe(Admission)
    case flush(Handle)
    /// A handle taken out of the list, released outside the lock, with the subject if nothing
    /// holds it now.
    case release(Handle, SubjectRelease)
  }

  @usableFromInline let lock = Lock()
  /// The subscribers. Changed only by the thread that holds the drain, inside `lock` (a cancel
  /// from another thread is queued for it), so that thread reads it outside the lock while it
  /// delivers, without a copy or a retain; other threads read it only inside `lock`.
  @usableFromInline @exclusivity(unchecked) var list = SubscriberList<Handle>()
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

  /// The subscriptions the subject was given through `send(subscription:)`, cancelled when it
  /// is released (`BroadcasterUpstreams.swift`). Touched only inside `lock`.
  @usableFromInline @exclusivity(unchecked) var upstreams: [any Subscription] = []
  /// Whether a subscriber has requested something yet: a `PassthroughSubject` asks its
  /// upstream subscriptions for `.unlimited` only from then on, as Combine's does.
  @usableFromInline let demanded = Atomic<Bool>(false)
  /// The subject this broadcaster serves, held while it has subscribers (`SubjectHold`).
  @usableFromInline @exclusivity(unchecked) var hold = SubjectHold()

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

  /// Records `subject` as the subject this broadcaster serves, unretained (from its `init`).
  @usableFromInline func serve(_ subject: AnyObject) { hold.serve(subject) }

  /// The subject is being released: the broadcaster no longer refers to it.
  @usableFromInline func subjectReleased() { lock.withLock { hold.subject = nil } }

  /// Lets the subject go once no subscriber is attached or queued. Call locked; release what it
  /// returns after unlocking.
  @inlinable func letSubjectGoIfUnused() -> SubjectRelease { hold.letGo(attached: list.count) }

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
    var unused = SubjectRelease.none
    let handles: ContiguousArray<Handle>? = lock.withLock {
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
    guard let handles else {
      if waits { sendAfterWaiting(completion) }
      return
    }
    for handle in handles { handle.call(completion: completion) }
    unused.perform()
    drain(carrying: ())
  }

  /// Completes every subscriber, after the waiting described at `sendAfterWaiting`.
  @inlinable @inline(never)
  func sendAfterWaiting(_ completion: Subscribers.Completion<Failure>) {
    send(completion: completion, mayWait: awaitDrain())
  }

  /// Delivers `value` to the subscribers in the list, in order, retaining nothing. Called only
  /// by the thread that holds the drain, outside the lock: only that thread changes the list (a
  /// subscriber that cancels meanwhile, here or on another thread, is taken out by a queued
  /// `detach` once the loop is over).
  @inlinable @inline(__always)
  func deliverToList(_ value: Output) { Handle.deliver(value, toEach: list) }

  @inlinable static var claimsWithoutLock: Bool { false }
  @inlinable static var sendersWait: Bool { true }

  /// Delivers `step` (the drainer, outside the lock).
  @inlinable func perform(_ step: Step, _: inout Void) {
    switch step {
    case .value(let value):
      deliverToList(value)
    case .completion(let completion, let handles, let unused):
      for handle in handles { handle.call(completion: completion) }
      unused.perform()
    case .subscribe(let admission):
      admit(admission)
    case .flush(let handle):
      handle.call(.flush)
    case .release(let handle, let unused):
      handle.call(.releaseSubscriber)
      unused.perform()
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
      let handles = list.removeAll()
      return .completion(completion, handles, letSubjectGoIfUnused())
    case .subscribe(let handle):
      hold.queued &-= 1
      return .subscribe(attach(handle))
    case .flush(let id):
      return list.element(id: id).map { .flush($0) }
    case .detach(let id):
      return list.remove(id: id).map { .release($0, letSubjectGoIfUnused()) }
    }
  }

  /// Delivers the values kept for the subscriber `id`, serialized with every other delivery.
  @usableFromInline func flush(id: UInt64) {
    let claimed: Handle?? = lock.withLock {
      guard claimOrQueue(mayTakeOver: false, { .flush(id) }) == .claimed else { return nil }
      return .some(list.element(id: id))
    }
    // Claimed: flush the subscriber if it is still attached, then drain (which gives the claim
    // up when nothing was queued meanwhile).
    guard let claimed else { return }
    claimed?.call(.flush)
    drain(carrying: ())
  }

  /// Takes the subscriber `id` out of the list: at once if no other thread is delivering, else
  /// through the queue, after the delivery in progress (which no longer reaches it: its handle
  /// is inactive already). Never waits.
  @inlinable func remove(id: UInt64) {
    var claimed = false
    do {
      var unused = SubjectRelease.none
      let removed: Handle? = lock.withLock {
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
      unused.perform()
    }
    if claimed { drain(carrying: ()) }
  }
}
