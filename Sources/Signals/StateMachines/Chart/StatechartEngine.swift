import Synchronization

/// The one engine under every `StateMachine`: a graph's running state and the W3C SCXML
/// algorithm (Appendix D) over it, in one place: which transitions an event enables, conflicts
/// between them, exit and entry sets and their order, microsteps, and the macrostep that runs
/// eventless transitions and internal events (raised ones and done events) to completion.
///
/// A microstep is planned, then performed (`MicrostepPlan.swift`): `planMicrostep` reads the
/// configuration and the transitions and writes the ordered effects (`MicrostepEffect`: exits,
/// timers and invocations cancelled, transition actions, entries, timers armed, invocations
/// queued, entry actions, done events) into `plan`, a buffer the engine keeps; `performPlan`
/// runs them in order. Only the performer runs user code, so a plan never depends on what an
/// action did in the same microstep.
///
/// A graph made without a chart block is a chart of one level: the root and a leaf per state,
/// whose configuration is the root and the machine's state. Nothing is entered or left around
/// a step of such a chart but that leaf (no entry or exit action, timer, invocation, history,
/// done event or extended state), so the engine takes its events from the graph's transition
/// table (`takesFromTable`): a send is one lookup by the state's and the event's case, O(1) in
/// the states, without allocation, and its configuration is read from the state itself. Every
/// other graph (a chart block, an extended state, a transition with an action) runs the
/// algorithm over its `ChartModel`.
///
/// A chart's event whose one transition only moves (no action, and no entry or exit action,
/// timer, invocation, history or final state on its way; a guard is asked each time) is a
/// *quiet step*: the engine works it out once per configuration with the algorithm above and
/// afterwards performs it from a memo (`QuietSteps.swift`), so that such a send costs a few
/// stores rather than a selection and two sets. A step chosen the same way that runs user code
/// is a *kept plan* (`KeptPlans.swift`): its effects are planned once and performed from the
/// memo. An inspected machine always runs the full algorithm.
///
/// The machine owns what is around the engine: the claim that lets one thread at a time run
/// it, the queue of events sent meanwhile, the lock over what other threads read, and the
/// publishing. Only the thread holding the machine's claim calls the engine, so its state needs
/// no lock; what other threads read is copied out by the machine under its lock
/// (`sharedNext`). It reaches the machine (to arm timers, start invocations
/// and send events) through a weak reference.
@usableFromInline final class StatechartEngine<State: CaseKeyed, Event: CaseKeyed> {
  @usableFromInline typealias Model = ChartModel<State, Event>

  /// An enabled transition and the value its target takes.
  @usableFromInline struct Enabled {
    @usableFromInline let edge: Int
    @usableFromInline let value: State?

    @inlinable init(edge: Int, value: State?) {
      self.edge = edge
      self.value = value
    }
  }

  /// What a transition is selected for.
  @usableFromInline enum Trigger {
    case event(Event)
    /// The done event of a state, with the final state's value as its data.
    case done(node: Int, data: State?)
  }

  /// Why no transition was enabled.
  @usableFromInline enum Miss {
    case none
    case guards([String])
    case invalidTarget
  }

  /// What the engine tells the machine of a refused event.
  @usableFromInline typealias Refusal = StateMachine<State, Event>.Refusal

  /// Whether the graph is a chart of one level whose events are looked up in `table` (a graph
  /// made without a chart block): its configuration is then the machine's state, and nothing
  /// of `model` is read on a send.
  @usableFromInline let takesFromTable: Bool
  /// The graph's transition table (built with the graph): a row per state case, a column per
  /// event case, each cell the transitions to try in order.
  @usableFromInline let table: TransitionIndex<State, Event>
  /// Where the machine's owner resolves the targets of a table's transitions (see
  /// `StateMachine.TargetResolver`); `nil` for a plain machine and for a chart, which never
  /// calls it.
  @usableFromInline let resolver: ((_ target: State?, _ resolvedName: String?) -> State?)?
  /// Whether the engine prepares a configuration for other threads to read beside the state
  /// (`sharedNext`, which the machine puts in place under its lock after each step): a chart
  /// does; a table's configuration is the machine's state.
  @usableFromInline let sharesConfiguration: Bool
  /// The configuration the last step left, as other threads will read it; after the machine
  /// has put it in place, the one it replaced, whose storage the next step reuses.
  @usableFromInline @exclusivity(unchecked) var sharedNext: ChartSnapshot<State>
  /// The table's slot of the transition taken last (its annotations, for a watched step).
  @usableFromInline @exclusivity(unchecked) var takenSlot = -1
  @usableFromInline let model: Model
  /// The model's hierarchy, kept here so that the walks read it without going through the model.
  @usableFromInline let tree: ChartTree
  @usableFromInline let scheduler: any Scheduler
  @usableFromInline @exclusivity(unchecked) weak var machine: StateMachine<State, Event>?
  /// The active nodes, ascending (document order), after the last microstep; the root (0) is
  /// always first.
  @usableFromInline @exclusivity(unchecked) var configuration: [Int] = [0] {
    didSet { configurationNumber = -1 }
  }
  /// The configuration's number in the memo of quiet steps (`QuietSteps.swift`), -1 when it
  /// has none yet (any change to the configuration clears it; a macrostep's end numbers it).
  @usableFromInline @exclusivity(unchecked) var configurationNumber = -1
  /// The memo of quiet steps: what an event that only moves does in a configuration.
  @usableFromInline @exclusivity(unchecked) var quiet: QuietStepCache<State>
  @usableFromInline let active: NodeColumn<Bool>
  @usableFromInline let values: NodeColumn<State?>
  /// The extended state.
  @inlinable var context: State.MachineContext {
    get { contextStorage! }
    set { contextStorage = newValue }
  }
  /// The extended state; `nil` only while an action holds it (moved into its `ChartContext`,
  /// so that changing a collection in it does not copy the collection).
  @usableFromInline @exclusivity(unchecked) var contextStorage: State.MachineContext?
  /// Bumped each time a node is entered, so that a timer or an invoked result of an earlier
  /// visit is recognised and dropped.
  @usableFromInline let generation: NodeColumn<UInt64>
  /// Timers and invocations of each active node; dropping them cancels them.
  @usableFromInline @exclusivity(unchecked) var work: [[AnyCancellable]]
  /// What each history node recorded: nodes and their values.
  @usableFromInline @exclusivity(unchecked) var history: [Int: [(node: Int, value: State?)]] = [:]
  /// Raised events and done events, waiting for the macrostep's next internal step.
  @usableFromInline @exclusivity(unchecked) var internalQueue: [Trigger] = []
  @usableFromInline @exclusivity(unchecked) var internalHead = 0
  /// Nodes with invocations entered during the macrostep: they start at its end.
  @usableFromInline @exclusivity(unchecked) var entered: [(node: Int, generation: UInt64)] = []
  /// The transitions the last selection enabled (kept between sends: no allocation per send).
  @usableFromInline @exclusivity(unchecked) var selected: [Enabled] = []
  /// The last microstep's exit set, in exit order.
  @usableFromInline @exclusivity(unchecked) var exiting: [Int] = []
  /// The nodes entered so far by the plan being performed, added to the configuration after
  /// its last entry (`MicrostepEffect.addEnteredToConfiguration`).
  @usableFromInline @exclusivity(unchecked) var added: [Int] = []
  /// The last microstep's effects, in the order they were performed (`MicrostepPlan`):
  /// emptied and refilled by each plan, its storage kept, so that a warm step allocates none.
  @usableFromInline let plan = MicrostepPlan<State>()
  /// Each edge's transition domain once computed (-1 before), for edges whose target is not a
  /// history state (their domain never changes).
  @usableFromInline @exclusivity(unchecked) var domains: [Int]
  /// Each edge's entry set once computed, for a transition taken alone whose entry reads no
  /// history: the same states every time.
  @usableFromInline @exclusivity(unchecked) var entryPlans: [EntryPlan?]
  /// Edges whose entry set reads a history (computed each time).
  @usableFromInline @exclusivity(unchecked) var unplannable: [Bool]
  /// Whether the machine's macrosteps are recorded (while `StateMachine.macrosteps` has a subscriber).
  @usableFromInline let inspected = Atomic<Bool>(false)

