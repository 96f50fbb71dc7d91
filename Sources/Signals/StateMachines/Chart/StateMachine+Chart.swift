import Dispatch
import Synchronization

/// What readers on other threads see of a machine beside its state: the last macrostep's
/// configuration (the active nodes but the root, and their values), whether it stopped, the
/// extended state and the histories. A flat graph's stays as it started: its configuration is its state.
@usableFromInline
struct ChartSnapshot<State: CaseKeyed> {
  /// The active nodes and their values (its own buffer: two snapshots never share one).
  @usableFromInline var states = ActiveStates<State>()
  @usableFromInline var halted = false
  @usableFromInline var context: State.MachineContext
  /// What each history node recorded (for a chart with history states; what a save reads).
  @usableFromInline var history: [Int: [(node: Int, value: State?)]] = [:]

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
    lock.withLock { stateLock.withLock { engine.configurationKeys(shared, state: current) } }
  }

  /// The machine's extended state, as the last macrostep left it (`()` for a graph without
  /// one).
  ///
  /// Threading: any thread.
  public var context: State.MachineContext { lock.withLock { shared.context } }

  /// Whether the machine has stopped: a statechart reached a top-level final state (its
  /// states were left, its timers and invocations cancelled); it takes no more events.
  public var isFinished: Bool { lock.withLock { shared.halted } }

  /// The configuration, the state and the extended state as one value.
  ///
  /// Threading: any thread; the three are read together, from the same macrostep.
  public var snapshot: Snapshot {
    lock.withLock { stateLock.withLock { currentSnapshot() } }
  }

  /// The snapshot of what the last macrostep left (the caller holds the lock and `stateLock`,
  /// or the claim).
  @usableFromInline func currentSnapshot() -> Snapshot {
    Snapshot(
      configuration: engine.configurationKeys(shared, state: current), state: current,
      context: shared.context,
      isFinished: shared.halted)
  }

  /// Whether the state of case `key` is active: the current leaf, or one of its ancestors, or a
  /// leaf or ancestor in any parallel region.
  ///
  /// - Parameter key: A state's case (a leaf, a compound or a parallel state).
  /// - Returns: `true` if it is in the configuration.
  public func matches(_ key: State.Case) -> Bool {
    lock.withLock { stateLock.withLock { engine.isActive(key, in: shared, state: current) } }
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
    lock.withLock { stateLock.withLock { engine.activeValue(key, in: shared, state: current) } }
  }

  /// The configuration, first the current one, then each new one after a macrostep that
  /// changed it.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock.
  /// Completion: it finishes when the machine stops (a statechart's top-level final state).
  public var configurationPublisher: AnyPublisher<[State.Case], Never> {
    snapshots.map(\.configuration).removeDuplicates().eraseToAnyPublisher()
  }

  /// One snapshot per macrostep: the current one first, then each macrostep's (configuration
  /// and extended state together), for a statechart; for a flat graph, one per state.
  ///
  /// Demand, as `statePublisher`'s: a subscriber with no outstanding demand is sent nothing,
  /// and receives the newest snapshot when it next requests. Nothing is built for it until
  /// someone subscribes: each snapshot is made for its subscribers as they are called.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock.
  /// Completion: it finishes when the machine stops; a subscriber that comes later gets the
  /// last snapshot and the finish.
  public var snapshotPublisher: AnyPublisher<Snapshot, Never> {
    snapshots.eraseToAnyPublisher()
  }

  /// The snapshots, on the machine's one list of subscribers: each state it publishes (one per
  /// macrostep) read with the configuration and the extended state that came with it.
  var snapshots: Publishers.Map<StatePublisher, Snapshot> {
    statePublisher.map { [self] _ in snapshot }
  }

  /// Every macrostep of a statechart as a record (what started it, its microsteps with their
  /// exit and entry sets, the actions, timers and invocations, the extended state before and
  /// after): the machine's inspector. Recording runs while someone subscribes; a machine that
  /// nobody inspects records nothing. A flat graph's steps are `transitions`; it records none.
  /// A concrete publisher (not `AnyPublisher`), with `PassthroughSubject`'s rules: none
  /// replayed, and a record is dropped for a subscriber with no outstanding demand.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock,
  /// after the new state reached the subscribers of `statePublisher` and before its step
  /// reaches those of `transitions` (`MacrostepPublisher`).
  /// Completion: it never completes.
  @inlinable
  public var macrosteps: MacrostepPublisher { MacrostepPublisher(machine: self) }

  /// Calls `body` with the transitions of each microstep, by title (`source --label--> target`),
  /// on the thread that runs it. For model-based tests of statecharts: call it before the
  /// first send.
  package func observeChartTransitions(_ body: @escaping ([String]) -> Void) {
    engine.observer = body
  }

  /// Enters the graph's initial configuration (called once, from `init`, before anyone else can
  /// reach the machine).
  func start() {
    engine.machine = self
    let claimed = tryClaim()
    var next = engine.start()
    commit(&next)
    if claimed { release() }
  }

  /// Runs a delayed transition whose timer fired (the caller holds the claim).
  func performTimer(_ tag: UInt64) {
    chainDepth = 0
    var next: State?
    guard engine.fire(tag, &next) else { return }
    commit(&next)
    if engine.wasCut { reportCut(event: nil) }
  }

  /// Runs an invoked publisher's event (the caller holds the claim); a result of a state that
  /// was left since is dropped.
  func performInvoked(_ event: Event, node: Int, generation: UInt64, chained: Bool) {
    guard engine.isActive(node: node), engine.generation[node] == generation else { return }
    if chained {
      chainDepth += 1
      guard chainDepth <= Self.loopLimit else { return reportCut(event: event) }
    } else {
      chainDepth = 0
    }
    var unused: State?
    if case .refused(let refusal) = process(event, keeping: false, &unused, invoked: true),
      case .report(let handler) = policy
    {
      handler(rejection(refusal))
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
    guard chainDepth <= Self.loopLimit else { return reportCut(event: event) }
    var unused: State?
    if case .refused(let refusal) = process(event, keeping: false, &unused),
      case .report(let handler) = policy
    {
      handler(rejection(refusal))
    }
  }

  /// A loop was cut: counted (a send in progress returns `false`) and reported to the policy.
  func reportCut(event: Event?) {
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
  public static var loopLimit: Int { StatechartEngine<State, Event>.microstepLimit }

  /// An invoked publisher's event, from any thread: run as a job after the event in progress.
  func invoked(_ event: Event, node: Int, generation: UInt64) {
    // Set while this machine's claim holder starts invocations: an answer then is part of a
    // chain (another thread's answer in that window is counted too, which only shortens a loop).
    let chained = engine.startingInvocations.load(ordering: .relaxed)
    schedule(.invoked(node: node, generation: generation, event: event, chained: chained))
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
    schedule(.timer(tag))
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
