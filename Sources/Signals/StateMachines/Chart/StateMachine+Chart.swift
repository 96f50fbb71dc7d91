import Dispatch
import Synchronization

/// Work for a statechart that needs the machine's claim: a delayed transition's timer fired, or
/// an invoked publisher produced an event.
@usableFromInline
enum ChartJob<State: CaseKeyed, Event> {
  case timer(UInt64)
  /// An invoked publisher's event; `chained` when it answered while the machine was starting
  /// it (a loop of such answers is bounded).
  case invoked(node: Int, generation: UInt64, event: Event, chained: Bool)
  case restore(State, State.MachineContext?)
  /// Someone asked for the snapshots: send the current one.
  case publishSnapshot
}

/// What readers on other threads see of a statechart: the last macrostep's result.
@usableFromInline
struct ChartSnapshot<State: CaseKeyed> {
  @usableFromInline var nodes: [Int] = []
  @usableFromInline var values: [State?] = []
  @usableFromInline var halted = false
  @usableFromInline var context: State.MachineContext

  @inlinable init(context: State.MachineContext) { self.context = context }
}

extension StateMachine: ScheduledWorkTarget {
  /// One macrostep's result: the configuration, the first leaf's state, the extended state and
  /// whether the machine has stopped (a top-level final state was reached).
  public struct Snapshot {
    /// The active states' cases in document order (ancestors first); empty once stopped.
    public let configuration: [State.Case]
    /// The first active leaf's value (for a flat graph, the state); the last one once stopped.
    public let state: State
    /// The extended state.
    public let context: State.MachineContext
    /// Whether the machine has stopped: it takes no more events.
    public let isFinished: Bool
  }

  /// The active states' cases in document order (ancestors before descendants): for a flat
  /// graph, the current state's case alone; empty once a statechart has stopped.
  ///
  /// Threading: any thread; it reads what the last macrostep left (a macrostep in progress on
  /// another thread is seen once it has ended).
  public var configuration: [State.Case] {
    guard let run = chartRun else { return [state.caseKey] }
    let nodes = lock.withLock { chartSnapshot?.nodes ?? [] }
    return nodes.compactMap { run.model.nodes[$0].key }
  }

  /// The machine's extended state, as the last macrostep left it (`()` for a graph without
  /// one).
  ///
  /// Threading: any thread.
  public var context: State.MachineContext {
    lock.withLock { chartSnapshot?.context } ?? graph.context
  }

  /// Whether the machine has stopped: a statechart reached a top-level final state (its
  /// states were left, its timers and invocations cancelled); it takes no more events.
  public var isFinished: Bool { lock.withLock { chartSnapshot?.halted ?? false } }

  /// The configuration, the state and the extended state as one value.
  ///
  /// Threading: any thread; the three are read together, from the same macrostep.
  public var snapshot: Snapshot {
    guard let run = chartRun else {
      return Snapshot(configuration: [state.caseKey], state: state, context: graph.context, isFinished: false)
    }
    return lock.withLock { () -> Snapshot in
      let shot = chartSnapshot!
      return Snapshot(
        configuration: shot.nodes.compactMap { run.model.nodes[$0].key }, state: current,
        context: shot.context,
        isFinished: shot.halted)
    }
  }

  /// Whether the state of case `key` is active: the current leaf, or one of its ancestors, or a
  /// leaf or ancestor in any parallel region.
  ///
  /// - Parameter key: A state's case (a leaf, a compound or a parallel state).
  /// - Returns: `true` if it is in the configuration.
  public func matches(_ key: State.Case) -> Bool {
    guard let run = chartRun else { return state.caseKey == key }
    guard let node = run.model.indexOf[key] else { return false }
    return lock.withLock { chartSnapshot?.nodes.contains(node) ?? false }
  }

  /// The value of the active state of case `key` (a leaf, or a compound or parallel state,
  /// with the value it was entered with): how to read a payload of a parallel region other
  /// than the first, whose leaf `state` does not show.
  ///
  /// Threading: any thread; it reads what the last macrostep left.
  ///
  /// - Parameter key: A state's case.
  /// - Returns: The state's value while it is active; `nil` when it is not (or the chart never
  ///   gave it one).
  public func activeState(_ key: State.Case) -> State? {
    guard let run = chartRun else {
      let current = state
      return current.caseKey == key ? current : nil
    }
    guard let node = run.model.indexOf[key] else { return nil }
    return lock.withLock { () -> State? in
      guard let shot = chartSnapshot, let index = shot.nodes.firstIndex(of: node) else { return nil }
      return shot.values[index]
    }
  }

  /// The configuration, first the current one, then each new one after a macrostep that
  /// changed it.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock.
  /// Completion: it finishes when the machine stops (a statechart's top-level final state).
  public var configurationPublisher: AnyPublisher<[State.Case], Never> {
    guard let subject = watchedSnapshots() else {
      return statePublisher.map { [$0.caseKey] }.removeDuplicates().eraseToAnyPublisher()
    }
    return subject.map(\.configuration).removeDuplicates().eraseToAnyPublisher()
  }

