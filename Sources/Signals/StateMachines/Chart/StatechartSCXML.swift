extension StateGraph {
  /// The graph as a W3C SCXML document, deterministic (same graph, same text), for other SCXML
  /// tools and interpreters: compound states as `<state initial>`, parallel states as
  /// `<parallel>`, finals as `<final>`, history as `<history type>` with its default
  /// transition; event transitions with their event's case name, eventless ones without an
  /// event, done transitions on `done.state.<id>`, and each `After` as a `<send delay>` of its
  /// own event on entry, cancelled on exit, with the transition on that event. Guards appear as
  /// `cond` (their names), internal transitions as `type="internal"`, actions as
  /// `<log label="action"/>` (entry and exit actions in `<onentry>`/`<onexit>`), and invoked
  /// publishers as `<invoke>` with their label. A flat graph is a chart of one level; its
  /// Resolved targets (`.resolved(_:)`) have no SCXML form and are left out.
  ///
  /// Bad input: a state's name that is not an XML name is written `s_` followed by its
  /// characters, each other than letters, digits, `_`, `-` and `.` as `_`; two names that
  /// become the same get a numeric suffix. Attribute text is escaped.
  ///
  /// - Parameter name: The document's `name` attribute.
  /// - Returns: The document, ending in a newline.
  public func scxml(name: String = "StateGraph") -> String {
    let chart =
      self.chart ?? ChartModel(initial: initial, elements: [], transitions: transitions, states: states)
    return SCXMLWriter(chart: chart, transitions: transitions).document(name: name)
  }
}

/// Writes one chart as SCXML (see `StateGraph.scxml(name:)`).
struct SCXMLWriter<State: CaseKeyed, Event: CaseKeyed> {
  let chart: ChartModel<State, Event>
  let transitions: [Transition<State, Event>]
  /// Each node's XML id.
  let ids: [String]
  /// The event of each delayed edge, and its delay.
  var delayed: [Int: (event: String, delay: String)] = [:]
  /// The done event each done edge takes.
  var done: [Int: String] = [:]
  /// Each node's edges, in document order.
  var edgesFrom: [[Int]]

  init(chart: ChartModel<State, Event>, transitions: [Transition<State, Event>]) {
    self.chart = chart
    self.transitions = transitions
    var taken: Set<String> = []
    var ids: [String] = []
    for node in chart.nodes.indices {
      var id = node == 0 ? "scxml" : xmlName(chart.name(node))
      if !taken.insert(id).inserted {
        var suffix = 2
        while !taken.insert("\(id)_\(suffix)").inserted { suffix += 1 }
        id = "\(id)_\(suffix)"
      }
      ids.append(id)
    }
    self.ids = ids
    edgesFrom = Array(repeating: [], count: chart.nodes.count)
    for (index, edge) in chart.edges.enumerated() { edgesFrom[edge.source].append(index) }
    for (node, spec) in chart.nodes.enumerated() {
      for (position, (delay, edge)) in zip(spec.delays, chart.tree.delayed[node]).enumerated() {
        let event = "after.\(ids[node]).\(position)"
        switch delay {
        case .fixed(let stride): delayed[edge] = (event, "delay=\"\(cssTime(stride))\"")
        case .computed:
          let label =
            chart.edges[edge].label.split(separator: " ").dropFirst().first.map(String.init) ?? "delay"
          delayed[edge] = (event, "delayexpr=\"\(xmlEscaped(label))\"")
        }
      }
      for (of, edge) in chart.tree.done[node] { done[edge] = "done.state.\(ids[of])" }
    }
  }

