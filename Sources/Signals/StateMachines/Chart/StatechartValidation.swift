extension StateGraph {
  /// A statechart's unreachable states and dead ends, following its hierarchy: the initial
  /// state's ancestors and initial descendants are reached, a reached compound state reaches its
  /// initial state, a parallel one its regions, a history state its default (its parent's
  /// initial state), and a reached state's transitions (and its ancestors') reach their
  /// targets. A leaf that is not final or terminal, and whose state and ancestors have no
  /// transition, is a dead end. Linear in the states and transitions.
  func chartReachability(_ chart: ChartModel<State, Event>) -> [StateGraphProblem] {
    let count = chart.nodes.count
    var edgesFrom = [[Int]](repeating: [], count: count)
    for (index, edge) in chart.edges.enumerated() { edgesFrom[edge.source].append(index) }
    var reached = [Bool](repeating: false, count: count)
    var work: [Int] = []
    func reach(_ node: Int) {
      guard !reached[node] else { return }
      reached[node] = true
      work.append(node)
    }
    reach(0)
    while let node = work.popLast() {
      let parent = chart.tree.parent[node]
      if parent >= 0 { reach(parent) }
      switch chart.tree.kind[node] {
      case .compound: if let initial = chart.nodes[node].initial { reach(initial.node) }
      case .parallel: chart.tree.children[node].forEach(reach)
      case .history: chart.historyDefault(node).forEach { reach($0.node) }
      case .atomic, .final: break
      }
      // A state's own transitions apply while it or a descendant is active.
      for edge in edgesFrom[node] { chart.edges[edge].target.map(reach) }
    }
    var problems: [StateGraphProblem] = []
    for node in 1..<count where !reached[node] {
      if case .history = chart.tree.kind[node] { continue }
      problems.append(.unreachable(state: chart.name(node)))
    }
    let terminalKeys = Set(terminal)
    var wayOut = [Bool](repeating: false, count: count)
    for node in 0..<count {
      let parent = chart.tree.parent[node]
      wayOut[node] = !edgesFrom[node].isEmpty || (parent >= 0 && wayOut[parent])
      guard chart.tree.kind[node] == .atomic, !wayOut[node], let key = chart.nodes[node].key,
        !terminalKeys.contains(key)
      else {
        continue
      }
      problems.append(.deadEnd(state: chart.name(node)))
    }
    return problems
  }

  /// A statechart's structural problems: compound states without an initial child among their
  /// descendants, eventless transitions shadowed by an earlier unguarded one, conflicting
  /// transitions in parallel regions, final states with transitions out.
  func chartStructure(_ chart: ChartModel<State, Event>) -> [StateGraphProblem] {
    var problems: [StateGraphProblem] = []
    for (node, spec) in chart.nodes.enumerated() where node > 0 && chart.tree.kind[node] == .compound {
      guard let initial = spec.initial, chart.isProperDescendant(initial.node, of: node) else {
        problems.append(.noInitialChild(state: chart.name(node)))
        continue
      }
    }
    for node in chart.nodes.indices {
      var open = true
      for edge in chart.tree.eventless[node] {
        if !open {
          problems.append(
            .shadowed(
              state: chart.name(node), event: "always",
              to: chart.edges[edge].target.map(chart.name) ?? "itself"))
        }
        if chart.edges[edge].conditions.isEmpty { open = false }
      }
    }
    // Two transitions on one event conflict in a parallel state when they are in different
    // regions and one of them leaves its region. Each edge is looked at once per parallel
    // ancestor of its source: per (parallel state, event), the regions with an edge and the
    // regions with an edge that leaves (linear in the edges times the depth).
    var seen: [ConflictKey: RegionsSeen] = [:]
    for (key, edges) in chart.onEvent {
      for edge in edges {
        let domain = chart.staticDomain(chart.edges[edge])
        var region = chart.edges[edge].source
        guard region > 0 else { continue }
        var holder = chart.tree.parent[region]
        while holder > 0 {
          if chart.tree.kind[holder] == .parallel {
            let conflictKey = ConflictKey(node: holder, event: caseLabel(key.event))
            seen[conflictKey, default: RegionsSeen()].regions.insert(region)
            if !chart.isDescendant(domain, of: region) {
              seen[conflictKey, default: RegionsSeen()].leaving.insert(region)
            }
          }
          region = holder
          holder = chart.tree.parent[holder]
        }
      }
    }
    let conflicts = seen.filter { $0.value.regions.count > 1 && !$0.value.leaving.isEmpty }.keys.map {
      (node: $0.node, event: $0.event)
    }
    problems += conflicts.sorted { ($0.node, $0.event) < ($1.node, $1.event) }.map {
      .conflictInParallel(state: chart.name($0.node), event: $0.event)
    }
    for node in chart.nodes.indices where chart.tree.isHistory(node) {
      let parent = chart.tree.parent[node]
      let kind = chart.tree.kind[parent]
      let defaults = chart.historyDefault(node)
      if parent == 0 || (kind != .compound && kind != .parallel) || defaults.isEmpty
        || !defaults.allSatisfy({ chart.isProperDescendant($0.node, of: parent) })
      {
        problems.append(.historyWithoutDefault(state: chart.name(node)))
      }
    }
    let edgeSources = Set(chart.edges.map(\.source))
    for node in chart.nodes.indices where chart.tree.kind[node] == .final {
      if edgeSources.contains(node) {
        problems.append(.finalWithTransitions(state: chart.name(node)))
      }
    }
    return problems
  }
}

/// A parallel state and an event name, for the conflict check.
struct ConflictKey: Hashable {
  let node: Int
  let event: String
}

/// The regions of a parallel state with a transition on an event, and those whose transition
/// leaves its region.
struct RegionsSeen {
  var regions: Set<Int> = []
  var leaving: Set<Int> = []
}
