/// One state of a statechart's saved configuration or history: its case, and the value it held
/// (`nil`: a state declared by its case that no value reached).
package struct SavedChartState<State: CaseKeyed> {
  /// The state's case.
  package var key: State.Case
  /// The value the state held: its own, the one a transition or a history gave it, or, for a
  /// state declared by its case, the one it took from below.
  package var value: State?

  package init(key: State.Case, value: State?) {
    self.key = key
    self.value = value
  }
}

/// What one history state recorded when its parent was last left.
package struct SavedChartHistory<State: CaseKeyed> {
  /// The history state's case.
  package var history: State.Case
  /// The states it restores, in document order: its parent's active children (shallow) or the
  /// active leaves below its parent (deep).
  package var states: [SavedChartState<State>]

  package init(history: State.Case, states: [SavedChartState<State>]) {
    self.history = history
    self.states = states
  }
}

/// A statechart's navigation, as a save keeps it: every active state in document order with its
/// value, and what each history state recorded (a history that never recorded is left out).
/// The extended state is not part of it.
package struct SavedChart<State: CaseKeyed> {
  /// The active states, ancestors first.
  package var configuration: [SavedChartState<State>]
  /// The histories that recorded something, in document order.
  package var histories: [SavedChartHistory<State>]

  package init(configuration: [SavedChartState<State>], histories: [SavedChartHistory<State>]) {
    self.configuration = configuration
    self.histories = histories
  }
}

extension SavedChartState: Sendable where State: Sendable {}
extension SavedChartHistory: Sendable where State: Sendable {}
extension SavedChart: Sendable where State: Sendable {}

/// A `SavedChart` checked against the chart and resolved to its nodes: what the machine's job
/// queue carries to the thread that performs the restore.
@usableFromInline
struct ChartRestorePlan<State: CaseKeyed> {
  /// The states to enter, ascending (document order), and the value each is entered with.
  let nodes: [Int]
  let values: [State?]
  /// Each history node's record, its states ascending.
  let history: [Int: [(node: Int, value: State?)]]
}

extension StateMachine {
  /// The statechart's configuration (every active state with its value) and what its histories
  /// recorded, as the last macrostep left them; `nil` for a graph without a chart block.
  ///
  /// Threading: any thread, an observer of the machine included; it reads what the last
  /// macrostep shared, as `snapshot` does.
  package var savedChart: SavedChart<State>? {
    guard engine.sharesConfiguration else { return nil }
    let (nodes, values, history) = lock.withLock {
      let states = shared.states
      return (Array(states.activeNodes), (0..<states.count).map { states.values[$0] }, shared.history)
    }
    let model = engine.model
    func saved(_ node: Int, _ value: State?) -> SavedChartState<State>? {
      model.nodes[node].key.map { SavedChartState(key: $0, value: value) }
    }
    return SavedChart(
      configuration: zip(nodes, values).compactMap(saved),
      histories: history.keys.sorted().compactMap { node in
        model.nodes[node].key.map { key in
          SavedChartHistory(history: key, states: history[node]!.compactMap { saved($0.node, $0.value) })
        }
      })
  }

