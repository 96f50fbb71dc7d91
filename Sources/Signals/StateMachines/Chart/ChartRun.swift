/// A statechart's running state and the W3C SCXML algorithm (Appendix D) over it: which
/// transitions an event enables, conflicts between them, exit and entry sets and their order,
/// microsteps and the macrostep that runs eventless and done transitions to completion.
///
/// Only the thread holding the machine's claim calls it (as it calls `process`), so its state
/// needs no lock; what other threads read (`snapshotNodes`, `snapshotValues`) is written under the machine's lock.
final class ChartRun<State: CaseKeyed, Event: CaseKeyed> {
  typealias Model = ChartModel<State, Event>

  /// An enabled transition and the value its target takes.
  struct Enabled {
    let edge: Int
    let value: State?
  }

  /// Why no transition was enabled.
  enum Miss {
    case none
    case guards([String])
    case invalidTarget
  }

  let model: Model
  let scheduler: any Scheduler
  /// The active nodes, ascending (document order); the root (0) is always first.
  var configuration: [Int] = [0]
  var active: [Bool]
  var values: [State?]
  /// Bumped each time a node is entered, so that a timer or an invoked result of an earlier
  /// visit is recognised and dropped.
  var generation: [UInt64]
  /// Timers and invocations of each active node; dropping them cancels them.
  var work: [[AnyCancellable]]
  /// What each history node recorded: nodes and their values.
  var history: [Int: [(node: Int, value: State?)]] = [:]
  /// Done events raised by final states, waiting for the macrostep's next internal step.
  var internalQueue: [Int] = []
  /// Nodes entered during the macrostep, whose invocations start at its end.
  var entered: [(node: Int, generation: UInt64)] = []
  /// The delayed transitions armed, by tag: the node, its visit and the edge.
  var timers: [UInt64: (node: Int, generation: UInt64, edge: Int)] = [:]
  var nextTimer: UInt64 = 0
  /// Told each microstep's transitions, by label (model-based tests set it before any send).
  var observer: (([String]) -> Void)?
  /// A top-level final state was entered: the machine takes no more events.
  var halted = false
  /// The active states' cases and values, for readers on other threads (under the machine's
  /// lock).
  var snapshotNodes: [Int] = []
  var snapshotValues: [State?] = []
  var snapshotHalted = false

  /// A machine stops a macrostep after this many microsteps (a cycle of eventless
  /// transitions whose guards always hold would otherwise never end).
  static var microstepLimit: Int { 10_000 }

  init(model: Model, scheduler: any Scheduler) {
    self.model = model
    self.scheduler = scheduler
    active = Array(repeating: false, count: model.nodes.count)
    active[0] = true
    values = Array(repeating: nil, count: model.nodes.count)
    generation = Array(repeating: 0, count: model.nodes.count)
    work = Array(repeating: [], count: model.nodes.count)
  }

  // MARK: Selection

  /// The leaves of the configuration, in document order.
  var atomics: [Int] { configuration.filter { model.isAtomic($0) } }

  /// The first leaf's value: the machine's `state`.
  var primary: State? {
    for node in configuration where model.isAtomic(node) { return values[node] }
    return nil
  }

  /// The value a guard of a transition from `node` is given: the node's, or for the root (a
  /// wildcard) the first leaf's.
  func value(of node: Int) -> State? { node == 0 ? primary : values[node] }

  /// SCXML's selectTransitions: for each leaf in document order, the first transition whose
  /// guard holds in the leaf or its nearest ancestor that has one; then conflicts removed.
  func select(_ event: Event) -> (enabled: [Enabled], miss: Miss) {
    let key = event.caseKey
    var enabled: [Enabled] = []
    var failed: [String] = []
    var invalid = false
    for leaf in atomics {
      var node = leaf
      search: while node >= 0 {
        if let candidates = model.onEvent[Model.NodeEvent(node: node, event: key)] {
          for edgeIndex in candidates {
            let edge = model.edges[edgeIndex]
            if let condition = edge.condition {
              guard let state = value(of: node), condition(state, event) else {
                if let name = edge.conditionName { failed.append(name) }
                continue
              }
            }
            var target = edge.fixed
            if let make = edge.make {
              guard let made = make(event), made.caseKey == model.keyOf[edge.target] else {
                invalid = true
                continue
              }
              target = made
            }
            if !enabled.contains(where: { $0.edge == edgeIndex }) {
              enabled.append(Enabled(edge: edgeIndex, value: target))
            }
            break search
          }
        }
        node = model.parentOf[node]
      }
    }
    let miss: Miss = invalid ? .invalidTarget : failed.isEmpty ? .none : .guards(failed)
    return (removingConflicts(enabled), miss)
  }

  /// SCXML's selectEventlessTransitions.
  func selectEventless() -> [Enabled] {
    var enabled: [Enabled] = []
    for leaf in atomics {
      var node = leaf
      search: while node >= 0 {
        for edgeIndex in model.eventlessOf[node] {
          let edge = model.edges[edgeIndex]
          if let condition = edge.condition {
            guard let state = values[node], condition(state, nil) else { continue }
          }
          if !enabled.contains(where: { $0.edge == edgeIndex }) {
            enabled.append(Enabled(edge: edgeIndex, value: edge.fixed))
          }
          break search
        }
        node = model.parentOf[node]
      }
    }
    return removingConflicts(enabled)
  }

