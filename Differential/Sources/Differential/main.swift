import Foundation

// Differential testing of Signals against OpenCombine 0.14 (see README.md in this folder).
//
//   Differential --seeds 0..<500 [--batch 250] [--no-shrink]   run a seed range (exit 1 on a failure)
//   Differential --seed 42                                     one case: both traces, shrunk if it differs
//   Differential --table                                       print the table of accepted differences
//   Differential --first-differences 0..<5000                  per entry, how its first differences look
//   Differential --seeds 0..<500 --plant map|leak              the same with a difference planted in the
//                                                              Signals side (must fail)
//   Differential --worker 0..<250 [--no-shrink]                (internal) a child process's batch

/// Parses `a..<b`, `a...b` or `a`.
func parseRange(_ text: String) -> Range<UInt64>? {
  if let parts = text.range(of: "..<") {
    guard let low = UInt64(text[..<parts.lowerBound]), let high = UInt64(text[parts.upperBound...]),
      low <= high
    else { return nil }
    return low..<high
  }
  if let parts = text.range(of: "...") {
    guard let low = UInt64(text[..<parts.lowerBound]), let high = UInt64(text[parts.upperBound...]),
      low <= high,
      high < UInt64.max
    else { return nil }
    return low..<(high + 1)
  }
  guard let single = UInt64(text), single < UInt64.max else { return nil }
  return single..<(single + 1)
}

/// The value after `flag`, if any.
func option(_ flag: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("Differential: " + message + "\n").utf8))
  exit(2)
}

/// Every table entry's README quote must still be in the README, or the entry has outlived its
/// documentation.
func checkTableAgainstReadme() {
  let readmePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md").path
  guard let readme = try? String(contentsOfFile: readmePath, encoding: .utf8) else {
    fail("cannot read \(readmePath), which the table of differences quotes")
  }
  let flat = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  let entries = [KnownDifference.noDemand] + KnownDifference.table
  for entry in entries where !entry.readme.isEmpty && !flat.contains(entry.readme) {
    fail("table entry \(entry.id) quotes README text that is no longer there: \(entry.readme)")
  }
}

let known = Set([
  "--seeds", "--seed", "--first-differences", "--lifetimes", "--batch", "--no-shrink", "--table", "--worker",
  "--plant",
])
for argument in CommandLine.arguments.dropFirst() where argument.hasPrefix("--") && !known.contains(argument)
{
  fail("unknown option \(argument) (options: \(known.sorted().joined(separator: ", ")))")
}
let shrink = !CommandLine.arguments.contains("--no-shrink")
let plant: Plant? = option("--plant").map { name in
  guard let plant = Plant(rawValue: name) else {
    fail("--plant wants one of \(Plant.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)")
  }
  return plant
}

if let text = option("--worker") {
  guard let seeds = parseRange(text) else { fail("--worker wants a range like 0..<250, not \(text)") }
  Worker.run(seeds: seeds, shrink: shrink, plant: plant)
  exit(0)
}

checkTableAgainstReadme()

if CommandLine.arguments.contains("--table") {
  for entry in [KnownDifference.noDemand] + KnownDifference.table {
    print("[\(entry.group.rawValue)] \(entry.id): \(entry.summary)")
    if !entry.readme.isEmpty { print("    README: \(entry.readme)") }
  }
  for trap in KnownTrap.openCombine { print("[OpenCombine trap] \(trap.id): \(trap.summary)") }
  exit(0)
}

if let text = option("--first-differences") {
  // Development aid: for each accepting entry, how the first differences look (in-process, so
  // cases a known trap covers are skipped).
  guard let seeds = parseRange(text) else { fail("--first-differences wants a range") }
  var histogram: [String: Int] = [:]
  for seed in seeds {
    let testCase = CaseGenerator.make(seed: seed)
    if KnownTrap.openCombine.contains(where: { $0.applies(testCase) }) { continue }
    let outcome = evaluate(testCase)
    guard case .explained(let ids) = outcome.verdict, let first = outcome.firstDifference else { continue }
    func shape(_ event: TraceEvent?) -> String {
      guard let event else { return "end" }
      let kind = "\(event.kind)".split(separator: "(").first.map(String.init) ?? ""
      return "\(event.site == "sink" ? "sink" : "probe") \(kind)"
    }
    let sameTime = first.signals?.time == first.openCombine?.time ? "same tick" : "other tick"
    histogram[
      "\(ids.joined(separator: "+")): \(shape(first.signals)) / \(shape(first.openCombine)) \(sameTime)",
      default: 0] += 1
  }
  for (key, count) in histogram.sorted(by: { $0.key < $1.key }) { print("\(count)\t\(key)") }
  exit(0)
}