  /// Sets the statechart's whole configuration and its histories to `saved`, as they were when it
  /// was saved (`savedChart`): no transition is taken, and no entry or exit action runs (the
  /// states are not entered, they are put back), nor does a done event or an eventless
  /// transition. The states left are left without their exit actions, their timers and
  /// invocations cancelled; the states put back arm their delayed transitions afresh (from now)
  /// and start their invocations, as on entry. The extended state is kept. The new
  /// configuration is published as a macrostep's is.
  ///
  /// Checked before anything changes, against the chart only: call it when no send is running,
  /// or it runs after the send in progress, on that thread.
  ///
  /// Bad input: throws, leaving the machine as it was, `.unknownState` for a case the chart
  /// does not have; `.notRestorable` for a history pseudo-state or a top-level final state in
  /// the configuration; `.corrupt` for a configuration the chart cannot be in (a state listed
  /// twice, a state whose parent is not active, a compound state with no active child or
  /// several, a parallel state missing a region, no top-level state), a value of another case
  /// than its state (or, for a state declared by its case, than a state below it), a record of
  /// a state that is not a history, a history saved twice, or a history that records a state
  /// outside its parent (a shallow one records its parent's children, a deep one the leaves
  /// below it, as a configuration of that parent would have them), and for a graph without a
  /// chart block.
  ///
  /// - Parameter saved: The configuration and histories to put back.
  /// - Throws: `StateRestoreError`, as above.
  package func restore(chart saved: SavedChart<State>) throws(StateRestoreError) {
    let plan = try chartRestorePlan(saved)
    // Claimed like a send, as `restore(state:)`; else run by the thread running a send, after it.
    guard tryClaim() else { return schedule(.restoreChart(plan)) }
    performChartRestore(plan)
    release()
  }

  /// Puts `plan` in place (the caller holds the claim) and publishes it.
  func performChartRestore(_ plan: ChartRestorePlan<State>) {
    var next = engine.restore(plan)
    commit(&next)
  }

  /// `saved` checked against the chart and resolved to its nodes.
  func chartRestorePlan(_ saved: SavedChart<State>) throws(StateRestoreError) -> ChartRestorePlan<State> {
    guard engine.sharesConfiguration else {
      throw .corrupt("the graph has no chart block: a saved configuration restores a statechart only")
    }
    let model = engine.model
    let tree = model.tree
    func nodeOf(_ key: State.Case) throws(StateRestoreError) -> Int {
      guard let node = model.indexOf[key] else { throw .unknownState(caseLabel(key)) }
      return node
    }
    var given: [Int: State] = [:]
    var active = Set<Int>()
    for state in saved.configuration {
      let node = try nodeOf(state.key)
      if tree.isHistory(node) || (tree.kind[node] == .final && tree.parent[node] == 0) {
        throw .notRestorable(model.name(node))
      }
      guard active.insert(node).inserted else {
        throw .corrupt("state \(model.name(node)) is listed twice in the saved configuration")
      }
      if let value = state.value {
        if let problem = whyNotValue(value, of: node) { throw .corrupt(problem) }
        given[node] = value
      }
    }
    if let problem = whyNotConfiguration(active, under: 0, wholly: true) { throw .corrupt(problem) }
    var history: [Int: [(node: Int, value: State?)]] = [:]
    for record in saved.histories {
      let node = try nodeOf(record.history)
      guard case .history(let deep) = tree.kind[node] else {
        throw .corrupt("a history is saved for \(model.name(node)), which is not a history state")
      }
      guard history[node] == nil else { throw .corrupt("history \(model.name(node)) is saved twice") }
      let parent = tree.parent[node]
      var recorded: [(node: Int, value: State?)] = []
      var seen = Set<Int>()
      for state in record.states {
        let target = try nodeOf(state.key)
        let inside =
          deep
          ? tree.isProperDescendant(target, of: parent) && tree.isAtomic(target)
          : tree.parent[target] == parent && !tree.isHistory(target)
        guard inside else {
          throw .corrupt(
            "history \(model.name(node)) records \(model.name(target)), which is not \(deep ? "a leaf below" : "a child of") \(model.name(parent))"
          )
        }
        guard seen.insert(target).inserted else {
          throw .corrupt("history \(model.name(node)) records \(model.name(target)) twice")
        }
        if let value = state.value, let problem = whyNotValue(value, of: target) { throw .corrupt(problem) }
        recorded.append((target, state.value))
      }
      // A deep record brings its leaves' ancestors below the parent; a shallow one its children.
      var closure = seen
      if deep {
        for leaf in seen {
          var ancestor = tree.parent[leaf]
          while ancestor != parent, closure.insert(ancestor).inserted { ancestor = tree.parent[ancestor] }
        }
      }
      if let problem = whyNotConfiguration(closure, under: parent, wholly: deep) {
        throw .corrupt("history \(model.name(node)) cannot restore what it records: \(problem)")
      }
      history[node] = recorded.sorted { $0.node < $1.node }
    }
    let nodes = active.sorted()
    return ChartRestorePlan(nodes: nodes, values: nodes.map { given[$0] }, history: history)
  }

