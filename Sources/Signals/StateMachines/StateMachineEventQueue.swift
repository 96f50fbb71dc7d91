import Synchronization

// The machine's event queue: one event at a time, to completion; an event sent while another
// runs waits its turn, and a thread that ran a fair batch hands the queue over (`FairDrain`).

extension StateMachine {
  /// Work that needs the machine's claim: an event, or a change to its state's subscribers.
  @usableFromInline
  enum Job {
    case event(Event)
    /// A new subscriber: attach it, then give it the current state.
    case observe(StateObserverPath<State>)
    /// A subscriber asked for more while a state waited for it.
    case flush(StateObserverPath<State>)
    /// A subscriber cancelled: drop the cancelled ones from the list.
    case prune
    /// The state was restored: give it to every subscriber.
    case publish
    /// A statechart's timer or invoked result.
    case chart(ChartJob<State, Event>)
  }

  /// The bits of `claim`.
  @usableFromInline static var running: UInt8 { 1 }
  @usableFromInline static var waiting: UInt8 { 2 }

  /// Runs `event` now, then whatever was queued meanwhile; or queues it behind a running one.
  /// With `keep`, a taken event's new state is stored in `taken`.
  @inlinable @inline(__always)
  func run(_ event: Event, keeping keep: Bool, _ taken: inout State?) -> Outcome {
    while true {
      if claim.compareExchange(expected: 0, desired: Self.running, ordering: .acquiring).exchanged {
        let outcome = process(event, keeping: keep, &taken)
        release()
        return outcome
      }
      switch enqueue(.event(event)) {
      case .queued: return .queued
      case .queuedToTakeOver:
        takeOver()
        return .queued
      case .notRunning: continue
      }
    }
  }

  /// Runs `job` now, or queues it behind the event running now.
  @usableFromInline
  func schedule(_ job: Job) {
    while true {
      if claim.compareExchange(expected: 0, desired: Self.running, ordering: .acquiring).exchanged {
        perform(job)
        release()
        return
      }
      switch enqueue(job) {
      case .queued: return
      case .queuedToTakeOver: return takeOver()
      case .notRunning: continue
      }
    }
  }

  /// What `enqueue` did.
  @usableFromInline
  enum Queuing {
    /// Queued behind the running thread.
    case queued
    /// Queued, and this sender is to take the queue over from a running thread that has run a
    /// fair batch of other threads' work (`FairDrain`): call `takeOver()`.
    case queuedToTakeOver
    /// Nothing runs any more: nothing was queued; claim the machine.
    case notRunning
  }

  /// Queues `job` behind the running one, or queues nothing when no event runs any more, so
  /// that the caller claims the machine itself.
  @usableFromInline
  func enqueue(_ job: Job) -> Queuing {
    lock.withLock {
      var word = claim.load(ordering: .relaxed)
      while word & Self.running != 0 {
        let (done, now) = claim.compareExchange(
          expected: word, desired: word | Self.waiting, ordering: .relaxed)
        if done {
          queue.append(job)
          return fair.shouldTakeOver(handedOver) ? .queuedToTakeOver : .queued
        }
        word = now
      }
      return .notRunning
    }
  }

  /// Waits for the running thread to hand the queue over, then runs it; or, if it did not in
  /// time, leaves this thread's job to it.
  @usableFromInline
  func takeOver() {
    if !FairDrain.awaitHandOver(handedOver) {
      guard lock.withLock({ fair.withdraw(handedOver) }) else { return }
    }
    release()
  }

  /// Runs the jobs queued while this thread ran, then gives the claim back; or, after a fair
  /// batch of them, hands the claim (and the queue) to a sender from another thread that waits
  /// for it (`FairDrain`), so that a thread that sent once is not kept running other threads'
  /// events for as long as they send.
  @inlinable
  func release() {
    var first = true
    while !claim.compareExchange(expected: Self.running, desired: 0, ordering: .releasing).exchanged {
      guard runQueued(first) else { return }
      first = false
    }
  }

  /// Runs the first queued job (`waiting` is set); returns `false` when it handed the claim
  /// over instead (the caller then returns without giving it back: it is the successor's now).
  @usableFromInline
  func runQueued(_ first: Bool) -> Bool {
    let next = lock.withLock { () -> Job?? in
      if first { fair.start() }
      if fair.handsOver(handedOver) { return .none }
      let next = queue.popFirst()
      if next != nil { fair.count() }
      if queue.isEmpty { claim.bitwiseAnd(~Self.waiting, ordering: .relaxed) }
      return .some(next)
    }
    guard let next else { return false }
    if let job = next { perform(job) }
    return true
  }

  /// Runs `job`; the caller holds the claim. A refused event goes to the policy.
  @usableFromInline
  func perform(_ job: Job) {
    switch job {
    case .event(let event):
      var unused: State?
      if case .refused(let refusal) = process(event, keeping: false, &unused),
        case .report(let handler) = policy
      {
        handler(rejection(refusal))
      }
    case .observe(let path):
      guard path.handle.isActive else { return }
      observers.append(path)
      path.call(.start(current))
    case .flush(let path):
      path.call(.flush(current))
    case .prune:
      observers.removeAll { !$0.handle.isActive }
    case .publish:
      publish()
    case .chart(let job):
      performChart(job)
    }
  }
}
