import DemoSupport
import Foundation
import OfficeFeature
import Testing

@testable import OfficeApp

/// A working path of Office that a person reaches with an `OfficeDemo` flag: the flags, the
/// set-up they make, the golden frames of the built-in script they play, and a line those
/// frames must show.
struct OfficePath: Sendable, CustomTestStringConvertible {
  let flags: [String]
  let setup: OfficeSetup
  let golden: String
  let shows: String

  var testDescription: String { flags.isEmpty ? "(no flag)" : flags.joined(separator: " ") }
}

/// The paths, one per flag; `Examples/README.md` lists each with its command.
let officePaths: [OfficePath] = [
  OfficePath(flags: [], setup: OfficeSetup(), golden: "demo.txt", shows: "Margaret Hamilton"),
  OfficePath(
    flags: ["--open", "app://contact/user/7"], setup: OfficeSetup(links: ["app://contact/user/7"]),
    golden: "path-open-link.txt", shows: "Rear Admiral"),
  OfficePath(
    flags: ["--news-fails"], setup: OfficeSetup(newsFails: true), golden: "path-news-fails.txt",
    shows: "r: retry  esc: back"),
  OfficePath(
    flags: ["--session-expired"], setup: OfficeSetup(sessionExpired: true), golden: "session-expired.txt",
    shows: "! Your session expired, please log in again"),
  OfficePath(
    flags: ["--contacts-fail"], setup: OfficeSetup(contactsFail: true), golden: "path-contacts-fail.txt",
    shows: "! Contacts could not be loaded"),
  OfficePath(
    flags: ["--no-create"], setup: OfficeSetup(noCreate: true), golden: "path-no-create.txt",
    shows: "! You may not start group chats"),
  OfficePath(
    flags: ["--request-log"], setup: OfficeSetup(requestLog: true), golden: "path-request-log.txt",
    shows: "POST login [no token] -> 200"),
]

/// Every working path of Office is reachable from the demo: each flag plays its path on virtual
/// time against its golden frames in Golden/ (refresh them with
/// `UPDATE_GOLDEN=1 swift test --filter OfficePathTests` and review the diff), and the built
/// executable prints the same frames for the flag.
@MainActor
@Suite struct OfficePathTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Golden")

  @Test(arguments: officePaths)
  func eachPathPlaysItsGoldenFrames(_ path: OfficePath) throws {
    let setup = path.setup.forBuiltInScript
    let output = runOfficeScript(try parseScript(setup.builtInScript), setup: setup)
    #expect(output.contains(path.shows), "\(path.golden) does not show \"\(path.shows)\"")
    let file = Self.golden.appendingPathComponent(path.golden)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(output == (try String(contentsOf: file, encoding: .utf8)), "if intended, run UPDATE_GOLDEN=1")
  }

  @Test(arguments: officePaths)
  func theExecutableReachesEachPathFromItsFlag(_ path: OfficePath) throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("OfficeDemo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("OfficeDemo is not built next to the tests at \(executable.path)")
      return
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = path.flags
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(
      output == (try String(contentsOf: Self.golden.appendingPathComponent(path.golden), encoding: .utf8)))
  }

  @Test func theHelpListsEveryPathsFlagAndTheKeys() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("OfficeDemo")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--help"]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let help = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    for flag in Set(officePaths.flatMap(\.flags).filter { $0.hasPrefix("--") }) {
      #expect(help.contains(flag), "--help does not list \(flag)")
    }
    #expect(help.contains("r retries a failed load"))
  }
}
