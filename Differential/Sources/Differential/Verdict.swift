/// What comparing one case's two traces found.
enum Verdict: Equatable {
  /// The traces agree (after the always-on `noDemand` normalization).
  case same
  /// They differ, and the listed table entries account for it.
  case explained([String])
  /// They differ in a way no entry accounts for.
  case unexplained
}

/// Both traces of one case and their verdict.
struct Outcome {
  let signals: [TraceEvent]
  let openCombine: [TraceEvent]
  let verdict: Verdict

  /// The sites whose objects the libraries release at different points.
  var lifetimes: [LifetimeDifference] { lifetimeDifferences(signals, openCombine) }

  /// The first index at which the (demand-normalized) traces differ, with both events there
  /// (`nil` where a trace has ended).
  var firstDifference: (index: Int, signals: TraceEvent?, openCombine: TraceEvent?)? {
    let a = comparable(signals)
    let b = comparable(openCombine)
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? a[index] : nil
      let right = index < b.count ? b[index] : nil
      if left != right { return (index, left, right) }
    }
    return nil
  }

  /// One line naming the first difference.
  var firstDifferenceLine: String {
    guard let difference = firstDifference else {
      return lifetimes.first.map { "lifetime: \($0)" } ?? "no difference"
    }
    let left = difference.signals.map { "\"\($0)\"" } ?? "(trace ends)"
    let right = difference.openCombine.map { "\"\($0)\"" } ?? "(trace ends)"
    return "event \(difference.index): Signals \(left), OpenCombine \(right)"
  }
}

/// Runs a case on both libraries and judges the difference against the table.
func evaluate(_ testCase: Case, plant: Plant? = nil) -> Outcome {
  let signals = SignalsSide.run(testCase, plant: plant)
  let openCombine = OpenCombineSide.run(testCase)
  return Outcome(signals: signals, openCombine: openCombine, verdict: judge(testCase, signals, openCombine))
}

/// Judges the events (`judgeEvents`) and, where they agree, the lifetimes: every site whose
/// objects are released at other points must be accepted by a lifetime entry
/// (`KnownDifference.acceptsLifetime`). Where the events differ, the release points follow
/// from that difference and are not judged apart.
func judge(_ testCase: Case, _ signals: [TraceEvent], _ openCombine: [TraceEvent]) -> Verdict {
  let events = judgeEvents(testCase, signals, openCombine)
  guard events == .same else { return events }
  let differences = lifetimeDifferences(signals, openCombine)
  if differences.isEmpty { return .same }
  var ids: [String] = []
  for difference in differences {
    let node = testCase.node(releasedAt: difference.site)
    guard
      let entry = KnownDifference.table.first(where: {
        $0.acceptsLifetime?(testCase, node, difference) ?? false
      })
    else { return .unexplained }
    if !ids.contains(entry.id) { ids.append(entry.id) }
  }
  return .explained(ids)
}

/// `.same` when the traces' events agree once requests and releases are removed. Otherwise the
/// entries that apply: first each normalizing entry alone, then all of them together; then, on
/// top of all their normalizations, each entry without one whose operator can account for the
/// first difference (see `KnownDifference.operatorNode`). `.unexplained` if none does.
func judgeEvents(_ testCase: Case, _ signals: [TraceEvent], _ openCombine: [TraceEvent]) -> Verdict {
  let base = comparable
  var a = base(signals)
  var b = base(openCombine)
  if a == b { return .same }
  let candidates = KnownDifference.table.filter { $0.acceptsLifetime == nil && $0.applies(testCase) }
  let normalizing = candidates.filter { $0.normalize != nil }
  for entry in normalizing {
    if let normalize = entry.normalize, normalize(a) == normalize(b) { return .explained([entry.id]) }
  }
  for entry in normalizing {
    if let normalize = entry.normalize {
      a = normalize(a)
      b = normalize(b)
    }
  }
  if a == b { return .explained(normalizing.map(\.id)) }
  let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
  let left = first < a.count ? a[first] : nil
  let right = first < b.count ? b[first] : nil
  for entry in candidates where entry.normalize == nil {
    guard let node = entry.operatorNode else { return .explained([entry.id]) }
    var downstream = testCase.pipeline.sitesDownstream(of: node)
    if entry.includesBody { downstream.formUnion(testCase.pipeline.sitesInBodies(of: node)) }
    func fits(_ event: TraceEvent?) -> Bool {
      guard let event else { return true }
      return downstream.contains(event.site) || event.kind == .cancel || event.kind == .subscription
    }
    if fits(left) || fits(right) { return .explained([entry.id]) }
  }
  return .unexplained
}

extension Pipeline {
  /// The trace sites that see what an operator matching `node` sends: the sink, the outermost
  /// probe, and every probe with such an operator inside it.
  func sitesDownstream(of node: (Pipeline) -> Bool) -> Set<String> {
    var sites: Set<String> = ["sink", "p0"]
    for candidate in nodes {
      if case .probe(let id, let inner) = candidate, inner.contains(node) { sites.insert("p\(id)") }
    }
    return sites
  }

  /// The probes inside the inner publishers (the body) of every `flatMap` or `switchToLatest`
  /// matching `node`: what such an operator asks for values.
  func sitesInBodies(of node: (Pipeline) -> Bool) -> Set<String> {
    var sites: Set<String> = []
    for candidate in nodes where node(candidate) {
      switch candidate {
      case .flatMap(_, let body, _), .switchToLatest(_, let body):
        for inner in body.nodes { if case .probe(let id, _) = inner { sites.insert("p\(id)") } }
      default: break
      }
    }
    return sites
  }
}

extension Case {
  /// The node whose closures record their release under `site` (`nil` for the sink's closures
  /// and the custom subscriber).
  func node(releasedAt site: String) -> Pipeline? {
    if site == "p0" { return .probe(0, pipeline) }  // the probe the runs put on top
    if site.hasPrefix("p"), let id = Int(site.dropFirst()) {
      return pipeline.nodes.first { if case .probe(id, _) = $0 { true } else { false } }
    }
    guard let at = site.firstIndex(of: "@") else { return nil }
    var node = pipeline
    for digit in site[site.index(after: at)...].dropFirst() {
      guard let index = Int(String(digit)), index < node.children.count else { return nil }
      node = node.children[index]
    }
    return node
  }
}
