import Synchronization

/// A state machine running a `StateGraph`: its current state, its changes as publishers, and
/// `send(_:)` that moves it along the graph.
///
/// One event runs at a time, to completion: the graph's guards and target makers are called,
/// then the state changes, then the machine's subscribers are called: those of `statePublisher`
/// with the new state, then (a statechart's) those of `macrosteps` with the macrostep's record,
/// then those of `transitions` with the step (in that order, so that an observer of any reads
/// the new `state`). The machine publishes one way: it keeps its subscribers in its own lists
/// and calls them itself, from the thread running the event (no subject between). None of that
/// user code runs under the machine's lock, so a guard may read `state` and an observer may
/// send. An event sent while another is running (from a guard, a target maker or an observer,
/// or from another thread) is queued and run, in the order it arrived, by the thread running
/// the current one, right after it: `send` then returns `true` before the event is taken, and a
/// refusal of it goes to the machine's policy (`.report`'s handler; nowhere under `.ignore` and
/// `.throwError`, which has no caller left to throw to).
///
/// The queue is unbounded and fair: a thread that has run a batch of 64 queued events hands
/// the queue to the next sender from another thread, which waits for the event in progress to
/// end (20 ms at most; then it leaves its event queued and returns) and runs the queue from
/// there, so that a thread that sent once is not kept running other threads' events for as long
/// as they send. An event sent from the running thread itself (a guard or an observer) never
/// waits. Once drained, the queue keeps room for 64 events at most.
///
/// A transition to a resolved target (`Transition.Target.resolved(_:)`) needs the machine's
/// owner (a coordinator) to say where it leads; a plain machine refuses it.
///
/// Threading: any thread. Bad input: an event the graph does not allow changes nothing; `send`
/// returns `false` and the `RejectionPolicy` decides the rest; `trySend` throws under
/// `.throwError`. The send path looks transitions up in the graph's index: no reflection, no
/// allocation (except to queue an event behind a running one).
///
/// One engine runs every graph (`StatechartEngine`: selection, exit and entry sets, microsteps
/// and macrosteps); a flat graph is a chart of one level, whose sends are one lookup in its
/// table. The machine around it owns the claim and the queue of events, the lock over what
/// other threads read, and the publishing.
public final class StateMachine<State: CaseKeyed, Event: CaseKeyed>: @unchecked Sendable {
  // @unchecked: `current`, `observers`, `stepObservers`, `macrostepObservers`, `chainDepth`
  // and the engine's state are read and written by the thread holding the `drainClaim` (the
  // claim's acquire/release orders one holder's writes before the next one's reads); `current`
  // is also written inside `stateLock` (a flat graph) or `lock` (a chart) and read there by
  // others (`withCurrent`), `shared` inside `lock`. `drainQueue` is read and written only inside
  // `lock`.
  // The engine's resolver is set once, at init, and called by the claim's holder and by
  // `can(_:)` (a coordinator's, on the main actor, as its sends).

  /// A transition that happened.
  public struct Step {
    /// The state before.
    public let from: State
    /// The event.
    public let event: Event
    /// The state after.
    public let to: State
    /// The annotations of the transition taken (`Transition.annotated(_:)`), for the machine's
    /// owner; empty for a statechart's macrostep.
    public let annotations: [any TransitionAnnotation]

    @usableFromInline
    init(from: State, event: Event, to: State, annotations: [any TransitionAnnotation] = []) {
      self.from = from
      self.event = event
      self.to = to
      self.annotations = annotations
    }

    /// The last annotation of type `type` the transition taken carries, or `nil`.
    ///
    /// - Parameter type: The annotation's type.
    /// - Returns: The annotation attached last with that type, or `nil` when there is none.
    public func annotation<Annotation: TransitionAnnotation>(_ type: Annotation.Type) -> Annotation? {
      annotations.lastAnnotation(type)
    }
  }

  /// What a machine's owner gives its `package` initializer to decide where a taken transition
  /// of a flat graph leads: called by the running thread, outside the lock, with the graph's
  /// target (`nil` for a resolved target) and the resolved target's name (`nil` for any other),
  /// it answers the state to move to, or `nil` to refuse the event (`noHistory`).
  package typealias TargetResolver = (_ target: State?, _ resolvedName: String?) -> State?

