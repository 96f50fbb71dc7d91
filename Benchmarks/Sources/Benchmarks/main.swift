import AllocationCounter
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Runs every scenario for closures, Signals and OpenCombine and prints one table of medians
/// and ratios. `--quick` runs each once at 1/100 size, for CI: it checks that the three agree
/// on every check value and makes no timing claim.
let quick = CommandLine.arguments.contains("--quick")
/// `--scale N` divides every size by N (the instruction counter runs two sizes and subtracts).
let scale =
  CommandLine.arguments.firstIndex(of: "--scale").flatMap { Int(CommandLine.arguments[$0 + 1]) }
  ?? (quick ? 100 : 1)
/// `--rounds N` measures N rounds after the warm-up one.
let rounds =
  CommandLine.arguments.firstIndex(of: "--rounds").flatMap { Int(CommandLine.arguments[$0 + 1]) }
  ?? (quick ? 1 : 7)
/// `--only NAME` runs one scenario (for profiling); `--only memory` the memory and allocation
/// counts.
let only = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
/// `--contender NAME` (closures, Signals or OpenCombine) runs only that contender, so that a
/// profile of the run shows that library alone; the other columns then read "nan".
let contenders =
  CommandLine.arguments.firstIndex(of: "--contender").map { index in
    Contender.allCases.filter { $0.rawValue == CommandLine.arguments[index + 1] }
  } ?? Contender.allCases

func scenarios() -> [Scenario] {
  let mapFilter = 5_000_000 / scale
  let combine = 2_000_000 / scale
  let fanoutSinks = 1_000
  let fanoutSends = 5_000 / scale
  let subscribeCancel = 500_000 / scale
  let derived = 1_000_000 / scale
  let flatMap = 1_000_000 / scale
  let debounce = 200_000 / scale
  let stateMachine = 2_000_000 / scale
  let stepwise = 1_000_000 / scale
  let shareSends = 1_000_000 / scale
  return [
    Scenario(name: "map-filter-sink", events: mapFilter) {
      switch $0 {
      case .closures: ClosureContenders.mapFilterSink(mapFilter)
      case .signals: SignalsContenders.mapFilterSink(mapFilter)
      case .openCombine: OpenCombineContenders.mapFilterSink(mapFilter)
      }
    },
    Scenario(name: "combineLatest", events: combine, emulatedInOpenCombine: true) {
      switch $0 {
      case .closures: ClosureContenders.combineLatest(combine)
      case .signals: SignalsContenders.combineLatest(combine)
      case .openCombine: OpenCombineContenders.combineLatest(combine)
      }
    },
    Scenario(name: "fanout", events: fanoutSinks * fanoutSends) {
      switch $0 {
      case .closures: ClosureContenders.fanout(sinks: fanoutSinks, sends: fanoutSends)
      case .signals: SignalsContenders.fanout(sinks: fanoutSinks, sends: fanoutSends)
      case .openCombine: OpenCombineContenders.fanout(sinks: fanoutSinks, sends: fanoutSends)
      }
    },
    Scenario(name: "subscribe-cancel", events: subscribeCancel) {
      switch $0 {
      case .closures: ClosureContenders.subscribeCancel(subscribeCancel)
      case .signals: SignalsContenders.subscribeCancel(subscribeCancel)
      case .openCombine: OpenCombineContenders.subscribeCancel(subscribeCancel)
      }
    },
    Scenario(name: "current-value-derived", events: derived, emulatedInOpenCombine: true) {
      switch $0 {
      case .closures: ClosureContenders.currentValueDerived(derived)
      case .signals: SignalsContenders.currentValueDerived(derived)
      case .openCombine: OpenCombineContenders.currentValueDerived(derived)
      }
    },
    Scenario(name: "flatMapLatest", events: flatMap) {
      switch $0 {
      case .closures: ClosureContenders.flatMapLatest(flatMap)
      case .signals: SignalsContenders.flatMapLatest(flatMap)
      case .openCombine: OpenCombineContenders.flatMapLatest(flatMap)
      }
    },
    Scenario(name: "debounce-virtual", events: debounce) {
      switch $0 {
      case .closures: ClosureContenders.debounce(debounce)
      case .signals: SignalsContenders.debounce(debounce)
      case .openCombine: OpenCombineContenders.debounce(debounce)
      }
    },
    Scenario(name: "state-machine", events: stateMachine, emulatedInOpenCombine: true) {
      switch $0 {
      case .closures: StateMachineScenario.closures(stateMachine)
      case .signals: StateMachineScenario.signals(stateMachine)
      case .openCombine: StateMachineScenario.openCombine(stateMachine)
      }
    },
    Scenario(name: "three-level-chart", events: stateMachine, emulatedInOpenCombine: true) {
      switch $0 {
      case .closures: StatechartRowScenario.closures(stateMachine)
      case .signals: StatechartRowScenario.signals(stateMachine)
      case .openCombine: StatechartRowScenario.openCombine(stateMachine)
      }
    },
    Scenario(name: "chart-entry-actions", events: stateMachine, emulatedInOpenCombine: true) {
      switch $0 {
      case .closures: ChartEntryActionsScenario.closures(stateMachine)
      case .signals: ChartEntryActionsScenario.signals(stateMachine)
      case .openCombine: ChartEntryActionsScenario.openCombine(stateMachine)
      }
    },
    Scenario(name: "demand-stepwise", events: stepwise) { DemandAndShareScenarios.stepwise($0, stepwise) },
    Scenario(name: "share (4 sinks)**", events: 4 * shareSends) {
      DemandAndShareScenarios.share($0, sends: shareSends)
    },
  ]
}

