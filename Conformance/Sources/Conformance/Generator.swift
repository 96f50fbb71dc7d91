/// Makes a random chart from a seed: nested compound states, parallel regions, final states with
/// done transitions on the state or an ancestor (some guarded on the done data), shallow and
/// deep history (inside parallel states too), event transitions with and without targets,
/// internal ones, eventless ones guarded on the counter and on `In()`, actions that count, log
/// and raise, and a sequence of external events.
enum ChartGenerator {
  /// The enum `StateID` has this many cases; a chart uses at most this many states.
  static let maximumStates = 64

  static func make(seed: UInt64) -> ChartSpec {
    var random = SeededRandom(seed: seed)
    while true {
      let chart = attempt(seed: seed, &random)
      if chart.nodes.count <= maximumStates { return chart }
    }
  }

  private static func attempt(seed: UInt64, _ random: inout SeededRandom) -> ChartSpec {
    var chart = ChartSpec(seed: seed)
    let topCount = 2 + random.below(3)
    for _ in 0..<topCount {
      let kind = random.pick([ChartSpec.Kind.atomic, .compound, .compound, .parallel])
      chart.top.append(makeState(kind, parent: nil, depth: 0, in: &chart, &random))
    }
    if random.chance(25) {
      chart.top.append(makeState(.final, parent: nil, depth: 0, in: &chart, &random))
    }
    chart.initial = random.pick(chart.top.filter { chart.nodes[$0].kind != .final })
    addEdges(to: &chart, &random)
    let eventCount = 8 + random.below(9)
    chart.events = (0..<eventCount).map { _ in
      random.chance(30) ? ChartSpec.wait : random.below(ChartSpec.externalEvents)
    }
    return chart
  }

  private static func makeState(
    _ kind: ChartSpec.Kind, parent: Int?, depth: Int, in chart: inout ChartSpec, _ random: inout SeededRandom
  ) -> Int {
    let id = chart.nodes.count
    chart.nodes.append(ChartSpec.Node(kind: kind, parent: parent, counts: random.chance(10)))
    let roomy = chart.nodes.count < 30 && depth < 3
    switch kind {
    case .compound:
      var children: [Int] = []
      let count = roomy ? 1 + random.below(3) : 1
      for _ in 0..<count {
        let childKind: ChartSpec.Kind =
          roomy ? random.pick([.atomic, .atomic, .atomic, .compound, .parallel]) : .atomic
        children.append(makeState(childKind, parent: id, depth: depth + 1, in: &chart, &random))
      }
      chart.nodes[id].initial = random.pick(children)
      if random.chance(45) {
        children.append(makeState(.final, parent: id, depth: depth + 1, in: &chart, &random))
      }
      if roomy, random.chance(35) {
        let history = makeState(
          .history(deep: random.chance(50)), parent: id, depth: depth + 1, in: &chart, &random)
        let normal = children.filter { chart.nodes[$0].kind != .final }
        chart.nodes[history].historyDefault = random.chance(70) ? random.pick(normal) : nil
        children.insert(history, at: random.below(children.count + 1))
      }
      chart.nodes[id].children = children
    case .parallel:
      var children: [Int] = []
      let count = 2 + (roomy && random.chance(30) ? 1 : 0)
      for _ in 0..<count {
        children.append(makeState(.compound, parent: id, depth: depth + 1, in: &chart, &random))
      }
      if random.chance(30) {
        let history = makeState(
          .history(deep: random.chance(50)), parent: id, depth: depth + 1, in: &chart, &random)
        children.insert(history, at: random.below(children.count + 1))
      }
      chart.nodes[id].children = children
    case .atomic, .final, .history:
      break
    }
    return id
  }

