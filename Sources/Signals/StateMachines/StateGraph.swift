/// A state machine's graph, as data: states, an initial state, terminal states and transitions
/// `from --event--> to`, each with an optional guard and annotations for the machine's owner.
///
/// States and events are the user's own enums, adopting `CaseKeyed`; transitions name cases,
/// so payloads (a user id) are never spelled in the graph:
///
/// ```swift
/// let auth = StateGraph<Screen, Action>(initial: .splash, terminal: [.home]) {
///   Transition(from: .splash, on: .loaded, to: .login)
///   Transition(from: .login, on: .submit, to: .loading)
///   Transition(fromAny: .sessionExpired, to: .login)
/// }
/// ```
///
/// A graph is a value: make it once, validate it with `problems()`, draw it with `mermaid()` or
/// `dot()`. Making it builds the index a machine looks transitions up in (a table indexed by
/// the state's and the event's case, no hashing for enums of up to 256 cases, no reflection).
/// Threading: immutable, safe to share. Bad input: nothing is checked at
/// construction; `problems()` lists what is wrong.
public struct StateGraph<State: CaseKeyed, Event: CaseKeyed> {
  /// One edge of the graph; see `Signals.Transition`.
  public typealias Transition = Signals.Transition<State, Event>

  /// The state a machine starts in.
  public let initial: State
  /// The cases a flow ends in; they need no way out.
  public let terminal: [State.Case]
  /// Every state's case, in declaration order: the initial state, the states given to `init`,
  /// the terminal ones, then those the transitions name.
  public let states: [State.Case]
  /// The transitions, in declaration order.
  public let transitions: [Transition]
  @usableFromInline let declaredStates: Set<State.Case>?
  @usableFromInline let declaredOrder: [State.Case]?
  @usableFromInline let index: TransitionIndex<State, Event>
  /// The statechart's structure, when the graph was made with a `chart:` block.
  @usableFromInline let chart: ChartModel<State, Event>?

  /// The extended state every machine made from the graph starts with (`()` unless the state
  /// type names a `MachineContext`).
  public let context: State.MachineContext

  /// A graph starting in `initial`, ending in `terminal`, with `transitions`.
  ///
  /// Pass `states` to declare every case up front: validation then reports states no
  /// transition reaches, and transitions that name undeclared states.
  ///
  /// - Parameters:
  ///   - initial: The state a machine starts in (with its payload, if its case has one).
  ///   - terminal: The cases a flow ends in; they need no way out.
  ///   - declared: Every case of the graph, or `nil` to take the cases the transitions name.
  ///   - transitions: The edges, one `Transition` per line; `if`, `switch` and `for` may choose
  ///     them.
  @inlinable
  public init(
    initial: State, terminal: [State.Case] = [], states declared: [State.Case]? = nil,
    @TransitionBuilder<State, Event> transitions: () -> [Transition]
  ) where State.MachineContext == Void {
    self.init(initial: initial, context: (), terminal: terminal, states: declared, transitions: transitions())
  }

  /// A graph whose machines own an extended state starting at `context`: guards read it and
  /// actions change it (see `Transition.guarded(_:_:)` and `Transition.action(_:)`). Such a
  /// graph runs as a statechart with one level.
  ///
  /// - Parameters:
  ///   - initial: The state a machine starts in.
  ///   - context: The extended state each machine starts with.
  ///   - terminal: The cases a flow ends in.
  ///   - declared: Every case of the graph, or `nil`.
  ///   - transitions: The edges, one per line.
  @inlinable
  public init(
    initial: State, context: State.MachineContext, terminal: [State.Case] = [],
    states declared: [State.Case]? = nil, @TransitionBuilder<State, Event> transitions: () -> [Transition]
  ) {
    self.init(
      initial: initial, context: context, terminal: terminal, states: declared, transitions: transitions())
  }

  /// A graph from a plain array of transitions; see the builder form.
  ///
  /// - Parameters:
  ///   - initial: The state a machine starts in (with its payload, if its case has one).
  ///   - terminal: The cases a flow ends in; they need no way out.
  ///   - declared: Every case of the graph, or `nil` to take the cases the transitions name.
  ///   - transitions: The edges, in the order they are tried.
  @inlinable
  public init(
    initial: State, terminal: [State.Case] = [], states declared: [State.Case]? = nil,
    transitions: [Transition]
  ) where State.MachineContext == Void {
    self.init(initial: initial, context: (), terminal: terminal, states: declared, transitions: transitions)
  }

