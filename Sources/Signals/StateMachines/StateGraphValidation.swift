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

  /// One line that says what and where.
  public var description: String {
    switch self {
    case .unreachable(let state): "state \(state) is unreachable from the initial state"
    case .deadEnd(let state): "state \(state) is not terminal and has no transition out"
    case .ambiguous(let state, let event): "state \(state) has two unguarded transitions on \(event)"
    case .modalWithoutWayBack(let state): "state \(state) is presented modally but has no transition out"
    case .unknownState(let state, let transition): "transition \(transition) names undeclared state \(state)"
    }
  }
}

extension StateGraph {
  /// Every problem in the graph, in a stable order (by kind, then by declaration order): states
  /// unreachable from the initial state, non-terminal states with no way out, two unguarded
  /// transitions for one state and event, modal states with no way back, transitions naming
  /// undeclared states (only when `states:` was given). Empty means the graph is sound.
  public func problems() -> [StateGraphProblem] {
    let names = states.map { caseName(of: $0) }
    let terminalNames = Set(terminal.map { caseName(of: $0) })
    let hasWildcard = transitions.contains { $0.from == nil }
    var problems: [StateGraphProblem] = []

    if let declared = declaredStateNames {
      for transition in transitions {
        let label = "\(transition.fromName) --\(transition.eventName)--> \(transition.toName)"
        for name in [transition.from == nil ? nil : transition.fromName, transition.toName].compactMap({ $0 })
        where !declared.contains(name) && name != caseName(of: initial) {
          problems.append(.unknownState(state: name, transition: label))
        }
      }
    }

    var reached: Set<String> = [caseName(of: initial)]
    var frontier = [caseName(of: initial)]
    while let current = frontier.popLast() {
      for transition in transitions where transition.from == nil || transition.fromName == current {
        if reached.insert(transition.toName).inserted { frontier.append(transition.toName) }
      }
    }
    problems += names.filter { !reached.contains($0) }.map { .unreachable(state: $0) }

    let sources = Set(transitions.compactMap { $0.from == nil ? nil : $0.fromName })
    problems +=
      names
      .filter { !terminalNames.contains($0) && !sources.contains($0) && !hasWildcard }
      .map { .deadEnd(state: $0) }

    var unguarded: [String: Int] = [:]
    var ambiguousOrder: [StateGraphProblem] = []
    for transition in transitions where transition.condition == nil {
      let key = transition.fromName + "\u{0}" + transition.eventName
      unguarded[key, default: 0] += 1
      if unguarded[key] == 2 {
        ambiguousOrder.append(.ambiguous(state: transition.fromName, event: transition.eventName))
      }
    }
    problems += ambiguousOrder

    var modal: [String] = []
    for transition in transitions
    where transition.presentation == .modal && !modal.contains(transition.toName) {
      modal.append(transition.toName)
    }
    problems += modal.filter { !sources.contains($0) && !terminalNames.contains($0) }.map {
      .modalWithoutWayBack(state: $0)
    }
    return problems
  }
}