  /// Why `value` cannot be the value of `node`, or `nil` when it can: of the node's own case, or,
  /// for a compound or parallel state declared by its case, of a state below it (which it took
  /// its value from).
  func whyNotValue(_ value: State, of node: Int) -> String? {
    let model = engine.model
    let tree = model.tree
    if value.caseKey == model.nodes[node].key { return nil }
    if tree.effects[node].contains(.derivesValue), !tree.isAtomic(node),
      let below = model.indexOf[value.caseKey],
      tree.isProperDescendant(below, of: node)
    {
      return nil
    }
    return "the saved value of \(model.name(node)) is of case \(caseLabel(value.caseKey))"
  }

  /// Why `states` (proper descendants of `root`) cannot be what is active below `root`, or `nil`
  /// when they can: each state's parent is `root` or active, and `root` (and, when `wholly`,
  /// every state of `states`) has exactly one active child if it is compound, every region if it
  /// is parallel.
  func whyNotConfiguration(_ states: Set<Int>, under root: Int, wholly: Bool) -> String? {
    let model = engine.model
    let tree = model.tree
    let sorted = states.sorted()
    for node in sorted where tree.parent[node] != root && !states.contains(tree.parent[node]) {
      return "\(model.name(node)) is active but its parent \(model.name(tree.parent[node])) is not"
    }
    for node in [root] + (wholly ? sorted : []) {
      let children = tree.children[node]
      switch tree.kind[node] {
      case .compound:
        let active = children.filter(states.contains)
        if active.isEmpty {
          return node == 0
            ? "no top-level state is active" : "compound state \(model.name(node)) has no active child"
        }
        if active.count > 1 {
          let names = active.map(model.name).joined(separator: ", ")
          return node == 0
            ? "\(active.count) top-level states are active (\(names)); one is"
            : "compound state \(model.name(node)) has \(active.count) active children (\(names)); only a parallel state's regions are active together"
        }
      case .parallel:
        let missing = children.filter { !states.contains($0) }
        if !missing.isEmpty {
          let names = missing.map(model.name).joined(separator: ", ")
          return
            "parallel state \(model.name(node)) is missing its region\(missing.count > 1 ? "s" : "") \(names)"
        }
      default: break
      }
    }
    return nil
  }
}

extension StatechartEngine {
  /// Puts back a checked configuration and its histories (`StateMachine.restore(chart:)`):
  /// every state is left without its exit action (timers and invocations cancelled), then the
  /// planned states are entered without their entry actions and without done events, their
  /// timers armed and their invocations started; no eventless transition is taken.
  ///
  /// - Returns: The machine's state after it: the first active leaf's value.
  func restore(_ restored: ChartRestorePlan<State>) -> State? {
    beginRecord(.restore)
    timers = [:]
    for node in configuration.dropFirst() {
      work[node] = []
      timerTags[node] = []
      active[node] = false
      values[node] = nil
    }
    configuration = [0]
    internalQueue = []
    internalHead = 0
    halted = false
    stoppedIn = nil
    history = restored.history
    plan.removeAll()
    planEntries(restored.nodes, restored.values, leaving: [])
    let effects = plan.all.filter { effect in
      switch effect {
      case .runEntryAction, .raiseDone, .halt: false
      default: true
      }
    }
    plan.removeAll()
    for effect in effects { plan.append(effect) }
    performPlan(nil)
    startInvocations()
    numberConfiguration()
    prepareSharedConfiguration()
    return primary
  }
}
