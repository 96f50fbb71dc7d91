/// A chart's quiet steps, kept: the engine's memo of what an event does in a configuration
/// when all it does is move.
///
/// A microstep is *quiet* when the one transition it takes has no action, and no state it
/// leaves or enters has an entry or exit action, a delayed transition, an invocation, a history
/// to record or a final state to reach: nothing runs but the move itself (and the transition's
/// guard, asked on each send, when it is the only candidate of the only leaf that reaches it).
/// Its exit and entry sets, the values the states are entered with and the configuration it
/// leaves are then the same every time the event comes in the same configuration, so the engine works
/// them out once (the full algorithm, `planMicrostep`'s functions) and afterwards performs the
/// move from the memo: the states' flags and values set, the configuration replaced by the
/// memo's, no selection, set or plan computed. A transition whose target is made from the
/// event is quiet too when it is the only one its state could take (a target of another case
/// would let the next candidate be tried): the maker still runs on each send.
///
/// Configurations are numbered as the machine meets them (at the end of each macrostep that
/// was not quiet: a hash of the configuration), up to `QuietStepCache.maximumConfigurations`;
/// a configuration past that limit, an inspected machine (`macrosteps`) and a model-based
/// test's observer take the full algorithm, which stays the reference: a quiet step ends in
/// the same configuration, values and extended state as the full one. A step that runs user
/// code but is chosen and planned the same way every time is kept as its plan instead
/// (`KeptPlans.swift`), in the same memo.
///
/// Threading: the engine's, its claim holder's only.
@usableFromInline struct QuietStep<State: CaseKeyed> {
  /// The transition taken.
  @usableFromInline let edge: Int
  /// The states left, innermost first (a run of the memo's `nodes`).
  @usableFromInline let exits: Range<Int>
  /// The states entered, outermost first (a run of `nodes`), and at the same positions of the
  /// memo's `values`, the values they are entered with.
  @usableFromInline let entries: Range<Int>
  /// The position in `nodes` of the target whose value the event makes, or -1.
  @usableFromInline let made: Int
  /// The case a made target must have.
  @usableFromInline let madeKey: State.Case?
  /// The configuration after the step (ascending, the root first: a run of `nodes`) and its
  /// number.
  @usableFromInline let configuration: Range<Int>
  @usableFromInline let number: Int
  /// Its first leaf, whose value is the machine's state.
  @usableFromInline let leaf: Int
  /// For a step that runs user code (a *kept plan*, `KeptPlans.swift`): its microstep's effects,
  /// a run of the memo's `effects`, performed in order; empty for a quiet step.
  @usableFromInline let plan: Range<Int>
  /// The position in `effects` of the transition's actions (given its source's value at each
  /// send), or -1.
  @usableFromInline let actionAt: Int

  @usableFromInline init(
    edge: Int, exits: Range<Int>, entries: Range<Int>, made: Int, madeKey: State.Case?,
    configuration: Range<Int>, number: Int, leaf: Int, plan: Range<Int> = 0..<0, actionAt: Int = -1
  ) {
    self.edge = edge
    self.exits = exits
    self.entries = entries
    self.made = made
    self.madeKey = madeKey
    self.configuration = configuration
    self.number = number
    self.leaf = leaf
    self.plan = plan
    self.actionAt = actionAt
  }
}

/// The numbered configurations and, for each configuration and event column, the quiet step
/// (or that there is none). Kept by the engine; used by its claim holder only. The steps hold
/// no arrays of their own but runs of two shared ones, so that performing one reads plain
/// values and changes no reference count.
@usableFromInline struct QuietStepCache<State: CaseKeyed> {
  /// The most configurations numbered: past it, the full algorithm runs (a chart of many
  /// parallel regions has more configurations than are worth a memo).
  @inlinable static var maximumConfigurations: Int { 1_024 }
  /// A cell not yet worked out.
  @inlinable static var unknown: Int32 { -1 }
  /// A cell whose event is neither a quiet step nor a kept plan here (or takes no transition):
  /// the full algorithm runs.
  @inlinable static var loud: Int32 { -2 }

  /// The event columns of the chart.
  @usableFromInline let columns: Int
  /// The configurations met, numbered.
  @usableFromInline var numbers = ConfigurationNumbers(limit: maximumConfigurations)
  /// A row per configuration number, a cell per column: a step's index, or `unknown`/`loud`.
  @usableFromInline var cells: [Int32] = []
  @usableFromInline var steps: [QuietStep<State>] = []
  /// The steps' states (exits, entries, configurations after), and the entries' values.
  @usableFromInline var nodes: [Int] = []
  @usableFromInline var values: [State?] = []
  /// The kept plans' effects.
  @usableFromInline var effects: [MicrostepEffect<State>] = []

  @inlinable init(columns: Int) { self.columns = columns }

  /// The number of `configuration`, numbering it (and making its row of cells) if it is new;
  /// -1 past the limit, or when the chart takes no events.
  @inlinable mutating func number(of configuration: [Int]) -> Int {
    guard columns > 0 else { return -1 }
    let (number, isNew) = numbers.number(of: configuration)
    if isNew { cells.append(contentsOf: repeatElement(Self.unknown, count: columns)) }
    return number
  }

