/// One effect of a microstep, as the engine plans it: what to perform, in order, for the
/// transitions taken (W3C SCXML Appendix D's microstep). The plan is computed from the
/// configuration and the transitions before any of it is performed (exit and entry sets,
/// the values states are entered with, the transitions' source values), so that nothing in it
/// depends on an action's change; what SCXML evaluates as it goes (a timer's delay, which reads
/// the extended state an earlier entry action may have changed; whether a parallel state's
/// regions are all final) is evaluated when the effect is performed.
///
/// A plan's order: the exit set innermost first (each state's exit action, then its timers
/// and invocations cancelled), the states left removed from the configuration, the
/// transitions' actions in document order, then the entry set outermost first (each state
/// entered, its invocations queued for the macrostep's end, its timers armed, its entry action
/// run, and for a final state its parent's done event raised), the states entered added to
/// the configuration. Histories are recorded while planning, before the plan's first exit
/// (SCXML records them in exitStates before any onexit runs, and the entry set reads them).
///
/// Nodes are indices into the engine's `ChartModel` (0: the root).
@usableFromInline enum MicrostepEffect<State> {
  /// Leaving `node`: its exit action (if it has one) runs, then it is no longer active.
  case exit(node: Int)
  /// The timers `node` armed are cancelled and the invocations it started are stopped.
  case cancelTimersAndInvocations(node: Int)
  /// The states left so far are removed from the configuration (after the last exit).
  case removeExitedFromConfiguration
  /// The actions of the transition `edge`, given the value its source had before any exit.
  case runTransitionActions(edge: Int, source: State)
  /// Entering `node` with `value` (`nil`: a state without a value): it becomes active, and
  /// its visit is counted (so that a timer or invocation of an earlier visit is dropped).
  case enter(node: Int, value: State?)
  /// `node`'s invocations are queued: they start at the end of the macrostep (SCXML).
  case queueInvocations(node: Int)
  /// `node`'s delayed transitions are armed, each delay read from the extended state as it
  /// is at that moment.
  case armTimers(node: Int)
  /// `node`'s entry action runs.
  case runEntryAction(node: Int)
  /// The final state `final` was entered: its parent's done event is raised, with `final`'s
  /// value as data, and its grandparent's too when that is a parallel state whose regions are
  /// now all final.
  case raiseDone(final: Int)
  /// A top-level final state was entered: the machine stops after this macrostep.
  case halt
  /// The states entered are added to the configuration (after the last entry).
  case addEnteredToConfiguration
}

/// The effects of the microstep being planned or performed, in order: storage the engine keeps
/// for its life, emptied before each plan (its capacity kept), so that a warm step allocates
/// nothing. A plain buffer rather than an array: an append is a bounds check and a store, a
/// read a load (no uniqueness check or reference count per effect, which an array held by the
/// engine pays on the send path).
///
/// Threading: used only by the thread running the engine (the machine's claim holder).
@usableFromInline final class MicrostepPlan<State> {
  @usableFromInline @exclusivity(unchecked) var effects: UnsafeMutablePointer<MicrostepEffect<State>>
  /// The number of effects planned.
  @usableFromInline @exclusivity(unchecked) var count = 0
  /// The number of effects the storage holds before it grows.
  @usableFromInline @exclusivity(unchecked) var capacity: Int

  @inlinable init() {
    capacity = 16
    effects = .allocate(capacity: 16)
  }

  deinit {
    effects.deinitialize(count: count)
    effects.deallocate()
  }

  /// The effect at `position` (below `count`).
  @inlinable @inline(__always) subscript(position: Int) -> MicrostepEffect<State> { effects[position] }

  /// Adds `effect` after the others.
  @inlinable @inline(__always) func append(_ effect: MicrostepEffect<State>) {
    if count == capacity { grow() }
    (effects + count).initialize(to: effect)
    count &+= 1
  }

  /// Doubles the storage.
  @usableFromInline func grow() {
    let larger = UnsafeMutablePointer<MicrostepEffect<State>>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: effects, count: count)
    effects.deallocate()
    effects = larger
    capacity *= 2
  }

  /// Empties the plan, keeping its storage.
  @inlinable @inline(__always) func removeAll() {
    effects.deinitialize(count: count)
    count = 0
  }

  /// The effects, in order (for tests and the inspector: copies them).
  var all: [MicrostepEffect<State>] { (0..<count).map { effects[$0] } }
}

extension StatechartEngine {
  // MARK: Planning

