extension StateGraph {
  /// The graph as a Mermaid `stateDiagram-v2`, deterministic (same graph, same text), for docs
  /// and snapshot tests. Wildcard transitions are drawn from every non-terminal state they apply
  /// in; guards appear in brackets, each annotation's `diagramLabel` in parentheses. A resolved
  /// target (`.resolved(_:)`) is not drawn here: only its owner knows where it leads (a
  /// coordinator's `flowMermaid()` draws `.previous` back to each screen that opens its source).
  ///
  /// A statechart is drawn with its hierarchy: compound states as composite states with their
  /// initial child, a parallel state's regions separated by `--`, final states to `[*]`,
  /// history states as `H`/`H*`, eventless, delayed and done transitions labelled `always` (or
  /// their guard), `after 3s` and `done`.
  ///
  /// - Returns: The diagram's text, one line per edge, ending in a newline.
  public func mermaid() -> String {
    mermaid(resolving: { _, _ in [] })
  }

  /// The Mermaid diagram, drawing a resolved target from `source` to each state `resolve` gives.
  package func mermaid(resolving resolve: (Transition, State.Case) -> [State.Case]) -> String {
    if let chart { return chartMermaid(chart) }
    var lines = ["stateDiagram-v2", "    [*] --> \(name(of: initial))"]
    for transition in expandedTransitions(resolving: resolve) {
      lines.append("    \(transition.from) --> \(transition.to): \(oneLine(transition.label))")
    }
    for state in terminal { lines.append("    \(caseLabel(state)) --> [*]") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph in Graphviz DOT, deterministic; terminal states are double circles.
  ///
  /// Names and labels that are not plain identifiers are quoted with their quotes and
  /// backslashes escaped, so any guard name or graph name gives a graph Graphviz reads.
  ///
  /// - Parameter name: The `digraph`'s name: written as given when it is an identifier
  ///   (`Auth`), quoted otherwise (`"Sign in"`).
  /// A statechart draws each compound or parallel state as a cluster (parallel ones dashed,
  /// each region a cluster of its own).
  ///
  /// - Returns: The graph's text, ending in a newline.
  public func dot(name: String = "StateGraph") -> String {
    dot(name: name, resolving: { _, _ in [] })
  }

  /// The DOT graph, drawing a resolved target from `source` to each state `resolve` gives.
  package func dot(name: String, resolving resolve: (Transition, State.Case) -> [State.Case]) -> String {
    if let chart { return chartDot(chart, name: name) }
    var lines = ["digraph \(dotIdentifier(name)) {", "  rankdir=LR;", "  \"[*]\" [shape=point];"]
    for state in terminal { lines.append("  \(dotQuoted(caseLabel(state))) [shape=doublecircle];") }
    lines.append("  \"[*]\" -> \(dotQuoted(self.name(of: initial)));")
    for transition in expandedTransitions(resolving: resolve) {
      lines.append(
        "  \(dotQuoted(transition.from)) -> \(dotQuoted(transition.to)) [label=\(dotQuoted(transition.label))];"
      )
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `name` as a DOT ID: as it is when it is an identifier, quoted otherwise.
  func dotIdentifier(_ name: String) -> String {
    let isIdentifier =
      name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } ?? false
      && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return isIdentifier ? name : dotQuoted(name)
  }

  /// `text` as a quoted DOT string: backslashes and quotes escaped, line breaks as `\n`.
  func dotQuoted(_ text: String) -> String {
    var quoted = "\""
    for character in text {
      switch character {
      case "\"", "\\": quoted += "\\\(character)"
      case "\n", "\r", "\r\n": quoted += "\\n"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }

  /// `text` on one line, for Mermaid, where a line break would end the label.
  func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }

  /// The states a transition leaves from: its source, or for a wildcard every non-terminal
  /// state it applies in that has no specific transition on the same event.
  package func sources(of transition: Transition) -> [State.Case] {
    if let from = transition.from { return [from] }
    return states.filter { state in
      !isTerminal(state)
        && !transitions.contains { $0.from == state && $0.event == transition.event }
        && (transition.appliesInTarget || transition.to != state)
    }
  }

  /// Transitions with wildcards expanded and resolved targets drawn to the states `resolve`
  /// gives for each source, labelled `event [guard] (annotation)` (`(name)` for a resolved
  /// target).
  func expandedTransitions(
    resolving resolve: (Transition, State.Case) -> [State.Case]
  ) -> [(from: String, to: String, label: String)] {
    var result: [(from: String, to: String, label: String)] = []
    for transition in transitions {
      var label = transition.eventName
      if let name = transition.conditionName { label += " [\(name)]" }
      if let name = transition.resolvedTargetName {
        label += " (\(name))"
      } else {
        for annotation in transition.annotations {
          if let text = annotation.diagramLabel { label += " (\(text))" }
        }
      }
      for source in sources(of: transition) {
        if let to = transition.to {
          result.append((caseLabel(source), caseLabel(to), label))
        } else {
          for resolved in resolve(transition, source) {
            result.append((caseLabel(source), caseLabel(resolved), label))
          }
        }
      }
    }
    return result
  }

  /// Paths from the initial state that together take every transition at least once, a
  /// wildcard from every state it is drawn from: each path is the shortest way to a
  /// transition's source, then that transition. Guards are ignored; a test that drives them must
  /// satisfy them. A resolved target has no path here (only its owner knows where it leads; a
  /// coordinator's `flowCoveringPaths()` covers `.previous`).
  ///
  /// - Returns: One path per transition (and per source of a wildcard) that the initial state
  ///   reaches, in declaration order; a transition from an unreachable state has none.
  public func coveringPaths() -> [[Transition]] {
    let shortest = shortestPaths()
    var paths: [[Transition]] = []
    for transition in transitions where transition.resolvedTargetName == nil {
      for source in sources(of: transition) {
        if let prefix = shortest[source] { paths.append(prefix + [transition]) }
      }
    }
    return paths
  }

  /// The shortest way from the initial state to each state it reaches (resolved targets
  /// followed nowhere).
  package func shortestPaths() -> [State.Case: [Transition]] {
    let initialKey = initial.caseKey
    var shortest: [State.Case: [Transition]] = [initialKey: []]
    var queue = [initialKey]
    var head = 0
    while head < queue.count {
      let current = queue[head]
      head += 1
      for transition in transitions where sources(of: transition).contains(current) {
        if let to = transition.to, shortest[to] == nil, let prefix = shortest[current] {
          shortest[to] = prefix + [transition]
          queue.append(to)
        }
      }
    }
    return shortest
  }
}
