/// Something wrong with a state graph, found by `StateGraph.problems()`.
public enum StateGraphProblem: Hashable, Sendable, CustomStringConvertible {
  /// No path of transitions leads from the initial state to this state.
  case unreachable(state: String)
  /// A state that is not terminal and has no transition out.
  case deadEnd(state: String)
  /// Two unguarded transitions for the same state and event: which one runs is unclear.
  case ambiguous(state: String, event: String)
  /// A transition names a state that the graph's declared states do not include.
  case unknownState(state: String, transition: String)
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
    case .unknownState(let state, let transition): "transition \(transition) names undeclared state \(state)"
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
  /// unreachable from the initial state, non-terminal states with no way out (a resolved target
  /// is a way out), two unguarded transitions for one state and event, transitions naming
  /// undeclared states (only when `states:` was given), transitions shadowed by an earlier
  /// unguarded one. (A coordinator's flow adds its own checks: `flowProblems()` in
  /// `Coordinators`.) A statechart also gets: compound states without an initial child,
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

    return problems
  }
}