  /// Adds `list` (and, for entries, their values) to the shared runs; returns its run.
  @usableFromInline mutating func store(_ list: [Int], values entered: [State?]? = nil) -> Range<Int> {
    let start = nodes.count
    nodes.append(contentsOf: list)
    values.append(contentsOf: entered ?? Array(repeating: nil, count: list.count))
    return start..<nodes.count
  }

  /// Keeps `step` and returns its index.
  @usableFromInline mutating func keep(_ step: QuietStep<State>) -> Int32 {
    steps.append(step)
    return Int32(steps.count - 1)
  }
}

/// Numbers for configurations (ascending lists of nodes), in the order they are met, up to a
/// limit: an open-addressed table of FNV-1a hashes, at most half full, so that a lookup hashes
/// and compares a few integers (a dictionary keyed by arrays cost a loud macrostep several
/// hundred instructions). Not generic: one compiled copy serves every chart.
@usableFromInline struct ConfigurationNumbers {
  /// The most configurations numbered.
  @usableFromInline let limit: Int
  /// Each configuration, by number: a run of `known`.
  @usableFromInline var configurations: [Range<Int>] = []
  @usableFromInline var known: [Int] = []
  /// The numbers by hash (twice `limit` slots, a power of two; made with the first number).
  @usableFromInline var slots: [Int32] = []

  @usableFromInline init(limit: Int) { self.limit = limit }

  /// How many configurations are numbered.
  @usableFromInline var count: Int { configurations.count }

  /// The number of `configuration` and whether it was numbered now; -1 when it is new and the
  /// limit is reached.
  @usableFromInline mutating func number(of configuration: [Int]) -> (number: Int, isNew: Bool) {
    if slots.isEmpty {
      var size = 2
      while size < 2 * limit { size *= 2 }
      slots = Array(repeating: -1, count: size)
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for node in configuration { hash = (hash ^ UInt64(truncatingIfNeeded: node)) &* 0x100_0000_01b3 }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    while slots[slot] >= 0 {
      let number = Int(slots[slot])
      if matches(configurations[number], configuration) { return (number, false) }
      slot = (slot &+ 1) & mask
    }
    guard configurations.count < limit else { return (-1, false) }
    slots[slot] = Int32(configurations.count)
    let start = known.count
    known.append(contentsOf: configuration)
    configurations.append(start..<known.count)
    return (configurations.count - 1, true)
  }

  /// Whether the run `run` of `known` is `configuration`.
  @usableFromInline func matches(_ run: Range<Int>, _ configuration: [Int]) -> Bool {
    guard run.count == configuration.count else { return false }
    var position = run.lowerBound
    for node in configuration {
      if known[position] != node { return false }
      position &+= 1
    }
    return true
  }
}

extension StatechartEngine {
  /// What became of an event offered to the memo.
  @usableFromInline enum QuietOutcome {
    /// Taken as a quiet step.
    case taken
    /// Its made target had another case: refused, as the full algorithm would.
    case invalidTarget
    /// Its guard refused it (the guard's name, if it has one): refused, as the full algorithm
    /// would.
    case guardsFailed([String])
    /// Not a quiet step here: the full algorithm takes it.
    case loud
  }

  /// Takes `event` (of `column`) as a quiet step if it is one in this configuration, working
  /// the step out the first time; the macrostep then ends as the full one does.
  ///
  /// - Parameter next: Set to the machine's state after the step.
  @inlinable @inline(__always)
  func takeQuietly(_ event: Event, column: Int, _ next: inout State?) -> QuietOutcome {
    let cell = configurationNumber &* quiet.columns &+ column
    var index = quiet.cells[cell]
    if index == QuietStepCache<State>.unknown {
      index = workOutQuietStep(column: column)
      quiet.cells[cell] = index
    }
    guard index >= 0 else { return .loud }
    let step = quiet.steps[Int(index)]
    if !step.plan.isEmpty { return takeKept(step, event, &next) }
    if let refusal = refusal(ofGuarded: step.edge, event) { return refusal }
    var made: State?
    if step.made >= 0 {
      guard let value = model.edges[step.edge].make?(event), value.caseKey == step.madeKey else {
        return .invalidTarget
      }
      made = value
    }
    quiet.nodes.withUnsafeBufferPointer { nodes in
      for position in step.exits {
        active[nodes[position]] = false
        values[nodes[position]] = nil
      }
      for position in step.entries {
        let node = nodes[position]
        active[node] = true
        values[node] = position == step.made ? made : quiet.values[position]
        generation[node] &+= 1
      }
      // The configuration's storage is reused: its states written over, in place.
      let after = step.configuration
      if configuration.count != after.count {
        configuration = Array(nodes[after])
      } else {
        configuration.withUnsafeMutableBufferPointer { configuration in
          for offset in 0..<after.count { configuration[offset] = nodes[after.lowerBound &+ offset] }
        }
      }
    }
    configurationNumber = step.number
    wasCut = false
    // Eventless transitions may now be enabled: the full macrostep's rest looks. Else only
    // the configuration is left to share.
    if tree.hasEventless { finishMacrostep() } else { prepareSharedConfiguration() }
    next = tree.hasEventless ? primary : values[step.leaf]
    return .taken
  }

