import Synchronization

/// The one engine of serialized delivery, shared by subjects (`Broadcaster`), the operators that
/// deliver to one subscriber from several threads (`SerialDelivery`) and the state machine's
/// run-to-completion queue (`StateMachine`).
///
/// What it does, the same for all three:
/// - The first thread that has something to deliver claims the drain and delivers it without
///   holding the lock; a job that arrives meanwhile, from another thread or re-entrantly from
///   the code being called, is queued (under the owner's lock) and the call returns.
/// - The drainer then takes the queued jobs in order, one per lock round, and performs each
///   outside the lock; it gives the drain up with one compare-and-swap when nothing was queued
///   meanwhile, so an uncontended delivery costs one lock round.
/// - Fairness (`FairDrain`): after a fair batch of queued jobs the drainer hands the drain over,
///   between two deliveries, to a sender from another thread that waits for it (`takeOver`).
///   A re-entrant send never waits.
/// - A completion is a job like any other: it is delivered after what was queued before it.
///
/// What stays with the owner: what a job is and what performing it does (`take` under the lock,
/// `perform` outside it), the owner's own state, and, through `Carry`, anything the drainer
/// takes from one job to the next (`SerialDelivery`'s demand; `Void` for the others).
///
/// Everything is `@inlinable` and generic over the owner, so that a subject's or an operator's
/// per-value path is specialised for the caller's types: no closure or existential per value.
@usableFromInline
protocol SerialDrainOwner: AnyObject {
  /// What waits in the queue.
  associatedtype Job
  /// What the drainer performs, outside the lock, for a job it took.
  associatedtype DrainStep
  /// What the drainer carries from one step to the next.
  associatedtype Carry

  /// Whether a thread may claim the drain without the lock (`tryClaim()`): then a claim made
  /// under the lock is a compare-and-swap, else a store.
  static var claimsWithoutLock: Bool { get }
  /// Whether senders from other threads wait for the delivery in progress (`awaitDrain()`):
  /// then each claim records its thread (`DrainClaim.owner`), which tells a re-entrant send.
  static var sendersWait: Bool { get }
  /// Nothing carried: where a drain starts when it was taken over.
  static var nothingCarried: Carry { get }
  /// The owner's one lock, which guards `drainQueue` with the owner's own state.
  var lock: Lock { get }
  /// Who drains, and the signal for a sender waiting to take over.
  var drainClaim: DrainClaim { get }
  /// The queued jobs and the fairness counters; read and written only inside `lock`.
  var drainQueue: DrainQueue<Job> { get set }

  /// Locked, by the drainer, before it looks at the queue: applies what the last step carried.
  func settle(_ carry: inout Carry)
  /// Locked: whether the first queued job may be taken now; `false` leaves it, and what follows
  /// it, queued (a value waiting for demand) and gives the drain up.
  func mayTake(_ job: Job) -> Bool
  /// Locked: the step for a job just taken off the queue; `nil` skips it.
  func take(_ job: Job, _ carry: inout Carry) -> DrainStep?
  /// Unlocked, after each locked round of the drainer.
  func settled(_ carry: inout Carry)
  /// Unlocked: performs a step.
  func perform(_ step: DrainStep, _ carry: inout Carry)
  /// Whether the drainer may give the drain up without looking under the lock.
  static func isEmpty(_ carry: Carry) -> Bool
  /// Unlocked, once this thread has stopped draining (given up, or handed over).
  func stopped(_ carry: Carry)
}

extension SerialDrainOwner {
  /// Senders queue behind the drainer, unless the owner says otherwise (subjects).
  @inlinable static var sendersWait: Bool { false }
}

extension SerialDrainOwner where Carry == Void {
  @inlinable static var nothingCarried: Void { () }
  @inlinable func settle(_ carry: inout Void) {}
  @inlinable func mayTake(_ job: Job) -> Bool { true }
  @inlinable func settled(_ carry: inout Void) {}
  @inlinable static func isEmpty(_ carry: Void) -> Bool { true }
  @inlinable func stopped(_ carry: Void) {}
}

/// What `claimOrQueue` did.
@usableFromInline
enum DrainQueuing {
  /// This thread drains now: deliver, then call `drain(carrying:)`.
  case claimed
  /// Queued behind the drainer, which delivers it.
  case queued
  /// Queued, and the drainer has delivered a fair batch for other threads: call `takeOver`.
  case queuedToTakeOver
}

