import DemoSupport
import Foundation
import LoginFeature
import Testing

@testable import LoginApp

/// A working path of the login feature that a person reaches with a `LoginDemo` flag, or with
/// keys (a script): the flags, the set-up they make, the script (the flags' built-in one when
/// `nil`), the golden frames it plays, and a line those frames must show.
struct DemoPath: Sendable, CustomTestStringConvertible {
  let flags: [String]
  let setup: DemoSetup
  var script: String? = nil
  let golden: String
  let shows: String

  var testDescription: String { (flags + (script == nil ? [] : ["--script"])).joined(separator: " ") }
}

/// Keys on the password screen: a login started, then esc (the login status chart's `cancel`).
let cancelLoginScript = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 1s
  key esc
  wait 2s
  """

/// Keys on the home screen: r reloads the profile.
let refreshProfileScript = """
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  enter
  wait 3s
  type r
  wait 1s
  """

/// The paths, one per flag or key; `Examples/README.md` lists each with its command.
let demoPaths: [DemoPath] = [
  DemoPath(flags: [], setup: DemoSetup(), golden: "demo.txt", shows: "Welcome, alice@example.com!"),
  DemoPath(
    flags: ["--start", "biometric"], setup: DemoSetup(credential: .biometric), golden: "path-biometric.txt",
    shows: "(Alice Liddell)"),
  DemoPath(
    flags: ["--start", "pattern"], setup: DemoSetup(credential: .pattern), golden: "path-pattern.txt",
    shows: "Welcome, pat@example.com!"),
  DemoPath(
    flags: ["--start", "sms"], setup: DemoSetup(credential: .sms), golden: "path-sms.txt",
    shows: "Code sent to 5550100"),
  DemoPath(
    flags: ["--update", "optional"], setup: DemoSetup(update: .optional(demoUpdate)),
    golden: "path-update-optional.txt", shows: "Version 2.0 is out"),
  DemoPath(
    flags: ["--offline"], setup: DemoSetup(networkAllowed: false), golden: "path-offline.txt",
    shows: "No network permission"),
  DemoPath(
    flags: ["--face", "unrecognized"], setup: DemoSetup(credential: .biometric, deviceCheck: .notRecognized),
    golden: "face-unrecognized.txt", shows: "Not recognized; enter: try again"),
  DemoPath(
    flags: ["--face", "unavailable"], setup: DemoSetup(credential: .biometric, deviceCheck: .notAvailable),
    golden: "face-unavailable.txt", shows: "Face login is not available on this"),
  DemoPath(
    flags: ["--face", "unenrolled"], setup: DemoSetup(credential: .biometric, deviceCheck: .notEnrolled),
    golden: "face-unenrolled.txt", shows: "No face is enrolled on this device"),
  DemoPath(
    flags: ["--face", "locked"], setup: DemoSetup(credential: .biometric, deviceCheck: .lockedOut),
    golden: "face-locked.txt", shows: "Face login is locked; unlock the device"),
  DemoPath(
    flags: ["--revoked"], setup: DemoSetup(credential: .biometric, credentialRevoked: true),
    golden: "revoked.txt", shows: "! Please log in with your password"),
  DemoPath(
    flags: ["--language", "fr"], setup: DemoSetup(language: "fr"), golden: "language-sync.txt",
    shows: "! Language: fr -> en, as your profile"),
  DemoPath(
    flags: ["--session-expired"], setup: DemoSetup(sessionExpired: true), golden: "session-expired.txt",
    shows: "! Your session expired, please log in"),
  DemoPath(
    flags: ["--update", "forced"], setup: DemoSetup(update: .forced(demoUpdate)),
    golden: "update-forced-now.txt", shows: ": the app ended ---"),
  DemoPath(
    flags: ["--token-expired"], setup: DemoSetup(credential: .biometric, tokenExpired: true),
    golden: "token-expired.txt", shows: "--- 2s ---"),
  DemoPath(
    flags: ["--refresh-offline"],
    setup: DemoSetup(credential: .biometric, tokenExpired: true, refreshOffline: true),
    golden: "refresh-offline.txt", shows: "Failed: No network connection"),
  DemoPath(
    flags: ["--last-user", "bob@example.com"], setup: DemoSetup(lastUser: "bob@example.com"),
    golden: "last-user.txt", shows: "! bob@example.com's cached data and face"),
  DemoPath(
    flags: [], setup: DemoSetup(), script: cancelLoginScript, golden: "cancel-login.txt",
    shows: "! Login cancelled"),
  DemoPath(
    flags: [], setup: DemoSetup(), script: refreshProfileScript, golden: "refresh-profile.txt",
    shows: "Refreshing your profile"),
]

/// Every working path is reachable from the demo (issue 33): each flag plays its path on virtual
/// time, against its golden frames in Golden/ (refresh them with
/// `UPDATE_GOLDEN=1 swift test --filter LoginAppTests` and review the diff), and the built
/// executable prints the same frames for the flag.
@MainActor
@Suite struct DemoPathTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Compares `output` with the golden file `name`, or writes it with `UPDATE_GOLDEN=1`.
  static func check(_ output: String, against name: String) throws {
    let file = goldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(output == golden, "frames differ from \(name); if intended, run UPDATE_GOLDEN=1")
  }

  /// Runs `executable` with `arguments` and `input` on its standard input, to its end.
  static func run(
    _ executable: URL, arguments: [String], input: String
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self)
    return (process.terminationStatus, text, String(decoding: error, as: UTF8.self))
  }

  @Test(arguments: demoPaths)
  func eachPathPlaysItsGoldenFrames(_ path: DemoPath) throws {
    let steps = try parseScript(path.script ?? builtInScript(for: path.setup))
    let output: String = runScript(steps, setup: path.setup)
    let shows: Bool = output.contains(path.shows)
    #expect(shows, "\(path.golden) does not show \"\(path.shows)\"")
    try Self.check(output, against: path.golden)
  }

  /// `LoginDemo FLAGS` without a terminal plays the path's built-in script: its frames are the
  /// golden ones.
  @Test(arguments: demoPaths)
  func theExecutableReachesEachPathFromItsFlag(_ path: DemoPath) throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("LoginDemo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("LoginDemo is not built next to the tests at \(executable.path)")
      return
    }
    let arguments = path.flags + (path.script == nil ? [] : ["--script", "-"])
    let result = try Self.run(executable, arguments: arguments, input: path.script ?? "")
    #expect(result.status == 0, "\(result.error)")
    let golden = try String(
      contentsOf: Self.goldenDirectory.appendingPathComponent(path.golden), encoding: .utf8)
    // The notice goes to standard error, so that standard output is the frames alone.
    let notice = "(not a terminal: playing the built-in demo script; run it in a terminal to use the app)\n"
    #expect(result.output == golden)
    #expect(result.error == (path.script == nil ? notice : ""))
  }

  /// The face-login flags imply `--start biometric`; a bad reason or language is refused with
  /// the usage.
  @Test func badValuesOfTheNewFlagsAreRefused() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("LoginDemo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("LoginDemo is not built next to the tests at \(executable.path)")
      return
    }
    let face = try Self.run(executable, arguments: ["--face", "sleepy"], input: "")
    #expect(face.status == 2)
    #expect(
      face.error.contains("--face takes unrecognized, unavailable, unenrolled or locked, not \"sleepy\""))
    let language = try Self.run(executable, arguments: ["--language", "f;r"], input: "")
    #expect(language.status == 2)
    #expect(language.error.contains("--language takes a language code"))
    let help = try Self.run(executable, arguments: ["--help"], input: "")
    for flag in Set(demoPaths.flatMap(\.flags).filter { $0.hasPrefix("--") }) {
      #expect(help.output.contains(flag), "--help does not list \(flag)")
    }
    for key in ["esc cancels a login", "r reloads the profile"] {
      #expect(help.output.contains(key), "--help does not say \(key)")
    }
    #expect(help.output.contains("Tests/ExamplesTests/LoginFeatureTests/Server/login_server.py"))
  }

  /// Seed 000: "update now" opens the URL, then the app ends; a script's later steps are not
  /// played, as the interactive app would have quit.
  @Test func updateNowEndsTheAppInScriptMode() throws {
    let output = runScript(
      try parseScript("enter\ntype alice\n"), setup: DemoSetup(update: .optional(demoUpdate)))
    let frames = output.components(separatedBy: "--- ")
    #expect(frames.last == "0ns: the app ended ---\n")
    let lastFrame = try #require(frames.dropLast().last)
    #expect(lastFrame.contains("Opened:"))
    #expect(lastFrame.contains("Exiting the app"))
    #expect(!output.contains("alice"), "a step after the end was played")
  }
}

/// Seed 000's "update now" in the interactive app: the URL opens and the app ends, giving the
/// terminal back as it was. Needs util-linux `script` for the pseudo-terminal (skipped without
/// it); each wait has a deadline so a hang fails instead of blocking, but nothing is timed.
@Suite(
  .serialized,
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
    "needs /usr/bin/script (util-linux) to give the demo a pseudo-terminal"))
struct UpdateNowInteractiveTests {
  @Test(arguments: ["optional", "forced"])
  func updateNowEndsTheInteractiveAppAndRestoresTheTerminal(_ kind: String) throws {
    let session = try PseudoTerminalSession(
      PseudoTerminalSession.bracketed("\(InteractiveTests.executable) --update \(kind)"))
    #expect(session.waitFor("enter: update now"), "the update dialog never appeared:\n\(session.screen)")
    session.send("\r")
    #expect(session.waitFor(InteractiveTests.restored), "update now did not end the app")
    #expect(session.waitFor("Opened https://"), "the app did not say which URL it opened")
    #expect(session.waitUntil { _ in session.printedSettingsAfter })
    #expect(session.settings("after") == session.settings("before"), "the terminal's settings changed")
    #expect(session.finish() == 0)
  }
}
