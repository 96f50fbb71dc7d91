/// A statechart's structure, as the machine reads it: every state as a node in document order
/// (pre-order: a parent before its children, siblings in declaration order), with node 0 the
/// root that holds the top-level states, and every transition as an edge indexed by its source
/// node and what takes it. Built once per graph, in time linear in the states and transitions.
@usableFromInline final class ChartModel<State: CaseKeyed, Event: CaseKeyed> {
  @usableFromInline typealias Kind = ChartNodeKind

  /// A state while the model is built: its payload and its place in the hierarchy.
  struct Draft {
    /// The state's case; `nil` for the root.
    let key: State.Case?
    /// The value the state takes when entered without an explicit target value.
    let value: State?
    let kind: Kind
    let parent: Int
    let depth: Int
    var children: [Int] = []
    /// A compound state's initial node (or a history state's default), with its value.
    var initial: (node: Int, value: State)?
    let entry: ChartAction<State, Event>?
    let exit: ChartAction<State, Event>?
    var eventless: [Int] = []
    var delayed: [(delay: DelayPart<State, Event>, edge: Int)] = []
    /// The done transitions the node holds: the node whose done event takes each.
    var done: [(of: Int, edge: Int)] = []
    var invokes: [ChartElement<State, Event>.InvokeStart] = []
    /// What each invoke is, in words, for the exports (`invoke` alone when unlabelled).
    var invokeLabels: [String] = []
    var histories: [Int] = []

    var isAtomic: Bool { kind == .atomic || kind == .final }
    var isHistory: Bool { if case .history = kind { true } else { false } }
  }

  /// A transition of the chart: an event transition of the graph, or an eventless, delayed or
  /// done one.
  @usableFromInline struct Edge {
    @usableFromInline let source: Int
    /// The target node; `nil` for a targetless transition.
    @usableFromInline let target: Int?
    @usableFromInline let fixed: State?
    @usableFromInline let make: (@Sendable (Event) -> State?)?
    /// Every guard of the transition; it is enabled when all hold.
    @usableFromInline let conditions: [GuardPart<State, Event>]
    @usableFromInline let conditionName: String?
    /// The transition's actions, in order.
    @usableFromInline let actions: [ChartAction<State, Event>]
    @usableFromInline let isInternal: Bool
    /// The graph transition this edge is, for event transitions.
    @usableFromInline let transition: Int?
    /// How diagrams label it: `event [guard]`, `[guard]` or `always`, `after 3s`, `done`.
    @usableFromInline let label: String
  }

  @usableFromInline struct NodeEvent: Hashable {
    @usableFromInline let node: Int
    @usableFromInline let event: Event.Case
  }

  /// What each state carries that depends on the chart's types: its case, value, actions,
  /// invocations and delays.
  @usableFromInline struct Node {
    @usableFromInline let key: State.Case?
    @usableFromInline let value: State?
    /// A compound state's initial node (or a history state's default), with its value.
    @usableFromInline let initial: (node: Int, value: State)?
    @usableFromInline let entry: ChartAction<State, Event>?
    @usableFromInline let exit: ChartAction<State, Event>?
    /// The delay of each of `tree.delayed[node]`.
    @usableFromInline let delays: [DelayPart<State, Event>]
    @usableFromInline let invokes: [ChartElement<State, Event>.InvokeStart]
    @usableFromInline let invokeLabels: [String]
  }

  /// The hierarchy and the transitions' structure, as integers (the machine's walks).
  @usableFromInline @exclusivity(unchecked) var tree = ChartTree()
  @usableFromInline @exclusivity(unchecked) var nodes: [Node] = []
  private var drafts: [Draft]
  @usableFromInline @exclusivity(unchecked) var edges: [Edge] = []
  /// The event transitions of each (node, event case), in declaration order; wildcards are the
  /// root's.
  @usableFromInline @exclusivity(unchecked) var onEvent: [NodeEvent: [Int]] = [:]
  @usableFromInline @exclusivity(unchecked) var indexOf: [State.Case: Int]
  /// The event cases the transitions name, each a column of the tree's event table.
  @usableFromInline @exclusivity(unchecked) var columns: [Event.Case] = []
  @usableFromInline @exclusivity(unchecked) private(set) var columnOf: [Event.Case: Int] = [:]
  /// An event case's byte to its column, or -1, when event cases are one byte (payload-free
  /// enums); empty otherwise. Only a hint: the column's case is checked with `==`.
  @usableFromInline @exclusivity(unchecked) var columnOfByte: [Int16] = []
  /// Each event transition's source and event column, in declaration order (for the table).
  private var eventEdgeList: [(source: Int, column: Int, edge: Int)] = []
  /// Elements that named a state twice, or a child under a state that cannot have one.
  @usableFromInline @exclusivity(unchecked) var duplicates: [State.Case] = []