if let text = option("--lifetimes") {
  // Development aid: how the lifetime differences each entry accepts look (in-process, so cases
  // a known trap covers are skipped).
  guard let seeds = parseRange(text) else { fail("--lifetimes wants a range") }
  var histogram: [String: Int] = [:]
  var examples: [String: UInt64] = [:]
  for seed in seeds {
    let testCase = CaseGenerator.make(seed: seed)
    if KnownTrap.openCombine.contains(where: { $0.applies(testCase) }) { continue }
    let outcome = evaluate(testCase)
    guard judgeEvents(testCase, outcome.signals, outcome.openCombine) == .same else { continue }
    for difference in outcome.lifetimes {
      let node = testCase.node(releasedAt: difference.site)
      let entry =
        KnownDifference.table.first { $0.acceptsLifetime?(testCase, node, difference) ?? false }?.id ?? "NONE"
      let when =
        difference.signals.isEmpty ? "kept to the end" : difference.openCombine.isEmpty ? "OC keeps" : "later"
      let key =
        "\(entry): \(node?.name ?? difference.site) \(difference.direction.rawValue), \(when)"
        + (testCase.pipeline.contains(isRogue) ? ", rogue" : "")
      histogram[key, default: 0] += 1
      if examples[key] == nil { examples[key] = seed }
    }
  }
  for (key, count) in histogram.sorted(by: { $0.key < $1.key }) {
    print("\(count)\t\(key)  (seed \(examples[key]!))")
  }
  exit(0)
}

if let text = option("--seed") {
  guard let seed = UInt64(text) else { fail("--seed wants a number, not \(text)") }
  let testCase = CaseGenerator.make(seed: seed)
  // Written before running, so that it is there even if a library traps.
  FileHandle.standardOutput.write(Data("case \(seed): \(testCase)\n".utf8))
  let outcome = evaluate(testCase, plant: plant)
  for line in Worker.report(seed: seed, testCase, shrunk: false, plant: plant) { print(line) }
  print("verdict: \(outcome.verdict)")
  if outcome.verdict != .same, shrink {
    let verdict = outcome.verdict
    var shrinker = Shrinker(keeps: { evaluate($0, plant: plant).verdict == verdict })
    let small = shrinker.shrink(testCase)
    print("")
    for line in Worker.report(seed: seed, small, shrunk: true, plant: plant) { print(line) }
  }
  exit(outcome.verdict == .unexplained ? 1 : 0)
}

let rangeText = option("--seeds") ?? "0..<500"
guard let seeds = parseRange(rangeText) else { fail("--seeds wants a range like 0..<500, not \(rangeText)") }
let batchText = option("--batch") ?? "250"
guard let batchSize = UInt64(batchText), batchSize > 0 else { fail("--batch wants a positive number") }

// The run must be able to fail: each planted difference must be caught (in-process, first).
let plantsCaught = plant == nil ? Worker.plantCheck(seeds: 0..<400) : []
for missed in plantsCaught where missed.caught == nil {
  fail(
    "the planted difference \(missed.plant.rawValue) was not caught on seeds 0..<400: the comparison is blind"
  )
}

let started = Date()
let summary = Batch(seeds: seeds, batchSize: batchSize, shrink: shrink, plant: plant).run()
let seconds = Date().timeIntervalSince(started)
print(
  "Differential: \(summary.cases) cases (seeds \(rangeText)), Signals against OpenCombine 0.14, \(Int(seconds)) s"
)
print("  identical traces: \(summary.same)")
let acceptedCount = summary.accepted.values.reduce(0) { $0 + $1 }
print("  differences the table accepts: \(acceptedCount)")
for entry in KnownDifference.table {
  let count = summary.accepted.filter { $0.key.split(separator: ",").first.map(String.init) == entry.id }
    .values.reduce(0) { $0 + $1 }
  guard count > 0 else { continue }
  print("    [\(entry.group.rawValue)] \(entry.id): \(count)")
  if let example = summary.examples[entry.id] { print("      e.g. \(example)") }
}
var byKind: [KnownDifference.Group: Int] = [:]
for (ids, count) in summary.accepted {
  for id in ids.split(separator: ",") {
    if let entry = KnownDifference.table.first(where: { $0.id == id }) {
      byKind[entry.group, default: 0] += count
    }
  }
}
print("  OpenCombine traps set aside: \(summary.openCombineTraps.count)")
for trap in summary.openCombineTraps.prefix(12) {
  print(
    "    [\(trap.trap)] seed \(trap.seed): \(CaseGenerator.make(seed: trap.seed).pipeline.source)  (\(trap.message))"
  )
}
if summary.shrinkTraps > 0 {
  print(
    "  (OpenCombine trapped \(summary.shrinkTraps) times while an accepted difference was shrunk for its example)"
  )
}
print(
  "  planted differences caught: "
    + plantsCaught.map { "\($0.plant.rawValue) (seed \($0.caught.map(String.init) ?? "none"))" }
    .joined(separator: ", "))
print("  accepted differences by kind (a case counts once per entry that accepted it):")
for group in [KnownDifference.Group.documented, .pendingIssue21, .foundHere, .openCombineDefect] {
  print("    \(group.rawValue): \(byKind[group] ?? 0)")
}
let openIds = KnownDifference.foundHere.map(\.id) + KnownDifference.foundHereEdges.map(\.id)
let openSeen = openIds.filter { id in
  summary.accepted.contains { $0.key.split(separator: ",").contains(Substring(id)) }
}
print("  open differences (found here, for the lead to decide): \(openSeen.count) kinds")
for id in openSeen {
  let count = summary.accepted.filter { $0.key.split(separator: ",").contains(Substring(id)) }.values
    .reduce(0, +)
  print("    \(id): \(count)")
}
let failures = summary.failures.filter { !$0.isEmpty }
if failures.isEmpty {
  print("  differences outside the table: 0")
  exit(0)
}
print("  FAILURES (differences outside the table, or traps):")
for line in failures { print("  " + line) }
exit(1)
