/// Something wrong with a state graph, found by `StateGraph.problems()`.
public enum StateGraphProblem: Hashable, Sendable, CustomStringConvertible {
  /// No path of transitions leads from the initial state to this state.
  case unreachable(state: String)
  /// A state that is not terminal and has no transition out.
  case deadEnd(state: String)
  /// Two unguarded transitions for the same state and event: which one runs is unclear.
  case ambiguous(state: String, event: String)
  /// A state entered modally with no transition out of it (no way to dismiss it).
  case modalWithoutWayBack(state: String)
  /// A transition names a state that the graph's declared states do not include.
  case unknownState(state: String, transition: String)
  /// A state goes back to `.previous`, but no transition pushes or presents it, so there is
  /// never anything under it to go back to.
  case nothingToGoBackTo(state: String)
  /// A compound state with no children, or whose initial state is not one of its descendants.
  case noInitialChild(state: String)
  /// A transition that can never be taken: an earlier one from the same state on the same
  /// event (`always` for eventless ones) has no guard.
  case shadowed(state: String, event: String, to: String)
  /// Transitions from two regions of a parallel state on the same event whose targets leave
  /// their regions: the earlier in document order always wins, the other is never taken.
  case conflictInParallel(state: String, event: String)
  /// A final state with transitions out of it (a final state is left only by its ancestors'
  /// transitions).
  case finalWithTransitions(state: String)
  /// A history state whose parent is not a compound or parallel state, or whose default (its
  /// own, or its parent's initial state) is not below its parent: a transition to it could
  /// enter nothing.
  case historyWithoutDefault(state: String)

  /// One line that says what and where.
  public var description: String {
    switch self {
    case .unreachable(let state): "state \(state) is unreachable from the initial state"
    case .deadEnd(let state): "state \(state) is not terminal and has no transition out"
    case .ambiguous(let state, let event): "state \(state) has two unguarded transitions on \(event)"
    case .modalWithoutWayBack(let state): "state \(state) is presented modally but has no transition out"
    case .unknownState(let state, let transition): "transition \(transition) names undeclared state \(state)"
    case .nothingToGoBackTo(let state):
      "state \(state) goes back to the previous state, but nothing pushes or presents it"
    case .noInitialChild(let state): "compound state \(state) has no initial child among its descendants"
    case .shadowed(let state, let event, let to):
      "transition \(state) --\(event)--> \(to) is never taken: an earlier unguarded one comes first"
    case .conflictInParallel(let state, let event):
      "regions of parallel state \(state) have conflicting transitions on \(event)"
    case .finalWithTransitions(let state): "final state \(state) has transitions out of it"
    case .historyWithoutDefault(let state):
      "history state \(state) has no default below its parent: a transition to it would enter nothing"
    }
  }
}