  /// A transition's entry set, kept for the next time it is taken alone: the states to enter
  /// (ascending), the value each is given (`nil`: its own), and the target's position (its
  /// value comes from the transition).
  @usableFromInline struct EntryPlan {
    @usableFromInline let nodes: [Int]
    @usableFromInline let values: [State?]
    @usableFromInline let target: Int

    @inlinable init(nodes: [Int], values: [State?], target: Int) {
      self.nodes = nodes
      self.values = values
      self.target = target
    }
  }
  /// The delayed transitions armed, by tag: the node, its visit and the edge.
  @usableFromInline @exclusivity(unchecked) var timers: [UInt64: (node: Int, generation: UInt64, edge: Int)] =
    [:]
  @usableFromInline @exclusivity(unchecked) var timerTags: [[UInt64]]
  @usableFromInline @exclusivity(unchecked) var nextTimer: UInt64 = 0
  /// The last node of each node's subtree (the model's).
  @usableFromInline let lastDescendant: [Int]
  /// Told each microstep's transitions, by title (model-based tests set it before any send).
  @usableFromInline @exclusivity(unchecked) var observer: (([String]) -> Void)?
  /// The macrostep being recorded, while the machine is inspected.
  @usableFromInline @exclusivity(unchecked) var record: MacrostepRecord<State, Event>?
  /// Whether `record` is kept (read on every step: a flag, not the optional record).
  @usableFromInline @exclusivity(unchecked) var recording = false

  /// Starts recording a macrostep (when the machine is inspected).
  @inlinable @inline(__always) func beginRecord(
    _ cause: @autoclosure () -> MacrostepRecord<State, Event>.Cause
  ) {
    guard inspected.load(ordering: .relaxed) else { return }
    startRecord(cause())
  }

  /// Makes the macrostep's record.
  @usableFromInline func startRecord(_ cause: MacrostepRecord<State, Event>.Cause) {
    recording = true
    record = MacrostepRecord(
      cause: cause, configuration: configuration.dropFirst().compactMap { model.nodes[$0].key },
      context: context)
  }

  /// Ends the macrostep's record and returns it.
  @inlinable @inline(__always) func endRecord() -> MacrostepRecord<State, Event>? {
    recording ? finishRecord() : nil
  }

  /// Completes the macrostep's record and returns it.
  @usableFromInline func finishRecord() -> MacrostepRecord<State, Event>? {
    recording = false
    guard var finished = record else { return nil }
    record = nil
    finished.configurationAfter = configuration.dropFirst().compactMap { model.nodes[$0].key }
    finished.contextAfter = context
    finished.wasCut = wasCut
    return finished
  }

  /// Adds a fact to the record, if one is kept.
  @inlinable @inline(__always) func note(_ fact: @autoclosure () -> String) {
    if recording { appendNote(fact()) }
  }

  /// Adds a fact to the record.
  @usableFromInline func appendNote(_ fact: String) { record?.log.append(fact) }
  /// A top-level final state was entered: the machine has stopped and takes no more events.
  @usableFromInline @exclusivity(unchecked) var halted = false
  /// Whether the last macrostep was cut at `microstepLimit`.
  @usableFromInline @exclusivity(unchecked) var wasCut = false
  /// Whether invocations are being started (their synchronous results are a chain); read by
  /// the invocations' callbacks, on any thread.
  @usableFromInline let startingInvocations = Atomic<Bool>(false)

  /// A macrostep stops after this many microsteps (a cycle of eventless transitions or raised
  /// events would otherwise never end); the cut is reported.
  @usableFromInline static var microstepLimit: Int { 10_000 }

