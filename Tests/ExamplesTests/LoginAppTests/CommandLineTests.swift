import Foundation
import LoginFeature
import Testing

@testable import LoginApp

/// Both demo executables as a shell runs them: bad flags, and standard streams that are closed,
/// full or broken. They are built next to the tests (`swift build --build-tests` builds both).
@Suite struct CommandLineTests {
  static let demos = ["LoginDemo", "OfficeDemo"]

  struct Outcome {
    var status: Int32
    var reason: Process.TerminationReason
    var output: String
    var error: String
  }

  func executable(_ name: String) -> URL? {
    let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      Issue.record("\(name) is not built next to the tests at \(url.path)")
      return nil
    }
    return url
  }

  /// Runs `name` through `/bin/sh -c`, the demo's path being `$0`, so `redirections` can close
  /// or redirect its streams as a user would.
  func run(_ name: String, _ arguments: String, redirections: String = "") throws -> Outcome? {
    guard let demo = executable(name) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" \(arguments) \(redirections)", demo.path]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, reason: process.terminationReason,
      output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self))
  }

  @Test(arguments: demos)
  func anUnknownFlagIsAnErrorEvenAfterAModeFlag(_ demo: String) throws {
    for arguments in ["--graph mermaid --bogus", "--bogus --graph dot", "--help --bogus"] {
      guard let outcome = try run(demo, arguments) else { return }
      #expect(outcome.status == 2, "\(demo) \(arguments)")
      #expect(outcome.error.contains("unknown option --bogus"), "\(demo) \(arguments)")
      #expect(outcome.output.isEmpty, "\(demo) \(arguments)")
    }
  }

  @Test func anOptionGivenTwiceIsSaidToBeGivenTwice() throws {
    for (demo, arguments, option) in [
      ("LoginDemo", "--start pattern --start sms", "--start"),
      ("LoginDemo", "--offline --offline", "--offline"),
      ("OfficeDemo", "--graph dot --graph mermaid", "--graph"),
    ] {
      guard let outcome = try run(demo, arguments) else { return }
      #expect(outcome.status == 2, "\(demo) \(arguments)")
      #expect(outcome.error.hasPrefix("\(option) is given twice; give it once"), "\(demo) \(arguments)")
      #expect(outcome.output.isEmpty, "\(demo) \(arguments)")
    }
  }

  /// What the in-process server does on these flags is the HTTP server's to decide: together
  /// with `--service http` they are refused, not silently ignored.
  @Test func serverSideFlagsAreRefusedWithTheHTTPService() throws {
    for flag in ["--revoked", "--session-expired", "--refresh-offline"] {
      guard let outcome = try run("LoginDemo", "\(flag) --service http --base-url http://127.0.0.1:1") else {
        return
      }
      #expect(outcome.status == 2, "\(flag)")
      #expect(
        outcome.error.hasPrefix("\(flag) plays the in-process server's part"), "\(flag): \(outcome.error)")
    }
    guard let user = try run("LoginDemo", "--last-user 'bob smith'") else { return }
    #expect(user.status == 2)
    #expect(user.error.hasPrefix("--last-user takes an account such as bob@example.com"))
  }

  @Test func aBaseURLWithoutAHostIsRefusedWithAReason() throws {
    for base in ["http://", "https://:8080", "http:///api"] {
      guard let outcome = try run("LoginDemo", "--service http --base-url '\(base)' --graph mermaid") else {
        return
      }
      #expect(outcome.status == 2, "\(base)")
      #expect(outcome.error.contains("--base-url \"\(base)\" has no host"), "\(base): \(outcome.error)")
      #expect(outcome.output.isEmpty, "\(base)")
    }
  }

  @Test(arguments: demos)
  func aClosedStandardErrorStillGivesTheErrorStatusWithoutATrap(_ demo: String) throws {
    guard let outcome = try run(demo, "--bogus", redirections: "2>&-") else { return }
    #expect(outcome.reason == .exit)
    #expect(outcome.status == 2)
  }

  @Test(arguments: demos)
  func aBrokenStandardErrorPipeStillGivesTheErrorStatusWithoutATrap(_ demo: String) throws {
    guard let executable = executable(demo) else { return }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--bogus"]
    let stderr = Pipe()
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try stderr.fileHandleForReading.close()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
  }

  @Test(arguments: demos)
  func aFullStandardOutputIsAnErrorWithAMessage(_ demo: String) throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    for arguments in ["--graph dot", "--help", ""] {
      guard let outcome = try run(demo, arguments, redirections: ">/dev/full") else { return }
      #expect(outcome.status == 1, "\(demo) \(arguments)")
      #expect(outcome.error.contains("cannot write the output"), "\(demo) \(arguments)")
    }
  }

  @Test(arguments: demos)
  func aClosedStandardOutputIsAnErrorWithAMessage(_ demo: String) throws {
    guard let outcome = try run(demo, "--graph mermaid", redirections: ">&-") else { return }
    #expect(outcome.reason == .exit)
    #expect(outcome.status == 1)
    #expect(outcome.error.contains("cannot write the output"))
  }

  @Test(arguments: demos)
  func aScriptWithWindowsLineEndingsPlaysLineByLine(_ demo: String) throws {
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("crlf-\(demo)-\(ProcessInfo.processInfo.processIdentifier).txt")
    try Data("type alice@example.com\r\nwait 600ms\r\ntab\r\nbogus\r\n".utf8).write(to: script)
    defer { try? FileManager.default.removeItem(at: script) }
    guard let outcome = try run(demo, "--script '\(script.path)'") else { return }
    // The fourth line is an error: a script read as one line would fail at line 1 instead.
    #expect(outcome.status == 2)
    #expect(outcome.error.contains("line 4, column 1: unknown command \"bogus\""), "\(outcome.error)")
  }

  /// `--graph FORMAT --chart NAME` prints that chart (the flow without `--chart`); `--chart`
  /// without `--graph` is an error, not ignored.
  @Test func theLoginDemoPrintsTheChartItIsAskedFor() throws {
    for chart in LoginChart.allCases {
      guard let mermaid = try run("LoginDemo", "--graph mermaid --chart \(chart.rawValue)") else { return }
      #expect(mermaid.status == 0)
      #expect(mermaid.output == chart.mermaid(), "\(chart)")
      guard let dot = try run("LoginDemo", "--chart \(chart.rawValue) --graph dot") else { return }
      #expect(dot.output == chart.dot(), "\(chart)")
    }
    guard let flow = try run("LoginDemo", "--graph mermaid") else { return }
    #expect(flow.output == LoginChart.flow.mermaid())
    guard let alone = try run("LoginDemo", "--chart gate") else { return }
    #expect(alone.status == 2)
    #expect(alone.error.hasPrefix("--chart goes with --graph"))
  }
}