  @usableFromInline init(
    initial: State, elements: [ChartElement<State, Event>], transitions: [Transition<State, Event>],
    states: [State.Case]
  ) {
    drafts = [Draft(key: nil, value: nil, kind: .compound, parent: -1, depth: 0, entry: nil, exit: nil)]
    indexOf = [:]
    var pending: [(node: Int, initial: State)] = []
    var others: [(ChartElement<State, Event>.EdgeSpec?, ChartElement<State, Event>)] = []
    addNodes(elements, under: 0, &pending, &others)
    for key in states { _ = node(key) }
    _ = node(initial.caseKey, initial)
    for (index, value) in pending { drafts[index].initial = (node(value.caseKey, value), value) }
    drafts[0].initial = (node(initial.caseKey), initial)  // the root enters the initial state
    for (position, transition) in transitions.enumerated() { addEventEdge(transition, position) }
    for (spec, element) in others {
      if let spec {
        addChartEdge(spec)
      } else if case .invoke(let key, let start, let label) = element.kind {
        drafts[node(key)].invokes.append(start)
        drafts[node(key)].invokeLabels.append(label.map { "invoke \($0)" } ?? "invoke")
      }
    }
    tree = ChartTree(drafts: drafts, edges: edges)
    tree.addEventTable(eventEdgeList, nodeCount: drafts.count)
    eventEdgeList = []
    columnOfByte = TransitionIndex<State, Event>.byteTable(columns)
    nodes = drafts.map {
      Node(
        key: $0.key, value: $0.value, initial: $0.initial, entry: $0.entry, exit: $0.exit,
        delays: $0.delayed.map(\.delay), invokes: $0.invokes, invokeLabels: $0.invokeLabels)
    }
    drafts = []
  }

  /// The column of `event`'s case in the tree's event table, or -1 when no transition names it.
  @inlinable @inline(__always) func column(of event: Event.Case) -> Int {
    if !columnOfByte.isEmpty {
      let column = Int(columnOfByte[caseByte(event)])
      return column >= 0 && columns[column] == event ? column : -1
    }
    return columnOf[event] ?? -1
  }

  /// Adds the states of `elements` under `parent`, depth first in document order (a stack of
  /// the lists being read, not recursion: any depth); keeps the initial states to resolve and
  /// the other elements for later.
  private func addNodes(
    _ elements: [ChartElement<State, Event>], under parent: Int,
    _ pending: inout [(node: Int, initial: State)],
    _ others: inout [(ChartElement<State, Event>.EdgeSpec?, ChartElement<State, Event>)]
  ) {
    var lists: [(elements: [ChartElement<State, Event>], next: Int, parent: Int)] = [(elements, 0, parent)]
    while !lists.isEmpty {
      let (elements, next, parent) = lists[lists.count - 1]
      guard next < elements.count else {
        lists.removeLast()
        continue
      }
      lists[lists.count - 1].next += 1
      switch elements[next].kind {
      case .edge(let spec): others.append((spec, elements[next]))
      case .invoke: others.append((nil, elements[next]))
      case .node(let spec):
        let key = spec.key
        guard indexOf[key] == nil else {
          duplicates.append(key)
          continue
        }
        let index = drafts.count
        drafts.append(
          Draft(
            key: key, value: spec.value, kind: spec.kind, parent: parent, depth: drafts[parent].depth + 1,
            entry: spec.entry, exit: spec.exit))
        indexOf[key] = index
        if case .history = spec.kind {
          drafts[parent].histories.append(index)
        } else {
          drafts[parent].children.append(index)
        }
        if let initial = spec.initial { pending.append((index, initial)) }
        if !spec.children.isEmpty { lists.append((spec.children, 0, index)) }
      }
    }
  }

