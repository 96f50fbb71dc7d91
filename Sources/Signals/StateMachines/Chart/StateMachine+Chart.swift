import Synchronization

/// Work for a statechart that needs the machine's claim: a delayed transition's timer fired, or
/// an invoked publisher produced an event.
@usableFromInline
enum ChartJob<State, Event> {
  case timer(UInt64)
  case invoked(node: Int, generation: UInt64, event: Event)
  case restore(State)
}

extension StateMachine: ScheduledWorkTarget {
  /// The active states' cases in document order (ancestors before descendants): for a flat
  /// graph, the current state's case alone.
  ///
  /// Threading: any thread; it reads what the last macrostep left (a macrostep in progress on
  /// another thread is seen once it has ended).
  public var configuration: [State.Case] {
    guard let run = chartRun else { return [state.caseKey] }
    let nodes = lock.withLock { run.snapshotNodes }
    return nodes.compactMap { run.model.keyOf[$0] }
  }

  /// Whether the state of case `key` is active: the current leaf, or one of its ancestors, or a
  /// leaf or ancestor in any parallel region.
  ///
  /// - Parameter key: A state's case (a leaf, a compound or a parallel state).
  /// - Returns: `true` if it is in the configuration.
  public func matches(_ key: State.Case) -> Bool {
    guard let run = chartRun else { return state.caseKey == key }
    guard let node = run.model.indexOf[key] else { return false }
    return lock.withLock { run.snapshotNodes.contains(node) }
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
      guard let index = run.snapshotNodes.firstIndex(of: node) else { return nil }
      return run.snapshotValues[index]
    }
  }

  /// The configuration, first the current one, then each new one after a macrostep that
  /// changed it.
  ///
  /// Threading: delivered by the thread that ran the macrostep, outside the machine's lock.
  /// Completion: it never completes.
  public var configurationPublisher: AnyPublisher<[State.Case], Never> {
    guard let subject = configurationSubject else {
      return statePublisher.map { [$0.caseKey] }.removeDuplicates().eraseToAnyPublisher()
    }
    return subject.removeDuplicates().eraseToAnyPublisher()
  }

  /// Calls `body` with the transitions of each microstep, by title (`source --label--> target`),
  /// on the thread that runs it. For model-based tests: call it before the first send.
  package func observeChartTransitions(_ body: @escaping ([String]) -> Void) {
    chartRun?.observer = body
  }

  /// A context for an action that belongs to `state`.
  func context(_ state: State, _ event: Event?) -> ChartContext<State, Event> {
    ChartContext(state: state, event: event) { [weak self] event in self?.send(event) }
  }

  /// Enters the graph's initial configuration (called once, from `init`, before anyone else can
  /// reach the machine).
  func startChart(_ run: ChartRun<State, Event>) {
    guard let initial = run.model.nodes[0].initial else { return }
    let claimed = tryClaim()
    var toEnter = Set<Int>()
    var given: [Int: State] = [initial.node: initial.value]
    run.addDescendants(initial.node, &toEnter, &given)
    run.addAncestors(initial.node, upTo: 0, &toEnter, &given)
    enter(run, toEnter.sorted(), given, event: nil)
    finishMacrostep(run)
    if claimed { release() }
  }

  /// Takes `event` in a statechart: one macrostep (SCXML's), then the subscribers.
  @usableFromInline
  func processChart(_ event: Event, keeping keep: Bool, _ taken: inout State?) -> Outcome {
    let stateKey = current.caseKey
    let eventKey = event.caseKey
    guard let run = chartRun, !run.halted else {
      return .refused(Refusal(state: stateKey, event: eventKey, kind: .noTransition))
    }
    let (enabled, miss) = run.select(event)
    guard !enabled.isEmpty else {
      let kind: Refusal.Kind
      switch miss {
      case .none: kind = .noTransition
      case .invalidTarget: kind = .invalidTarget
      case .guards(let names): kind = .guardsFailedNamed(names)
      }
      return .refused(Refusal(state: stateKey, event: eventKey, kind: kind))
    }
    let from = current
    microstep(run, enabled, event: event)
    finishMacrostep(run)
    if stepsWatched.load(ordering: .relaxed) {
      stepSubject.send(Step(from: from, event: event, to: current, presentation: .none, change: .replaceTop))
    }
    if keep { taken = current }
    return .taken
  }

  /// Runs a statechart's job; the caller holds the claim. A timer or result of a state that
  /// was left since is dropped.
  func performChart(_ job: ChartJob<State, Event>) {
    guard let run = chartRun else { return }
    if case .restore(let state) = job { return restoreChart(run, to: state) }
    guard !run.halted else { return }
    switch job {
    case .restore: break
    case .timer(let tag):
      guard let (node, generation, edge) = run.timers.removeValue(forKey: tag),
        run.active[node], run.generation[node] == generation
      else { return }
      let value = run.model.edges[edge].fixed
      microstep(run, [ChartRun.Enabled(edge: edge, value: value)], event: nil)
      finishMacrostep(run)
    case .invoked(let node, let generation, let event):
      guard run.active[node], run.generation[node] == generation else { return }
      var unused: State?
      if case .refused(let refusal) = processChart(event, keeping: false, &unused),
        case .report(let handler) = policy
      {
        handler(rejection(refusal))
      }
    }
  }

  /// Whether a statechart would take `event` now (guards run; nothing changes).
  func canChart(_ event: Event) -> Bool {
    guard let run = chartRun else { return false }
    let (nodes, values, halted) = lock.withLock {
      (run.snapshotNodes, run.snapshotValues, run.snapshotHalted)
    }
    guard !halted else { return false }
    let key = event.caseKey
    let model = run.model
    let primary = nodes.firstIndex(where: model.isAtomic).flatMap { values[$0] }
    for leaf in nodes where model.isAtomic(leaf) {
      var node = leaf
      while node >= 0 {
        let value = node == 0 ? primary : nodes.firstIndex(of: node).flatMap { values[$0] }
        for edgeIndex in model.onEvent[ChartModel.NodeEvent(node: node, event: key)] ?? [] {
          let edge = model.edges[edgeIndex]
          if let condition = edge.condition {
            guard let value, condition(value, event) else { continue }
          }
          if let make = edge.make {
            guard let made = make(event), made.caseKey == model.keyOf[edge.target] else { continue }
          }
          return true
        }
        node = model.parentOf[node]
      }
    }
    return false
  }

  /// SCXML's microstep: exit the exit set (innermost first), run the transitions' actions in
  /// document order, enter the entry set (outermost first).
  func microstep(_ run: ChartRun<State, Event>, _ enabled: [ChartRun<State, Event>.Enabled], event: Event?) {
    let model = run.model
    if let observer = run.observer { observer(enabled.map { model.title($0.edge) }) }
    let sources = enabled.map { run.value(of: model.edgeSource[$0.edge]) }
    var exits = Set<Int>()
    for transition in enabled { exits.formUnion(run.exitSet(transition.edge)) }
    let toExit = exits.sorted(by: >)
    for node in toExit {
      for history in model.historiesOf[node] {
        guard case .history(let deep) = model.kindOf[history] else { continue }
        run.history[history] = run.configuration.filter { state in
          deep
            ? model.isAtomic(state) && model.isProperDescendant(state, of: node)
            : model.parentOf[state] == node
        }.map { ($0, run.values[$0]) }
      }
    }
    for node in toExit {
      if let exit = model.exitOf[node], let value = run.values[node] { exit(context(value, event)) }
      let cancelled = run.work[node]
      run.work[node] = []
      if !run.timers.isEmpty { run.timers = run.timers.filter { $0.value.node != node } }
      _ = cancelled  // released here: each timer and invocation of the state is cancelled
      run.active[node] = false
      run.values[node] = nil
    }
    run.configuration.removeAll { !run.active[$0] }
    for (transition, source) in zip(enabled, sources) {
      if let action = model.edges[transition.edge].action, let source { action(context(source, event)) }
    }
    let (toEnter, given) = run.entrySet(enabled)
    enter(run, toEnter, given, event: event)
  }

  /// SCXML's enterStates: each state (ascending: outermost first) joins the configuration, has
  /// its timers armed and runs its entry action; a final state raises its parent's done event
  /// (and its grandparent's, for a parallel state whose regions are all final).
  func enter(_ run: ChartRun<State, Event>, _ toEnter: [Int], _ given: [Int: State], event: Event?) {
    let model = run.model
    for node in toEnter {
      run.active[node] = true
      run.configuration.append(node)
      run.configuration.sort()
      run.values[node] = given[node] ?? model.valueOf[node]
      run.generation[node] &+= 1
      let generation = run.generation[node]
      run.entered.append((node, generation))
      for (delay, edge) in model.delayedOf[node] {
        run.nextTimer &+= 1
        run.timers[run.nextTimer] = (node, generation, edge)
        let token = run.scheduler.schedule(
          after: run.scheduler.now.advanced(by: delay), weak: self, tag: run.nextTimer)
        run.work[node].append(AnyCancellable(token))
      }
      if let entry = model.entryOf[node], let value = run.values[node] { entry(context(value, event)) }
      guard model.kindOf[node] == .final else { continue }
      let parent = model.parentOf[node]
      if parent == 0 {
        run.halted = true
        continue
      }
      run.internalQueue.append(parent)
      let grandparent = model.parentOf[parent]
      if grandparent > 0, model.kindOf[grandparent] == .parallel,
        model.childrenOf[grandparent].allSatisfy(run.isInFinalState)
      {
        run.internalQueue.append(grandparent)
      }
    }
  }

  /// The rest of SCXML's macrostep: eventless transitions, then internal (done) events, until
  /// neither is left; then the invocations of the states entered, the snapshot, the state and
  /// the subscribers.
  func finishMacrostep(_ run: ChartRun<State, Event>) {
    var steps = 0
    while steps < ChartRun<State, Event>.microstepLimit, !run.halted {
      var enabled = run.selectEventless()
      if enabled.isEmpty {
        guard !run.internalQueue.isEmpty else { break }
        let node = run.internalQueue.removeFirst()
        guard run.active[node], let edge = run.model.doneOf[node].first else { continue }
        enabled = [ChartRun.Enabled(edge: edge, value: run.model.edges[edge].fixed)]
      }
      microstep(run, enabled, event: nil)
      steps += 1
    }
    let entered = run.entered
    run.entered = []
    for (node, generation) in entered where run.active[node] && run.generation[node] == generation {
      guard let value = run.values[node] else { continue }
      for start in run.model.invokesOf[node] {
        let invocation = start(value) { [weak self] event in
          self?.schedule(.chart(.invoked(node: node, generation: generation, event: event)))
        }
        if run.active[node] && run.generation[node] == generation { run.work[node].append(invocation) }
      }
    }
    let nodes = Array(run.configuration.dropFirst())
    let values = nodes.map { run.values[$0] }
    var primary = run.primary
    let changed = lock.withLock { () -> Bool in
      let changed = run.snapshotNodes != nodes
      run.snapshotNodes = nodes
      run.snapshotValues = values
      run.snapshotHalted = run.halted
      if let value = primary {
        primary = current
        current = value
      }
      return changed
    }
    _ = primary  // the old state is released here, outside the lock
    publish()
    if changed, let configurationSubject {
      configurationSubject.send(nodes.compactMap { run.model.keyOf[$0] })
    }
  }

  /// A delayed transition's timer fired (on the scheduler's thread): its transition runs as a
  /// job, after the event in progress, if its state is still the visit that armed it.
  @usableFromInline
  func scheduledWorkDue(_ tag: UInt64) {
    schedule(.chart(.timer(tag)))
  }

  /// Moves a statechart to `state` without a transition: every state is left without running
  /// its exit action (its timers and invocations are cancelled), then `state`, its ancestors and
  /// its initial descendants are entered as at the machine's start.
  func restoreChart(_ run: ChartRun<State, Event>, to state: State) {
    guard let node = run.model.indexOf[state.caseKey] else { return }
    run.timers = [:]
    for active in run.configuration.dropFirst() {
      run.work[active] = []
      run.active[active] = false
      run.values[active] = nil
    }
    run.configuration = [0]
    run.internalQueue = []
    run.halted = false
    var toEnter = Set<Int>()
    var given: [Int: State] = [node: state]
    run.addDescendants(node, &toEnter, &given)
    run.addAncestors(node, upTo: 0, &toEnter, &given)
    enter(run, toEnter.sorted(), given, event: nil)
    finishMacrostep(run)
  }
}