  /// The whole document.
  func document(name: String) -> String {
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" name=\"\(xmlEscaped(name))\""
        + (chart.nodes[0].initial.map { " initial=\"\(ids[$0.node])\"" } ?? "") + ">",
    ]
    // The root's transitions (wildcards) apply in every state: SCXML has no transition on
    // `<scxml>`, so they go on a compound state around the top level only when there are any.
    let wrapped = !edges(of: 0).isEmpty
    var work: [ExportItem] = []
    if wrapped {
      let initial = chart.nodes[0].initial.map { " initial=\"\(ids[$0.node])\"" } ?? ""
      work = [.line("  <state id=\"scxml_root\"\(initial)>"), .block(0, "    "), .line("  </state>")]
    } else {
      work = [.block(0, "  ")]
    }
    while let item = work.popLast() {
      switch item {
      case .line(let line): lines.append(line)
      case .block(let node, let indent): work += body(of: node, indent).reversed()
      }
    }
    lines.append("</scxml>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A state's content (its own lines, then its children as blocks still to write).
  func body(of node: Int, _ indent: String) -> [ExportItem] {
    var items = content(of: node, indent).map(ExportItem.line)
    for history in chart.tree.histories[node] {
      guard case .history(let deep) = chart.tree.kind[history] else { continue }
      let targets = chart.historyDefault(history).map { ids[$0.node] }.joined(separator: " ")
      items += [
        .line("\(indent)<history id=\"\(ids[history])\" type=\"\(deep ? "deep" : "shallow")\">"),
        .line("\(indent)  <transition target=\"\(targets)\"/>"), .line("\(indent)</history>"),
      ]
    }
    let inner = indent.count < 64 ? indent + "  " : indent
    for child in chart.tree.children[node] {
      let kind = chart.tree.kind[child]
      let tag = kind == .parallel ? "parallel" : kind == .final ? "final" : "state"
      var attributes = "id=\"\(ids[child])\""
      if kind == .compound, let initial = chart.nodes[child].initial {
        attributes += " initial=\"\(ids[initial.node])\""
      }
      let hasBody =
        !content(of: child, inner).isEmpty || !chart.tree.children[child].isEmpty
        || !chart.tree.histories[child].isEmpty
      if hasBody {
        items += [
          .line("\(indent)<\(tag) \(attributes)>"), .block(child, inner), .line("\(indent)</\(tag)>"),
        ]
      } else {
        items.append(.line("\(indent)<\(tag) \(attributes)/>"))
      }
    }
    return items
  }

  /// A state's `<onentry>`, `<onexit>`, `<transition>` and `<invoke>` lines.
  func content(of node: Int, _ indent: String) -> [String] {
    guard node != 0 || !edges(of: 0).isEmpty else { return [] }
    let spec = chart.nodes[node]
    var lines: [String] = []
    let sends = chart.tree.delayed[node].map { delayed[$0]! }
    if spec.entry != nil || !sends.isEmpty {
      lines.append("\(indent)<onentry>")
      if spec.entry != nil { lines.append("\(indent)  <log label=\"entry\"/>") }
      for (event, delay) in sends {
        lines.append("\(indent)  <send id=\"\(event)\" event=\"\(event)\" \(delay)/>")
      }
      lines.append("\(indent)</onentry>")
    }
    if spec.exit != nil || !sends.isEmpty {
      lines.append("\(indent)<onexit>")
      if spec.exit != nil { lines.append("\(indent)  <log label=\"exit\"/>") }
      for (event, _) in sends { lines.append("\(indent)  <cancel sendid=\"\(event)\"/>") }
      lines.append("\(indent)</onexit>")
    }
    for edge in edges(of: node) { lines += transition(edge, indent) }
    for label in spec.invokeLabels {
      let source = label.hasPrefix("invoke ") ? String(label.dropFirst("invoke ".count)) : label
      lines.append("\(indent)<invoke type=\"publisher\" src=\"\(xmlEscaped(source))\"/>")
    }
    return lines
  }

  /// The edges a node holds, in document order: its event transitions, eventless, delayed and
  /// done ones as the chart lists them.
  func edges(of node: Int) -> [Int] { edgesFrom[node] }

  /// One `<transition>`.
  func transition(_ index: Int, _ indent: String) -> [String] {
    let edge = chart.edges[index]
    var attributes: [String] = []
    if let position = edge.transition {
      attributes.append("event=\"\(xmlEscaped(transitions[position].eventName))\"")
    } else if let (event, _) = delayed[index] {
      attributes.append("event=\"\(event)\"")
    } else if let event = done[index] {
      attributes.append("event=\"\(event)\"")
    }
    if let name = edge.conditionName { attributes.append("cond=\"\(xmlEscaped(name))\"") }
    if let target = edge.target { attributes.append("target=\"\(ids[target])\"") }
    if edge.isInternal { attributes.append("type=\"internal\"") }
    let open = "\(indent)<transition \(attributes.joined(separator: " "))"
    guard !edge.actions.isEmpty else { return [open + "/>"] }
    return [open + ">"] + edge.actions.map { _ in "\(indent)  <log label=\"action\"/>" } + [
      "\(indent)</transition>"
    ]
  }
}

/// `text` as an XML name (an SCXML id): kept when it is one, else `s_` and its characters,
/// each other than a letter, a digit, `_`, `-` or `.` written `_`.
package func xmlName(_ text: String) -> String {
  func allowed(_ character: Character, first: Bool) -> Bool {
    character.isLetter || character == "_"
      || (!first && (character.isNumber || character == "-" || character == "."))
  }
  if let first = text.first, allowed(first, first: true), text.allSatisfy({ allowed($0, first: false) }) {
    return text
  }
  return "s_" + String(text.map { allowed($0, first: false) && $0.isASCII ? $0 : "_" })
}

/// `text` with `&`, `<`, `>`, `"` and `'` escaped for an XML attribute, and control characters
/// as character references.
func xmlEscaped(_ text: String) -> String {
  var escaped = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": escaped += "&amp;"
    case "<": escaped += "&lt;"
    case ">": escaped += "&gt;"
    case "\"": escaped += "&quot;"
    case "'": escaped += "&apos;"
    case "\n": escaped += "&#10;"
    default:
      if scalar.value < 0x20 {
        escaped += " "  // XML 1.0 has no other control characters
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
  }
  return escaped
}

/// An interval as a CSS2 time (SCXML's delays): whole seconds as `5s`, else milliseconds
/// (`1500ms`, `0.001ms` below one).
func cssTime(_ stride: SchedulerTime.Stride) -> String {
  let nanoseconds = stride.nanoseconds
  if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)s" }
  if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
  return "\(Double(nanoseconds) / 1_000_000)ms"
}