  /// The graph the machine runs.
  public let graph: StateGraph<State, Event>
  /// What happens to events the graph does not allow.
  public let policy: RejectionPolicy
  /// What runs the graph: selection, exit and entry, microsteps and macrosteps (a flat graph's
  /// sends a table lookup). The machine runs it on its claim and shares and publishes what it
  /// leaves.
  @usableFromInline let engine: StatechartEngine<State, Event>

  @usableFromInline let lock = Lock()
  /// What guards `current` for a flat graph (one that shares no configuration): a send puts its new state
  /// in place under it, one atomic exchange and a store, where `lock` costs two
  /// compare-and-exchanges. A chart's `current` changes with its configuration, under `lock`.
  @usableFromInline let stateLock = SpinLock()
  /// The state (the first active leaf's value): written by the claim's holder inside
  /// `stateLock` (a flat graph) or `lock` (a chart), which also reads it unlocked; other threads
  /// read it through `withCurrent`.
  @usableFromInline @exclusivity(unchecked) var current: State
  /// The rest of what other threads read (under `lock`): the configuration, the extended state,
  /// whether the machine stopped, as the last macrostep left them (for a flat graph, whose
  /// configuration is its state, the one it started with).
  @usableFromInline @exclusivity(unchecked) var shared: ChartSnapshot<State>
  /// Who runs events: the library's one serialized-delivery engine (`SerialDrainOwner`). Free,
  /// the next send claims it with one compare-and-exchange and gives it back with another: no
  /// lock round for the claim.
  @usableFromInline let drainClaim = DrainClaim()
  /// The jobs waiting for the running thread, and the fair hand-over's counters (read and
  /// written only inside `lock`).
  @usableFromInline @exclusivity(unchecked) var drainQueue = DrainQueue<Job>()
  /// The subscribers of `statePublisher`, called by the running thread (no subject between).
  @usableFromInline @exclusivity(unchecked) var observers: ContiguousArray<StateObserverPath<State>> = [] {
    didSet { soleObserver = observers.count == 1 ? Unmanaged.passUnretained(observers[0].handle) : nil }
  }
  /// The list's subscriber when it has exactly one (the common case), unretained (the list
  /// keeps it): `publish()` calls it without retaining the list's storage for the call.
  @usableFromInline @exclusivity(unchecked) var soleObserver: Unmanaged<SubscriberHandle<State, Never>>?
  /// Whether `transitions` has a subscriber: while not, a send builds no `Step`. Written only by
  /// the claim's holder, with `stepObservers` (`perform(_: PassthroughJob)`).
  @usableFromInline let stepsWatched = Atomic<Bool>(false)
  /// The subscribers of `transitions`, called by the running thread after those of
  /// `statePublisher` (no subject between).
  @usableFromInline @exclusivity(unchecked) var stepObservers = PassthroughObservers<Step>()
  /// The subscribers of `macrosteps` (the inspector), called by the running thread after those
  /// of `statePublisher`; while it has any, the engine records each macrostep (`inspected`).
  @usableFromInline @exclusivity(unchecked) var macrostepObservers =
    PassthroughObservers<MacrostepRecord<State, Event>>()
  /// How many loops were cut (a send that saw this change returns `false`).
  @usableFromInline let cuts = Atomic<Int>(0)
  /// How many events sent from actions (or answered at once by invocations) ran in a row
  /// since the last event from outside; only the claim holder reads and writes it.
  @usableFromInline @exclusivity(unchecked) var chainDepth = 0

  /// Starts a machine in `graph`'s initial state.
  ///
  /// - Parameters:
  ///   - graph: The states and transitions the machine follows; it is not validated here
  ///     (`graph.problems()` says what is wrong with it).
  ///   - policy: What a refused event does: throw from `trySend(_:)` (the default), be ignored,
  ///     or be reported to a handler.
  /// A graph with delayed transitions (`After`) is timed on a real clock, the global dispatch
  /// queue (its timers fire there, and the transitions run there); pass a `scheduler` to time it
  /// elsewhere (a `TestScheduler` in tests). Any other graph needs no clock.
  public convenience init(graph: StateGraph<State, Event>, policy: RejectionPolicy = .throwError) {
    self.init(graph: graph, policy: policy, scheduler: graph.defaultScheduler, resolver: nil)
  }