  /// Plans SCXML's microstep for `enabled` into `plan` (emptied first, its storage kept):
  /// histories recorded, exits, the transitions' actions, entries. Nothing is performed; the
  /// only state changed is the histories (recorded from the configuration before any exit,
  /// as SCXML does, since the entry set reads them).
  ///
  /// - Returns: The exit set (innermost first) and the entry set (outermost first), for the
  ///   inspector's record.
  @inlinable func planMicrostep(_ enabled: [Enabled]) -> (exited: [Int], entered: [Int]) {
    plan.removeAll()
    let toExit = exitSet(enabled)
    if tree.hasHistory { recordHistory(toExit) }
    planExits(toExit)
    // Nothing is performed while planning: a source's value is the one it has before the exits.
    for transition in enabled where tree.edgeActing[transition.edge] {
      guard let source = value(of: tree.edgeSource[transition.edge]) else { continue }
      plan.append(.runTransitionActions(edge: transition.edge, source: source))
    }
    let toEnter: [Int]
    if enabled.count == 1, let entry = entryPlan(enabled[0].edge) {
      toEnter = entry.nodes
      let value = enabled[0].value
      planEntries(
        toEnter, entry.values, override: entry.target >= 0 ? value.map { (entry.target, $0) } : nil,
        leaving: toExit)
    } else {
      let (nodes, given) = entrySet(enabled)
      toEnter = nodes
      planEntries(toEnter, toEnter.map { given[$0] }, leaving: toExit)
    }
    return (toExit, toEnter)
  }

  /// Plans leaving `toExit`, in that order: each state's exit, its timers and invocations
  /// cancelled, then the configuration updated.
  @inlinable func planExits(_ toExit: [Int]) {
    guard !toExit.isEmpty else { return }
    for node in toExit {
      plan.append(.exit(node: node))
      if !tree.effects[node].isDisjoint(with: [.delays, .invokes]) {
        plan.append(.cancelTimersAndInvocations(node: node))
      }
    }
    plan.append(.removeExitedFromConfiguration)
  }

  /// Plans SCXML's enterStates for `toEnter` (ascending: outermost first). A state active
  /// now and not in `leaving` (the exit set, descending) stays as it is (a history that
  /// restores below a state the transition does not leave): entries and exits balance.
  ///
  /// `given[i]` is the value `toEnter[i]` is entered with (`nil`: its own); `override` replaces
  /// one of them (a transition's target value over a kept entry set). A state declared by its
  /// case has no value of its own: it takes the first one entered below it (innermost first,
  /// so each ancestor sees its descendants' values).
  @inlinable func planEntries(
    _ toEnter: [Int], _ given: [State?], override: (position: Int, value: State)? = nil, leaving: [Int]
  ) {
    @inline(__always) func givenValue(_ position: Int) -> State? {
      if let override, override.position == position { return override.value }
      return given[position]
    }
    // Made only when a state derives its value (an empty dictionary made and released on
    // every step costs the send path about 50 instructions).
    var derived: [Int: State]?
    if toEnter.contains(where: { tree.effects[$0].contains(.derivesValue) }) {
      var found: [Int: State] = [:]
      var position: [Int: Int] = [:]
      for (index, node) in toEnter.enumerated() { position[node] = index }
      for index in toEnter.indices.reversed() {
        let node = toEnter[index]
        guard let value = givenValue(index) ?? model.nodes[node].value ?? found[node] else { continue }
        let parent = tree.parent[node]
        let parentGiven = position[parent].flatMap { givenValue($0) }
        if parent > 0, model.nodes[parent].value == nil, parentGiven == nil {
          found[parent] = value
        }
      }
      derived = found
    }
    var entering = false
    for index in toEnter.indices {
      let node = toEnter[index]
      if active[node], !isLeaving(node, leaving) { continue }
      entering = true
      let effects = tree.effects[node]
      let value: State?
      if let given = givenValue(index) {
        value = given
      } else if let own = model.nodes[node].value {
        value = own
      } else {
        value = effects.contains(.derivesValue) ? derived?[node] : nil
      }
      plan.append(.enter(node: node, value: value))
      if effects.contains(.invokes) { plan.append(.queueInvocations(node: node)) }
      if value != nil {
        if effects.contains(.delays) { plan.append(.armTimers(node: node)) }
        if effects.contains(.entry) { plan.append(.runEntryAction(node: node)) }
      }
      guard tree.kind[node] == .final else { continue }
      plan.append(tree.parent[node] == 0 ? .halt : .raiseDone(final: node))
    }
    if entering { plan.append(.addEnteredToConfiguration) }
  }