  /// An engine for `graph`, its delayed transitions timed on `scheduler`; `resolver` (a
  /// coordinator's) says where the transitions of a graph made without a chart block lead.
  @usableFromInline init(
    graph: StateGraph<State, Event>, scheduler: any Scheduler,
    resolver: ((_ target: State?, _ resolvedName: String?) -> State?)?
  ) {
    // A graph without a chart block keeps its hierarchy (the root and a leaf per state) in its
    // table; its model holds the root and the initial leaf, and nothing reads it.
    let model =
      graph.chart ?? ChartModel(initial: graph.initial, elements: [], transitions: [], states: [])
    takesFromTable = graph.chart == nil
    sharesConfiguration = graph.chart != nil
    sharedNext = ChartSnapshot(context: graph.context)
    table = graph.index
    self.resolver = graph.chart == nil ? resolver : nil
    self.model = model
    tree = model.tree
    contextStorage = graph.context
    self.scheduler = scheduler
    let count = model.nodes.count
    active = NodeColumn(repeating: false, count: count)
    active[0] = true
    values = NodeColumn(repeating: nil, count: count)
    generation = NodeColumn(repeating: 0, count: count)
    work = Array(repeating: [], count: count)
    timerTags = Array(repeating: [], count: count)
    lastDescendant = model.tree.lastDescendant
    domains = Array(repeating: -1, count: model.edges.count)
    entryPlans = Array(repeating: nil, count: model.edges.count)
    unplannable = Array(repeating: false, count: model.edges.count)
    quiet = QuietStepCache(columns: graph.chart == nil ? 0 : model.columns.count)
  }

  // MARK: Reading the configuration

  /// Whether `node` is below `ancestor` (O(1): pre-order ranges).
  @inlinable @inline(__always) func isProperDescendant(_ node: Int, of ancestor: Int) -> Bool {
    node > ancestor && node <= lastDescendant[ancestor]
  }

  /// Whether the state of case `key` is active at this moment (SCXML's `In()`).
  @usableFromInline func isActive(_ key: State.Case) -> Bool {
    guard let node = model.indexOf[key] else { return false }
    return active[node]
  }

  /// Whether `node` is active.
  @usableFromInline func isActive(node: Int) -> Bool { active[node] }

  /// The first leaf's value: the machine's `state` (once stopped, the last one it had).
  @inlinable var primary: State? {
    for node in configuration where model.isAtomic(node) { return values[node] }
    return stoppedIn
  }

  /// The first leaf's value when the machine stopped.
  @usableFromInline @exclusivity(unchecked) var stoppedIn: State?

  /// The value a guard or action of a transition from `node` is given: the node's, or for the
  /// root (a wildcard) the first leaf's.
  @inlinable func value(of node: Int) -> State? { node == 0 ? primary : values[node] }

  /// A context for a guard or action that belongs to `state`.
  @inlinable func makeContext(
    _ state: State, _ trigger: Trigger?, moving: Bool = false
  ) -> ChartContext<State, Event> {
    var event: Event?
    var data: State?
    switch trigger {
    case .event(let sent): event = sent
    case .done(_, let value): data = value
    case nil: break
    }
    // An action gets the context itself (moved out, put back after it), a guard a copy.
    let value = moving ? contextStorage.take()! : context
    return ChartContext(state: state, event: event, doneData: data, context: value, engine: self)
  }

  /// Runs `action` for `state`, keeps its change to the extended state and queues the events
  /// it raised.
  @inlinable func perform(_ action: ChartAction<State, Event>, for state: State, _ trigger: Trigger?) {
    var chartContext = makeContext(state, trigger, moving: true)
    action(&chartContext)
    contextStorage = chartContext.context
    for event in chartContext.raised {
      note("raise \(String(describing: event))")
      internalQueue.append(.event(event))
    }
  }

  /// An event sent from an action: to the machine's queue, after this macrostep.
  @usableFromInline func sendExternal(_ event: Event) { machine?.sendChained(event) }

  // MARK: What other threads read

  /// Writes the configuration as other threads will read it into `sharedNext` (reusing its
  /// storage): the active nodes (the root left out), their values, whether the machine
  /// stopped, the extended state and the histories. Called at the end of a chart's macrostep.
  @inlinable @inline(never)
  func prepareSharedConfiguration() {
    let count = configuration.count - 1
    sharedNext.states.resize(to: count)
    for index in 0..<count {
      let node = configuration[index &+ 1]
      sharedNext.states.nodes[index] = node
      sharedNext.states.values[index] = values[node]
    }
    sharedNext.halted = halted
    sharedNext.context = context
    if tree.hasHistory { sharedNext.history = history }
  }

  /// The active states' cases in document order, as `shared` (the last configuration the
  /// machine shared) and `state` (its state) say.
  @usableFromInline func configurationKeys(_ shared: ChartSnapshot<State>, state: State) -> [State.Case] {
    takesFromTable ? [state.caseKey] : shared.states.activeNodes.compactMap { model.nodes[$0].key }
  }

  /// Whether the state of case `key` is active, as `shared` and `state` say.
  @usableFromInline func isActive(_ key: State.Case, in shared: ChartSnapshot<State>, state: State) -> Bool {
    if takesFromTable { return state.caseKey == key }
    guard let node = model.indexOf[key] else { return false }
    return shared.states.activeNodes.contains(node)
  }

  /// The value of the active state of case `key`, as `shared` and `state` say; `nil` when it
  /// is not active.
  @usableFromInline func activeValue(
    _ key: State.Case, in shared: ChartSnapshot<State>, state: State
  ) -> State? {
    if takesFromTable { return state.caseKey == key ? state : nil }
    guard let node = model.indexOf[key], let index = shared.states.activeNodes.firstIndex(of: node) else {
      return nil
    }
    return shared.states.values[index]
  }

  // MARK: Selection

  /// SCXML's selectTransitions (for an event, raised or sent, or a done event): for each leaf
  /// in document order, the first transition whose guard holds in the leaf or its nearest
  /// ancestor that has one; then conflicts removed. The result is left in `selected`.
  ///
  /// - Returns: Why nothing was enabled, when `selected` is empty.
  @discardableResult
  @inlinable func select(_ trigger: Trigger) -> Miss {
    switch trigger {
    case .event(let event): return select(event: event)
    case .done: return selectDone(trigger)
    }
  }