  /// Starts a machine in `graph`'s initial configuration, with its delayed transitions timed on
  /// `scheduler` (a `TestScheduler` in tests: everything then runs in virtual time).
  ///
  /// A statechart enters its initial state, its ancestors and its initial descendants, running
  /// their entry actions (outermost first) and starting their invocations, before this returns.
  ///
  /// - Parameters:
  ///   - graph: The states and transitions the machine follows.
  ///   - policy: What a refused event does (see the other initializer).
  ///   - scheduler: Where `After` timers are scheduled.
  public convenience init(
    graph: StateGraph<State, Event>, policy: RejectionPolicy = .throwError, scheduler: any Scheduler
  ) {
    self.init(graph: graph, policy: policy, scheduler: scheduler, resolver: nil)
  }

  /// Starts a machine whose owner resolves the targets of its flat graph's transitions
  /// (coordinators: `.previous`, and the way back to the screen under the top); a statechart
  /// never calls `resolver`.
  package init(
    graph: StateGraph<State, Event>, policy: RejectionPolicy, scheduler: (any Scheduler)? = nil,
    resolver: TargetResolver?
  ) {
    self.graph = graph
    self.policy = policy
    current = graph.initial
    shared = ChartSnapshot(context: graph.context)
    engine = StatechartEngine(
      graph: graph, scheduler: scheduler ?? graph.defaultScheduler, resolver: resolver)
    start()
  }

  /// The current state: the last one the machine took (its observers are called after it is
  /// set, so they read the new state here).
  public var state: State { withCurrent { current } }

  /// Runs `body` (library code that reads `current`, nothing else the lock guards) under the
  /// lock `current`'s writers take: `lock` for a chart (whose state changes with the
  /// configuration it shares), `stateLock` for a flat graph.
  @inlinable @inline(__always)
  func withCurrent<R>(_ body: () -> R) -> R {
    engine.sharesConfiguration ? lock.withLock(body) : stateLock.withLock(body)
  }

  /// The state, first the current one, then each new one, in order. A concrete publisher (not
  /// `AnyPublisher`), so that a subscriber's path is specialized for the caller's types.
  @inlinable
  public var statePublisher: StatePublisher { StatePublisher(machine: self) }

  /// The machine's states as a publisher: the current state to each new subscriber, then each
  /// new state. Demand, as `CurrentValueSubject`'s: a subscriber with no outstanding demand is
  /// sent nothing, and receives the newest state when it next requests. Threading: the machine
  /// calls its subscribers itself, from the thread running an event, never two at once and never
  /// under its lock; a subscriber that comes (or asks for more) while an event runs is served
  /// right after it. It never fails; it finishes when a statechart stops (reaches a top-level final state), and a subscriber that comes later gets the last state and the finish.
  public struct StatePublisher: Publisher {
    /// A state.
    public typealias Output = State
    /// It never fails.
    public typealias Failure = Never

    @usableFromInline let machine: StateMachine

    @inlinable init(machine: StateMachine) { self.machine = machine }