func format(_ value: Double, digits: Int = 1) -> String {
  guard value.isFinite else { return "-" }
  let text = String(Int((value * pow(10, Double(digits))).rounded()))
  guard digits > 0 else { return text }
  let padded = String(repeating: "0", count: max(0, digits + 1 - text.count)) + text
  return String(padded.dropLast(digits)) + "." + String(padded.suffix(digits))
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
  let space = String(repeating: " ", count: max(0, width - text.count))
  return left ? text + space : space + text
}

/// `--list` prints the names of the table's scenarios, one a line (`Benchmarks/instructions
/// --table` and `Benchmarks/guard` walk them).
if CommandLine.arguments.contains("--list") {
  for scenario in scenarios() { print(scenario.name) }
  exit(0)
}

if only == "statechart" {
  StatechartScenarios.printAll(rounds: rounds, scale: scale)
  exit(0)
}

/// `--curves` prints the scaling curves and writes their chart (`--chart PATH`, by default
/// `curves.svg` in the current directory); `--only` then names a curve by its beginning.
if CommandLine.arguments.contains("--curves") {
  do {
    let results = try Curves.run(
      scale: scale, rounds: CommandLine.arguments.contains("--rounds") ? rounds : quick ? 1 : 3, only: only,
      contenders: contenders)
    if only == nil || only == "memory" { Curves.memory(scale: scale) }
    let path =
      CommandLine.arguments.firstIndex(of: "--chart").map { CommandLine.arguments[$0 + 1] } ?? "curves.svg"
    let title =
      "Signals scaling curves: ns per value as the work grows (swift run -c release Benchmarks --curves)"
    if !quick, only == nil, let file = fopen(path, "w") {
      fputs(Chart.svg(results, title: title), file)
      fclose(file)
      print("\nchart written to \(path)")
    }
    exit(0)
  } catch {
    print("FAILED \(error)")
    exit(1)
  }
}

if only == "state-machine-cpu" {
  StateMachineScenario.printCPUTimes(events: 2_000_000 / scale, rounds: rounds)
  exit(0)
}

var failed = false
print("machine: \(Machine.description)")
print(
  "Signals benchmarks\(quick ? " (quick: 1/100 size, one round; check values only, timings not meaningful)" : ""): median ns per event of \(rounds) interleaved rounds"
)
print(
  [
    pad("scenario", 22, left: true), pad("closures", 9), pad("Signals", 9), pad("OpenCombine", 12),
    pad("Signals/closures", 17), pad("OpenCombine/Signals", 20), "  check (count/sum)",
  ].joined())
for scenario in scenarios() where only == nil || only == scenario.name {
  do {
    let result = try measure(scenario, rounds: rounds, contenders: contenders)
    let closures = result.nanoseconds[.closures] ?? .nan
    let signals = result.nanoseconds[.signals] ?? .nan
    let openCombine = result.nanoseconds[.openCombine] ?? .nan
    print(
      [
        pad(scenario.name, 22, left: true), pad(format(closures), 9), pad(format(signals), 9),
        pad(format(openCombine) + (scenario.emulatedInOpenCombine ? "*" : ""), 12),
        pad(format(signals / closures, digits: 2) + "x", 17),
        pad(format(openCombine / signals, digits: 2) + "x", 20),
        "  " + result.check.description,
      ].joined())
    if only != nil { print("events per run: \(scenario.events)") }
  } catch {
    print("FAILED \(error)")
    failed = true
  }
}
print("* OpenCombine 0.14 has no combineLatest: built from sinks and a subject, as its users do.")
print("** share: the closures column is the same Signals subject with four plain sinks, no share.")