  /// `select(_:)` for an event: the send path, written out (no closure over its counters, so
  /// that nothing is checked for exclusive access at run time).
  @inlinable func select(event: Event) -> Miss {
    emptied(&selected)
    let column = model.column(of: event.caseKey)
    guard column >= 0 else { return .none }
    var failed: [String] = []
    var invalid = false
    var chosen = Set<Int>()
    for leaf in configuration where tree.isAtomic(leaf) {
      var node = leaf
      search: while node >= 0 {
        for slot in tree.eventEdges(at: node, column: column) {
          let edgeIndex = tree.eventEdges[slot]
          if tree.edgeGuarded[edgeIndex] {
            guard let source = value(of: node),
              holds(model.edges[edgeIndex], makeContext(source, .event(event)))
            else {
              if let name = model.edges[edgeIndex].conditionName { failed.append(name) }
              continue
            }
          }
          var target: State?
          if tree.edgeMakes[edgeIndex] {
            guard let made = model.edges[edgeIndex].make?(event),
              made.caseKey == model.nodes[tree.edgeTarget[edgeIndex]].key
            else {
              invalid = true
              continue
            }
            target = made
          } else {
            target = model.edges[edgeIndex].fixed
          }
          add(Enabled(edge: edgeIndex, value: target), to: &selected, &chosen)
          break search
        }
        node = tree.parent[node]
      }
    }
    if selected.count > 1 { selected = removingConflicts(selected) }
    return invalid ? .invalidTarget : failed.isEmpty ? .none : .guards(failed)
  }

  /// `select(_:)` for a done event.
  @usableFromInline func selectDone(_ trigger: Trigger) -> Miss {
    emptied(&selected)
    guard case .done(let done, _) = trigger else { return .none }
    var failed: [String] = []
    var chosen = Set<Int>()
    for leaf in configuration where tree.isAtomic(leaf) {
      var node = leaf
      search: while node >= 0 {
        for (of, edgeIndex) in tree.done[node] where of == done {
          if tree.edgeGuarded[edgeIndex] {
            guard let source = value(of: node), holds(model.edges[edgeIndex], makeContext(source, trigger))
            else {
              if let name = model.edges[edgeIndex].conditionName { failed.append(name) }
              continue
            }
          }
          add(Enabled(edge: edgeIndex, value: model.edges[edgeIndex].fixed), to: &selected, &chosen)
          break search
        }
        node = tree.parent[node]
      }
    }
    if selected.count > 1 { selected = removingConflicts(selected) }
    return failed.isEmpty ? .none : .guards(failed)
  }

  /// Whether every guard of `edge` holds in `context`.
  @inlinable func holds(_ edge: Model.Edge, _ context: ChartContext<State, Event>) -> Bool {
    edge.conditions.allSatisfy { $0.holds(context) }
  }

  /// SCXML's selectEventlessTransitions; the result is left in `selected`.
  @inlinable func selectEventless() {
    emptied(&selected)
    guard tree.hasEventless else { return }
    var chosen = Set<Int>()
    for leaf in configuration where tree.isAtomic(leaf) {
      var node = leaf
      search: while node >= 0 {
        for edgeIndex in tree.eventless[node] {
          if tree.edgeGuarded[edgeIndex] {
            guard let source = value(of: node), holds(model.edges[edgeIndex], makeContext(source, nil)) else {
              continue
            }
          }
          add(Enabled(edge: edgeIndex, value: model.edges[edgeIndex].fixed), to: &selected, &chosen)
          break search
        }
        node = tree.parent[node]
      }
    }
    if selected.count > 1 { selected = removingConflicts(selected) }
  }

  /// Adds `transition` unless another leaf chose its edge already (a search of the few chosen
  /// so far, or of a set once there are many: linear in the leaves).
  @inlinable func add(_ transition: Enabled, to enabled: inout [Enabled], _ chosen: inout Set<Int>) {
    if enabled.count < 8 {
      guard !enabled.contains(where: { $0.edge == transition.edge }) else { return }
    } else {
      if chosen.isEmpty { chosen = Set(enabled.map(\.edge)) }
      guard chosen.insert(transition.edge).inserted else { return }
    }
    enabled.append(transition)
  }

  /// SCXML's removeConflictingTransitions: of two transitions whose exit sets intersect, the
  /// one whose source is a descendant of the other's wins, else the earlier in document order.
  ///
  /// Two exit sets intersect exactly when both transitions have targets and one's domain
  /// contains the other's (every domain has an active descendant: the source or its child).
  /// The domains kept are then never nested, so a new transition meets at most one kept domain
  /// at or above its own (a walk up) and a run of them below it (a range of the sorted kept
  /// domains): linear in the transitions and the depth, not quadratic.
  @usableFromInline func removingConflicts(_ enabled: [Enabled]) -> [Enabled] {
    guard enabled.count > 1 else { return enabled }
    var kept: [Enabled?] = []
    var keptAt: [Int: Int] = [:]  // a kept domain to its position in `kept`
    var domains: [Int] = []  // the kept domains, ascending
    for transition in enabled {
      guard let domain = domain(transition.edge) else {
        kept.append(transition)  // targetless: its exit set is empty
        continue
      }
      var conflicting: [Int] = []
      var ancestor = domain
      while ancestor >= 0 {
        if let position = keptAt[ancestor] {
          conflicting.append(position)
          break
        }
        ancestor = tree.parent[ancestor]
      }
      let low = lowerBound(domains, domain + 1)
      let high = lowerBound(domains, lastDescendant[domain] + 1)
      for below in domains[low..<high] { conflicting.append(keptAt[below]!) }
      let source = model.edges[transition.edge].source
      let wins = conflicting.allSatisfy { position in
        isProperDescendant(source, of: model.edges[kept[position]!.edge].source)
      }
      guard wins else { continue }
      for position in conflicting {
        let removed = self.domain(kept[position]!.edge)!
        keptAt[removed] = nil
        domains.remove(at: lowerBound(domains, removed))
        kept[position] = nil
      }
      keptAt[domain] = kept.count
      domains.insert(domain, at: lowerBound(domains, domain))
      kept.append(transition)
    }
    return kept.compactMap { $0 }
  }