    /// Attaches `subscriber`, which receives the current state first.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == State, S.Failure == Never {
      let observer = StateObserver(downstream: subscriber) { [machine] observer, flush in
        machine.schedule(flush ? .flush(observer.path) : .prune)
      }
      machine.schedule(.observe(observer.path))
    }
  }

  /// Each transition as it happens, in order, to the subscribers there when it happens
  /// (`PassthroughSubject`'s rules: none replayed, and a step is dropped for a subscriber with no
  /// outstanding demand). A concrete publisher (not `AnyPublisher`), so that a subscriber's path
  /// is specialized for the caller's types; `StepPublisher` says when a step is made and who
  /// calls the subscribers. A machine nobody watches builds no `Step`.
  @inlinable
  public var transitions: StepPublisher { StepPublisher(machine: self) }

  /// Whether `event` would be taken now: a transition exists, its guard passes and, for a
  /// resolved target, the owner's resolver answers a state. Guards and the resolver run on this
  /// thread, unlocked.
  /// A statechart answers from its configuration between macrosteps: while one runs (on another
  /// thread, or around a guard, action or observer that asks), it answers `false`.
  ///
  /// - Parameter event: The event to try; nothing is sent.
  /// - Returns: `true` if `send(_:)` would take it now. Another thread's event may change the
  ///   answer before a send that follows.
  public func can(_ event: Event) -> Bool { engine.can(event, in: self) }

  /// Applies `event`. Returns `true` when it was taken (or queued behind the event running
  /// now), `false` when the graph refused it; a refusal is reported under `.report`.
  @inlinable @discardableResult
  public func send(_ event: Event) -> Bool {
    var unused: State?
    switch run(event, keeping: false, &unused) {
    case .taken, .queued: return true
    case .refused(let refusal):
      if case .report(let handler) = policy { handler(rejection(refusal)) }
      return false
    case .cut: return false
    }
  }

  /// Applies `event` and returns the new state. A refused event throws `TransitionRejected`
  /// under `.throwError`; under `.ignore` and `.report` (which reports it) it returns the
  /// unchanged state. An event queued behind a running one returns the state as it is now.
  ///
  /// - Parameter event: The event to apply.
  /// - Returns: The state the event led to; the state as it is now when the event was queued
  ///   behind a running one, or refused under `.ignore` or `.report`.
  /// - Throws: `TransitionRejected`, under `.throwError` only, when the graph has no transition
  ///   for the event in the current state, every guard refused it, its made target was `nil` or
  ///   of another case, or the machine's owner did not resolve its target (the error's `reason`
  ///   says which). The state is then unchanged.
  @inlinable @discardableResult
  public func trySend(_ event: Event) throws(TransitionRejected) -> State {
    var taken: State?
    switch run(event, keeping: true, &taken) {
    case .taken: return taken ?? state
    case .queued: return state
    case .cut(let refusal):
      if case .throwError = policy { throw rejection(refusal) }
      return state
    case .refused(let refusal):
      switch policy {
      case .throwError: throw rejection(refusal)
      case .ignore: return state
      case .report(let handler):
        handler(rejection(refusal))
        return state
      }
    }
  }

  /// What became of an event: no state in it, so that the common `send` copies none.
  @usableFromInline
  enum Outcome {
    case taken
    case queued
    case refused(Refusal)
    /// Taken, but a loop it started was cut and already reported to the policy's handler.
    case cut(Refusal)
  }

  @usableFromInline
  struct Refusal {
    @usableFromInline
    enum Kind {
      case noTransition, invalidTarget, noHistory
      /// A loop (eventless, raised, or events sent from actions) was cut.
      case loopLimit
      case guardsFailed(Range<Int>)
      /// A statechart's guards, by name.
      case guardsFailedNamed([String])
    }
    @usableFromInline let state: State.Case
    @usableFromInline let event: Event.Case
    @usableFromInline let kind: Kind

    @inlinable init(state: State.Case, event: Event.Case, kind: Kind) {
      self.state = state
      self.event = event
      self.kind = kind
    }
  }

  /// Gives `current` to every subscriber of `statePublisher`. Called by the running thread.
  ///
  /// The state is read in place and each handle unretained, as a subject's delivery loop does
  /// (no copy of the state, no retain per subscriber): only the claim's holder writes `current`
  /// and the list, and neither changes while the subscribers are called (what they ask for, a
  /// send, a subscription, a cancel, waits behind the running event).
  @inlinable @inline(__always)
  func publish() {
    if let sole = soleObserver {
      withUnsafeMutablePointer(to: &current) { state in
        sole._withUnsafeGuaranteedRef { $0.route($0, .value, SignalPayload(UnsafeRawPointer(state))) }
      }
      return
    }
    guard !observers.isEmpty else { return }
    withUnsafeMutablePointer(to: &current) { state in
      let payload = SignalPayload(UnsafeRawPointer(state))
      observers.withUnsafeBufferPointer { paths in
        paths.withMemoryRebound(to: Unmanaged<SubscriberHandle<State, Never>>.self) { handles in
          for handle in handles { handle._withUnsafeGuaranteedRef { $0.route($0, .value, payload) } }
        }
      }
    }
  }

  /// Takes `event` (from outside: sent, or an invoked publisher's result): the engine's step,
  /// then its result put in place and published (`commit`), with the step when watched. Called
  /// only by the running thread, which alone writes `current`, so it reads it unlocked; user
  /// code runs unlocked. The state is copied only for a guard or a watched step. A one-level
  /// graph's event (a table lookup) takes a branch of its own, without a chart's checks.
  /// Inlined into `send`: the call and its outcome crossing it cost a fifth of a flat send.
  @inlinable @inline(__always)
  func process(_ event: Event, keeping keep: Bool, _ taken: inout State?, invoked: Bool = false) -> Outcome {
    let stateKey = current.caseKey  // a refusal names the state the event found
    var next: State?
    if engine.takesFromTable {
      // A one-level graph: one lookup; no configuration to share, no macrostep to cut.
      if let kind = engine.takeFromTable(event, in: self, of: stateKey, &next) {
        return .refused(Refusal(state: stateKey, event: event.caseKey, kind: kind))
      }
      if stepsWatched.load(ordering: .relaxed) {
        commitStep(event, &next)
      } else {
        // Only `current` changes: its own lock, without `lock`'s mutex.
        if next != nil { stateLock.withLock { swap(&current, &next!) } }
        publish()
      }
      if keep { taken = current }
      return .taken
    }
    if let kind = engine.take(event, in: self, of: stateKey, invoked: invoked, &next) {
      return .refused(Refusal(state: stateKey, event: event.caseKey, kind: kind))
    }
    if stepsWatched.load(ordering: .relaxed) {
      commitStep(event, &next)
    } else {
      commit(&next)
    }
    if keep { taken = current }
    guard !engine.wasCut else {
      cuts.add(1, ordering: .relaxed)
      return .refused(Refusal(state: stateKey, event: event.caseKey, kind: .loopLimit))
    }
    return .taken
  }

  /// `commit`, then the step given to the subscribers of `transitions` (the machine's list of
  /// them, walked in place: see `PassthroughObservers`). Out of line: a send nobody watches
  /// never reaches it.
  @inlinable @inline(never)
  func commitStep(_ event: Event, _ next: inout State?) {
    let from = current
    commit(&next)
    stepObservers.deliver(Step(from: from, event: event, to: current, annotations: engine.takenAnnotations))
  }

  /// Makes the engine's step the machine's: under the lock (and, for a flat graph's state,
  /// `stateLock` inside it), the new state (`next`; `nil` keeps it) and, for a chart, the configuration the engine prepared are put in place for other
  /// threads (the replaced state is released after, outside it; the replaced configuration
  /// goes back to the engine, which reuses its storage); then the machine's one list of
  /// subscribers is called (those of `statePublisher`, and through it of `snapshotPublisher`
  /// and `configurationPublisher`), and the macrostep's record is sent when inspected. Called
  /// by the claim's holder.
  @inlinable @inline(__always)
  func commit(_ next: inout State?) {
    lock.withLock {
      if engine.sharesConfiguration {
        if next != nil { swap(&current, &next!) }
        swap(&shared, &engine.sharedNext)
      } else if next != nil {
        stateLock.withLock { swap(&current, &next!) }
      }
    }
    publish()
    // Only a chart stops or records its macrosteps.
    if engine.sharesConfiguration && (engine.halted || engine.recording) { publishRest() }
  }

  /// The rest of `commit` for a chart: the subscribers of `statePublisher` finished when the
  /// machine stopped, the macrostep's record given to the subscribers of `macrosteps` when
  /// inspected (they never finish).
  @inlinable @inline(never)
  func publishRest() {
    if engine.halted { finishObservers() }
    if let record = engine.endRecord() { macrostepObservers.deliver(record) }
  }

  @usableFromInline
  func rejection(_ refusal: Refusal) -> TransitionRejected {
    let reason: TransitionRejected.Reason
    switch refusal.kind {
    case .noTransition: reason = .noTransition
    case .invalidTarget: reason = .invalidTarget
    case .noHistory: reason = .noHistory
    case .loopLimit: reason = .loopLimit(Self.loopLimit)
    case .guardsFailed(let range):
      reason = .guardsFailed(range.compactMap { graph.index.slot($0).conditionName })
    case .guardsFailedNamed(let names):
      reason = .guardsFailed(names)
    }
    return TransitionRejected(
      state: caseLabel(refusal.state), event: caseLabel(refusal.event), reason: reason)
  }
}