  /// One snapshot per macrostep: the current one first, then each macrostep's (configuration
  /// and extended state together), for a statechart; for a flat graph, one per state.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock.
  /// Completion: it finishes when the machine stops.
  public var snapshotPublisher: AnyPublisher<Snapshot, Never> {
    guard let subject = watchedSnapshots() else {
      let context = graph.context
      return statePublisher.map {
        Snapshot(configuration: [$0.caseKey], state: $0, context: context, isFinished: false)
      }
      .eraseToAnyPublisher()
    }
    return subject.eraseToAnyPublisher()
  }

  /// The snapshots' subject, from now on kept current: until someone asks for it, a macrostep
  /// builds no snapshot. Its value is brought up to date now, or right after the macrostep
  /// running on another thread.
  func watchedSnapshots() -> CurrentValueSubject<Snapshot, Never>? {
    guard let snapshotSubject, chartRun != nil else { return nil }
    if !snapshotsWatched.exchange(true, ordering: .acquiringAndReleasing) {
      schedule(.chart(.publishSnapshot))
    }
    return snapshotSubject
  }

  /// Every macrostep of a statechart as a record (what started it, its microsteps with their
  /// exit and entry sets, the actions, timers and invocations, the extended state before and
  /// after): the machine's inspector. Recording starts when this is first read; a machine that
  /// nobody inspects records nothing.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock.
  /// Completion: it never completes.
  public var macrosteps: AnyPublisher<MacrostepRecord<State, Event>, Never> {
    chartRun?.inspected.store(true, ordering: .releasing)
    return inspector.eraseToAnyPublisher()
  }

  /// Calls `body` with the transitions of each microstep, by title (`source --label--> target`),
  /// on the thread that runs it. For model-based tests: call it before the first send.
  package func observeChartTransitions(_ body: @escaping ([String]) -> Void) {
    chartRun?.observer = body
  }

  /// Enters the graph's initial configuration (called once, from `init`, before anyone else can
  /// reach the machine).
  func startChart(_ run: ChartRun<State, Event>) {
    run.machine = self
    let claimed = tryClaim()
    run.start()
    publishChart(run)
    if claimed { release() }
  }

  /// Takes `event` in a statechart: one macrostep (SCXML's), then the subscribers.
  @inlinable
  func processChart(
    _ event: Event, keeping keep: Bool, _ taken: inout State?, invoked: Bool = false
  ) -> Outcome {
    guard let run = chartRun else {
      return .refused(Refusal(state: current.caseKey, event: event.caseKey, kind: .noTransition))
    }
    let stateKey = current.caseKey
    let from: State? = stepsWatched.load(ordering: .relaxed) ? current : nil
    if let miss = run.take(event, invoked: invoked) {
      let kind: Refusal.Kind
      switch miss {
      case .none: kind = .noTransition
      case .invalidTarget: kind = .invalidTarget
      case .guards(let names): kind = .guardsFailedNamed(names)
      }
      return .refused(Refusal(state: stateKey, event: event.caseKey, kind: kind))
    }
    publishChart(run)
    if let from, stepsWatched.load(ordering: .relaxed) {
      stepSubject.send(Step(from: from, event: event, to: current))
    }
    if keep { taken = current }
    if run.wasCut {
      cuts.add(1, ordering: .relaxed)
      return .refused(Refusal(state: stateKey, event: event.caseKey, kind: .loopLimit))
    }
    return .taken
  }

  /// Runs a statechart's job; the caller holds the claim. A timer or result of a state that
  /// was left since is dropped.
  func performChart(_ job: ChartJob<State, Event>) {
    guard let run = chartRun else { return }
    switch job {
    case .restore(let state, let context):
      run.restore(to: state, context: context)
      publishChart(run)
    case .publishSnapshot:
      sendSnapshot(run)
    case .timer(let tag):
      chainDepth = 0
      run.fire(tag)
      publishChart(run)
      if run.wasCut { reportCut(run, event: nil) }
    case .invoked(let node, let generation, let event, let chained):
      guard run.isActive(node: node), run.generation[node] == generation else { return }
      if chained {
        chainDepth += 1
        guard chainDepth <= Self.loopLimit else { return reportCut(run, event: event) }
      } else {
        chainDepth = 0
      }
      var unused: State?
      if case .refused(let refusal) = processChart(event, keeping: false, &unused, invoked: true),
        case .report(let handler) = policy
      {
        handler(rejection(refusal))
      }
    }
  }

  /// An event sent from an action: queued behind the macrostep running now, and counted, so
  /// that a loop of such events is cut at `loopLimit`.
  func sendChained(_ event: Event) {
    schedule(.chained(event))
  }

  /// Runs an event sent from an action (the caller holds the claim).
  func performChained(_ event: Event) {
    chainDepth += 1
    guard chainDepth <= Self.loopLimit else { return reportCut(chartRun, event: event) }
    var unused: State?
    if case .refused(let refusal) = process(event, keeping: false, &unused),
      case .report(let handler) = policy
    {
      handler(rejection(refusal))
    }
  }