  /// Whether `node` is in `leaving` (an exit set: descending), by bisection.
  @inlinable func isLeaving(_ node: Int, _ leaving: [Int]) -> Bool {
    var (low, high) = (0, leaving.count)
    while low < high {
      let middle = (low + high) / 2
      if leaving[middle] > node { low = middle + 1 } else { high = middle }
    }
    return low < leaving.count && leaving[low] == node
  }

  // MARK: Performing

  /// Performs `plan` in order; `trigger` is what the actions are given as their event.
  @inlinable func performPlan(_ trigger: Trigger?) {
    for index in 0..<plan.count {
      switch plan[index] {
      case .exit(let node):
        note("exit \(model.name(node))")
        if tree.effects[node].contains(.exit), let exit = model.nodes[node].exit, let value = values[node] {
          perform(exit, for: value, trigger)
        }
        active[node] = false
        values[node] = nil
      case .cancelTimersAndInvocations(let node):
        if recording {
          for tag in timerTags[node] {
            if let armed = timers[tag] { note("cancel " + model.title(armed.edge)) }
          }
          if !model.nodes[node].invokes.isEmpty { note("stop invoking \(model.name(node))") }
        }
        let cancelled = work[node]
        work[node] = []
        for tag in timerTags[node] { timers[tag] = nil }
        timerTags[node] = []
        _ = cancelled  // released here: each timer and invocation of the state is cancelled
      case .removeExitedFromConfiguration:
        removeExitedFromConfiguration()
      case .runTransitionActions(let edge, let source):
        for action in model.edges[edge].actions {
          note("action " + model.title(edge))
          perform(action, for: source, trigger)
        }
      case .enter(let node, let value):
        active[node] = true
        added.append(node)
        values[node] = value
        generation[node] &+= 1
        note("enter \(model.name(node))")
      case .queueInvocations(let node):
        entered.append((node, generation[node]))
      case .armTimers(let node):
        guard let value = values[node] else { break }
        let visit = generation[node]
        for (delay, edge) in zip(model.nodes[node].delays, tree.delayed[node]) {
          arm(edge, at: node, visit, after: delay.delay(makeContext(value, nil)))
        }
      case .runEntryAction(let node):
        guard let entry = model.nodes[node].entry, let value = values[node] else { break }
        perform(entry, for: value, trigger)
      case .raiseDone(let final):
        let parent = tree.parent[final]
        note("done \(model.name(parent))")
        internalQueue.append(.done(node: parent, data: values[final]))
        let grandparent = tree.parent[parent]
        if grandparent > 0, tree.kind[grandparent] == .parallel,
          tree.children[grandparent].allSatisfy(isInFinalState)
        {
          note("done \(model.name(grandparent))")
          internalQueue.append(.done(node: grandparent, data: nil))
        }
      case .halt:
        halted = true
      case .addEnteredToConfiguration:
        if added.count <= 8 {
          for node in added {
            // The states entered are often the configuration's last (a transition between
            // siblings of the last active state): appended, nothing moved.
            if node > configuration[configuration.count - 1] {
              configuration.append(node)
            } else {
              configuration.insert(node, at: firstIndex(after: node))
            }
          }
        } else {
          configuration = merge(configuration, added)
        }
        emptied(&added)
      }
    }
  }

  /// Removes the states no longer active from the configuration, keeping its order and its
  /// storage: the active ones moved down in place, the tail dropped one by one (the states
  /// left are usually the last few, where `removeAll(where:)` pays for a general
  /// `replaceSubrange`).
  @inlinable func removeExitedFromConfiguration() {
    var kept = 0
    for position in configuration.indices {
      let node = configuration[position]
      guard active[node] else { continue }
      if kept != position { configuration[kept] = node }
      kept &+= 1
    }
    while configuration.count > kept { configuration.removeLast() }
  }

  // MARK: Inspecting a plan

  /// The last plan, one line per effect, states and transitions by name (for tests).
  var planDescription: [String] {
    plan.all.map { effect in
      switch effect {
      case .exit(let node): "exit \(model.name(node))"
      case .cancelTimersAndInvocations(let node): "cancel timers and invocations of \(model.name(node))"
      case .removeExitedFromConfiguration: "remove exited from configuration"
      case .runTransitionActions(let edge, _): "actions of \(model.title(edge))"
      case .enter(let node, _): "enter \(model.name(node))"
      case .queueInvocations(let node): "queue invocations of \(model.name(node))"
      case .armTimers(let node): "arm timers of \(model.name(node))"
      case .runEntryAction(let node): "entry action of \(model.name(node))"
      case .raiseDone(let final): "raise done of \(model.name(tree.parent[final]))"
      case .halt: "halt"
      case .addEnteredToConfiguration: "add entered to configuration"
      }
    }
  }
}
