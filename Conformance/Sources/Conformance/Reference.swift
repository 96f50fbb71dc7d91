import Foundation

/// The reference interpreter (`reference.py`), one long-lived child process: a chart goes in as
/// a JSON line, its steps come back as one.
final class Reference {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer = Data()

  init(python: String, script: String) throws {
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script, "--serve"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// Runs `chart`; scjson validates the document against its SCXML model when `validate` is
  /// set (a tenth of a second a chart, so a batch validates every tenth one).
  func run(_ chart: ChartSpec, validate: Bool = true) -> Run {
    let request: [String: Any] = [
      "scxml": SCXMLWriter.document(chart), "events": chart.events.map { ChartSpec.eventNames[$0] },
      "validate": validate,
    ]
    guard let line = try? JSONSerialization.data(withJSONObject: request) else {
      return Run(steps: [], looped: false, error: "cannot encode the chart")
    }
    input.fileHandleForWriting.write(line + Data("\n".utf8))
    guard let reply = readLine(),
      let object = try? JSONSerialization.jsonObject(with: reply) as? [String: Any],
      let steps = object["steps"] as? [[String: Any]]
    else { return Run(steps: [], looped: false, error: "the reference did not answer") }
    let error = object["error"] as? String
    return Run(
      steps: steps.map { step in
        Step(
          configuration: Set(step["config"] as? [String] ?? []), counter: step["c"] as? Int ?? -1,
          log: step["log"] as? [String] ?? [])
      },
      looped: error?.hasPrefix("loop") ?? false,
      reentered: steps.map { $0["reentered"] as? [String] ?? [] },
      error: error.flatMap { $0.hasPrefix("loop") ? nil : $0 })
  }

  private func readLine() -> Data? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[(newline + 1)...])
        return Data(line)
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return nil }
      buffer.append(chunk)
    }
  }

  func close() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