  /// The first position in ascending `values` whose value is at least `value`.
  @usableFromInline func lowerBound(_ values: [Int], _ value: Int) -> Int {
    var (low, high) = (0, values.count)
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  // MARK: Exit and entry sets

  /// The states a target stands for once history is resolved.
  @usableFromInline func effectiveTargets(_ target: Int) -> [Int] {
    guard tree.isHistory(target) else { return [target] }
    if let recorded = history[target] { return recorded.map(\.node) }
    return model.historyDefault(target).flatMap { effectiveTargets($0.node) }
  }

  /// SCXML's getTransitionDomain: `nil` for a targetless transition; the source for an
  /// internal one from a compound state to its descendants; else the least common compound
  /// ancestor of the source and the targets, or the root.
  @inlinable func domain(_ edgeIndex: Int) -> Int? {
    let target = tree.edgeTarget[edgeIndex]
    guard target >= 0 else { return nil }
    if tree.isHistory(target) { return computeDomain(edgeIndex) }
    if domains[edgeIndex] < 0 { domains[edgeIndex] = computeDomain(edgeIndex) }
    return domains[edgeIndex]
  }

  /// `domain(_:)`, computed.
  @usableFromInline func computeDomain(_ edgeIndex: Int) -> Int {
    let edge = model.edges[edgeIndex]
    guard let target = edge.target else { return 0 }
    let targets = effectiveTargets(target)
    if edge.isInternal, tree.kind[edge.source] == .compound,
      targets.allSatisfy({ isProperDescendant($0, of: edge.source) })
    {
      return edge.source
    }
    guard edge.source != 0 else { return 0 }
    var ancestor = tree.parent[edge.source]
    while ancestor > 0 {
      if tree.kind[ancestor] == .compound, targets.allSatisfy({ isProperDescendant($0, of: ancestor) }) {
        return ancestor
      }
      ancestor = tree.parent[ancestor]
    }
    return 0
  }

  /// The active proper descendants of `domain`, ascending: a run of the sorted configuration.
  @inlinable func activeDescendants(of domain: Int) -> ArraySlice<Int> {
    let start = firstIndex(after: domain)
    let end = firstIndex(after: lastDescendant[domain])
    return configuration[start..<end]
  }

  /// The position of the first configuration entry above `node`.
  @inlinable func firstIndex(after node: Int) -> Int {
    var (low, high) = (0, configuration.count)
    while low < high {
      let middle = (low + high) / 2
      if configuration[middle] <= node { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// SCXML's computeExitSet: the active descendants of each transition's domain, in exit
  /// order (descending: innermost and last first).
  @inlinable func exitSet(_ enabled: [Enabled]) -> [Int] {
    if enabled.count == 1 {
      emptied(&exiting)
      guard let domain = domain(enabled[0].edge) else { return exiting }
      let start = firstIndex(after: domain)
      var position = firstIndex(after: lastDescendant[domain])
      while position > start {
        position &-= 1
        exiting.append(configuration[position])
      }
      return exiting
    }
    var marked = Set<Int>()
    var exits: [Int] = []
    for transition in enabled {
      guard let domain = domain(transition.edge) else { continue }
      for node in activeDescendants(of: domain) where marked.insert(node).inserted { exits.append(node) }
    }
    return exits.sorted(by: >)
  }

  /// SCXML's computeEntrySet: the states to enter (ascending), with the values the targets and
  /// restored histories give them.
  @usableFromInline func entrySet(_ enabled: [Enabled]) -> (nodes: [Int], values: [Int: State]) {
    var builder = EntryBuilder(run: self)
    for transition in enabled {
      let edge = model.edges[transition.edge]
      guard let target = edge.target, let domain = domain(transition.edge) else { continue }
      if let value = transition.value { builder.given[target] = value }
      builder.addDescendants(target)
      for state in effectiveTargets(target) { builder.addAncestors(state, upTo: domain) }
    }
    return (builder.toEnter, builder.given)
  }

  /// The states to enter, as SCXML's addDescendantStatesToEnter and addAncestorStatesToEnter
  /// collect them; `covered` marks each state with a state to enter below it, so that a
  /// parallel region already entered is not entered by default (linear in the states). The
  /// recursion of the standard's functions is a stack of work here, so a chart of any depth is
  /// entered without overflowing the thread's stack.
  struct EntryBuilder {
    enum Work {
      case descendants(Int)
      case ancestors(Int, upTo: Int)
    }

    let run: StatechartEngine
    /// Whether each node is to be entered, and the nodes so marked.
    private var marked: [Bool]
    private var entering: [Int] = []
    /// Whether each node has a node to enter below it.
    private var covered: [Bool]
    var given: [Int: State] = [:]
    /// Whether a history state was entered (the set then depends on what it recorded).
    private(set) var readsHistory = false
    private var work: [Work] = []
    private var asked: [Work] = []

    init(run: StatechartEngine) {
      self.run = run
      marked = Array(repeating: false, count: run.tree.parent.count)
      covered = marked
    }

    /// The states to enter, ascending.
    var toEnter: [Int] { entering.sorted() }

    mutating func insert(_ node: Int) {
      guard !marked[node] else { return }
      marked[node] = true
      entering.append(node)
      var ancestor = run.tree.parent[node]
      while ancestor >= 0, !covered[ancestor] {
        covered[ancestor] = true
        ancestor = run.tree.parent[ancestor]
      }
    }

    /// SCXML's addDescendantStatesToEnter(node), and all it leads to.
    mutating func addDescendants(_ node: Int) {
      work.append(.descendants(node))
      drain()
    }

    /// SCXML's addAncestorStatesToEnter(node, limit), and all it leads to.
    mutating func addAncestors(_ node: Int, upTo limit: Int) {
      work.append(.ancestors(node, upTo: limit))
      drain()
    }

    /// Runs the work in the order the standard's recursion would: what a step asks for is
    /// pushed in reverse, so that it runs next and in order.
    private mutating func drain() {
      while let next = work.popLast() {
        asked.removeAll(keepingCapacity: true)
        switch next {
        case .descendants(let node): descend(node)
        case .ancestors(let node, let limit): ascend(node, upTo: limit)
        }
        work += asked.reversed()
      }
    }

    private mutating func descend(_ node: Int) {
      let model = run.model
      if run.tree.isHistory(node) {
        readsHistory = true
        let parent = run.tree.parent[node]
        let restored = run.history[node] ?? model.historyDefault(node)
        for (state, value) in restored {
          if let value, given[state] == nil { given[state] = value }
          asked.append(.descendants(state))
        }
        for (state, _) in restored { asked.append(.ancestors(state, upTo: parent)) }
        return
      }
      insert(node)
      switch run.tree.kind[node] {
      case .compound:
        guard let initial = model.nodes[node].initial else { return }
        if given[initial.node] == nil { given[initial.node] = initial.value }
        asked.append(.descendants(initial.node))
        asked.append(.ancestors(initial.node, upTo: node))
      case .parallel:
        for child in run.tree.children[node] where !covered[child] { asked.append(.descendants(child)) }
      default: break
      }
    }

    private mutating func ascend(_ node: Int, upTo limit: Int) {
      var ancestor = run.tree.parent[node]
      while ancestor != limit && ancestor > 0 {
        insert(ancestor)
        if run.tree.kind[ancestor] == .parallel {
          for child in run.tree.children[ancestor] where !covered[child] && !marked[child] {
            asked.append(.descendants(child))
          }
        }
        ancestor = run.tree.parent[ancestor]
      }
    }
  }

  /// Whether `node` has reached its end: a compound state with an active final child, a
  /// parallel state whose every region has.
  @inlinable func isInFinalState(_ node: Int) -> Bool {
    switch tree.kind[node] {
    case .compound:
      return tree.children[node].contains { active[$0] && tree.kind[$0] == .final }
    case .parallel: return tree.children[node].allSatisfy(isInFinalState)
    default: return false
    }
  }

  // MARK: Microsteps and macrosteps

  /// Enters the initial configuration (the machine's start): the initial state, its ancestors
  /// and its initial descendants, their entry actions run and their invocations started.
  ///
  /// - Returns: The machine's state after it; `nil` when it is the graph's initial state as it
  ///   is (a table's graph, which enters nothing but its initial leaf).
  @usableFromInline func start() -> State? {
    guard !takesFromTable, let initial = model.nodes[0].initial else { return nil }
    beginRecord(.start)
    var builder = EntryBuilder(run: self)
    builder.given[initial.node] = initial.value
    builder.addDescendants(initial.node)
    builder.addAncestors(initial.node, upTo: 0)
    let toEnter = builder.toEnter
    enter(toEnter, toEnter.map { builder.given[$0] }, nil)
    finishMacrostep()
    return primary
  }

  /// Takes an event from outside (sent, or an invoked publisher's result) in `machine`: a table
  /// lookup for a one-level graph, else one macrostep (SCXML's).
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - machine: The machine running the engine, whose state (`current`, the first active
  ///     leaf's value) a table's guards are given (read only for a guard: no copy otherwise).
  ///   - stateKey: The case of the machine's state.
  ///   - invoked: Whether an invocation produced it (for the inspector's record).
  ///   - next: Set to the machine's state after the step, when the event was taken (left
  ///     `nil` when a chart's step leaves no active leaf, which keeps the last state).
  /// - Returns: Why the event was refused, or `nil` when it was taken. A macrostep cut at
  ///   `microstepLimit` is taken, and `wasCut` says so.
  @inlinable @inline(__always)
  func take(
    _ event: Event, in machine: StateMachine<State, Event>, of stateKey: State.Case, invoked: Bool = false,
    _ next: inout State?
  ) -> Refusal.Kind? {
    if takesFromTable { return takeFromTable(event, in: machine, of: stateKey, &next) }
    return takeInChart(event, invoked: invoked, &next)
  }

  /// `take` for a one-level graph: the first transition of the table's cell whose guard
  /// passes, its target fixed, made from the event, or resolved by the machine's owner.
  @inlinable @inline(__always)
  func takeFromTable(
    _ event: Event, in machine: StateMachine<State, Event>, of stateKey: State.Case, _ next: inout State?
  ) -> Refusal.Kind? {
    typealias Index = TransitionIndex<State, Event>
    // The index's fields are read one by one (`Index.lookUp`, `Index.rule`): a method of the
    // index would load all of them.
    let range =
      Index.lookUp(
        stateKey, event.caseKey, rows: table.cellOfRowByte, columns: table.cellOfColumnByte,
        cells: table.cells) ?? table.hashedCandidates(stateKey, event.caseKey)
    var chosen = -1
    // The rules are read unretained (the index keeps them) and their closures borrowed: no
    // reference count changes on the send path.
    var slot = range.lowerBound
    while slot < range.upperBound {
      let passes = Index.rule(slot, in: table.unmanagedRules)._withUnsafeGuaranteedRef { rule in
        guard let condition = rule.condition else { return true }
        return condition(machine.current, event)
      }
      if passes {
        chosen = slot
        break
      }
      slot &+= 1
    }
    guard chosen >= 0 else { return range.isEmpty ? .noTransition : .guardsFailed(range) }
    return Index.rule(chosen, in: table.unmanagedRules)._withUnsafeGuaranteedRef { rule in
      var target: State
      if let fixed = rule.fixed {
        target = fixed
      } else if rule.make != nil, let key = rule.key {
        // Called in place (a `let` of the rule): binding it would retain its context.
        guard let made = rule.make?(event), made.caseKey == key else { return .invalidTarget }
        target = made
      } else {
        // A resolved target: the owner says where it leads, if it can.
        guard let resolver, let name = rule.resolvedName, let resolved = resolver(nil, name) else {
          return .noHistory
        }
        target = resolved
      }
      if let resolver, rule.resolvedName == nil {
        guard let resolved = resolver(target, nil) else { return .noHistory }
        target = resolved
      }
      takenSlot = chosen
      next = target
      return nil
    }
  }

  /// `take` for a chart: one macrostep.
  @inlinable @inline(never)
  func takeInChart(_ event: Event, invoked: Bool, _ next: inout State?) -> Refusal.Kind? {
    guard !halted else { return .noTransition }
    // A quiet step is performed from the memo (nothing is recorded or told a test's observer:
    // those take the full algorithm).
    if configurationNumber >= 0, observer == nil, !inspected.load(ordering: .relaxed) {
      let column = model.column(of: event.caseKey)
      if column >= 0 {
        switch takeQuietly(event, column: column, &next) {
        case .taken: return nil
        case .invalidTarget: return .invalidTarget
        case .guardsFailed(let names): return names.isEmpty ? .noTransition : .guardsFailedNamed(names)
        case .loud: break
        }
      }
    }
    let miss = select(.event(event))
    guard !selected.isEmpty else {
      switch miss {
      case .none: return .noTransition
      case .invalidTarget: return .invalidTarget
      case .guards(let names): return .guardsFailedNamed(names)
      }
    }
    beginRecord(invoked ? .invoked(event) : .event(event))
    microstep(selected, .event(event))
    finishMacrostep()
    next = primary
    return nil
  }

  /// The annotations of the transition the last step took (`Transition.annotated(_:)`): the
  /// table's transition; none for a chart's macrostep.
  @usableFromInline var takenAnnotations: [any TransitionAnnotation] {
    takesFromTable && takenSlot >= 0 ? table.rules[takenSlot].annotations : []
  }

  /// Whether `event` would be taken now in `machine` (guards run, the owner's resolver asked;
  /// nothing changes). A table answers from the machine's state, read under its lock; a chart
  /// from its configuration between macrosteps: while one runs (on another thread, or around
  /// the guard, action or observer that asks), it answers `false`.
  @usableFromInline func can(_ event: Event, in machine: StateMachine<State, Event>) -> Bool {
    if takesFromTable {
      let state = machine.state
      for slot in table.candidates(state.caseKey, event.caseKey) {
        let rule = table.rules[slot]
        guard rule.condition?(state, event) ?? true else { continue }
        guard let name = rule.resolvedName else { return true }
        return resolver?(nil, name) != nil
      }
      return false
    }
    guard !machine.isFinished else { return false }
    // Selection reads the engine's own state: claim it, so that no macrostep runs meanwhile.
    guard machine.tryClaim() else { return false }
    defer { machine.release() }
    select(.event(event))
    return !selected.isEmpty
  }

  /// A delayed transition's timer fired: its transition, as a macrostep, if the visit that
  /// armed it is still on and its guard holds.
  ///
  /// - Parameter next: Set to the machine's state after the macrostep.
  /// - Returns: Whether the transition was taken.
  @usableFromInline func fire(_ tag: UInt64, _ next: inout State?) -> Bool {
    guard !halted, let (node, visit, edgeIndex) = timers.removeValue(forKey: tag), active[node],
      generation[node] == visit
    else { return false }
    let edge = model.edges[edgeIndex]
    guard let source = value(of: node) else { return false }
    if !edge.conditions.isEmpty, !holds(edge, makeContext(source, nil)) { return false }
    beginRecord(.timer(model.title(edgeIndex)))
    microstep([Enabled(edge: edgeIndex, value: edge.fixed)], nil)
    finishMacrostep()
    next = primary
    return true
  }

  /// SCXML's microstep, in two parts: `planMicrostep` computes from the configuration and the
  /// transitions the ordered effects (the exit set innermost first, recording history before
  /// it; the transitions' actions in document order; the entry set outermost first, with
  /// timers, entry actions and done events) into `plan`, and `performPlan` performs them.
  @inlinable func microstep(_ enabled: [Enabled], _ trigger: Trigger?) {
    if let observer { observer(enabled.map { model.title($0.edge) }) }
    note("step " + enabled.map { model.title($0.edge) }.joined(separator: " + "))
    let (toExit, toEnter) = planMicrostep(enabled)
    performPlan(trigger)
    if recording { recordMicrostep(enabled, exited: toExit, entered: toEnter) }
  }

  /// Adds a microstep to the record.
  @usableFromInline func recordMicrostep(_ enabled: [Enabled], exited toExit: [Int], entered toEnter: [Int]) {
    record?.microsteps.append(
      .init(
        transitions: enabled.map { model.title($0.edge) },
        exited: toExit.compactMap { model.nodes[$0].key },
        entered: toEnter.compactMap { model.nodes[$0].key }))
  }

  /// The entry set of `edge` taken alone, kept after its first computation; `nil` when it
  /// reads a history (or the target is one), so that it is computed each time.
  @inlinable func entryPlan(_ edge: Int) -> EntryPlan? {
    if let plan = entryPlans[edge] { return plan }
    return unplannable[edge] ? nil : makeEntryPlan(edge)
  }

  /// Computes the entry set of `edge` taken alone and keeps it, if it reads no history.
  @usableFromInline func makeEntryPlan(_ edge: Int) -> EntryPlan? {
    let target = tree.edgeTarget[edge]
    guard target >= 0, !tree.isHistory(target), let domain = domain(edge) else {
      let empty = EntryPlan(nodes: [], values: [], target: -1)
      if target < 0 { entryPlans[edge] = empty } else { unplannable[edge] = true }
      return target < 0 ? empty : nil
    }
    var builder = EntryBuilder(run: self)
    builder.addDescendants(target)
    builder.addAncestors(target, upTo: domain)
    guard !builder.readsHistory else {
      unplannable[edge] = true
      return nil
    }
    let nodes = builder.toEnter
    let plan = EntryPlan(
      nodes: nodes, values: nodes.map { builder.given[$0] }, target: nodes.firstIndex(of: target) ?? -1)
    entryPlans[edge] = plan
    return plan
  }

  /// Records, for each history of a state about to be left, what it will restore.
  @usableFromInline func recordHistory(_ toExit: [Int]) {
    for node in toExit where tree.effects[node].contains(.histories) {
      for history in tree.histories[node] {
        guard case .history(let deep) = tree.kind[history] else { continue }
        let recorded = activeDescendants(of: node).filter { state in
          deep ? model.isAtomic(state) : tree.parent[state] == node
        }
        self.history[history] = recorded.map { ($0, values[$0]) }
      }
    }
  }

  /// Leaves `toExit` (in that order): exit actions, timers and invocations cancelled (a plan
  /// of its exits, performed).
  @inlinable func exit(_ toExit: [Int], _ trigger: Trigger?) {
    guard !toExit.isEmpty else { return }
    plan.removeAll()
    planExits(toExit)
    performPlan(trigger)
  }

  /// SCXML's enterStates outside a microstep (the start, a restore): a plan of the entries
  /// (`planEntries`: outermost first, each state's timers armed and entry action run, done
  /// events raised), performed.
  ///
  /// `given[i]` is the value `toEnter[i]` is entered with (`nil`: its own).
  @inlinable func enter(_ toEnter: [Int], _ given: [State?], _ trigger: Trigger?) {
    plan.removeAll()
    planEntries(toEnter, given, leaving: [])
    performPlan(trigger)
  }

  /// Two ascending lists as one.
  @usableFromInline func merge(_ first: [Int], _ second: [Int]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(first.count + second.count)
    var (i, j) = (0, 0)
    while i < first.count || j < second.count {
      if j == second.count || (i < first.count && first[i] < second[j]) {
        result.append(first[i])
        i += 1
      } else {
        result.append(second[j])
        j += 1
      }
    }
    return result
  }

  @usableFromInline func arm(_ edge: Int, at node: Int, _ visit: UInt64, after delay: SchedulerTime.Stride) {
    guard let machine else { return }
    nextTimer &+= 1
    note("arm " + model.title(edge))
    timers[nextTimer] = (node, visit, edge)
    timerTags[node].append(nextTimer)
    let token = scheduler.schedule(after: scheduler.now.advanced(by: delay), weak: machine, tag: nextTimer)
    work[node].append(AnyCancellable(token))
  }

  /// The rest of SCXML's macrostep: eventless transitions, then internal events (raised and
  /// done), until neither is left or `microstepLimit` is reached (`wasCut`); a stopped machine
  /// leaves every state; then the invocations of the states entered start, and the
  /// configuration is prepared for other threads (`sharedNext`).
  @inlinable func finishMacrostep() {
    var steps = 0
    wasCut = false
    while !halted {
      selectEventless()
      var trigger: Trigger?
      if selected.isEmpty {
        guard internalHead < internalQueue.count else { break }
        let next = internalQueue[internalHead]
        internalHead += 1
        trigger = next
        select(next)
        if selected.isEmpty { continue }
      }
      guard steps < Self.microstepLimit else {
        wasCut = true
        break
      }
      microstep(selected, trigger)
      steps += 1
    }
    if !internalQueue.isEmpty { internalQueue.removeAll(keepingCapacity: true) }
    internalHead = 0
    if halted { stop() }
    startInvocations()
    numberConfiguration()
    prepareSharedConfiguration()
  }

  /// SCXML's exitInterpreter: every active state is left, innermost first, its exit action run.
  @usableFromInline func stop() {
    stoppedIn = primary
    exit(Array(configuration.dropFirst().reversed()), nil)
    entered = []
  }

  /// Starts the invocations of the states entered in this macrostep that are still active.
  @inlinable func startInvocations() {
    if !entered.isEmpty { startEnteredInvocations() }
  }

  /// Starts the invocations of the states in `entered`.
  @usableFromInline func startEnteredInvocations() {
    let states = entered
    entered = []
    guard let machine else { return }
    startingInvocations.store(true, ordering: .relaxed)
    defer { startingInvocations.store(false, ordering: .relaxed) }
    for (node, visit) in states where active[node] && generation[node] == visit {
      guard let value = values[node] else { continue }
      for start in model.nodes[node].invokes {
        note("invoke \(model.name(node))")
        let invocation = start(value) { [weak machine] event in
          machine?.invoked(event, node: node, generation: visit)
        }
        if active[node] && generation[node] == visit { work[node].append(invocation) }
      }
    }
  }

  /// Whether the machine may be moved to a state of case `key` without a transition: not to a
  /// history pseudo-state, nor to a top-level final state (a machine there has stopped).
  @usableFromInline func isRestorable(_ key: State.Case) -> Bool {
    guard !takesFromTable, let node = model.indexOf[key] else { return true }
    return !tree.isHistory(node) && !(tree.kind[node] == .final && tree.parent[node] == 0)
  }

  /// Moves to `state` without a transition: every state is left without its exit action
  /// (timers and invocations cancelled), then `state`, its ancestors and its initial
  /// descendants are entered as at the start.
  ///
  /// - Returns: The machine's state after it (`state` itself for a table's graph).
  @usableFromInline func restore(to state: State, context restored: State.MachineContext? = nil) -> State? {
    guard !takesFromTable else { return state }
    guard let node = model.indexOf[state.caseKey] else { return nil }
    beginRecord(.restore)
    if let restored { context = restored }
    timers = [:]
    for active in configuration.dropFirst() {
      work[active] = []
      timerTags[active] = []
      self.active[active] = false
      values[active] = nil
    }
    configuration = [0]
    internalQueue = []
    internalHead = 0
    halted = false
    stoppedIn = nil
    var builder = EntryBuilder(run: self)
    builder.given[node] = state
    builder.addDescendants(node)
    builder.addAncestors(node, upTo: 0)
    let toEnter = builder.toEnter
    enter(toEnter, toEnter.map { builder.given[$0] }, nil)
    finishMacrostep()
    return primary
  }
}

/// Empties `array`, keeping its storage: element by element for a few (cheaper than the
/// general `removeAll(keepingCapacity:)`, which the send path would pay several times).
@inlinable @inline(__always)
func emptied<Element>(_ array: inout [Element]) {
  if array.count <= 4 {
    while !array.isEmpty { array.removeLast() }
  } else {
    array.removeAll(keepingCapacity: true)
  }
}
