extension StateGraph {
  /// The graph as a Mermaid `stateDiagram-v2`, deterministic (same graph, same text), for docs
  /// and snapshot tests. Wildcard transitions are drawn from every non-terminal state; guards
  /// appear in brackets, modal and root presentations in parentheses.
  public func mermaid() -> String {
    var lines = ["stateDiagram-v2", "    [*] --> \(caseName(of: initial))"]
    for transition in expandedTransitions() {
      lines.append("    \(transition.from) --> \(transition.to): \(transition.label)")
    }
    for state in terminal { lines.append("    \(caseName(of: state)) --> [*]") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph in Graphviz DOT, deterministic; terminal states are double circles.
  public func dot(name: String = "StateGraph") -> String {
    var lines = ["digraph \(name) {", "  rankdir=LR;", "  \"[*]\" [shape=point];"]
    for state in terminal { lines.append("  \"\(caseName(of: state))\" [shape=doublecircle];") }
    lines.append("  \"[*]\" -> \"\(caseName(of: initial))\";")
    for transition in expandedTransitions() {
      lines.append("  \"\(transition.from)\" -> \"\(transition.to)\" [label=\"\(transition.label)\"];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether the wildcard `transition` applies from the state named `name`: a non-terminal
  /// state with no specific transition on the same event.
  func isWildcardSource(_ name: String, for transition: Transition) -> Bool {
    guard let state = states.first(where: { caseName(of: $0) == name }), !isTerminal(state) else {
      return false
    }
    return !transitions.contains {
      $0.from != nil && $0.fromName == name && $0.eventName == transition.eventName
    }
  }

  /// Transitions with wildcards expanded to every non-terminal state that has no specific
  /// transition on the same event, labelled `event [guard] (presentation)`.
  func expandedTransitions() -> [(from: String, to: String, label: String)] {
    var result: [(from: String, to: String, label: String)] = []
    for transition in transitions {
      var label = transition.eventName
      if let name = transition.conditionName { label += " [\(name)]" }
      if transition.presentation == .modal || transition.presentation == .root {
        label += " (\(transition.presentation.rawValue))"
      }
      if transition.from != nil {
        result.append((transition.fromName, transition.toName, label))
        continue
      }
      for name in states.map(caseName(of:)) where isWildcardSource(name, for: transition) {
        result.append((name, transition.toName, label))
      }
    }
    return result
  }

  /// Paths from the initial state that together take every transition at least once, and a
  /// wildcard from every state it is drawn from (every reachable non-terminal state with no
  /// specific transition on its event): each path is the shortest way to a transition's source,
  /// then that transition. Guards are ignored; a test that drives them must satisfy them.
  public func coveringPaths() -> [[Transition]] {
    var shortest: [String: [Transition]] = [caseName(of: initial): []]
    var queue = [caseName(of: initial)]
    var head = 0
    while head < queue.count {
      let current = queue[head]
      head += 1
      for transition in transitions where transition.from == nil || transition.fromName == current {
        if shortest[transition.toName] == nil {
          shortest[transition.toName] = shortest[current]! + [transition]
          queue.append(transition.toName)
        }
      }
    }
    var paths: [[Transition]] = []
    for transition in transitions {
      if transition.from != nil {
        if let prefix = shortest[transition.fromName] { paths.append(prefix + [transition]) }
        continue
      }
      for source in states.map(caseName(of:)) where isWildcardSource(source, for: transition) {
        if let prefix = shortest[source] { paths.append(prefix + [transition]) }
      }
    }
    return paths
  }
}