  /// The refusal of `event` by the guard of the memo's transition `edge`, or `nil` when it has
  /// none or it holds: asked as the full selection asks it (given its source's value and the
  /// event), and named the same way when it refuses.
  @inlinable @inline(__always)
  func refusal(ofGuarded edge: Int, _ event: Event) -> QuietOutcome? {
    guard tree.edgeGuarded[edge] else { return nil }
    let transition = model.edges[edge]
    guard let source = value(of: transition.source), holds(transition, makeContext(source, .event(event)))
    else {
      return .guardsFailed(transition.conditionName.map { [$0] } ?? [])
    }
    return nil
  }

  /// Works out whether `column`'s event is a quiet step in this configuration (or else a kept
  /// plan), with the full algorithm's functions, and keeps it: its index, or
  /// `QuietStepCache.loud`.
  @usableFromInline func workOutQuietStep(column: Int) -> Int32 {
    let loud = QuietStepCache<State>.loud
    // Selection: every active leaf must find the same transition first. A guarded transition
    // or a made target must be the only candidate of the only leaf that finds one (another
    // would be tried when the guard fails or the value is invalid, and a guard is asked once
    // per leaf that reaches it).
    var chosen = -1
    var reaching = 0
    for leaf in configuration where tree.isAtomic(leaf) {
      var first = -1
      var node = leaf
      walk: while node >= 0 {
        for slot in tree.eventEdges(at: node, column: column) {
          let edge = tree.eventEdges[slot]
          if first >= 0 { return loud }  // a second candidate behind a guard or a made target
          first = edge
          if !tree.edgeMakes[edge] && !tree.edgeGuarded[edge] { break walk }
        }
        node = tree.parent[node]
      }
      guard first >= 0 else { continue }
      guard chosen < 0 || chosen == first else { return loud }
      chosen = first
      reaching += 1
    }
    guard chosen >= 0, reaching == 1 || !tree.edgeGuarded[chosen] else { return loud }
    let target = tree.edgeTarget[chosen]
    let exits = Array(exitSet([Enabled(edge: chosen, value: nil)]))
    // What leaving or entering a state may do beside the move.
    let leaving: NodeEffects = [.exit, .delays, .invokes, .histories]
    let entering: NodeEffects = [.entry, .delays, .invokes]
    guard target < 0 || !tree.isHistory(target), let entry = entryPlan(chosen) else { return loud }
    guard exits.allSatisfy({ tree.effects[$0].isDisjoint(with: leaving) }), !tree.edgeActing[chosen] else {
      return keepPlan(chosen, exits: exits)
    }
    let makes = tree.edgeMakes[chosen]
    // A state declared by its case above the target would take the made value: not memoized.
    if makes, entry.nodes.contains(where: { $0 != target && tree.effects[$0].contains(.derivesValue) }) {
      return loud
    }
    // The entries as the full algorithm plans them; anything but entering is not quiet.
    plan.removeAll()
    defer { plan.removeAll() }
    let fixed = makes ? nil : model.edges[chosen].fixed
    planEntries(
      entry.nodes, entry.values,
      override: entry.target >= 0 ? fixed.map { (entry.target, $0) } : nil, leaving: exits)
    var entries: [Int] = []
    var values: [State?] = []
    for position in 0..<plan.count {
      switch plan[position] {
      case .enter(let node, let value):
        guard tree.effects[node].isDisjoint(with: entering), tree.kind[node] != .final else {
          return keepPlan(chosen, exits: exits)
        }
        entries.append(node)
        values.append(value)
      case .addEnteredToConfiguration: break
      default: return keepPlan(chosen, exits: exits)
      }
    }
    let after = configuration.filter { !exits.contains($0) } + entries
    let ordered = after.sorted()
    let number = quiet.number(of: ordered)
    guard number >= 0, let leaf = ordered.first(where: { tree.isAtomic($0) }) else { return loud }
    let made = makes ? (entries.firstIndex(of: target) ?? -1) : -1
    // A made target not entered (it stays active) would keep its old value: not quiet.
    if makes && made < 0 { return loud }
    let exitRun = quiet.store(exits)
    let entryRun = quiet.store(entries, values: values)
    let step = QuietStep<State>(
      edge: chosen, exits: exitRun, entries: entryRun, made: made < 0 ? -1 : entryRun.lowerBound + made,
      madeKey: makes ? model.nodes[target].key : nil, configuration: quiet.store(ordered), number: number,
      leaf: leaf)
    return quiet.keep(step)
  }

  /// Numbers the configuration the last macrostep left, if it has none (the memo's rows).
  @inlinable func numberConfiguration() {
    if configurationNumber < 0 && quiet.columns > 0 { configurationNumber = quiet.number(of: configuration) }
  }
}