extension StateGraph {
  /// Every problem in the graph, in a stable order (by kind, then by declaration order): states
  /// unreachable from the initial state, non-terminal states with no way out (a `.previous`
  /// target is a way out), two unguarded transitions for one state and event, modal states with
  /// no way back, transitions naming undeclared states (only when `states:` was given), and
  /// `.previous` targets from states nothing pushes or presents, transitions shadowed by an
  /// earlier unguarded one. A statechart also gets: compound states without an initial child,
  /// conflicting transitions in parallel regions, final states with transitions out;
  /// reachability and dead ends then follow the hierarchy (a state entered as an initial child
  /// or a region is reached; a transition of an ancestor is a way out). Empty means the graph is
  /// sound.
  ///
  /// - Returns: The problems found, each naming the states and events involved; empty if none.
  public func problems() -> [StateGraphProblem] {
    let initialKey = initial.caseKey
    let terminalKeys = Set(terminal)
    let hasWildcard = transitions.contains { $0.from == nil }
    var problems: [StateGraphProblem] = []

    if let declared = declaredStates {
      for transition in transitions {
        let label = "\(transition.fromName) --\(transition.eventName)--> \(transition.toName)"
        for key in [transition.from, transition.to].compactMap({ $0 })
        where !declared.contains(key) && key != initialKey {
          problems.append(.unknownState(state: caseLabel(key), transition: label))
        }
      }
    }

    let sources = Set(transitions.compactMap(\.from))
    if let chart {
      problems += chartReachability(chart)
    } else {
      var outgoing: [State.Case: [State.Case]] = [:]
      var everywhere: [State.Case] = []
      for transition in transitions {
        guard let to = transition.to else { continue }
        if let from = transition.from {
          outgoing[from, default: []].append(to)
        } else {
          everywhere.append(to)
        }
      }
      var reached: Set<State.Case> = [initialKey]
      var frontier = [initialKey]
      while let current = frontier.popLast() {
        for to in (outgoing[current] ?? []) + everywhere where reached.insert(to).inserted {
          frontier.append(to)
        }
      }
      problems += states.filter { !reached.contains($0) }.map { .unreachable(state: caseLabel($0)) }
      problems +=
        states
        .filter { !terminalKeys.contains($0) && !sources.contains($0) && !hasWildcard }
        .map { .deadEnd(state: caseLabel($0)) }
    }

    var unguarded: [String: Int] = [:]
    for transition in transitions {
      let key = transition.fromName + "\u{0}" + transition.eventName
      if transition.condition != nil {
        if unguarded[key] != nil {
          problems.append(
            .shadowed(state: transition.fromName, event: transition.eventName, to: transition.toName))
        }
        continue
      }
      unguarded[key, default: 0] += 1
      if unguarded[key] == 2 {
        problems.append(.ambiguous(state: transition.fromName, event: transition.eventName))
      }
    }
    if let chart { problems += chartStructure(chart) }

    var modal: [State.Case] = []
    for transition in transitions where transition.presentation == .modal && !transition.returnsToPrevious {
      if let to = transition.to, !modal.contains(to) { modal.append(to) }
    }
    problems += modal.filter { !sources.contains($0) && !terminalKeys.contains($0) }.map {
      .modalWithoutWayBack(state: caseLabel($0))
    }

    var goesBack: [State.Case] = []
    for transition in transitions where transition.returnsToPrevious {
      for source in self.sources(of: transition) where !goesBack.contains(source) { goesBack.append(source) }
    }
    problems += goesBack.filter { openers(of: $0).isEmpty }.map { .nothingToGoBackTo(state: caseLabel($0)) }
    return problems
  }
}

extension StateGraph {
  /// Why no sequence of transitions from the initial state leaves a machine with `stack` (bottom
  /// first, each case with whether it was presented modally), or `nil` when one can: the root is
  /// the initial state or a `.root` target (or reached from one by `.none` transitions) and not
  /// modal; each entry above is pushed (or, modal, presented) from the one below it (or reached
  /// from such a screen by `.none` transitions, which keep the flag).
  package func whyCannotProduce(stack: [(key: State.Case, modal: Bool)]) -> String? {
    guard let root = stack.first else { return "the stack is empty" }
    var roots: Set<State.Case> = [initial.caseKey]
    for transition in transitions where transition.presentation == .root {
      if let to = transition.to { roots.insert(to) }
    }
    if root.modal || !replacements(of: roots).contains(root.key) {
      return "\(caseLabel(root.key)) cannot be the root of the stack"
    }
    for (below, entry) in zip(stack, stack.dropFirst()) {
      let presentation: Presentation = entry.modal ? .modal : .push
      var opened: Set<State.Case> = []
      for transition in transitions
      where transition.presentation == presentation && sources(of: transition).contains(below.key) {
        if let to = transition.to { opened.insert(to) }
      }
      if !replacements(of: opened).contains(entry.key) {
        let how = entry.modal ? "presents" : "pushes"
        return "no transition \(how) \(caseLabel(entry.key)) over \(caseLabel(below.key))"
      }
    }
    return nil
  }

  /// `keys` and every state `.none` transitions lead to from them.
  func replacements(of keys: Set<State.Case>) -> Set<State.Case> {
    var reached = keys
    var frontier = Array(keys)
    while let current = frontier.popLast() {
      for transition in transitions
      where transition.presentation == .none && sources(of: transition).contains(current) {
        if let to = transition.to, reached.insert(to).inserted { frontier.append(to) }
      }
    }
    return reached
  }
}
