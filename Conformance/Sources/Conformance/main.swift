import Foundation

// Conformance of Signals' statecharts to W3C SCXML (see README.md in this folder).
//
//   Conformance --charts 500 [--first 0] [--no-shrink]   seeds first..<first+charts (exit 1 on an unknown difference)
//   Conformance --seed 42                                 one chart: its SCXML, both runs, shrunk if it differs
//   Conformance --scxml 42                                one chart's SCXML document and events, run on nothing
//   --python PATH   the Python with scjson installed (`run` passes its virtual environment's)

func option(_ flag: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("Conformance: " + message + "\n").utf8))
  exit(2)
}

let known = Set(["--charts", "--first", "--seed", "--scxml", "--python", "--no-shrink"])
for argument in CommandLine.arguments.dropFirst() where argument.hasPrefix("--") && !known.contains(argument)
{
  fail("unknown option \(argument) (options: \(known.sorted().joined(separator: ", ")))")
}

if let text = option("--scxml") {
  guard let seed = UInt64(text) else { fail("--scxml wants a number, not \(text)") }
  let chart = ChartGenerator.make(seed: seed)
  print(SCXMLWriter.document(chart))
  print("events: " + chart.events.map { ChartSpec.eventNames[$0] }.joined(separator: " "))
  exit(0)
}

let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let script = folder.appendingPathComponent("reference.py").path
let python = option("--python") ?? folder.appendingPathComponent(".venv/bin/python").path
guard FileManager.default.isExecutableFile(atPath: python) else {
  fail("no Python at \(python): run Conformance/run, which installs scjson, or pass --python")
}
let reference: Reference
do { reference = try Reference(python: python, script: script) } catch {
  fail("cannot start \(python): \(error)")
}

/// Runs both sides. Where the reference never ends a macrostep (Appendix D has no bound), Signals
/// runs the events before it only: its own cut takes 10,000 microsteps, seconds in a debug build.
@MainActor func evaluate(_ chart: ChartSpec, validate: Bool = false) -> Verdict {
  let expected = reference.run(chart, validate: validate)
  guard expected.looped else { return judge(SignalsChart.run(chart), expected) }
  var before = chart
  before.events = Array(chart.events.prefix(max(expected.steps.count - 1, 0)))
  var ours = expected.steps.isEmpty ? Run(steps: [], looped: true) : SignalsChart.run(before)
  ours.looped = true
  return judge(ours, expected)
}

/// The chart, its events and the first step where the runs part, for a report.
@MainActor func describe(_ chart: ChartSpec) -> String {
  let expected = reference.run(chart)
  var signals = Run(steps: [], looped: true)
  if !expected.looped { signals = SignalsChart.run(chart) }
  var lines = [SCXMLWriter.document(chart)]
  lines.append("events: " + chart.events.map { ChartSpec.eventNames[$0] }.joined(separator: " "))
  if let error = expected.error { lines.append("reference: \(error)") }
  for index in 0..<max(signals.steps.count, expected.steps.count) {
    let ours = index < signals.steps.count ? signals.steps[index] : nil
    let theirs = index < expected.steps.count ? expected.steps[index] : nil
    let name = index == 0 ? "start" : "after \(ChartSpec.eventNames[chart.events[index - 1]])"
    func show(_ step: Step?, looped: Bool) -> String {
      guard let step else { return looped ? "loop cut" : "-" }
      return "{\(step.configuration.sorted().joined(separator: ","))} c=\(step.counter) log=\(step.log)"
    }
    let mark = ours == theirs ? " " : "*"
    lines.append("\(mark) \(name)")
    lines.append("    W3C:     \(show(theirs, looped: expected.looped))")
    lines.append("    Signals: \(show(ours, looped: signals.looped))")
    if index < expected.reentered.count, !expected.reentered[index].isEmpty {
      lines.append(
        "    (W3C entered again, while active: \(expected.reentered[index].joined(separator: ", ")))")
    }
  }
  return lines.joined(separator: "\n")
}

@MainActor func shrunk(_ chart: ChartSpec, _ verdict: Verdict) -> ChartSpec {
  guard !CommandLine.arguments.contains("--no-shrink") else { return chart }
  let step: Int
  let keeps: (Verdict) -> Bool
  switch verdict {
  case .known(let id, let at):
    step = at
    keeps = { if case .known(id, _) = $0 { true } else { false } }
  case .differ(let at):
    step = at
    keeps = { if case .differ = $0 { true } else { false } }
  default: return chart
  }
  return Shrinker(keeps: { keeps(evaluate($0)) }).shrink(chart, differingAt: step)
}

if let text = option("--seed") {
  guard let seed = UInt64(text) else { fail("--seed wants a number, not \(text)") }
  let chart = ChartGenerator.make(seed: seed)
  let verdict = evaluate(chart, validate: true)
  print("seed \(seed): \(verdict)")
  print(describe(chart))
  if verdict != .same, verdict != .bothLoop {
    print("\nshrunk:")
    print(describe(shrunk(chart, verdict)))
  }
  reference.close()
  exit(verdict.isFailure ? 1 : 0)
}

guard let count = Int(option("--charts") ?? "200"), count >= 0 else { fail("--charts wants a count") }
guard let first = UInt64(option("--first") ?? "0") else { fail("--first wants a seed") }
let started = Date()
var passed = 0
var loops = 0
var knownCharts: [String: [UInt64]] = [:]
var failures: [(UInt64, Verdict)] = []
var featureCounts: [String: Int] = [:]
for seed in first..<(first + UInt64(count)) {
  let chart = ChartGenerator.make(seed: seed)
  for feature in chart.features { featureCounts[feature, default: 0] += 1 }
  let verdict = evaluate(chart, validate: seed % 10 == 0)
  switch verdict {
  case .same: passed += 1
  case .bothLoop:
    passed += 1
    loops += 1
  case .known(let id, _): knownCharts[id, default: []].append(seed)
  case .differ, .referenceFailed: failures.append((seed, verdict))
  }
}
let seconds = Date().timeIntervalSince(started)
print(
  "Conformance: \(count) charts (seeds \(first)..<\(first + UInt64(count))) on Signals and on W3C SCXML Appendix D"
)
print(
  String(
    format: "  %.1f s; %d agreed on every step (%d of them loop in the same macrostep)", seconds, passed,
    loops))
print(
  "  charts using each feature: "
    + featureCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
for (id, seeds) in knownCharts.sorted(by: { $0.key < $1.key }) {
  print(
    "  known difference \"\(id)\" (README): \(seeds.count) charts, seeds \(seeds.prefix(10).map(String.init).joined(separator: " "))"
  )
  let chart = ChartGenerator.make(seed: seeds[0])
  print("  smallest example, from seed \(seeds[0]):")
  print(
    describe(shrunk(chart, evaluate(chart))).split(separator: "\n").map { "    " + $0 }.joined(
      separator: "\n"))
}
for (seed, verdict) in failures.prefix(3) {
  print("\nDIFFERENCE seed \(seed): \(verdict)")
  let chart = ChartGenerator.make(seed: seed)
  print(describe(shrunk(chart, verdict)))
  print("(reproduce: Conformance/run --seed \(seed))")
}
if failures.count > 3 {
  print(
    "\n\(failures.count - 3) more: seeds \(failures.dropFirst(3).map { String($0.0) }.joined(separator: " "))"
  )
}
print(
  "Conformance: \(passed) passed, \(failures.count) failed, \(knownCharts.values.map(\.count).reduce(0, +)) skipped"
)
reference.close()
exit(failures.isEmpty ? 0 : 1)
