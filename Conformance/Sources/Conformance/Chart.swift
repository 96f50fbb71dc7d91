/// A random statechart as plain data: the generator makes it, `SCXMLWriter` writes it as an
/// SCXML document, `SignalsChart` builds it with the Signals API, and the shrinker cuts it down.
///
/// States are numbered in document order (`s0`, `s1`, ...); a removed state keeps its number
/// and is skipped everywhere.
struct ChartSpec: Sendable {
  enum Kind: Equatable, Sendable {
    case atomic, compound, parallel, final
    case history(deep: Bool)
  }

  struct Node: Sendable {
    var kind: Kind
    /// `nil` at the top level.
    var parent: Int?
    var children: [Int] = []
    /// A compound state's initial child.
    var initial: Int?
    /// A history state's default (a child of its parent); `nil`: the parent's initial child
    /// (every region, in a parallel state).
    var historyDefault: Int?
    /// Whether the entry action increments the counter (every state logs its entry and exit).
    var counts = false
    var alive = true
  }

  enum Trigger: Equatable, Sendable {
    /// An event by index: `e0`...`e3` come from outside, `r0` and `r1` are raised.
    case event(Int)
    case always
    /// The done event of a compound or parallel state.
    case done(of: Int)
    /// A delayed transition, this many seconds after its source's entry (xstate's `after`,
    /// SCXML's `<send delay>` on entry, `<cancel>` on exit).
    case after(seconds: Int)
  }

  enum Guard: Equatable, Sendable {
    case below(Int)
    case even
    case inState(Int)
    case belowAndIn(Int, Int)
    /// A done transition's done data is this final state's (`nil`: no data, a parallel's).
    case doneData(Int?)
  }

  enum Action: Equatable, Sendable {
    case increment
    /// Logs `t<label>`.
    case log
    /// Logs `d:<done data>`.
    case logDone
    case raise(Int)
    /// Sends an event to the machine's external queue (SCXML's `<send>` with no target or delay).
    case send(Int)
  }

  struct Edge: Sendable {
    var source: Int
    var trigger: Trigger
    var target: Int?
    var isInternal = false
    var condition: Guard?
    var actions: [Action] = []
    var label: Int
  }

  /// `wait` is no event: the driver advances the clock by a second.
  static let eventNames = ["e0", "e1", "e2", "e3", "r0", "r1", "wait"]
  static let externalEvents = 4
  static let wait = 6

  var seed: UInt64
  var nodes: [Node] = []
  var top: [Int] = []
  var initial = 0
  var edges: [Edge] = []
  var events: [Int] = []

  func children(of parent: Int?) -> [Int] {
    (parent.map { nodes[$0].children } ?? top).filter { nodes[$0].alive }
  }

  func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
    var current = nodes[state].parent
    while let node = current {
      if node == ancestor { return true }
      current = nodes[node].parent
    }
    return false
  }

  /// Whether every state an edge or guard names is still there.
  func isValid(_ edge: Edge) -> Bool {
    var named = [edge.source] + (edge.target.map { [$0] } ?? [])
    if case .done(let of) = edge.trigger { named.append(of) }
    switch edge.condition {
    case .inState(let state), .belowAndIn(_, let state): named.append(state)
    case .doneData(let state?): named.append(state)
    default: break
    }
    return named.allSatisfy { nodes[$0].alive }
  }

  var liveEdges: [Edge] { edges.filter(isValid) }
}

/// SplitMix64: a small, seeded, deterministic generator.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

extension ChartSpec {
  /// The features this chart uses, for the run's summary.
  var features: Set<String> {
    var found: Set<String> = []
    for node in nodes where node.alive {
      switch node.kind {
      case .parallel: found.insert("parallel")
      case .final: found.insert(node.parent == nil ? "top-level final" : "final")
      case .history(let deep):
        found.insert(deep ? "deep history" : "shallow history")
        if let parent = node.parent, nodes[parent].kind == .parallel { found.insert("history in parallel") }
      case .compound:
        if node.parent.map({ nodes[$0].kind == .compound }) ?? false { found.insert("nested compound") }
      case .atomic: break
      }
      if node.counts { found.insert("entry action counts") }
    }
    for edge in liveEdges {
      if edge.target == nil { found.insert("targetless") }
      if edge.isInternal { found.insert("internal") }
      if let target = edge.target, case .history = nodes[target].kind {
        found.insert("transition to history")
      }
      switch edge.trigger {
      case .event: break
      case .always: found.insert("eventless")
      case .done(let of): found.insert(of == edge.source ? "done on the state" : "done on an ancestor")
      case .after: found.insert("delayed")
      }
      switch edge.condition {
      case .inState, .belowAndIn: found.insert(edge.trigger == .always ? "In() on eventless" : "In() guard")
      case .below, .even: found.insert("counter guard")
      case .doneData: found.insert("done data guard")
      case nil: break
      }
      for action in edge.actions {
        switch action {
        case .raise: found.insert("raise")
        case .send: found.insert("send")
        case .increment: found.insert("counting action")
        case .log, .logDone: found.insert("log action")
        }
      }
    }
    return found
  }
}
