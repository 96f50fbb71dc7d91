import Foundation

/// The parent's side: runs a seed range in child processes (this same binary with `--worker`),
/// a batch at a time, so that a trap in OpenCombine takes down one child and not the run. When a
/// child dies, the seed it was on is found from its last lines: if the Signals run of that seed
/// had finished, OpenCombine trapped (set aside when a `KnownTrap` covers the case; a failure
/// otherwise); if not, Signals trapped (a failure). The run continues with the next seed.
struct Batch {
  let seeds: Range<UInt64>
  let batchSize: UInt64
  let shrink: Bool
  var plant: Plant?

  struct Summary {
    var cases = 0
    var same = 0
    var accepted: [String: Int] = [:]
    var examples: [String: String] = [:]
    var openCombineTraps: [(seed: UInt64, trap: String, message: String)] = []
    var failures: [String] = []
    /// Children that died while shrinking an accepted difference for its example.
    var shrinkTraps = 0
  }

  func run() -> Summary {
    var summary = Summary()
    var next = seeds.lowerBound
    while next < seeds.upperBound {
      let end = min(next + batchSize, seeds.upperBound)
      let (lines, crashed, errorText) = runChild(next..<end)
      var current: UInt64?
      var signalsDone = false
      var judged = false
      var unexplained = false
      for line in lines {
        let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(
          String.init)
        // example <id> <seed> <line>: the id sits where the seed sits in the other lines.
        if words[0] == "example", words.count >= 4 {
          if summary.examples[words[1]] == nil {
            summary.examples[words[1]] = "seed \(words[2]): \(words[3])"
          }
          continue
        }
        guard words.count >= 2, let seed = UInt64(words[1]) else { continue }
        switch words[0] {
        case "begin":
          current = seed
          signalsDone = false
          judged = false
          unexplained = false
        case "signals": signalsDone = true
        case "same":
          judged = true
          summary.cases += 1
          summary.same += 1
        case "explained":
          judged = true
          summary.cases += 1
          let ids = words.count > 2 ? words[2] : "?"
          summary.accepted[ids, default: 0] += 1
        case "differ":
          judged = true
          unexplained = true
          summary.cases += 1
          summary.failures.append("")
        case "report":
          summary.failures.append(words.dropFirst(2).joined(separator: " "))
        default: break
        }
      }
      guard crashed, let seed = current else {
        next = end
        continue
      }
      let message =
        errorText.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }
        .map(String.init) ?? "(no message)"
      let testCase = CaseGenerator.make(seed: seed)
      if judged, unexplained {
        summary.failures.append(
          "seed \(seed): unexplained, and the process died while shrinking it (\(message)); unshrunk:\n"
            + "  \(testCase)")
      } else if judged {
        // Died while shrinking an accepted difference for its example (a zip case, most likely):
        // the verdict stands, and another case of the entry gives the example.
        summary.shrinkTraps += 1
      } else if signalsDone {
        summary.cases += 1
        if let trap = KnownTrap.openCombine.first(where: { $0.applies(testCase) }) {
          summary.openCombineTraps.append((seed, trap.id, message))
        } else {
          summary.failures.append(
            "seed \(seed): OpenCombine trapped on a case no known trap covers: \(message)\n  \(testCase)")
        }
      } else {
        summary.cases += 1
        summary.failures.append("seed \(seed): Signals trapped: \(message)\n  \(testCase)")
      }
      next = seed + 1
    }
    return summary
  }

  /// Runs `--worker` over `range`; returns its output lines, whether it died, and its stderr.
  private func runChild(_ range: Range<UInt64>) -> (lines: [String], crashed: Bool, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.executablePath)
    process.arguments =
      ["--worker", "\(range.lowerBound)..<\(range.upperBound)"] + (shrink ? [] : ["--no-shrink"])
      + (plant.map { ["--plant", $0.rawValue] } ?? [])
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    let errorPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("differential-\(ProcessInfo.processInfo.processIdentifier)-stderr.txt").path
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let errorHandle = FileHandle(forWritingAtPath: errorPath)
    process.standardError = errorHandle
    do {
      try process.run()
    } catch {
      return ([], true, "could not start \(Self.executablePath): \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? errorHandle?.close()
    let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: errorPath)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    let crashed = process.terminationReason == .uncaughtSignal || process.terminationStatus != 0
    return (lines, crashed, errorText)
  }

  /// This binary's path, to start children with.
  static var executablePath: String {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return resolved
    }
    return CommandLine.arguments[0]
  }
}