  /// A graph from a plain array of transitions, with an extended state; see the builder forms.
  ///
  /// - Parameters:
  ///   - initial: The state a machine starts in.
  ///   - context: The extended state each machine starts with.
  ///   - terminal: The cases a flow ends in.
  ///   - declared: Every case of the graph, or `nil`.
  ///   - transitions: The edges, in the order they are tried.
  @inlinable
  public init(
    initial: State, context: State.MachineContext, terminal: [State.Case] = [],
    states declared: [State.Case]? = nil, transitions: [Transition]
  ) {
    self.init(
      initial: initial, context: context, terminal: terminal, states: declared, transitions: transitions,
      chart: nil)
  }

  /// The one designated initializer: a flat graph when `chart` is `nil` and no transition
  /// needs a statechart (an action, a guard on the extended state, no target, internal).
  @inlinable
  init(
    initial: State, context: State.MachineContext, terminal: [State.Case], states declared: [State.Case]?,
    transitions: [Transition], chart elements: [ChartElement<State, Event>]?
  ) {
    self.initial = initial
    self.context = context
    self.terminal = terminal
    self.transitions = transitions
    declaredStates = declared.map(Set.init)
    declaredOrder = declared
    var seen: Set<State.Case> = []
    var ordered: [State.Case] = []
    var named: [State.Case] = [initial.caseKey] + (declared ?? []) + terminal
    for transition in transitions {
      if let from = transition.from { named.append(from) }
      if let to = transition.to { named.append(to) }
    }
    for key in named where seen.insert(key).inserted { ordered.append(key) }
    index = TransitionIndex(transitions, states: ordered)
    // A graph with an extended state runs as a chart, which owns it.
    if elements != nil || transitions.contains(where: \.needsChart) || State.MachineContext.self != Void.self
    {
      let model = ChartModel(
        initial: initial, elements: elements ?? [], transitions: transitions, states: ordered)
      chart = model
      states = ordered + model.keys.filter { seen.insert($0).inserted }
    } else {
      chart = nil
      states = ordered
    }
  }

  /// A statechart: `transitions` as in a flat graph, and in `chart` the states' hierarchy
  /// (`Compound`, `Parallel`, `Leaf`, `Final`, `History`), entry and exit actions, eventless,
  /// delayed and done transitions (`Always`, `After`, `Done`) and publishers invoked for a
  /// state's lifetime (`Invoke`):
  ///
  /// ```swift
  /// let player = StateGraph<Player, Input>(initial: .stopped) {
  ///   Transition(from: .stopped, on: .play, to: .playing)
  ///   Transition(from: .active, on: .stop, to: .stopped)
  ///   Transition(from: .playing, on: .pause, to: .paused)
  ///   Transition(from: .paused, on: .play, to: .playing)
  /// } chart: {
  ///   Compound(.active, initial: .playing) {
  ///     Leaf(.playing)
  ///     Leaf(.paused)
  ///   }
  ///   After(.seconds(300), from: .paused, to: .stopped)
  /// }
  /// ```
  ///
  /// A transition from a compound state applies in each of its descendants, unless a nearer
  /// state has one for the event; a `fromAny` transition is the chart's root's. Semantics are
  /// the W3C SCXML recommendation's (see the Statecharts article for the differences).
  /// Resolved targets (`.resolved(_:)`) are for the owners of flat graphs: a statechart never
  /// takes them.
  ///
  /// - Parameters:
  ///   - initial: The state a machine starts in; its ancestors and, for a compound or parallel
  ///     state, its initial descendants are entered with it.
  ///   - terminal: Cases that need no way out (besides final states).
  ///   - declared: Every case of the graph, or `nil`.
  ///   - transitions: The event transitions, in document order.
  ///   - chart: The structure and the reactive parts.
  @inlinable
  public init(
    initial: State, terminal: [State.Case] = [], states declared: [State.Case]? = nil,
    @TransitionBuilder<State, Event> transitions: () -> [Transition],
    @ChartBuilder<State, Event> chart: () -> [ChartElement<State, Event>]
  ) where State.MachineContext == Void {
    self.init(
      initial: initial, context: (), terminal: terminal, states: declared, transitions: transitions(),
      chart: chart())
  }

  /// A statechart whose machines own an extended state starting at `context` (see the other
  /// statechart initializer for the rest).
  ///
  /// - Parameters:
  ///   - initial: The state a machine starts in.
  ///   - context: The extended state each machine starts with: guards read it, actions change
  ///     it, each machine's snapshots carry it.
  ///   - terminal: Cases that need no way out (besides final states).
  ///   - declared: Every case of the graph, or `nil`.
  ///   - transitions: The event transitions, in document order.
  ///   - chart: The structure and the reactive parts.
  @inlinable
  public init(
    initial: State, context: State.MachineContext, terminal: [State.Case] = [],
    states declared: [State.Case]? = nil, @TransitionBuilder<State, Event> transitions: () -> [Transition],
    @ChartBuilder<State, Event> chart: () -> [ChartElement<State, Event>]
  ) {
    self.init(
      initial: initial, context: context, terminal: terminal, states: declared, transitions: transitions(),
      chart: chart())
  }

