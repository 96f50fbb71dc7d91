import Synchronization

/// The hand-over policy of a serialized queue: the thread that drains hands the queue to a
/// sender from another thread after a fair batch, so that a thread that sent once is not kept
/// delivering for as long as other threads keep sending. Used by the serialized-delivery engine
/// (`SerialDrainOwner`), and so by subjects (`Broadcaster`), `SerialDelivery` (`receive(on:)`,
/// the multi-input, flattening and time operators) and the state machine's event queue.
///
/// In `Internal/`, "hand over" means only this: the drain passing from one thread to another.
/// Giving an operator's subscription to its subscriber is the handshake (`Handshake`).
///
/// - The drainer counts what it delivers from the queue. Once it has delivered `batch` queued
///   events, the next sender from another thread queues its value and then waits to take over:
///   it waits for the delivery in progress to end (the drainer hands over between two
///   deliveries, never during one), then drains the queue itself, in order, and the first
///   drainer's `send` returns.
/// - A send from the draining thread itself (a re-entrant send from a subscriber) never waits:
///   it queues its value and returns, as before.
/// - Only one sender waits at a time; others queue and return. The waiting sender gives up
///   after `patience` (its value stays queued and the drainer delivers it, as before): so a
///   subscriber that waits for that sender's thread (a lock it holds, a queue it runs) delays
///   it by `patience` at most, and never deadlocks it.
/// - Delivery stays serial (the drainer's role passes from one thread to the next under the
///   owner's lock, never held by two), and the queue is one FIFO: nothing is lost or reordered.
///
/// How an owner uses it, all under its own lock except the waits:
/// - `start()` when a thread claims the drain; `count()` for each queued event it takes;
/// - `handsOver(_:)` before it takes the next queued event: if it returns `true`, the drainer
///   returns without giving up the drain, which now belongs to the waiting sender;
/// - `shouldTakeOver(_:)` after a sender queued behind an active drainer; if it returns `true`,
///   that sender calls `awaitHandOver(_:)` outside the lock, then `withdraw(_:)` under the lock
///   if it timed out; it drains when either says the hand-over came.
///
/// Its `var`s are read and written only inside the owner's lock. The owner keeps the hand-over
/// signal beside it (`granted`, an atomic written inside the lock and read by the waiting sender
/// outside it) and passes it in. It costs the uncontended path one store per claimed drain and
/// one compare per queued event; the thread's id is read only once a batch has been delivered.
@usableFromInline
struct FairDrain: Sendable {
  /// How many queued events a drainer delivers before it hands over to a waiting sender.
  @usableFromInline static var batch: Int { 64 }
  /// How long a sender waits to take over before it leaves its value to the drainer.
  @usableFromInline static var patience: Duration { .milliseconds(20) }

  /// The drainer's thread, recorded once it has delivered a batch (the only time it is read).
  @usableFromInline var drainer: UInt = 0
  /// Queued events the drainer delivered since it took its turn, counted up to `batch`.
  @usableFromInline var delivered: UInt8 = 0
  /// Whether a sender from another thread waits to take over.
  @usableFromInline var hasSuccessor = false
  @inlinable init() {}

  /// Counts one delivered queued event. Call locked, on the draining thread.
  @inlinable mutating func count() {
    guard Int(delivered) < Self.batch else { return }
    delivered &+= 1
    if Int(delivered) == Self.batch { drainer = currentThreadID() }
  }

  /// Whether a sender waits to take over; if so, hands the queue to it: the caller returns
  /// without clearing its draining flag, which now belongs to the successor. Call locked.
  @inlinable mutating func handsOver(_ granted: borrowing Atomic<Bool>) -> Bool {
    guard hasSuccessor else { return false }
    hasSuccessor = false
    delivered = 0
    granted.store(true, ordering: .releasing)
    return true
  }

  /// A thread becomes the drainer. Call locked.
  @inlinable mutating func start() { delivered = 0 }

  /// Whether the calling sender, which has just queued behind the active drainer, should wait
  /// to take over; if so, it is registered as the successor. Call locked.
  @inlinable mutating func shouldTakeOver(_ granted: borrowing Atomic<Bool>) -> Bool {
    guard Int(delivered) >= Self.batch, !hasSuccessor, currentThreadID() != drainer else { return false }
    hasSuccessor = true
    granted.store(false, ordering: .relaxed)
    return true
  }

  /// Waits, outside the lock, until the drainer hands over or `patience` has passed; returns
  /// whether it handed over. If not, the caller withdraws with `withdraw()` under the lock.
  @inlinable static func awaitHandOver(_ granted: borrowing Atomic<Bool>) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.patience)
    var spins = 0
    while !granted.load(ordering: .acquiring) {
      spins &+= 1
      if spins & 63 == 0 && clock.now >= deadline { return false }
      yieldProcessor()
    }
    return true
  }

  /// Waits, outside the lock, until no thread drains or `patience` has passed; returns whether
  /// the drain came free. If it did not, marks the drain as too slow to wait for, so that the
  /// senders after this one queue at once until it ends. A sender from another thread calls it before it sends (subjects),
  /// then sends again, claiming the drain if it is still free. It spins briefly first (most
  /// deliveries are short), then yields the core between looks.
  @inlinable static func awaitIdle(_ claim: borrowing DrainClaim) -> Bool {
    var looks = 0
    while claim.state.load(ordering: .acquiring) & DrainState.draining != 0 {
      looks &+= 1
      if looks == Self.spins { break }
    }
    guard looks == Self.spins else { return true }
    claim.waited.add(1, ordering: .relaxed)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.patience)
    while claim.state.load(ordering: .acquiring) & DrainState.draining != 0 {
      looks &+= 1
      if looks & 15 == 0 && clock.now >= deadline {
        // Later senders queue at once while this drain lasts (`drainsOnAnotherThread()`).
        claim.owner.bitwiseOr(DrainClaim.patienceSpent, ordering: .relaxed)
        return false
      }
      yieldProcessor()
    }
    return true
  }

  /// How many times `awaitIdle` looks at the drain before it starts yielding the core.
  @usableFromInline static var spins: Int { 32 }

  /// The waiting sender gives up; returns `true` if the hand-over came meanwhile (it must drain
  /// after all). Call locked.
  @inlinable mutating func withdraw(_ granted: borrowing Atomic<Bool>) -> Bool {
    if granted.load(ordering: .relaxed) { return true }
    hasSuccessor = false
    return false
  }
}
