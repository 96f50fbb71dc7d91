import AllocationCounter
import Dispatch

/// What a contender computed: the same for every contender of a scenario, or the comparison is
/// void (one of them did less work).
struct Check: Equatable, CustomStringConvertible {
  var count = 0
  var sum = 0
  var description: String { "\(count)/\(sum)" }
}

/// Where every contender's sinks write, so that no contender can skip work the others do.
final class Tally {
  var count = 0
  var sum = 0

  @inline(never) func add(_ value: Int) {
    count += 1
    sum &+= value
  }

  var check: Check { Check(count: count, sum: sum) }
}

/// The three contenders, in the order they run in each round.
enum Contender: String, CaseIterable {
  case closures
  case signals = "Signals"
  case openCombine = "OpenCombine"
}

/// A prepared run: subscriptions are made; `run` does the measured work; `finish` cancels.
struct Trial {
  let tally: Tally
  let run: () -> Void
  var finish: () -> Void = {}
}

/// One benchmark scenario: how to prepare a trial for each contender, and how many events one
/// run delivers (the divisor of ns per event).
struct Scenario {
  let name: String
  let events: Int
  /// Whether the OpenCombine column is built from other operators (it lacks the operator).
  var emulatedInOpenCombine = false
  let prepare: (Contender) -> Trial
}

/// The medians of one scenario, in ns per event.
struct Measurement {
  let scenario: Scenario
  let nanoseconds: [Contender: Double]
  let check: Check
}

enum BenchmarkFailure: Error, CustomStringConvertible {
  case checkMismatch(scenario: String, checks: [Contender: Check])

  var description: String {
    switch self {
    case .checkMismatch(let scenario, let checks):
      let listed = Contender.allCases.map { "\($0.rawValue) \(checks[$0].map(\.description) ?? "-")" }
      return "\(scenario): check values differ: \(listed.joined(separator: ", "))"
    }
  }
}

/// Runs `scenario` for every contender in `contenders`, interleaved (closures, Signals,
/// OpenCombine, closures, ...), one warm-up round first, and returns the median of each.
func measure(
  _ scenario: Scenario, rounds: Int, contenders: [Contender] = Contender.allCases
) throws -> Measurement {
  var samples: [Contender: [Double]] = [:]
  var checks: [Contender: Check] = [:]
  for round in 0...rounds {
    for contender in contenders {
      let trial = scenario.prepare(contender)
      let start = DispatchTime.now().uptimeNanoseconds
      trial.run()
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      trial.finish()
      if let previous = checks[contender], previous != trial.tally.check {
        throw BenchmarkFailure.checkMismatch(scenario: scenario.name, checks: [contender: trial.tally.check])
      }
      checks[contender] = trial.tally.check
      if round > 0 { samples[contender, default: []].append(Double(elapsed) / Double(scenario.events)) }
    }
  }
  let distinct = Set(checks.values.map(\.description))
  guard distinct.count == 1, let check = checks[.signals] ?? checks.values.first else {
    throw BenchmarkFailure.checkMismatch(scenario: scenario.name, checks: checks)
  }
  return Measurement(scenario: scenario, nanoseconds: samples.mapValues(median), check: check)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Allocations per event of one contender's trial, after its subscriptions are made.
func allocationsPerEvent(_ scenario: Scenario, _ contender: Contender) -> Double {
  let trial = scenario.prepare(contender)
  trial.run()  // warm: lazily grown buffers reach their size
  let second = scenario.prepare(contender)
  allocation_counter_start()
  second.run()
  let allocations = allocation_counter_stop()
  trial.finish()
  second.finish()
  return Double(allocations) / Double(scenario.events)
}