  /// The flat graph with each transition replaced by what `transform` makes of it (a
  /// coordinator's default presentations); a statechart is returned as it is.
  package func mappingTransitions(_ transform: (Transition) -> Transition) -> StateGraph {
    guard chart == nil else { return self }
    return StateGraph(
      initial: initial, context: context, terminal: terminal, states: declaredOrder,
      transitions: transitions.map(transform), chart: nil)
  }

  /// Whether the graph is a statechart (made with a `chart:` block).
  public var isStatechart: Bool { chart != nil }

  /// Whether any transition has a resolved target (`.resolved(_:)`), which only an owner that
  /// resolves it (a coordinator) can take.
  public var hasResolvedTargets: Bool { transitions.contains { $0.resolvedTargetName != nil } }

  /// The transitions that may apply in a state of case `state` on an event of case `event`,
  /// in the order they are tried: specific ones, then wildcards.
  ///
  /// - Parameters:
  ///   - state: The case of the state the machine is in.
  ///   - event: The case of the event sent.
  /// - Returns: The transitions from `state` on `event`, then the `fromAny` ones on `event`;
  ///   empty if there is none.
  public func candidates(from state: State.Case, on event: Event.Case) -> [Transition] {
    index.candidates(state, event).map { index.slot($0) }
  }

  /// Whether the index finds a case's row and column by its byte (keys of at most one byte:
  /// payload-free enums), rather than by hashing.
  package var looksUpCasesByByte: Bool { !index.cells.isEmpty }

  /// `candidates(from:on:)` found by hashing only, to check the byte table against.
  package func hashedCandidates(from state: State.Case, on event: Event.Case) -> [Transition] {
    index.hashedCandidates(state, event).map { index.slot($0) }
  }

  /// Whether `state` is terminal.
  ///
  /// - Parameter state: A state's case.
  /// - Returns: `true` if `terminal` lists it.
  public func isTerminal(_ state: State.Case) -> Bool { terminal.contains(state) }

  /// The case name the graph gives `state` (`.profile(id: 42)` is `profile`).
  ///
  /// - Parameter state: A state, with its payload if it has one.
  /// - Returns: Its case's name, without the payload.
  public func name(of state: State) -> String { caseLabel(state.caseKey) }

  /// The name the graph gives the case `key`.
  ///
  /// - Parameter key: A state's case.
  /// - Returns: The case's name.
  public func name(ofCase key: State.Case) -> String { caseLabel(key) }

  /// The case name the graph gives `event`.
  ///
  /// - Parameter event: An event, with its payload if it has one.
  /// - Returns: Its case's name, without the payload.
  public func name(ofEvent event: Event) -> String { caseLabel(event.caseKey) }
}

/// Where each (state case, event case) finds its candidate transitions: built once per graph.
///
/// The send path reads a table with a row per state case and a column per event case. Row and
/// column are found by the key's one byte when the key type is one byte wide (a payload-free enum
/// of up to 256 cases: its byte is its case), checked with `==` against the key the row was made
/// for; any other key type, or a key the table does not know, takes the hashed path (one or two
/// dictionary lookups). Both paths give the same answer: the byte is only a hint.
@usableFromInline
struct TransitionIndex<State: CaseKeyed, Event: CaseKeyed> {
  @usableFromInline
  struct Pair: Hashable, Sendable {
    @usableFromInline let state: State.Case
    @usableFromInline let event: Event.Case

    @inlinable init(state: State.Case, event: Event.Case) {
      self.state = state
      self.event = event
    }
  }

