import Foundation

/// The child process's side: runs a range of seeds in this process and reports each one as a
/// line on standard output, written at once (unbuffered), so that the parent knows how far it got
/// if OpenCombine traps:
///
///     begin <seed>
///     signals <seed>                       (the Signals run is over; OpenCombine runs next)
///     same <seed> | explained <seed> <id,id> | differ <seed>
///     example <id> <seed> <one line>       (first case per table entry, shrunk)
///     report <seed> <line>                 (an unexplained difference, shrunk, several lines)
enum Worker {
  static func run(seeds: Range<UInt64>, shrink: Bool, plant: Plant? = nil) {
    var exampled: Set<String> = []
    for seed in seeds {
      emit("begin \(seed)")
      let testCase = CaseGenerator.make(seed: seed)
      let signals = SignalsSide.run(testCase, plant: plant)
      emit("signals \(seed)")
      let openCombine = OpenCombineSide.run(testCase)
      let outcome = Outcome(
        signals: signals, openCombine: openCombine, verdict: judge(testCase, signals, openCombine))
      switch outcome.verdict {
      case .same:
        emit("same \(seed)")
      case .explained(let ids):
        emit("explained \(seed) \(ids.joined(separator: ","))")
        let id = ids[0]
        if shrink, !exampled.contains(id) {
          exampled.insert(id)
          var shrinker = Shrinker(keeps: { candidate in
            if case .explained(let found) = evaluate(candidate, plant: plant).verdict {
              found.contains(id)
            } else {
              false
            }
          })
          let small = shrinker.shrink(testCase)
          emit("example \(id) \(seed) \(small)  =>  \(evaluate(small, plant: plant).firstDifferenceLine)")
        }
      case .unexplained:
        emit("differ \(seed)")
        var small = testCase
        if shrink {
          var shrinker = Shrinker(keeps: { evaluate($0, plant: plant).verdict == .unexplained })
          small = shrinker.shrink(testCase)
        }
        for line in report(seed: seed, small, shrunk: shrink, plant: plant) { emit("report \(seed) \(line)") }
      }
    }
  }

  /// A readable account of a case: the case, both traces side by side, the first difference.
  static func report(seed: UInt64, _ testCase: Case, shrunk: Bool, plant: Plant? = nil) -> [String] {
    let outcome = evaluate(testCase, plant: plant)
    let a = comparable(outcome.signals)
    let b = comparable(outcome.openCombine)
    var lines = [
      "seed \(seed)\(shrunk ? ", shrunk" : ""): \(testCase)",
      "  reproduce: swift run -c release Differential --seed \(seed)",
      "  " + outcome.firstDifferenceLine,
      "  " + "Signals".padding(toLength: 34, withPad: " ", startingAt: 0) + "OpenCombine",
    ]
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? a[index].description : ""
      let right = index < b.count ? b[index].description : ""
      let mark = left == right ? " " : "*"
      lines.append(mark + " " + left.padding(toLength: 34, withPad: " ", startingAt: 0) + right)
    }
    for difference in outcome.lifetimes { lines.append("* lifetime: \(difference)") }
    return lines
  }

  /// Whether the comparison catches each planted difference: in-process, over `seeds` (cases a
  /// known trap covers are skipped), each plant must give at least one unexplained case. Returns,
  /// per plant, the first seed that caught it (`nil`: none did).
  static func plantCheck(seeds: Range<UInt64>) -> [(plant: Plant, caught: UInt64?)] {
    Plant.allCases.map { plant in
      for seed in seeds {
        let testCase = CaseGenerator.make(seed: seed)
        if KnownTrap.openCombine.contains(where: { $0.applies(testCase) }) { continue }
        if evaluate(testCase, plant: plant).verdict == .unexplained { return (plant, seed) }
      }
      return (plant, nil)
    }
  }

  private static func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
