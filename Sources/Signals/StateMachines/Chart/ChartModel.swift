/// A statechart's structure, as the machine reads it: every state as a node in document order
/// (pre-order: a parent before its children, siblings in declaration order), with node 0 the
/// root that holds the top-level states, and every transition as an edge indexed by its source
/// node and what takes it. Built once per graph, in time linear in the states and transitions.
final class ChartModel<State: CaseKeyed, Event: CaseKeyed> {
  typealias Kind = ChartNodeKind

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
  struct Edge {
    let source: Int
    /// The target node; `nil` for a targetless transition.
    let target: Int?
    let fixed: State?
    let make: (@Sendable (Event) -> State?)?
    /// Every guard of the transition; it is enabled when all hold.
    let conditions: [GuardPart<State, Event>]
    let conditionName: String?
    /// The transition's actions, in order.
    let actions: [ChartAction<State, Event>]
    let isInternal: Bool
    /// The graph transition this edge is, for event transitions.
    let transition: Int?
    /// How diagrams label it: `event [guard]`, `[guard]` or `always`, `after 3s`, `done`.
    let label: String
  }

  struct NodeEvent: Hashable {
    let node: Int
    let event: Event.Case
  }

  /// What each state carries that depends on the chart's types: its case, value, actions,
  /// invocations and delays.
  struct Node {
    let key: State.Case?
    let value: State?
    /// A compound state's initial node (or a history state's default), with its value.
    let initial: (node: Int, value: State)?
    let entry: ChartAction<State, Event>?
    let exit: ChartAction<State, Event>?
    /// The delay of each of `tree.delayed[node]`.
    let delays: [DelayPart<State, Event>]
    let invokes: [ChartElement<State, Event>.InvokeStart]
    let invokeLabels: [String]
  }

  /// The hierarchy and the transitions' structure, as integers (the machine's walks).
  private(set) var tree = ChartTree()
  private(set) var nodes: [Node] = []
  private var drafts: [Draft]
  private(set) var edges: [Edge] = []
  /// The event transitions of each (node, event case), in declaration order; wildcards are the
  /// root's.
  private(set) var onEvent: [NodeEvent: [Int]] = [:]
  private(set) var indexOf: [State.Case: Int]
  /// Elements that named a state twice, or a child under a state that cannot have one.
  private(set) var duplicates: [State.Case] = []

  init(
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
    nodes = drafts.map {
      Node(
        key: $0.key, value: $0.value, initial: $0.initial, entry: $0.entry, exit: $0.exit,
        delays: $0.delayed.map(\.delay), invokes: $0.invokes, invokeLabels: $0.invokeLabels)
    }
    drafts = []
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
  @inline(__always) func isAtomic(_ node: Int) -> Bool { tree.isAtomic(node) }

  /// Whether `node` is `ancestor` or below it.
  @inline(__always) func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    tree.isDescendant(node, of: ancestor)
  }

  /// Whether `node` is strictly below `ancestor`.
  @inline(__always) func isProperDescendant(_ node: Int, of ancestor: Int) -> Bool {
    tree.isProperDescendant(node, of: ancestor)
  }

  /// The innermost node that contains both `first` and `second` (either may be it).
  func commonAncestor(_ first: Int, _ second: Int) -> Int {
    var (a, b) = (first, second)
    while a != b {
      if a > b { a = tree.parent[a] } else { b = tree.parent[b] }
    }
    return a
  }

  /// What a history node enters before its parent was ever left: its default, else its
  /// parent's initial state; for a history in a parallel state without a default, every region.
  func historyDefault(_ history: Int) -> [(node: Int, value: State?)] {
    if let fallback = nodes[history].initial { return [(fallback.node, fallback.value)] }
    let parent = tree.parent[history]
    if tree.kind[parent] == .parallel { return tree.children[parent].map { ($0, nil) } }
    return nodes[parent].initial.map { [($0.node, $0.value)] } ?? []
  }

  /// An edge's transition domain with history read as its parent (for validation and
  /// diagrams, which know no history): the innermost compound proper ancestor of the source
  /// that contains the target, or the root; the source for an internal edge to its descendants.
  func staticDomain(_ edge: Edge) -> Int {
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
  func title(_ edge: Int) -> String {
    let edge = edges[edge]
    let source = edge.source == 0 ? "*" : name(edge.source)
    return "\(source) --\(edge.label)--> \(edge.target.map(name) ?? source)"
  }

  /// The node's name in diagrams and problems.
  func name(_ node: Int) -> String { nodes[node].key.map(caseLabel) ?? "[*]" }

  /// Every state's case in document order (the root left out).
  var keys: [State.Case] {
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
struct ChartTree {
  var parent: [Int] = []
  var kind: [ChartNodeKind] = []
  var children: [[Int]] = []
  var histories: [[Int]] = []
  var eventless: [[Int]] = []
  /// The delayed edges of each node (their delays are the node's `delays`).
  var delayed: [[Int]] = []
  /// The done edges each node holds, with the node whose done event takes each.
  var done: [[(of: Int, edge: Int)]] = []
  var lastDescendant: [Int] = []
  var edgeSource: [Int] = []
  /// Each edge's target node, or -1 for a targetless edge.
  var edgeTarget: [Int] = []
  var edgeInternal: [Bool] = []
  var edgeGuarded: [Bool] = []

  init() {}

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
  }

  @inline(__always) func isAtomic(_ node: Int) -> Bool { kind[node] == .atomic || kind[node] == .final }
  @inline(__always) func isHistory(_ node: Int) -> Bool {
    if case .history = kind[node] { true } else { false }
  }

  /// Whether `node` is `ancestor` or below it (O(1)).
  @inline(__always) func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    node >= ancestor && node <= lastDescendant[ancestor]
  }

  /// Whether `node` is strictly below `ancestor` (O(1)).
  @inline(__always) func isProperDescendant(_ node: Int, of ancestor: Int) -> Bool {
    node > ancestor && node <= lastDescendant[ancestor]
  }
}
