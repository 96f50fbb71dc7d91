import Synchronization

// The machine's event queue, on the library's one serialized-delivery engine
// (`SerialDrainOwner`): one job at a time, to completion; a job sent while another runs waits
// its turn, and a thread that ran a fair batch hands the queue over (`FairDrain`). What is the
// machine's own: its jobs and what running one does (a macrostep for an event).

extension StateMachine: SerialDrainOwner {
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
    /// An event sent from a statechart's action (counted: a chain of them is bounded).
    case chained(Event)
    /// A delayed transition's timer fired (its tag).
    case timer(UInt64)
    /// An invoked publisher's event; `chained` when it answered while the machine was starting
    /// it (a loop of such answers is bounded).
    case invoked(node: Int, generation: UInt64, event: Event, chained: Bool)
    /// Move to a state (and extended state) without a transition.
    case restore(State, State.MachineContext?)
    /// Put back a statechart's saved configuration and histories (`restore(chart:)`).
    indirect case restoreChart(ChartRestorePlan<State>)
    /// A change to the subscribers of `transitions` or `macrosteps`.
    case passthrough(PassthroughJob)
  }

  /// A queued job is run as it is.
  @usableFromInline typealias DrainStep = Job
  /// Nothing travels from one job to the next.
  @usableFromInline typealias Carry = Void

  /// A send claims the machine with one compare-and-exchange, without the lock.
  @inlinable static var claimsWithoutLock: Bool { true }

  /// Runs `event` now, then whatever was queued meanwhile; or queues it behind a running one.
  /// With `keep`, a taken event's new state is stored in `taken`.
  @inlinable @inline(__always)
  func run(_ event: Event, keeping keep: Bool, _ taken: inout State?) -> Outcome {
    if !tryClaim() {
      switch enqueue(.event(event)) {
      case .claimed: break
      case .queued: return .queued
      case .queuedToTakeOver:
        takeOver()
        return .queued
      }
    }
    return runClaimed(event, keeping: keep, &taken)
  }

  /// Runs an event from outside on the claim just taken, then what it queued; a loop cut
  /// meanwhile (events sent from actions back and forth) makes it refused.
  @inlinable @inline(__always)
  func runClaimed(_ event: Event, keeping keep: Bool, _ taken: inout State?) -> Outcome {
    chainDepth = 0
    let outcome = process(event, keeping: keep, &taken)
    // Nothing queued: nothing more ran, so no loop was cut after the event.
    if tryRelease() { return outcome }
    let before = cuts.load(ordering: .relaxed)
    drainQueued()
    guard case .taken = outcome, cuts.load(ordering: .relaxed) != before else { return outcome }
    return cut(event)
  }

  /// What an event whose loop was cut becomes.
  @usableFromInline func cut(_ event: Event) -> Outcome {
    .cut(Refusal(state: state.caseKey, event: event.caseKey, kind: .loopLimit))
  }

  /// Runs `job` now, or queues it behind the event running now.
  @usableFromInline
  func schedule(_ job: Job) {
    if !tryClaim() {
      switch enqueue(job) {
      case .claimed: break
      case .queued: return
      case .queuedToTakeOver: return takeOver()
      }
    }
    perform(job)
    release()
  }

  /// Claims the machine, or queues `job` behind the running thread (out of line: the send path
  /// takes it only when contended).
  @usableFromInline
  func enqueue(_ job: Job) -> DrainQueuing {
    lock.withLock { claimOrQueue(mayTakeOver: true) { job } }
  }

  /// Runs the jobs queued while this thread ran, then gives the claim back; or, after a fair
  /// batch of them, hands the claim (and the queue) to a sender from another thread that waits
  /// for it (`FairDrain`), so that a thread that sent once is not kept running other threads'
  /// events for as long as they send.
  @inlinable
  func release() {
    if !tryRelease() { drainQueued() }
  }

  /// The engine's drain loop, after a claim (made without the lock: it restarts the fair count).
  @usableFromInline
  func drainQueued() {
    drain(carrying: (), restartsFair: true)
  }

  /// A queued job is run as it is.
  @inlinable func take(_ job: Job, _: inout Void) -> Job? { job }

  /// Runs a queued job (the engine's hook).
  @inlinable func perform(_ job: Job, _: inout Void) { perform(job) }

  /// Runs `job`; the caller holds the claim. A refused event goes to the policy.
  @usableFromInline
  func perform(_ job: Job) {
    switch job {
    case .event(let event):
      chainDepth = 0
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
      if engine.halted { finishObservers() }
    case .flush(let path):
      path.call(.flush(current))
    case .prune:
      observers.removeAll { !$0.handle.isActive }
    case .chained(let event):
      performChained(event)
    case .timer(let tag):
      performTimer(tag)
    case .invoked(let node, let generation, let event, let chained):
      performInvoked(event, node: node, generation: generation, chained: chained)
    case .restore(let state, let context):
      var next = engine.restore(to: state, context: context)
      commit(&next)
    case .restoreChart(let plan):
      performChartRestore(plan)
    case .passthrough(let job):
      perform(job)
    }
  }
}