extension SerialDrainOwner {
  /// Whether a thread drains now; if one does, marks the state `.queued`, so that the drainer
  /// looks under the lock (at the queue and whatever the caller changes) before it stops.
  /// Call locked.
  @inlinable func drainerIsActive() -> Bool {
    var current = drainClaim.state.load(ordering: .acquiring)
    while current & DrainState.draining != 0 {
      if current & DrainState.queued != 0 { return true }
      let (exchanged, original) = drainClaim.state.compareExchange(
        expected: current, desired: current | DrainState.queued, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// Makes this thread the drainer, after `drainerIsActive()` returned `false`; returns `false`
  /// only when the owner claims without the lock and another thread claimed meanwhile (then ask
  /// `drainerIsActive()` again). Pass `queued: true` when jobs wait in the queue (only
  /// `SerialDelivery` keeps jobs while nobody drains: values waiting for demand), so that the
  /// drainer looks at them before it stops; the send paths claim an empty queue and skip the
  /// check. Call locked.
  @inlinable @discardableResult
  func claimDrain(queued: Bool = false) -> Bool {
    let claimed = queued ? DrainState.draining | DrainState.queued : DrainState.draining
    if Self.claimsWithoutLock {
      guard
        drainClaim.state.compareExchange(expected: DrainState.idle, desired: claimed, ordering: .acquiring)
          .exchanged
      else { return false }
    } else {
      // Nobody drains, and only a drainer changes the state outside the lock.
      drainClaim.state.store(claimed, ordering: .relaxed)
    }
    if Self.sendersWait { drainClaim.owner.store(currentThreadID(), ordering: .relaxed) }
    drainQueue.fair.start()
    return true
  }

  /// Whether a thread other than this one drains now, and a sender may wait for it: a sender
  /// that may wait (`awaitDrain()`) waits for its delivery rather than queue behind it. Never for
  /// a re-entrant send (from the draining thread), nor once a sender's wait has run out during
  /// this drain (`DrainClaim.owner`'s low bit): a delivery that slow makes every later sender
  /// queue at once, so it costs the senders one patience in all, not one each. Call locked.
  @inlinable func drainsOnAnotherThread() -> Bool {
    guard drainClaim.state.load(ordering: .acquiring) & DrainState.draining != 0 else { return false }
    let owner = drainClaim.owner.load(ordering: .relaxed)
    return owner & DrainClaim.patienceSpent == 0 && owner != currentThreadID()
  }

  /// Waits, outside the lock, for the delivery in progress on another thread to end; returns
  /// `false` if it did not end within `FairDrain.patience` (the sender then queues, as a
  /// re-entrant send does, and never deadlocks with a subscriber that waits for its thread).
  @inlinable func awaitDrain() -> Bool { FairDrain.awaitIdle(drainClaim) }

  /// Claims the drain if nobody drains; otherwise queues `job()` behind the drainer and, when
  /// `mayTakeOver`, registers this sender to take the drain over if the drainer has delivered a
  /// fair batch. Call locked.
  @inlinable
  func claimOrQueue(mayTakeOver: Bool, _ job: () -> Job) -> DrainQueuing {
    while true {
      if drainerIsActive() {
        drainQueue.jobs.append(job())
        return mayTakeOver && wantsToTakeOver() ? .queuedToTakeOver : .queued
      }
      if claimDrain() { return .claimed }
    }
  }

  /// Whether this sender, which has just queued behind the drainer, is to take the drain over
  /// (`takeOver`); if so it is registered as the successor. Call locked.
  @inlinable func wantsToTakeOver() -> Bool {
    drainQueue.fair.shouldTakeOver(drainClaim.granted)
  }

  /// Claims the drain without the lock when nobody drains and nothing waits. Only for owners
  /// that claim without the lock; the drainer then restarts the fair count (`restartsFair`).
  @inlinable func tryClaim() -> Bool {
    drainClaim.state.compareExchange(
      expected: DrainState.idle, desired: DrainState.draining, ordering: .acquiring
    ).exchanged
  }

  /// Gives the drain up without the lock, if nothing was queued or marked since this thread
  /// last looked; returns whether it did.
  @inlinable func tryRelease() -> Bool {
    drainClaim.state.compareExchange(
      expected: DrainState.draining, desired: DrainState.idle, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Ends the caller's delivery: gives the drain up at once when nothing was queued meanwhile
  /// (the uncontended path, inlined into the caller: one compare-and-swap, no call), else runs
  /// the drainer's loop. `carry` is what the step the caller just performed carries;
  /// `restartsFair` restarts the fair count (after a claim without the lock, which cannot
  /// touch it).
  @inlinable @inline(__always)
  func drain(carrying carry: Carry, restartsFair: Bool = false) {
    if Self.isEmpty(carry) && tryRelease() { return stopped(carry) }
    drainLoop(carrying: carry, restartsFair: restartsFair)
  }

  /// The drainer's loop, once `drain` could not give the drain up without the lock: performs the
  /// queued jobs in order until none is left (then gives the drain up) or a waiting sender takes
  /// the drain over.
  @inlinable
  func drainLoop(carrying carry: Carry, restartsFair: Bool) {
    var carry = carry
    var restart = restartsFair
    while true {
      let step = lock.withLock { nextStep(&carry, restartsFair: restart) }
      restart = false
      settled(&carry)
      guard let step else { return stopped(carry) }
      perform(step, &carry)
      if Self.isEmpty(carry) && tryRelease() { return stopped(carry) }
    }
  }

  /// The next step of the drainer; `nil` when it stops: a waiting sender takes the drain over
  /// (the claim stays, now the successor's), or there is nothing to take (the claim is given
  /// up). Call locked.
  @inlinable
  func nextStep(_ carry: inout Carry, restartsFair: Bool) -> DrainStep? {
    settle(&carry)
    if restartsFair { drainQueue.fair.start() }
    if drainQueue.fair.handsOver(drainClaim.granted) { return nil }
    while let job = drainQueue.jobs.popFirst(where: { mayTake($0) }) {
      drainQueue.fair.count()
      if drainQueue.jobs.isEmpty { drainClaim.state.store(DrainState.draining, ordering: .relaxed) }
      if let step = take(job, &carry) { return step }
    }
    drainClaim.state.store(DrainState.idle, ordering: .releasing)
    return nil
  }

  /// Waits for the drainer to hand the drain over, then drains; or, if it did not in time,
  /// leaves what this thread queued to it.
  @inlinable
  func takeOver() {
    if !FairDrain.awaitHandOver(drainClaim.granted) {
      guard lock.withLock({ drainQueue.fair.withdraw(drainClaim.granted) }) else { return }
    }
    if Self.sendersWait { drainClaim.owner.store(currentThreadID(), ordering: .relaxed) }
    drain(carrying: Self.nothingCarried)
  }
}

/// Who drains a serialized queue, and the signal for a sender waiting to take over. Kept as a
/// `let` by its owner.
@usableFromInline
struct DrainClaim: ~Copyable, Sendable {
  /// `DrainState.idle`, `.draining` (one thread delivers, nothing to look at) or
  /// `.draining | .queued` (the drainer must look under the lock before it stops). Changed
  /// inside the owner's lock, except for the drainer's `tryRelease()` and, for owners that claim
  /// without the lock, `tryClaim()`.
  @usableFromInline let state = Atomic<UInt8>(DrainState.idle)
  /// Set when a sender waiting to take over may drain (`FairDrain`).
  @usableFromInline let granted = Atomic<Bool>(false)
  /// The thread that claimed the drain last (`currentThreadID()`, an aligned address), written
  /// by the claiming thread where senders wait (`SerialDrainOwner.sendersWait`): a sender reading its own id here is the drainer, so its send is
  /// re-entrant. Its low bit (`patienceSpent`) is set when a sender's wait for this drain ran
  /// out; the next claim clears it. A stale read only ever makes a sender queue where it could
  /// have waited.
  @usableFromInline let owner = Atomic<UInt>(0)
  /// How many senders have waited longer than a short spin for the drain to come free
  /// (`awaitIdle`), in all. Read only by tests, which hold a delivery until a sender waits.
  @usableFromInline let waited = Atomic<Int>(0)

  /// The bit of `owner` set once a sender's wait for the current drain ran out.
  @inlinable static var patienceSpent: UInt { 1 }

  @inlinable init() {}
}

/// The queued jobs of a serialized queue, and its fairness counters. Guarded by the owner's lock.
@usableFromInline
struct DrainQueue<Job> {
  @usableFromInline var jobs = FIFOQueue<Job>()
  @usableFromInline var fair = FairDrain()

  @inlinable init() {}
}

/// The values of `DrainClaim.state`.
@usableFromInline
enum DrainState {
  /// No thread delivers.
  @inlinable static var idle: UInt8 { 0 }
  /// One thread delivers.
  @inlinable static var draining: UInt8 { 1 }
  /// Something waits for the delivering thread to look at (set only with `draining`).
  @inlinable static var queued: UInt8 { 2 }
}