  /// Adds a graph transition as an edge of its source (the root's for a wildcard).
  private func addEventEdge(_ transition: Transition<State, Event>, _ position: Int) {
    var fixed: State?
    var make: (@Sendable (Event) -> State?)?
    switch transition.target.kind {
    case .fixed(let state): fixed = state
    case .made(_, let body): make = body
    case .resolved: return  // not a statechart target
    case .none: break
    }
    let source = transition.from.map { node($0) } ?? 0
    let conditions = transition.condition.map { [GuardPart.event($0)] } ?? []
    let edge = Edge(
      source: source, target: transition.to.map { node($0) }, fixed: fixed, make: make,
      conditions: conditions + transition.chartConditions.map { .chart($0) },
      conditionName: transition.conditionName, actions: transition.actions, isInternal: transition.isInternal,
      transition: position, label: transition.eventName + (transition.conditionName.map { " [\($0)]" } ?? ""))
    onEvent[NodeEvent(node: source, event: transition.event), default: []].append(edges.count)
    let column: Int
    if let known = columnOf[transition.event] {
      column = known
    } else {
      column = columns.count
      columnOf[transition.event] = column
      columns.append(transition.event)
    }
    eventEdgeList.append((source, column, edges.count))
    edges.append(edge)
  }

  /// Adds an eventless, delayed or done transition of the chart block.
  private func addChartEdge(_ spec: ChartElement<State, Event>.EdgeSpec) {
    let source = node(spec.from)
    let guardLabel = spec.conditionName.map { " [\($0)]" } ?? ""
    let label: String
    switch spec.trigger {
    case .eventless:
      label = spec.conditionName.map { "[\($0)]" } ?? "always"
      drafts[source].eventless.append(edges.count)
    case .delayed(let delay, let name):
      label = name + guardLabel
      drafts[source].delayed.append((delay, edges.count))
    case .done(let key):
      let state = node(key)
      label = (state == source ? "done" : "done \(caseLabel(key))") + guardLabel
      drafts[source].done.append((state, edges.count))
    }
    edges.append(
      Edge(
        source: source, target: spec.to.map { node($0.caseKey) }, fixed: spec.to, make: nil,
        conditions: spec.conditions, conditionName: spec.conditionName, actions: spec.actions,
        isInternal: spec.isInternal, transition: nil, label: label))
  }

  /// The node of `key`, made a top-level atomic state if no element declared it.
  private func node(_ key: State.Case, _ value: State? = nil) -> Int {
    if let index = indexOf[key] { return index }
    let index = drafts.count
    drafts.append(Draft(key: key, value: value, kind: .atomic, parent: 0, depth: 1, entry: nil, exit: nil))
    drafts[0].children.append(index)
    indexOf[key] = index
    return index
  }

  // MARK: Reading the hierarchy

  /// Whether `node` is a leaf (atomic or final).
  @inlinable @inline(__always) func isAtomic(_ node: Int) -> Bool { tree.isAtomic(node) }

  /// Whether `node` is `ancestor` or below it.
  @inlinable @inline(__always) func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    tree.isDescendant(node, of: ancestor)
  }

  /// Whether `node` is strictly below `ancestor`.
  @inlinable @inline(__always) func isProperDescendant(_ node: Int, of ancestor: Int) -> Bool {
    tree.isProperDescendant(node, of: ancestor)
  }

  /// The innermost node that contains both `first` and `second` (either may be it).
  @usableFromInline func commonAncestor(_ first: Int, _ second: Int) -> Int {
    var (a, b) = (first, second)
    while a != b {
      if a > b { a = tree.parent[a] } else { b = tree.parent[b] }
    }
    return a
  }

  /// What a history node enters before its parent was ever left: its default, else its
  /// parent's initial state; for a history in a parallel state without a default, every region.
  @usableFromInline func historyDefault(_ history: Int) -> [(node: Int, value: State?)] {
    if let fallback = nodes[history].initial { return [(fallback.node, fallback.value)] }
    let parent = tree.parent[history]
    if tree.kind[parent] == .parallel { return tree.children[parent].map { ($0, nil) } }
    return nodes[parent].initial.map { [($0.node, $0.value)] } ?? []
  }

  /// An edge's transition domain with history read as its parent (for validation and
  /// diagrams, which know no history): the innermost compound proper ancestor of the source
  /// that contains the target, or the root; the source for an internal edge to its descendants.
  @usableFromInline func staticDomain(_ edge: Edge) -> Int {
    guard var target = edge.target else { return edge.source }
    if tree.isHistory(target) { target = tree.parent[target] }
    if edge.isInternal, tree.kind[edge.source] == .compound, isProperDescendant(target, of: edge.source) {
      return edge.source
    }
    guard edge.source != 0 else { return 0 }
    var ancestor = tree.parent[edge.source]
    while ancestor > 0 {
      if tree.kind[ancestor] == .compound, isProperDescendant(target, of: ancestor) { return ancestor }
      ancestor = tree.parent[ancestor]
    }
    return 0
  }

  /// An edge as model-based tests name it: `source --label--> target` (`*` for a wildcard; a
  /// targetless edge names its source twice).
  @usableFromInline func title(_ edge: Int) -> String {
    let edge = edges[edge]
    let source = edge.source == 0 ? "*" : name(edge.source)
    return "\(source) --\(edge.label)--> \(edge.target.map(name) ?? source)"
  }

  /// The node's name in diagrams and problems.
  @usableFromInline func name(_ node: Int) -> String { nodes[node].key.map(caseLabel) ?? "[*]" }

  /// Every state's case in document order (the root left out).
  @usableFromInline var keys: [State.Case] {
    (nodes.isEmpty ? drafts.map(\.key) : nodes.map(\.key)).dropFirst().compactMap { $0 }
  }
}

