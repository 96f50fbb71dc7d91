extension StateGraph {
  /// The graph as a Mermaid `stateDiagram-v2`, deterministic (same graph, same text), for docs
  /// and snapshot tests. Wildcard transitions are drawn from every non-terminal state they apply
  /// in; a `.previous` target is drawn back to each state that pushes or presents its source,
  /// labelled `(previous)`; guards appear in brackets, modal and root presentations in parentheses.
  ///
  /// A statechart is drawn with its hierarchy: compound states as composite states with their
  /// initial child, a parallel state's regions separated by `--`, final states to `[*]`,
  /// history states as `H`/`H*`, eventless, delayed and done transitions labelled `always` (or
  /// their guard), `after 3s` and `done`.
  ///
  /// - Returns: The diagram's text, one line per edge, ending in a newline.
  public func mermaid() -> String {
    if let chart { return chartMermaid(chart) }
    var lines = ["stateDiagram-v2", "    [*] --> \(name(of: initial))"]
    for transition in expandedTransitions() {
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
    if let chart { return chartDot(chart, name: name) }
    var lines = ["digraph \(dotIdentifier(name)) {", "  rankdir=LR;", "  \"[*]\" [shape=point];"]
    for state in terminal { lines.append("  \(dotQuoted(caseLabel(state))) [shape=doublecircle];") }
    lines.append("  \"[*]\" -> \(dotQuoted(self.name(of: initial)));")
    for transition in expandedTransitions() {
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
  func sources(of transition: Transition) -> [State.Case] {
    if let from = transition.from { return [from] }
    return states.filter { state in
      !isTerminal(state)
        && !transitions.contains { $0.from == state && $0.event == transition.event }
        && !((transition.presentation == .push || transition.presentation == .modal)
          && transition.to == state)
    }
  }

  /// The states that push or present `state` (where a `.previous` from it may lead back to).
  func openers(of state: State.Case) -> [State.Case] {
    var result: [State.Case] = []
    for transition in transitions
    where transition.to == state && (transition.presentation == .push || transition.presentation == .modal) {
      for source in sources(of: transition) where source != state && !result.contains(source) {
        result.append(source)
      }
    }
    return result
  }

  /// Transitions with wildcards expanded and `.previous` targets resolved to the states they
  /// may return to, labelled `event [guard] (presentation)`.
  func expandedTransitions() -> [(from: String, to: String, label: String)] {
    var result: [(from: String, to: String, label: String)] = []
    for transition in transitions {
      var label = transition.eventName
      if let name = transition.conditionName { label += " [\(name)]" }
      if transition.returnsToPrevious {
        label += " (previous)"
      } else if transition.presentation == .modal || transition.presentation == .root {
        label += " (\(transition.presentation.rawValue))"
      }
      for source in sources(of: transition) {
        if let to = transition.to {
          result.append((caseLabel(source), caseLabel(to), label))
        } else {
          for opener in openers(of: source) { result.append((caseLabel(source), caseLabel(opener), label)) }
        }
      }
    }
    return result
  }

  /// Paths from the initial state that together take every transition at least once, a
  /// wildcard from every state it is drawn from, and a `.previous` back to every state that
  /// opens its source: each path is the shortest way to a transition's source (for `.previous`,
  /// to the opener, then the opening edge), then that transition. Guards are ignored; a test that drives them
  /// must satisfy them.
  ///
  /// - Returns: One path per transition (and per source of a wildcard, per opener of a
  ///   `.previous`) that the initial state reaches, in declaration order; a transition from an
  ///   unreachable state has none.
  public func coveringPaths() -> [[Transition]] {
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
    var paths: [[Transition]] = []
    for transition in transitions {
      for source in sources(of: transition) {
        guard transition.returnsToPrevious else {
          if let prefix = shortest[source] { paths.append(prefix + [transition]) }
          continue
        }
        // Back to each state that opens `source`: the way to it, the opening edge, then back.
        for opener in openers(of: source) {
          let opening = transitions.first {
            $0.to == source && ($0.presentation == .push || $0.presentation == .modal)
              && sources(of: $0).contains(opener)
          }
          if let prefix = shortest[opener], let opening { paths.append(prefix + [opening, transition]) }
        }
      }
    }
    return paths
  }

  /// The stack of cases a machine that keeps a stack holds after taking `path` from the initial
  /// state (the last is where it stands), by the same rules as `StateMachine`: a transition to
  /// the case under the top goes back to it; `.root` resets, `.push`/`.modal` add, `.none`
  /// replaces the top, `.previous` pops. `nil` when a `.previous` has nothing under the top.
  ///
  /// - Parameter path: Transitions taken in order from the initial state, such as one of
  ///   `coveringPaths()`; their sources are not checked.
  /// - Returns: The stack, bottom first, or `nil` when a `.previous` has nothing to go back to.
  public func stack(after path: [Transition]) -> [State.Case]? {
    var stack = [initial.caseKey]
    for transition in path {
      guard let to = transition.to else {
        guard stack.count >= 2 else { return nil }
        stack.removeLast()
        continue
      }
      if stack.count >= 2, stack[stack.count - 2] == to {
        stack.removeLast()
        continue
      }
      switch transition.presentation {
      case .root: stack = [to]
      case .push, .modal: stack.append(to)
      case .none: stack[stack.count - 1] = to
      }
    }
    return stack
  }
}
