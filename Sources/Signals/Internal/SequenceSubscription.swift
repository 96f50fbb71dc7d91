import Synchronization

/// The subscription of a synchronous source of values (`Just`, a sequence, `Result`): it sends
/// the elements of an iterator as they are requested, then finishes, as Combine's sequence
/// publisher does.
///
/// The iterator is read one element ahead, so the finish follows the last element without a
/// further request (and an empty source finishes at once). A request made from inside the
/// subscriber's `receive` is served by the loop already running, never by a nested call. Once
/// `.unlimited` was requested, the loop checks only an atomic flag per element.
/// Threading: `request` and `cancel` may come from any thread; the thread that finds the loop
/// idle runs it. Failure: none of its own; cancelling stops the loop before the next element.
@usableFromInline
final class SequenceSubscription<Elements: IteratorProtocol, Downstream: Subscriber>: Subscription,
  @unchecked Sendable
where Downstream.Input == Elements.Element {
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

  @inlinable init(_ iterator: Elements, _ downstream: Downstream) {
    self.iterator = iterator
    self.downstream = downstream
    next = self.iterator.next()
  }

  /// Hands the subscription to the subscriber; finishes at once if there is nothing to send.
  @inlinable func start() {
    guard let downstream else { return }
    downstream.receive(subscription: self)
    let empty = lock.withLock { () -> Bool in
      guard !emitting, next == nil, self.downstream != nil else { return false }
      self.downstream = nil
      return true
    }
    if empty, !cancelled.load(ordering: .acquiring) { downstream.receive(completion: .finished) }
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
  @inlinable func run() {
    guard let downstream else { return }
    while true {
      let unlimited = lock.withLock { () -> Bool? in
        guard next != nil, demand > 0, !cancelled.load(ordering: .acquiring) else {
          emitting = false
          return nil
        }
        if demand.isUnlimited { return true }
        demand -= 1
        return false
      }
      guard let unlimited else { break }
      if unlimited {
        while let element = next, !cancelled.load(ordering: .acquiring) {
          next = iterator.next()
          _ = downstream.receive(element)
        }
      } else if let element = next {
        next = iterator.next()
        let more = downstream.receive(element)
        if more > 0 { lock.withLock { demand += more } }
      }
    }
    finishIfDone()
  }

  /// Sends the finish once the elements are used up (and the subscription is not cancelled).
  @inlinable func finishIfDone() {
    let target = lock.withLock { () -> Downstream? in
      guard !emitting, next == nil, let downstream = self.downstream else { return nil }
      self.downstream = nil
      return downstream
    }
    if let target, !cancelled.load(ordering: .acquiring) { target.receive(completion: .finished) }
  }

  @inlinable func cancel() {
    cancelled.store(true, ordering: .releasing)
    let dropped = lock.withLock { () -> Downstream? in
      if emitting { return nil }
      defer { downstream = nil }
      return downstream
    }
    withExtendedLifetime(dropped) {}
  }
}