  /// SCXML's removeConflictingTransitions: of two transitions whose exit sets intersect, the
  /// one whose source is a descendant of the other's wins, else the earlier in document order.
  func removingConflicts(_ enabled: [Enabled]) -> [Enabled] {
    guard enabled.count > 1 else { return enabled }
    var filtered: [(Enabled, Set<Int>)] = []
    for first in enabled {
      let firstExits = Set(exitSet(first.edge))
      var preempted = false
      var removed: [Int] = []
      for (position, (second, secondExits)) in filtered.enumerated()
      where !firstExits.isDisjoint(with: secondExits) {
        if model.isProperDescendant(model.edgeSource[first.edge], of: model.edgeSource[second.edge]) {
          removed.append(position)
        } else {
          preempted = true
          break
        }
      }
      if !preempted {
        for position in removed.reversed() { filtered.remove(at: position) }
        filtered.append((first, firstExits))
      }
    }
    return filtered.map { $0.0 }
  }

  // MARK: Exit and entry sets

  /// The states a transition targets once history is resolved.
  func effectiveTargets(_ target: Int) -> [Int] {
    guard case .history = model.kindOf[target] else { return [target] }
    if let recorded = history[target] { return recorded.map { $0.node } }
    if let fallback = model.nodes[target].initial { return effectiveTargets(fallback.node) }
    let parent = model.parentOf[target]
    return model.nodes[parent].initial.map { effectiveTargets($0.node) } ?? []
  }

  /// SCXML's getTransitionDomain (every transition here is external): the least common
  /// compound ancestor of the source and the targets, or the root.
  func domain(_ edgeIndex: Int) -> Int {
    let edge = model.edges[edgeIndex]
    let targets = effectiveTargets(edge.target)
    guard edge.source != 0 else { return 0 }
    var ancestor = model.parentOf[edge.source]
    while ancestor > 0 {
      if model.kindOf[ancestor] == .compound,
        targets.allSatisfy({ model.isProperDescendant($0, of: ancestor) })
      {
        return ancestor
      }
      ancestor = model.parentOf[ancestor]
    }
    return 0
  }

  /// SCXML's computeExitSet for one transition: the active descendants of its domain.
  func exitSet(_ edgeIndex: Int) -> [Int] {
    let domain = domain(edgeIndex)
    return configuration.filter { model.isProperDescendant($0, of: domain) }
  }

  /// SCXML's computeEntrySet: the states to enter (ascending), with the values the targets and
  /// restored histories give them.
  func entrySet(_ enabled: [Enabled]) -> (nodes: [Int], values: [Int: State]) {
    var toEnter = Set<Int>()
    var given: [Int: State] = [:]
    for transition in enabled {
      let edge = model.edges[transition.edge]
      if let value = transition.value { given[edge.target] = value }
      addDescendants(edge.target, &toEnter, &given)
      let domain = domain(transition.edge)
      for target in effectiveTargets(edge.target) { addAncestors(target, upTo: domain, &toEnter, &given) }
    }
    return (toEnter.sorted(), given)
  }

  func addDescendants(_ node: Int, _ toEnter: inout Set<Int>, _ given: inout [Int: State]) {
    let kind = model.kindOf[node]
    if case .history = kind {
      let parent = model.parentOf[node]
      if let recorded = history[node] {
        for (state, value) in recorded {
          if let value { given[state] = value }
          addDescendants(state, &toEnter, &given)
          addAncestors(state, upTo: parent, &toEnter, &given)
        }
      } else if let fallback = model.nodes[node].initial ?? model.nodes[parent].initial {
        addDescendants(fallback.node, &toEnter, &given)
        addAncestors(fallback.node, upTo: parent, &toEnter, &given)
      }
      return
    }
    toEnter.insert(node)
    switch kind {
    case .compound:
      guard let initial = model.nodes[node].initial else { return }
      if given[initial.node] == nil { given[initial.node] = initial.value }
      addDescendants(initial.node, &toEnter, &given)
      addAncestors(initial.node, upTo: node, &toEnter, &given)
    case .parallel:
      for child in model.childrenOf[node]
      where !toEnter.contains(where: { model.isDescendant($0, of: child) }) {
        addDescendants(child, &toEnter, &given)
      }
    default: break
    }
  }

  func addAncestors(_ node: Int, upTo limit: Int, _ toEnter: inout Set<Int>, _ given: inout [Int: State]) {
    var ancestor = model.parentOf[node]
    while ancestor != limit && ancestor > 0 {
      toEnter.insert(ancestor)
      if model.kindOf[ancestor] == .parallel {
        for child in model.childrenOf[ancestor]
        where !toEnter.contains(where: { model.isDescendant($0, of: child) }) {
          addDescendants(child, &toEnter, &given)
        }
      }
      ancestor = model.parentOf[ancestor]
    }
  }

  /// Whether `node` has reached its end: a compound state with an active final child, a
  /// parallel state whose every region has.
  func isInFinalState(_ node: Int) -> Bool {
    switch model.kindOf[node] {
    case .compound: return model.childrenOf[node].contains { active[$0] && model.kindOf[$0] == .final }
    case .parallel: return model.childrenOf[node].allSatisfy(isInFinalState)
    default: return false
    }
  }
}