  /// The graph's transitions, in declaration order (the graph's own array, shared).
  @usableFromInline let transitions: [Transition<State, Event>]
  /// Each slot's transition, as a position in `transitions`, in lookup order: each range below
  /// is a run of slots (a wildcard has a slot in every source's run it applies to).
  @usableFromInline let order: [Int]
  /// What the send path needs of each slot, flattened into a reference so that reading it
  /// copies nothing.
  @usableFromInline let rules: [Rule<State, Event>]
  /// `rules`, unretained (`rules` keeps them): the send path reads a slot's rule without a
  /// retain and a release.
  @usableFromInline let unmanagedRules: [Unmanaged<Rule<State, Event>>]
  @usableFromInline let specific: [Pair: Range<Int>]
  @usableFromInline let wildcard: [Event.Case: Range<Int>]
  /// The table: `cells[row * columns.count + column]`; empty when the keys are not one byte.
  @usableFromInline let cells: [Range<Int>]
  /// The state case of each row and the event case of each column.
  @usableFromInline let rows: [State.Case]
  @usableFromInline let columns: [Event.Case]
  /// A state key's byte to the position of its row's first cell in `cells`, and an event key's
  /// byte to its column; `noCell` for a byte of no row or column; 256 entries each, or none.
  /// The sum of the two is the cell, negative when either is missing: one test. A key at most
  /// one byte wide is its byte, so a byte found names the row's (or column's) key itself.
  @usableFromInline let cellOfRowByte: [Int32]
  @usableFromInline let cellOfColumnByte: [Int32]

  /// A byte of no row or column: negative enough that a sum with it stays negative.
  @inlinable static var noCell: Int32 { -(1 << 20) }

  @inlinable
  init(_ transitions: [Transition<State, Event>], states: [State.Case]) {
    // Linear in the transitions, with no array per source: each (source, event) pair is a
    // group, numbered in first-seen order; the groups' transitions are laid out by a counting
    // sort (declaration order kept within each), each followed by the wildcards of its event
    // that apply in its source. A wildcard made with `excludingTarget()` does not apply in the
    // state it leads to, which then gets a group of its own (its other transitions, or none).
    var groupOf = [Int](repeating: -1, count: transitions.count)
    var groupIndex: [Pair: Int] = [:]
    groupIndex.reserveCapacity(transitions.count)
    var groups: [Pair] = []
    var events: [Event.Case] = []
    var wildcardsOf: [Event.Case: [Int]] = [:]
    for (position, transition) in transitions.enumerated() {
      if wildcardsOf[transition.event] == nil {
        wildcardsOf[transition.event] = []
        events.append(transition.event)
      }
      guard let from = transition.from else {
        wildcardsOf[transition.event]!.append(position)
        continue
      }
      let key = Pair(state: from, event: transition.event)
      if let group = groupIndex[key] {
        groupOf[position] = group
      } else {
        groupOf[position] = groups.count
        groupIndex[key] = groups.count
        groups.append(key)
      }
    }
    for event in events {
      for position in wildcardsOf[event]! where !transitions[position].appliesInTarget {
        guard let to = transitions[position].to else { continue }
        let key = Pair(state: to, event: event)
        if groupIndex[key] == nil {
          groupIndex[key] = groups.count
          groups.append(key)
        }
      }
    }
    // Counting sort: each group's transitions, in declaration order.
    var starts = [Int](repeating: 0, count: groups.count + 1)
    for group in groupOf where group >= 0 { starts[group + 1] += 1 }
    for group in groups.indices { starts[group + 1] += starts[group] }
    var grouped = [Int](repeating: 0, count: starts[groups.count])
    var next = starts
    for (position, group) in groupOf.enumerated() where group >= 0 {
      grouped[next[group]] = position
      next[group] += 1
    }
    var order: [Int] = []
    order.reserveCapacity(transitions.count)
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(groups.count)
    for (group, key) in groups.enumerated() {
      let start = order.count
      order += grouped[starts[group]..<starts[group + 1]]
      for position in wildcardsOf[key.event]!
      where transitions[position].appliesInTarget || transitions[position].to != key.state {
        order.append(position)
      }
      ranges.append(start..<order.count)
    }
    let specific = groupIndex.mapValues { ranges[$0] }
    var wildcard: [Event.Case: Range<Int>] = [:]
    for event in events where !wildcardsOf[event]!.isEmpty {
      let start = order.count
      order += wildcardsOf[event]!
      wildcard[event] = start..<order.count
    }
    self.transitions = transitions
    self.order = order
    let rulesByPosition = transitions.map { Rule($0) }
    rules = order.map { rulesByPosition[$0] }
    unmanagedRules = rules.map { Unmanaged.passUnretained($0) }
    self.specific = specific
    self.wildcard = wildcard
    let rowOfByte = Self.byteTable(states)
    let columnOfByte = Self.byteTable(events)
    if rowOfByte.isEmpty || columnOfByte.isEmpty {
      (rows, columns, cells, cellOfRowByte, cellOfColumnByte) = ([], [], [], [], [])
      return
    }
    var cells: [Range<Int>] = []
    cells.reserveCapacity(states.count * events.count)
    for state in states {
      for event in events {
        cells.append(specific[Pair(state: state, event: event)] ?? wildcard[event] ?? 0..<0)
      }
    }
    (rows, columns, self.cells) = (states, events, cells)
    cellOfRowByte = rowOfByte.map { $0 < 0 ? Self.noCell : Int32($0) * Int32(events.count) }
    cellOfColumnByte = columnOfByte.map { $0 < 0 ? Self.noCell : Int32($0) }
  }

