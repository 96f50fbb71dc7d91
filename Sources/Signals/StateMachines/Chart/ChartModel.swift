/// A statechart's structure, as the machine reads it: every state as a node in document order
/// (pre-order: a parent before its children, siblings in declaration order), with node 0 the
/// root that holds the top-level states, and every transition indexed by its source node.
/// Built once per graph, in time linear in the states and transitions.
final class ChartModel<State: CaseKeyed, Event: CaseKeyed> {
  typealias Kind = ChartElement<State, Event>.NodeKind

  struct Node {
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
    var delayed: [(delay: SchedulerTime.Stride, transition: Int)] = []
    var done: [Int] = []
    var invokes: [ChartElement<State, Event>.InvokeStart] = []
    /// What each invoke is, in words, for the exports (`invoke` alone when unlabelled).
    var invokeLabels: [String] = []
    var histories: [Int] = []

    var isAtomic: Bool { kind == .atomic || kind == .final }
  }

  /// A transition of the chart: an event transition of the graph, or an eventless, delayed or
  /// done one.
  struct Edge {
    let source: Int
    let target: Int
    let fixed: State?
    let make: (@Sendable (Event) -> State?)?
    let condition: ((State, Event?) -> Bool)?
    let conditionName: String?
    let action: ChartAction<State, Event>?
    /// The graph transition this edge is, for event transitions.
    let transition: Int?
    /// How diagrams label it: `event [guard]`, `[guard]` or `always`, `after 3s`, `done`.
    let label: String
  }

  struct NodeEvent: Hashable {
    let node: Int
    let event: Event.Case
  }

