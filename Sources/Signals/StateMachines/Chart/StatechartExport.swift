extension StateGraph {
  /// A statechart's history pseudo-states (never active themselves).
  package var chartHistoryStates: Set<State.Case> {
    guard let chart else { return [] }
    return Set(
      chart.nodes.indices.compactMap { node in chart.tree.isHistory(node) ? chart.nodes[node].key : nil })
  }

  /// Every transition of a statechart, titled `source --label--> target` (`*` for a wildcard),
  /// in document order; empty for a flat graph.
  package var chartTransitionTitles: [String] {
    guard let chart else { return [] }
    return chart.edges.indices.map(chart.title)
  }

  /// A statechart as Mermaid: compound states as composite states (`state a { ... }`) with
  /// their initial child (`[*] --> a1`), a parallel state's regions separated by `--`, final
  /// states to `[*]` (and a flat graph's terminal state inside its own block), history states as
  /// `H` or `H*`, an invoked publisher as the state's description (`a1: invoke check()`, from
  /// the `Invoke`'s label); each transition inside the innermost
  /// composite state that holds both its ends, labelled `event [guard]`, `always`, `after 3s`
  /// or `done`. A wildcard is drawn from every top-level state but its target.
  func chartMermaid(_ chart: ChartModel<State, Event>) -> String {
    let edges = placedEdges(chart)
    var lines = ["stateDiagram-v2"]
    // A block's lines, in order; nested blocks are items on a stack, not recursive calls, so a
    // chart of any depth draws without overflowing the stack (indentation stops at 16 levels).
    var work: [ExportItem] = [.block(0, "    ")]
    while let item = work.popLast() {
      guard case .block(let node, let indent) = item else {
        if case .line(let line) = item { lines.append(line) }
        continue
      }
      let inner = indent.count < 64 ? indent + "    " : indent
      var items: [ExportItem] = []
      let spec = chart.nodes[node]
      if let initial = spec.initial, chart.tree.kind[node] == .compound {
        items.append(.line("\(indent)[*] --> \(chart.name(initial.node))"))
      }
      for history in chart.tree.histories[node] {
        guard case .history(let deep) = chart.tree.kind[history] else { continue }
        items.append(.line("\(indent)state \"\(deep ? "H*" : "H")\" as \(chart.name(history))"))
      }
      for child in chart.tree.children[node] {
        let name = chart.name(child)
        let invokes = chart.nodes[child].invokeLabels.map {
          ExportItem.line("\(indent)\(name): \(oneLine($0))")
        }
        if chart.tree.kind[child] != .atomic { items += invokes }
        switch chart.tree.kind[child] {
        case .compound:
          items += [.line("\(indent)state \(name) {"), .block(child, inner), .line("\(indent)}")]
        case .parallel:
          let deeper = inner.count < 64 ? inner + "    " : inner
          items.append(.line("\(indent)state \(name) {"))
          for (position, region) in chart.tree.children[child].enumerated() {
            if position > 0 { items.append(.line("\(inner)--")) }
            if chart.tree.kind[region] == .atomic {
              items.append(.line("\(inner)\(chart.name(region))"))
            } else {
              items += [
                .line("\(inner)state \(chart.name(region)) {"), .block(region, deeper), .line("\(inner)}"),
              ]
            }
          }
          items += (edges[child] ?? []).map { .line("\(inner)\($0)") }
          items.append(.line("\(indent)}"))
        case .final: items.append(.line("\(indent)\(name) --> [*]"))
        case .atomic:
          items += invokes.isEmpty ? [.line("\(indent)\(name)")] : invokes
          // A flat graph's terminal state ends inside its parent's block.
          if node != 0, let key = chart.nodes[child].key, isTerminal(key) {
            items.append(.line("\(indent)\(name) --> [*]"))
          }
        case .history: items.append(.line("\(indent)\(name)"))
        }
      }
      if chart.tree.kind[node] != .parallel { items += (edges[node] ?? []).map { .line("\(indent)\($0)") } }
      work += items.reversed()
    }
    for state in terminal
    where chart.indexOf[state].map({ chart.tree.kind[$0] != .final && chart.tree.parent[$0] == 0 }) ?? true {
      lines.append("    \(caseLabel(state)) --> [*]")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each edge's Mermaid line, under the node whose block draws it.
  func placedEdges(_ chart: ChartModel<State, Event>) -> [Int: [String]] {
    var placed: [Int: [String]] = [:]
    for edge in chart.edges {
      let sources = edge.source == 0 ? chart.tree.children[0].filter { $0 != edge.target } : [edge.source]
      for source in sources {
        let target = edge.target ?? source  // a targetless edge is drawn as a loop
        var holder = chart.commonAncestor(source, target)
        while holder != 0 && (holder == source || holder == target || chart.tree.kind[holder] == .parallel) {
          holder = chart.tree.parent[holder]
        }
        placed[holder, default: []].append(
          "\(chart.name(source)) --> \(chart.name(target)): \(oneLine(edge.label))")
      }
    }
    return placed
  }

  /// A statechart as DOT: each compound or parallel state a cluster (a parallel one dashed,
  /// each region its own cluster), final states double circles, history states `H`/`H*`, an
  /// invoked publisher as a second line of its state's label;
  /// an edge to or from a compound state is drawn to or from its first leaf and clipped at the
  /// cluster (`compound=true`, `lhead`/`ltail`).
  func chartDot(_ chart: ChartModel<State, Event>, name graphName: String) -> String {
    var lines = [
      "digraph \(dotIdentifier(graphName)) {", "  rankdir=LR;", "  compound=true;",
      "  \"[*]\" [shape=point];",
    ]
    func leaf(_ node: Int) -> Int {
      var current = node
      while let first = chart.tree.children[current].first { current = first }
      return current
    }
    func cluster(_ node: Int) -> String { dotQuoted("cluster_" + chart.name(node)) }
    // Nested clusters are items on a stack, not recursive calls (see `chartMermaid`).
    var work: [ExportItem] = [.block(0, "  ")]
    while let item = work.popLast() {
      guard case .block(let node, let indent) = item else {
        if case .line(let line) = item { lines.append(line) }
        continue
      }
      let inner = indent.count < 32 ? indent + "  " : indent
      var items: [ExportItem] = []
      for history in chart.tree.histories[node] {
        guard case .history(let deep) = chart.tree.kind[history] else { continue }
        items.append(
          .line("\(indent)\(dotQuoted(chart.name(history))) [shape=circle, label=\"\(deep ? "H*" : "H")\"];"))
      }
      for child in chart.tree.children[node] {
        let spec = chart.nodes[child]
        switch chart.tree.kind[child] {
        case .compound, .parallel:
          let style = chart.tree.kind[child] == .parallel ? "; style=dashed" : ""
          items += [
            .line("\(indent)subgraph \(cluster(child)) {"),
            .line(
              "\(inner)label=\(dotQuoted(([chart.name(child)] + spec.invokeLabels.map(oneLine)).joined(separator: "\n")))\(style);"
            ),
            .block(child, inner),
            .line("\(indent)}"),
          ]
        case .final: items.append(.line("\(indent)\(dotQuoted(chart.name(child))) [shape=doublecircle];"))
        case .atomic, .history:
          let ends = spec.key.map(isTerminal) ?? false
          var attributes = ends ? ["shape=doublecircle"] : []
          if !spec.invokeLabels.isEmpty {
            let label = ([chart.name(child)] + spec.invokeLabels.map(oneLine)).joined(separator: "\n")
            attributes.append("label=\(dotQuoted(label))")
          }
          let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
          items.append(.line("\(indent)\(dotQuoted(chart.name(child)))\(list);"))
        }
      }
      work += items.reversed()
    }
    func end(_ node: Int, _ attribute: String) -> (String, String?) {
      let drawn = leaf(node)
      return (dotQuoted(chart.name(drawn)), drawn == node ? nil : "\(attribute)=\(cluster(node))")
    }
    if let initial = chart.nodes[0].initial {
      let (to, head) = end(initial.node, "lhead")
      lines.append("  \"[*]\" -> \(to)\(head.map { " [\($0)]" } ?? "");")
    }
    for edge in chart.edges {
      let sources = edge.source == 0 ? chart.tree.children[0].filter { $0 != edge.target } : [edge.source]
      for source in sources {
        let (from, tail) = end(source, "ltail")
        let (to, head) = end(edge.target ?? source, "lhead")
        let attributes = ["label=\(dotQuoted(edge.label))", tail, head].compactMap { $0 }.joined(
          separator: ", ")
        lines.append("  \(from) -> \(to) [\(attributes)];")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A line of an export, or a state's block still to draw (the exports' explicit stack).
enum ExportItem {
  case line(String)
  case block(Int, String)
}