  /// A loop was cut: counted (a send in progress returns `false`) and reported to the policy.
  func reportCut(_ run: ChartRun<State, Event>?, event: Event?) {
    cuts.add(1, ordering: .relaxed)
    guard case .report(let handler) = policy else { return }
    let state = current.caseKey
    handler(
      TransitionRejected(
        state: caseLabel(state), event: event.map { caseLabel($0.caseKey) } ?? "(none)",
        reason: .loopLimit(Self.loopLimit)))
  }

  /// The most events a chain of events sent from actions or answered at once by invocations
  /// may hold (each running a macrostep), and the most microsteps of one macrostep, before the
  /// machine cuts it: `send` returns `false` (`trySend` throws `TransitionRejected` with reason
  /// `.loopLimit`), and the policy's handler is told.
  public static var loopLimit: Int { ChartRun<State, Event>.microstepLimit }

  /// An invoked publisher's event, from any thread: run as a job after the event in progress.
  func invoked(_ event: Event, node: Int, generation: UInt64) {
    // Set while this machine's claim holder starts invocations: an answer then is part of a
    // chain (another thread's answer in that window is counted too, which only shortens a loop).
    let chained = chartRun?.startingInvocations.load(ordering: .relaxed) == true
    schedule(.chart(.invoked(node: node, generation: generation, event: event, chained: chained)))
  }

  /// Whether a statechart would take `event` now (guards run; nothing changes).
  func canChart(_ event: Event) -> Bool {
    guard let run = chartRun else { return false }
    let halted = lock.withLock { chartSnapshot?.halted ?? true }
    guard !halted else { return false }
    // Selection reads the run's own state: claim it, so that no macrostep runs meanwhile.
    guard tryClaim() else { return false }
    defer { release() }
    run.select(.event(event))
    return !run.selected.isEmpty
  }

  /// Copies the run's result for other threads, sets `state` to its first leaf, calls the
  /// subscribers of `statePublisher`, and sends the macrostep's snapshot.
  @inlinable
  func publishChart(_ run: ChartRun<State, Event>) {
    // The next snapshot is written into the spare one (reusing its storage), then put in place
    // under the lock: the one it replaces becomes the spare, released later, outside the lock.
    // (Locals captured by the closures below are constants: a captured variable would be
    // checked for exclusive access at run time on every send.)
    var next = spareSnapshot.take() ?? ChartSnapshot(context: run.context)
    let count = run.configuration.count - 1
    if next.nodes.count != count {
      next.nodes = Array(repeating: 0, count: count)
      next.values = Array(repeating: nil, count: count)
    }
    next.nodes.withUnsafeMutableBufferPointer { nodes in
      for index in 0..<count { nodes[index] = run.configuration[index + 1] }
    }
    next.values.withUnsafeMutableBufferPointer { values in
      for index in 0..<count { values[index] = run.values[run.configuration[index + 1]] }
    }
    next.halted = run.halted
    next.context = run.context
    let filled = next
    let primary = run.primary
    let (replaced, previous) = lock.withLock { () -> (ChartSnapshot<State>?, State?) in
      let replaced = chartSnapshot.take()
      chartSnapshot = filled
      guard let primary else { return (replaced, nil) }
      let previous = current
      current = primary
      return (replaced, previous)
    }
    spareSnapshot = replaced
    _ = previous  // the old state is released here, outside the lock
    let halted = run.halted
    publish()
    if halted { finishObservers() }
    if snapshotsWatched.load(ordering: .relaxed) { sendSnapshot(run) }
    if let record = run.endRecord() { inspector.send(record) }
  }

  /// Sends the run's snapshot to the snapshots' subscribers (and the finish, once stopped).
  @usableFromInline
  func sendSnapshot(_ run: ChartRun<State, Event>) {
    guard let snapshotSubject else { return }
    snapshotSubject.send(
      Snapshot(
        configuration: run.configuration.dropFirst().compactMap { run.model.nodes[$0].key }, state: current,
        context: run.context, isFinished: run.halted))
    if run.halted { snapshotSubject.send(completion: .finished) }
  }

  /// Finishes every subscriber of `statePublisher` (the machine stopped) and lets them go.
  @usableFromInline
  func finishObservers() {
    for path in observers { path.call(.finish) }
    observers.removeAll()
  }

  /// A delayed transition's timer fired (on the scheduler's thread): its transition runs as a
  /// job, after the event in progress, if its state is still the visit that armed it.
  @usableFromInline
  func scheduledWorkDue(_ tag: UInt64) {
    schedule(.chart(.timer(tag)))
  }
}

extension StateGraph {
  /// Whether a machine of the graph needs a clock: it has a delayed transition.
  var needsClock: Bool { chart?.tree.delayed.contains { !$0.isEmpty } ?? false }

  /// The scheduler a machine made without one uses: a real clock (the global dispatch queue)
  /// for a graph with delayed transitions, so that `After(.seconds(2))` waits two seconds;
  /// the immediate scheduler otherwise.
  var defaultScheduler: any Scheduler {
    needsClock ? DispatchQueue.global() : ImmediateScheduler.shared
  }
}