  private(set) var nodes: [Node]
  // The hierarchy again, in plain arrays the machine's walks read without copying a `Node`.
  private(set) var parentOf: [Int] = []
  private(set) var kindOf: [ChartNodeKind] = []
  private(set) var childrenOf: [[Int]] = []
  private(set) var historiesOf: [[Int]] = []
  private(set) var eventlessOf: [[Int]] = []
  private(set) var doneOf: [[Int]] = []
  private(set) var delayedOf: [[(delay: SchedulerTime.Stride, transition: Int)]] = []
  private(set) var entryOf: [ChartAction<State, Event>?] = []
  private(set) var exitOf: [ChartAction<State, Event>?] = []
  private(set) var invokesOf: [[ChartElement<State, Event>.InvokeStart]] = []
  private(set) var keyOf: [State.Case?] = []
  private(set) var valueOf: [State?] = []
  private(set) var edgeSource: [Int] = []
  private(set) var edgeTarget: [Int] = []
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
    var nodes = [Node(key: nil, value: nil, kind: .compound, parent: -1, depth: 0, entry: nil, exit: nil)]
    var indexOf: [State.Case: Int] = [:]
    var duplicates: [State.Case] = []
    var pending: [(node: Int, initial: State)] = []
    var others: [(parent: Int, element: ChartElement<State, Event>)] = []
    func add(_ elements: [ChartElement<State, Event>], under parent: Int) {
      for element in elements {
        guard case .node(let spec) = element.kind else {
          others.append((parent, element))
          continue
        }
        let key = spec.value.caseKey
        guard indexOf[key] == nil else {
          duplicates.append(key)
          continue
        }
        let index = nodes.count
        nodes.append(
          Node(
            key: key, value: spec.value, kind: spec.kind, parent: parent, depth: nodes[parent].depth + 1,
            entry: spec.entry, exit: spec.exit))
        indexOf[key] = index
        if case .history = spec.kind {
          nodes[parent].histories.append(index)
        } else {
          nodes[parent].children.append(index)
        }
        if let initial = spec.initial { pending.append((index, initial)) }
        add(spec.children, under: index)
      }
    }
    add(elements, under: 0)
    self.nodes = nodes
    self.indexOf = indexOf
    self.duplicates = duplicates
    for key in states { _ = node(key) }
    _ = node(initial.caseKey, initial)
    for (index, value) in pending { self.nodes[index].initial = (node(value.caseKey, value), value) }
    // The root enters the graph's initial state.
    self.nodes[0].initial = (node(initial.caseKey), initial)
    for (position, transition) in transitions.enumerated() {
      guard let to = transition.to else { continue }  // `.previous`: not a statechart target
      let source = transition.from.map { self.node($0) } ?? 0
      var fixed: State?
      var make: (@Sendable (Event) -> State?)?
      switch transition.target.kind {
      case .fixed(let state): fixed = state
      case .made(_, let body): make = body
      case .previous: continue
      }
      let condition = transition.condition.map { body in
        { (state: State, event: Event?) -> Bool in event.map { body(state, $0) } ?? false }
      }
      let edge = Edge(
        source: source, target: self.node(to), fixed: fixed, make: make, condition: condition,
        conditionName: transition.conditionName, action: transition.actionBody, transition: position,
        label: transition.eventName + (transition.conditionName.map { " [\($0)]" } ?? ""))
      onEvent[NodeEvent(node: source, event: transition.event), default: []].append(edges.count)
      edges.append(edge)
    }
    for (_, element) in others {
      switch element.kind {
      case .node: break
      case .always(let from, let to, let name, let condition):
        let source = self.node(from)
        let test = condition.map { body in { (state: State, _: Event?) -> Bool in body(state) } }
        self.nodes[source].eventless.append(edges.count)
        edges.append(
          Edge(
            source: source, target: self.node(to.caseKey), fixed: to, make: nil, condition: test,
            conditionName: name, action: nil, transition: nil, label: name.map { "[\($0)]" } ?? "always"))
      case .after(let delay, let from, let to):
        let source = self.node(from)
        self.nodes[source].delayed.append((delay, edges.count))
        edges.append(
          Edge(
            source: source, target: self.node(to.caseKey), fixed: to, make: nil, condition: nil,
            conditionName: nil, action: nil, transition: nil, label: "after \(delay)"))
      case .done(let from, let to):
        let source = self.node(from)
        self.nodes[source].done.append(edges.count)
        edges.append(
          Edge(
            source: source, target: self.node(to.caseKey), fixed: to, make: nil, condition: nil,
            conditionName: nil, action: nil, transition: nil, label: "done"))
      case .invoke(let key, let start, let label):
        self.nodes[self.node(key)].invokes.append(start)
        self.nodes[self.node(key)].invokeLabels.append(label.map { "invoke \($0)" } ?? "invoke")
      }
    }
    parentOf = self.nodes.map(\.parent)
    kindOf = self.nodes.map(\.kind)
    childrenOf = self.nodes.map(\.children)
    historiesOf = self.nodes.map(\.histories)
    eventlessOf = self.nodes.map(\.eventless)
    doneOf = self.nodes.map(\.done)
    delayedOf = self.nodes.map(\.delayed)
    entryOf = self.nodes.map(\.entry)
    exitOf = self.nodes.map(\.exit)
    invokesOf = self.nodes.map(\.invokes)
    keyOf = self.nodes.map(\.key)
    valueOf = self.nodes.map(\.value)
    edgeSource = edges.map(\.source)
    edgeTarget = edges.map(\.target)
  }

  /// Whether `node` is a leaf (atomic or final).
  @inline(__always) func isAtomic(_ node: Int) -> Bool {
    let kind = kindOf[node]
    return kind == .atomic || kind == .final
  }

  /// The node of `key`, made a top-level atomic state if no element declared it.
  private func node(_ key: State.Case, _ value: State? = nil) -> Int {
    if let index = indexOf[key] { return index }
    let index = nodes.count
    nodes.append(Node(key: key, value: value, kind: .atomic, parent: 0, depth: 1, entry: nil, exit: nil))
    nodes[0].children.append(index)
    indexOf[key] = index
    return index
  }

  /// Whether `node` is `ancestor` or below it.
  func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
    var current = node
    while current > ancestor { current = parentOf[current] }
    return current == ancestor
  }

  /// Whether `node` is strictly below `ancestor`.
  func isProperDescendant(_ node: Int, of ancestor: Int) -> Bool {
    node != ancestor && isDescendant(node, of: ancestor)
  }

  /// The innermost node that contains both `first` and `second` (either may be it).
  func commonAncestor(_ first: Int, _ second: Int) -> Int {
    var (a, b) = (first, second)
    while a != b {
      if a > b { a = parentOf[a] } else { b = parentOf[b] }
    }
    return a
  }

  /// An edge's transition domain with history read as its parent (for validation and
  /// diagrams, which know no history): the innermost compound proper ancestor of the source
  /// that contains the target, or the root.
  func staticDomain(_ edge: Edge) -> Int {
    var target = edge.target
    if case .history = nodes[target].kind { target = nodes[target].parent }
    guard edge.source != 0 else { return 0 }
    var ancestor = nodes[edge.source].parent
    while ancestor > 0 {
      if nodes[ancestor].kind == .compound, isProperDescendant(target, of: ancestor) { return ancestor }
      ancestor = nodes[ancestor].parent
    }
    return 0
  }

  /// An edge as model-based tests name it: `source --label--> target` (`*` for a wildcard).
  func title(_ edge: Int) -> String {
    let edge = edges[edge]
    return "\(edge.source == 0 ? "*" : name(edge.source)) --\(edge.label)--> \(name(edge.target))"
  }

  /// The node's name in diagrams and problems.
  func name(_ node: Int) -> String { nodes[node].key.map(caseLabel) ?? "[*]" }

  /// Every state's case in document order (the root left out).
  var keys: [State.Case] { nodes.dropFirst().compactMap(\.key) }
}

// @unchecked: the model is immutable after `init`; its closures wrap the `@Sendable` closures of
// the transitions and elements it was made from, and capture nothing else.
extension ChartModel: @unchecked Sendable where State: Sendable {}