  /// Each key's byte to its position in `keys`, or `[]` when the keys are not one byte wide or
  /// two keys share a byte.
  @inlinable
  static func byteTable<Key: Hashable>(_ keys: [Key]) -> [Int16] {
    guard MemoryLayout<Key>.size <= 1, keys.count <= 256 else { return [] }
    var table = [Int16](repeating: -1, count: 256)
    for (position, key) in keys.enumerated() {
      let byte = caseByte(key)
      guard table[byte] < 0 else { return [] }
      table[byte] = Int16(position)
    }
    return table
  }

  /// The transition in `slot`.
  @inlinable func slot(_ slot: Int) -> Transition<State, Event> { transitions[order[slot]] }

  /// The slots to try, in order; empty when nothing applies.
  @inlinable @inline(__always)
  func candidates(_ state: State.Case, _ event: Event.Case) -> Range<Int> {
    Self.lookUp(state, event, rows: cellOfRowByte, columns: cellOfColumnByte, cells: cells)
      ?? hashedCandidates(state, event)
  }

  /// The slots to try, from the byte table (`cellOfRowByte`, `cellOfColumnByte`, `cells`, passed
  /// one by one so that the send path loads nothing else of the index); `nil` when the keys are
  /// not in it (then hash).
  @inlinable @inline(__always)
  static func lookUp(
    _ state: State.Case, _ event: Event.Case, rows: [Int32], columns: [Int32], cells: [Range<Int>]
  ) -> Range<Int>? {
    guard !cells.isEmpty else { return nil }
    // Both tables have 256 entries and a byte is below 256: no bounds to check.
    let row = rows.withUnsafeBufferPointer { $0[caseByte(state)] }
    let column = columns.withUnsafeBufferPointer { $0[caseByte(event)] }
    let cell = Int(row &+ column)
    guard cell >= 0 else { return nil }
    return cells.withUnsafeBufferPointer { $0[cell] }
  }

  /// The rule of `slot` in `rules` (the index's `unmanagedRules`), unretained (the index keeps
  /// it).
  @inlinable @inline(__always)
  static func rule(_ slot: Int, in rules: [Unmanaged<Rule<State, Event>>]) -> Unmanaged<Rule<State, Event>> {
    // The slots of a cell are positions in `unmanagedRules` by construction.
    rules.withUnsafeBufferPointer { $0[slot] }
  }

  /// The slots to try, found by hashing.
  @inlinable
  func hashedCandidates(_ state: State.Case, _ event: Event.Case) -> Range<Int> {
    if let range = specific[Pair(state: state, event: event)] { return range }
    return wildcard[event] ?? 0..<0
  }
}

/// The byte of a key at most one byte wide (0 for an empty type): for a payload-free enum, its
/// case. Only a hint for the index's table, which checks the key with `==`.
@inlinable @inline(__always)
func caseByte<Key>(_ key: Key) -> Int {
  MemoryLayout<Key>.size == 0 ? 0 : withUnsafeBytes(of: key) { Int($0[0]) }
}

/// One slot of the index as the send path reads it.
@usableFromInline
final class Rule<State: CaseKeyed, Event: CaseKeyed> {
  @usableFromInline let condition: (@Sendable (State, Event) -> Bool)?
  @usableFromInline let fixed: State?
  @usableFromInline let make: (@Sendable (Event) -> State?)?
  @usableFromInline let key: State.Case?
  /// The transition's annotations, handed to a watched step.
  @usableFromInline let annotations: [any TransitionAnnotation]
  /// A resolved target's name, for the machine's owner.
  @usableFromInline let resolvedName: String?

  @inlinable
  init(_ transition: Transition<State, Event>) {
    condition = transition.condition
    annotations = transition.annotations
    key = transition.to
    resolvedName = transition.resolvedTargetName
    switch transition.target.kind {
    case .fixed(let state):
      fixed = state
      make = nil
    case .made(_, let body):
      fixed = nil
      make = body
    case .resolved, .none:
      fixed = nil
      make = nil
    }
  }
}

extension Rule: Sendable where State: Sendable {}
extension TransitionIndex: Sendable where State: Sendable {}
extension StateGraph: Sendable where State: Sendable {}