if only != nil && only != "memory" { exit(failed ? 1 : 0) }

// Memory: bytes per live map->filter->sink subscription on one subject, and bytes left after
// cancelling them all.
let liveCount = 100_000 / scale
print("\nmemory: \(liveCount) live map->filter->sink subscriptions on one subject")
print(
  [pad("contender", 12, left: true), pad("bytes/subscription", 19), pad("bytes left after cancel", 24)]
    .joined())
for contender in Contender.allCases {
  let (subscribe, cancelAll) =
    switch contender {
    case .closures: ClosureContenders.liveSubscriptions(liveCount)
    case .signals: SignalsContenders.liveSubscriptions(liveCount)
    case .openCombine: OpenCombineContenders.liveSubscriptions(liveCount)
    }
  let before = allocation_counter_heap_bytes()
  subscribe()
  let live = allocation_counter_heap_bytes()
  cancelAll()
  let after = allocation_counter_heap_bytes()
  print(
    [
      pad(contender.rawValue, 12, left: true), pad(format(Double(live - before) / Double(liveCount)), 19),
      pad(String(after - before), 24),
    ].joined())
}

// Where the bytes go: the allocations one subscription makes, by the size asked for, and the
// heap chunk glibc gives each (the size plus 8, rounded up to 16, at least 32). The rest of the
// bytes per subscription above is the share of growing arrays: the subject's list of
// subscribers and the benchmark's own array of cancellables.
print("\nallocations per live subscription, by size asked (heap chunk)")
for contender in Contender.allCases {
  let count = 1_000
  let (subscribe, cancelAll) =
    switch contender {
    case .closures: ClosureContenders.liveSubscriptions(count)
    case .signals: SignalsContenders.liveSubscriptions(count)
    case .openCombine: OpenCombineContenders.liveSubscriptions(count)
    }
  allocation_counter_start()
  subscribe()
  _ = allocation_counter_stop()
  var row: [String] = []
  var chunks = 0
  for size in 0..<Int(ALLOCATION_COUNTER_SIZES) - 1 {
    let made = allocation_counter_of_size(size)
    guard made * 2 >= count else { continue }
    let chunk = max(32, (size + 8 + 15) & ~15)
    chunks += chunk * made / count
    let each = format(Double(made) / Double(count), digits: 2)
    row.append("\(size) (\(chunk))" + (each == "1.00" ? "" : " x\(each)"))
  }
  cancelAll()
  print(pad(contender.rawValue, 12, left: true) + row.joined(separator: ", ") + "; \(chunks) B in chunks")
}

// Allocations per value after subscription. First, prove the counter counts: an array
// allocation must register, or the zeros below would mean nothing.
@inline(never) func allocateArray(_ count: Int) -> [Int] { Array(repeating: 7, count: count) }
allocation_counter_start()
let probe = allocateArray(1_000)
let probeAllocations = allocation_counter_stop()
guard probeAllocations >= 1, probe.count == 1_000 else {
  print("FAILED the allocation counter saw \(probeAllocations) allocations for a new array")
  exit(1)
}
print("\nallocations per event, after subscription (counter self-check: \(probeAllocations) for one array)")
print(
  [pad("scenario", 22, left: true), pad("closures", 9), pad("Signals", 9), pad("OpenCombine", 12)].joined())
for scenario in scenarios()
where ["map-filter-sink", "combineLatest", "fanout", "flatMapLatest"].contains(scenario.name) {
  let counts = Contender.allCases.map { format(allocationsPerEvent(scenario, $0), digits: 3) }
  print(
    [pad(scenario.name, 22, left: true), pad(counts[0], 9), pad(counts[1], 9), pad(counts[2], 12)].joined())
}

if quick && only == nil {
  do {
    _ = try Curves.run(scale: scale, rounds: rounds, only: nil)
  } catch {
    print("FAILED \(error)")
    failed = true
  }
}

if failed { exit(1) }
