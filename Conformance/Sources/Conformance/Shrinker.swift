/// Cuts a chart that differs down to a small one that still differs the same way: events after
/// the first difference, then single events, edges, actions, guards, whole states (an initial
/// one with another taking its place), for as long as something can go.
struct Shrinker {
  let keeps: (ChartSpec) -> Bool

  func shrink(_ chart: ChartSpec, differingAt step: Int) -> ChartSpec {
    var best = chart
    if step < best.events.count {
      var cut = best
      cut.events = Array(best.events.prefix(step))
      if keeps(cut) { best = cut }
    }
    var progress = true
    while progress {
      progress = false
      for candidate in candidates(best) where keeps(candidate) {
        best = candidate
        progress = true
        break
      }
    }
    return best
  }

  private func candidates(_ chart: ChartSpec) -> [ChartSpec] {
    var result: [ChartSpec] = []
    for index in chart.events.indices {
      var smaller = chart
      smaller.events.remove(at: index)
      result.append(smaller)
    }
    // Drop dead edges first so that the others' indices stay meaningful.
    var live = chart
    live.edges = chart.liveEdges
    if live.edges.count < chart.edges.count { result.append(live) }
    for index in live.edges.indices {
      var smaller = live
      smaller.edges.remove(at: index)
      result.append(smaller)
      for action in live.edges[index].actions.indices {
        var fewer = live
        fewer.edges[index].actions.remove(at: action)
        result.append(fewer)
      }
      if live.edges[index].condition != nil {
        var unguarded = live
        unguarded.edges[index].condition = nil
        result.append(unguarded)
      }
      if live.edges[index].isInternal {
        var external = live
        external.edges[index].isInternal = false
        result.append(external)
      }
    }
    // An initial state removed, another taking its place (so that every change makes the chart
    // smaller and the search ends).
    let startable = { (state: Int) -> Bool in
      switch chart.nodes[state].kind {
      case .final, .history: false
      default: true
      }
    }
    for state in chart.children(of: nil) where state != chart.initial && startable(state) {
      var other = chart
      remove(chart.initial, from: &other)
      other.initial = state
      result.append(other)
    }
    for index in chart.nodes.indices where chart.nodes[index].alive && chart.nodes[index].kind == .compound {
      let old = chart.nodes[index].initial!
      for child in chart.children(of: index) where child != old && startable(child) {
        var other = chart
        remove(old, from: &other)
        other.nodes[index].initial = child
        result.append(other)
      }
    }
    let initials = Set(chart.nodes.compactMap { $0.alive ? $0.initial : nil } + [chart.initial])
    for index in chart.nodes.indices where chart.nodes[index].alive && !initials.contains(index) {
      var smaller = chart
      remove(index, from: &smaller)
      result.append(smaller)
    }
    for index in chart.nodes.indices where chart.nodes[index].counts {
      var quiet = chart
      quiet.nodes[index].counts = false
      result.append(quiet)
    }
    return result
  }

  private func remove(_ state: Int, from chart: inout ChartSpec) {
    chart.nodes[state].alive = false
    for child in chart.nodes[state].children { remove(child, from: &chart) }
    for index in chart.nodes.indices where chart.nodes[index].historyDefault == state {
      chart.nodes[index].historyDefault = nil
    }
  }
}
