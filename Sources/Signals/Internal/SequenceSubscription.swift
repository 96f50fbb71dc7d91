import Synchronization

/// The subscription of a synchronous source of values (`Just`, a sequence, `Result`, `Record`):
/// it sends the elements of an iterator as they are requested, then finishes (a `Record`: its
/// recorded completion), as Combine's sequence publisher does.
///
/// The iterator is read one element ahead, so the finish follows the last element without a
/// further request (and an empty source finishes at once). A request made from inside the
/// subscriber's `receive` is served by the loop already running, never by a nested call.
/// Threading: `request` and `cancel` may come from any thread; the thread that finds the loop
/// idle runs it. Completion: none of its own; cancelling stops the loop before the next element.
@usableFromInline
final class SequenceSubscription<Source: Sequence, Downstream: Subscriber>: Subscription,
  @unchecked Sendable
where Downstream.Input == Source.Element {
  @usableFromInline typealias Elements = Source.Iterator
  // @unchecked: `demand` and `emitting` are touched only inside `lock`; `iterator`, `next` and
  // `downstream` only by the one thread that set `emitting` (or before the subscription is
  // handed out).
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
  @usableFromInline @exclusivity(unchecked) var emitting = false
  @usableFromInline @exclusivity(unchecked) var iterator: Elements
  @usableFromInline @exclusivity(unchecked) var next: Elements.Element?
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline let cancelled = Atomic<Bool>(false)
  /// The sequence, for the description (Combine's subscription describes itself as its
  /// sequence); dropped with the subscriber. Touched only inside `lock`.
  @usableFromInline @exclusivity(unchecked) var source: Source?
  /// What follows the last element: `.finished`, or a `Record`'s recorded completion.
  @usableFromInline let completion: Subscribers.Completion<Downstream.Failure>
  /// Whether it replays a `Record`, whose subscription Combine describes as `"Cancelled Events"`
  /// once it ended (a sequence's, as `"Sequence"`) and mirrors with its completion.
  @usableFromInline let isRecord: Bool

  @inlinable init(
    _ source: Source, _ downstream: Downstream,
    completion: Subscribers.Completion<Downstream.Failure> = .finished,
    isRecord: Bool = false
  ) {
    iterator = source.makeIterator()
    self.source = source
    self.downstream = downstream
    self.completion = completion
    self.isRecord = isRecord
    next = iterator.next()
  }

  /// The sequence while the subscription is live (`nil` after it ended).
  @inlinable var liveSource: Source? { lock.withLock { source } }

  /// Hands the subscription to the subscriber; finishes at once if there is nothing to send.
  @inlinable func start() {
    guard let downstream else { return }
    // As Combine's: an empty sequence (or recording) gives the empty subscription and
    // completes at once.
    if next == nil {
      self.downstream = nil
      source = nil
      downstream.receive(subscription: Subscriptions.empty)
      downstream.receive(completion: completion)
      return
    }
    downstream.receive(subscription: self)
    let empty = lock.withLock { () -> Bool in
      guard !emitting, next == nil, self.downstream != nil else { return false }
      self.downstream = nil
      source = nil
      return true
    }
    if empty, !cancelled.load(ordering: .acquiring) { downstream.receive(completion: completion) }
  }

  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    let runs = lock.withLock { () -> Bool in
      guard downstream != nil else { return false }
      demand += more
      if emitting { return false }
      emitting = true
      return true
    }
    if runs { run() }
  }

  /// Sends while there is demand; called by the one thread that set `emitting`.
  ///
  /// It takes the whole outstanding demand out of the lock as a local budget and adds what the
  /// subscriber returns to that budget, so a subscriber that asks for one more per value (or
  /// for `.unlimited`) costs no lock per element: only an atomic load of the cancelled flag.
  @inlinable func run() {
    guard let downstream else { return }
    var budget = Subscribers.Demand.none
    while true {
      let more = lock.withLock { () -> Subscribers.Demand? in
        let taken = demand
        demand = .none
        guard next != nil, !cancelled.load(ordering: .acquiring), taken > 0 || budget > 0 else {
          emitting = false
          return nil
        }
        return taken
      }
      guard let more else { break }
      budget += more
      while budget > 0, let element = next, !cancelled.load(ordering: .acquiring) {
        budget -= 1
        next = iterator.next()
        budget += downstream.receive(element)
      }
    }
    finishIfDone()
  }

  /// Sends the completion once the elements are used up (and the subscription is not
  /// cancelled).
  @inlinable func finishIfDone() {
    let target = lock.withLock { () -> Downstream? in
      guard !emitting, next == nil, let downstream = self.downstream else { return nil }
      self.downstream = nil
      source = nil
      return downstream
    }
    if let target, !cancelled.load(ordering: .acquiring) { target.receive(completion: completion) }
  }

  @inlinable func cancel() {
    cancelled.store(true, ordering: .releasing)
    let dropped = lock.withLock { () -> (Downstream?, Source?) in
      defer { source = nil }
      if emitting { return (nil, source) }
      defer { downstream = nil }
      return (downstream, source)
    }
    withExtendedLifetime(dropped) {}
  }
}