// @unchecked: the model is immutable after `init`; its closures wrap the `@Sendable` closures of
// the transitions and elements it was made from, and capture nothing else.
extension ChartModel: @unchecked Sendable where State: Sendable {}

/// A statechart's hierarchy and its transitions' ends, as plain integers: what the machine's
/// walks read (not generic, so that they run specialized code whatever the chart's types; the
/// chart's own types stay in `ChartModel.Node` and `ChartModel.Edge`). Nodes are in pre-order,
/// so a node's descendants are the range `node + 1 ... lastDescendant[node]`.
@usableFromInline struct ChartTree {
  @usableFromInline var parent: [Int] = []
  @usableFromInline var kind: [ChartNodeKind] = []
  @usableFromInline var children: [[Int]] = []
  @usableFromInline var histories: [[Int]] = []
  @usableFromInline var eventless: [[Int]] = []
  /// The delayed edges of each node (their delays are the node's `delays`).
  @usableFromInline var delayed: [[Int]] = []
  /// The done edges each node holds, with the node whose done event takes each.
  @usableFromInline var done: [[(of: Int, edge: Int)]] = []
  @usableFromInline var lastDescendant: [Int] = []
  @usableFromInline var edgeSource: [Int] = []
  /// Each edge's target node, or -1 for a targetless edge.
  @usableFromInline var edgeTarget: [Int] = []
  @usableFromInline var edgeInternal: [Bool] = []
  @usableFromInline var edgeGuarded: [Bool] = []
  /// Whether each edge has actions; whether its target is made from the event.
  @usableFromInline var edgeActing: [Bool] = []
  @usableFromInline var edgeMakes: [Bool] = []
  /// What each node does when entered or left (`NodeEffects`), so that the walks skip the
  /// chart's types for a state that does nothing.
  @usableFromInline var effects: [NodeEffects] = []
  /// Whether any node is a history state; whether any has an eventless transition.
  @usableFromInline var hasHistory = false
  @usableFromInline var hasEventless = false
  /// Each node's event transitions: the runs `eventRuns[eventStart[node] ..< eventStart[node +
  /// 1]]`, one per event column, each a range of `eventEdges` in declaration order.
  @usableFromInline var eventStart: [Int] = []
  @usableFromInline var eventRuns: [(column: Int, edges: Range<Int>)] = []
  @usableFromInline var eventEdges: [Int] = []

  @usableFromInline init() {}

  /// The event transitions of `node` for the event of `column`, as a range of `eventEdges`.
  @inlinable @inline(__always) func eventEdges(at node: Int, column: Int) -> Range<Int> {
    var run = eventStart[node]
    let end = eventStart[node + 1]
    while run < end {
      if eventRuns[run].column == column { return eventRuns[run].edges }
      run &+= 1
    }
    return 0..<0
  }

