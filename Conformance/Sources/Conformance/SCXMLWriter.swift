/// Writes a chart as a W3C SCXML document whose datamodel the reference executes: the counter is
/// `<data id="c">`, guards are `cond` expressions (`In('s3')` for the configuration), actions are
/// `<assign>`, `<log>` and `<raise>`, every state logs `+id` on entry and `-id` on exit, and a
/// final state's done data is its own id (as Signals' `doneData` is the final state's value).
enum SCXMLWriter {
  static func document(_ chart: ChartSpec) -> String {
    var lines = [
      #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="python" initial="s\#(chart.initial)">"#,
      #"  <datamodel><data id="c" expr="0"/></datamodel>"#,
    ]
    let edges = chart.liveEdges
    for state in chart.children(of: nil) { write(state, chart, edges, indent: "  ", into: &lines) }
    lines.append("</scxml>")
    return lines.joined(separator: "\n")
  }

  static func condition(_ condition: ChartSpec.Guard) -> String {
    switch condition {
    case .below(let bound): "c &lt; \(bound)"
    case .even: "c % 2 == 0"
    case .inState(let state): "In('s\(state)')"
    case .belowAndIn(let bound, let state): "c &lt; \(bound) and In('s\(state)')"
    case .doneData(let state?): "_event.data == 's\(state)'"
    case .doneData(nil): "_event.data is None"
    }
  }

  static func actions(_ actions: [ChartSpec.Action], label: Int) -> String {
    actions.map { action in
      switch action {
      case .increment: #"<assign location="c" expr="c + 1"/>"#
      case .log: #"<log expr="'t\#(label)'"/>"#
      case .logDone: #"<log label="d" expr="_event.data"/>"#
      case .raise(let event): #"<raise event="\#(ChartSpec.eventNames[event])"/>"#
      case .send(let event): #"<send event="\#(ChartSpec.eventNames[event])"/>"#
      }
    }.joined()
  }

  private static func write(
    _ state: Int, _ chart: ChartSpec, _ edges: [ChartSpec.Edge], indent: String, into lines: inout [String]
  ) {
    let node = chart.nodes[state]
    let id = "s\(state)"
    let children = chart.children(of: state)
    if case .history(let deep) = node.kind {
      let targets: [Int]
      if let fallback = node.historyDefault, chart.nodes[fallback].alive {
        targets = [fallback]
      } else if chart.nodes[node.parent!].kind == .parallel {
        targets = chart.children(of: node.parent).filter { chart.nodes[$0].kind != .history(deep: true) }
          .filter { chart.nodes[$0].kind != .history(deep: false) }
      } else {
        targets = [chart.nodes[node.parent!].initial!]
      }
      let target = targets.map { "s\($0)" }.joined(separator: " ")
      lines.append(
        #"\#(indent)<history id="\#(id)" type="\#(deep ? "deep" : "shallow")"><transition target="\#(target)"/></history>"#
      )
      return
    }
    let tag: String
    var attributes = #"id="\#(id)""#
    switch node.kind {
    case .compound:
      tag = "state"
      attributes += #" initial="s\#(node.initial!)""#
    case .parallel: tag = "parallel"
    case .final: tag = "final"
    default: tag = "state"
    }
    lines.append("\(indent)<\(tag) \(attributes)>")
    let inner = indent + "  "
    let count = node.counts ? #"<assign location="c" expr="c + 1"/>"# : ""
    var sends = ""
    var cancels = ""
    for edge in edges where edge.source == state {
      guard case .after(let seconds) = edge.trigger else { continue }
      sends += #"<send event="after.\#(edge.label)" delay="\#(seconds)s" id="after.\#(edge.label)"/>"#
      cancels += #"<cancel sendid="after.\#(edge.label)"/>"#
    }
    lines.append(#"\#(inner)<onentry><log expr="'+\#(id)'"/>\#(count)\#(sends)</onentry>"#)
    lines.append(#"\#(inner)<onexit><log expr="'-\#(id)'"/>\#(cancels)</onexit>"#)
    if node.kind == .final, node.parent != nil {
      lines.append(#"\#(inner)<donedata><content expr="'\#(id)'"/></donedata>"#)
    }
    for edge in edges where edge.source == state {
      var text = "\(inner)<transition"
      switch edge.trigger {
      case .event(let event): text += #" event="\#(ChartSpec.eventNames[event])""#
      case .always: break
      case .done(let of): text += #" event="done.state.s\#(of)""#
      case .after: text += #" event="after.\#(edge.label)""#
      }
      if let condition = edge.condition { text += #" cond="\#(Self.condition(condition))""# }
      if let target = edge.target { text += #" target="s\#(target)""# }
      if edge.isInternal { text += #" type="internal""# }
      let body = actions(edge.actions, label: edge.label)
      text += body.isEmpty ? "/>" : ">\(body)</transition>"
      lines.append(text)
    }
    for child in children { write(child, chart, edges, indent: inner, into: &lines) }
    lines.append("\(indent)</\(tag)>")
  }
}