  private static func addEdges(to chart: inout ChartSpec, _ random: inout SeededRandom) {
    let states = Array(chart.nodes.indices)
    let targets = states
    let plain = states.filter {
      if case .history = chart.nodes[$0].kind { return false }
      return true
    }
    func label() -> Int { chart.edges.count }
    func randomGuard(_ random: inout SeededRandom) -> ChartSpec.Guard? {
      switch random.below(10) {
      case 0...3: nil
      case 4, 5: .below(1 + random.below(4))
      case 6: .even
      case 7, 8: .inState(random.pick(plain))
      default: .belowAndIn(1 + random.below(5), random.pick(plain))
      }
    }
    for source in plain where chart.nodes[source].kind != .final {
      let isCompound = chart.nodes[source].kind == .compound
      // Event transitions.
      for _ in 0..<random.pick([1, 1, 2, 2, 3]) {
        let raised = random.chance(12)
        let event =
          raised ? ChartSpec.externalEvents + random.below(2) : random.below(ChartSpec.externalEvents)
        var edge = ChartSpec.Edge(
          source: source, trigger: .event(event), target: random.chance(15) ? nil : random.pick(targets),
          label: label())
        edge.isInternal = isCompound && edge.target != nil && random.chance(25)
        if isCompound, edge.isInternal, random.chance(70) {
          let inside = targets.filter { chart.isDescendant($0, of: source) }
          if !inside.isEmpty { edge.target = random.pick(inside) }
        }
        edge.condition = randomGuard(&random)
        if random.chance(35) { edge.actions.append(.increment) }
        if random.chance(50) { edge.actions.append(.log) }
        if random.chance(15) {
          // A raise is bounded: the counter must be low and the transition raises it.
          edge.condition = random.chance(50) ? .below(6) : .belowAndIn(6, random.pick(plain))
          edge.actions = [.increment, .raise(ChartSpec.externalEvents + random.below(2))] + edge.actions
        } else if random.chance(10) {
          // So is a send.
          edge.condition = .below(6)
          edge.actions = [.increment, .send(random.below(ChartSpec.externalEvents + 2))] + edge.actions
        }
        chart.edges.append(edge)
      }
      // A delayed transition.
      if random.chance(20) {
        var edge = ChartSpec.Edge(
          source: source, trigger: .after(seconds: 1 + random.below(3)),
          target: random.chance(20) ? nil : random.pick(targets), label: label())
        edge.isInternal = isCompound && edge.target != nil && random.chance(20)
        edge.condition = random.chance(40) ? randomGuard(&random) : nil
        if random.chance(50) { edge.actions.append(.increment) }
        if random.chance(50) { edge.actions.append(.log) }
        chart.edges.append(edge)
      }
      // An eventless transition, bounded by the counter it raises.
      if random.chance(25) {
        var edge = ChartSpec.Edge(
          source: source, trigger: .always, target: random.chance(20) ? nil : random.pick(targets),
          label: label())
        edge.isInternal = isCompound && edge.target != nil && random.chance(20)
        let bound = 1 + random.below(4)
        edge.condition = random.chance(40) ? .belowAndIn(bound, random.pick(plain)) : .below(bound)
        edge.actions = [.increment] + (random.chance(50) ? [.log] : [])
        chart.edges.append(edge)
      }
    }
    // Done transitions, on the state that is done or on an ancestor.
    for state in plain {
      let node = chart.nodes[state]
      let finals = node.children.filter { chart.nodes[$0].kind == .final }
      let canBeDone: Bool
      switch node.kind {
      case .compound: canBeDone = !finals.isEmpty
      case .parallel:
        canBeDone = node.children.allSatisfy { child in
          if case .history = chart.nodes[child].kind { return true }
          return chart.nodes[child].children.contains { chart.nodes[$0].kind == .final }
        }
      default: canBeDone = false
      }
      guard canBeDone else { continue }
      for _ in 0..<random.pick([0, 1, 1, 2]) {
        var owners = [state]
        var ancestor = node.parent
        while let up = ancestor {
          owners.append(up)
          ancestor = chart.nodes[up].parent
        }
        let owner = random.chance(65) ? state : random.pick(owners)
        var edge = ChartSpec.Edge(
          source: owner, trigger: .done(of: state), target: random.chance(15) ? nil : random.pick(targets),
          label: label())
        edge.isInternal = chart.nodes[owner].kind == .compound && edge.target != nil && random.chance(15)
        if random.chance(35) {
          edge.condition = .doneData(node.kind == .parallel ? nil : random.pick(finals))
        }
        edge.actions = [.logDone] + (random.chance(40) ? [.increment] : [])
        chart.edges.append(edge)
      }
    }
  }
}