  /// Builds the event table from each event edge's source and column (in declaration order):
  /// linear in the edges, but for the sort of each node's own few.
  @usableFromInline mutating func addEventTable(
    _ list: [(source: Int, column: Int, edge: Int)], nodeCount: Int
  ) {
    var counts = [Int](repeating: 0, count: nodeCount + 1)
    for entry in list { counts[entry.source + 1] += 1 }
    for node in 0..<nodeCount { counts[node + 1] += counts[node] }
    var placed = [(column: Int, edge: Int)](repeating: (0, 0), count: list.count)
    var next = counts
    for entry in list {
      placed[next[entry.source]] = (entry.column, entry.edge)
      next[entry.source] += 1
    }
    eventStart = [Int](repeating: 0, count: nodeCount + 1)
    eventEdges.reserveCapacity(list.count)
    for node in 0..<nodeCount {
      eventStart[node] = eventRuns.count
      let own = placed[counts[node]..<counts[node + 1]]
      // Edges are in declaration order in `own`; group them by column, keeping that order.
      let ordered =
        own.count < 2
        ? Array(own)
        : own.enumerated().sorted {
          ($0.element.column, $0.offset) < ($1.element.column, $1.offset)
        }.map(\.element)
      var position = 0
      while position < ordered.count {
        let column = ordered[position].column
        let start = eventEdges.count
        while position < ordered.count, ordered[position].column == column {
          eventEdges.append(ordered[position].edge)
          position += 1
        }
        eventRuns.append((column, start..<eventEdges.count))
      }
    }
    eventStart[nodeCount] = eventRuns.count
  }

  init<State, Event>(drafts: [ChartModel<State, Event>.Draft], edges: [ChartModel<State, Event>.Edge]) {
    parent = drafts.map(\.parent)
    kind = drafts.map(\.kind)
    children = drafts.map(\.children)
    histories = drafts.map(\.histories)
    eventless = drafts.map(\.eventless)
    delayed = drafts.map { $0.delayed.map(\.edge) }
    done = drafts.map(\.done)
    var last = Array(0..<drafts.count)
    for node in stride(from: drafts.count - 1, through: 1, by: -1) {
      last[parent[node]] = max(last[parent[node]], last[node])
    }
    lastDescendant = last
    edgeSource = edges.map(\.source)
    edgeTarget = edges.map { $0.target ?? -1 }
    edgeInternal = edges.map(\.isInternal)
    edgeGuarded = edges.map { !$0.conditions.isEmpty }
    edgeActing = edges.map { !$0.actions.isEmpty }
    edgeMakes = edges.map { $0.make != nil }
    effects = drafts.map { draft in
      var effects: NodeEffects = []
      if draft.entry != nil { effects.insert(.entry) }
      if draft.exit != nil { effects.insert(.exit) }
      if !draft.delayed.isEmpty { effects.insert(.delays) }
      if !draft.invokes.isEmpty { effects.insert(.invokes) }
      if draft.value == nil { effects.insert(.derivesValue) }
      if !draft.histories.isEmpty { effects.insert(.histories) }
      return effects
    }
    hasHistory = kind.contains { if case .history = $0 { true } else { false } }
    hasEventless = eventless.contains { !$0.isEmpty }
  }

  @inlinable @inline(__always) func isAtomic(_ node: Int) -> Bool {
    kind[node] == .atomic || kind[node] == .final
  }
  @inlinable @inline(__always) func isHistory(_ node: Int) -> Bool {
    if case .history = kind[node] { true } else { false }
  }

  /// Whether `node` is `ancestor` or below it (O(1)).
  @inlinable @inline(__always) func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    node >= ancestor && node <= lastDescendant[ancestor]
  }

  /// Whether `node` is strictly below `ancestor` (O(1)).
  @inlinable @inline(__always) func isProperDescendant(_ node: Int, of ancestor: Int) -> Bool {
    node > ancestor && node <= lastDescendant[ancestor]
  }
}

/// What a node does when it is entered or left, beside joining or leaving the configuration.
@usableFromInline struct NodeEffects: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8
  @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
  @inlinable static var entry: NodeEffects { NodeEffects(rawValue: 1) }
  @inlinable static var exit: NodeEffects { NodeEffects(rawValue: 2) }
  /// It arms delayed transitions.
  @inlinable static var delays: NodeEffects { NodeEffects(rawValue: 4) }
  /// It starts invocations.
  @inlinable static var invokes: NodeEffects { NodeEffects(rawValue: 8) }
  /// It has no value of its own (declared by its case): it takes one from below.
  @inlinable static var derivesValue: NodeEffects { NodeEffects(rawValue: 16) }
  /// It has history states that record what is active below it when it is left.
  @inlinable static var histories: NodeEffects { NodeEffects(rawValue: 32) }
}
