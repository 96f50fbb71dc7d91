import DemoSupport
import Foundation
import LoginFeature
import Signals
import SignalsTesting
import Testing

@testable import LoginApp

@Suite struct BuiltInScriptTests {
  @Test func theBuiltInDemoScriptIsValid() throws {
    #expect(try !parseScript(demoScript).isEmpty)
  }
}

/// The demo's frames in script mode, against the snapshot in Golden/. After a deliberate change,
/// refresh it with `UPDATE_GOLDEN=1 swift test --filter GoldenTests` and review the diff.
@MainActor
@Suite struct GoldenTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  func check(_ output: String, against name: String) throws {
    let file = Self.goldenDirectory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(
      output == golden,
      "frames differ from \(name); if the change is intended, run UPDATE_GOLDEN=1 swift test --filter GoldenTests"
    )
  }

  @Test func theDemoScriptFrames() throws {
    try check(runScript(try parseScript(demoScript)), against: "demo.txt")
  }

  @Test func aWrongPasswordShowsTheFailure() throws {
    let script = "type alice@example.com\nwait 600ms\ntab\ntype wrongpass\nenter\nwait 2s\n"
    try check(runScript(try parseScript(script)), against: "wrong-password.txt")
  }

  @Test func biometricLoginScansThenLogsIn() throws {
    let output = runScript(
      try parseScript("enter\nwait 1s\nwait 1s\n"), setup: DemoSetup(credential: .biometric))
    try check(output, against: "biometric.txt")
  }

  @Test func leavingAScreenReleasesItsViewModel() {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, setup: DemoSetup(credential: .biometric)))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    weak let biometric = app.biometricModel
    #expect(biometric != nil)
    app.handle(.tab)  // use the password instead
    scheduler.advance(by: .zero)
    #expect(app.passwordModel != nil)
    #expect(biometric == nil)
    weak let password = app.passwordModel
    app.handle(.character("x"))
    app.handle(.enter)  // the button is disabled: nothing happens, the model stays
    #expect(password != nil)
  }

  @Test func inspectPrintsTheGateChartsMacrostepsBeforeTheFramesTheyLedTo() throws {
    var setup = DemoSetup(networkAllowed: false)
    setup.inspect = true
    let output = runScript(try parseScript("enter\nwait 1s\n"), setup: setup)
    let retry = try #require(
      output.range(of: "*** 0ns gate chart: event retry in [gate, update, waitingForNetwork"))
    let checking = try #require(output.range(of: "Checking the network"))
    #expect(retry.upperBound < checking.lowerBound)
    #expect(
      output.contains("  step offline --retry--> askingPermission\n  exit offline\n  enter askingPermission"))
    #expect(output.contains("*** 1s gate chart: invoked granted in"))
    #expect(!runScript(try parseScript("enter\n"), setup: DemoSetup(networkAllowed: false)).contains("***"))
  }

  @Test func aRevokedCredentialFallsBackToPasswordWithTheNotice() throws {
    let output = runScript(
      try parseScript("enter\nwait 3s\n"), setup: DemoSetup(credential: .biometric, credentialRevoked: true))
    let lastFrame = output.components(separatedBy: "--- ").last ?? ""
    #expect(lastFrame.contains("Password ["), "not on the password screen:\n\(lastFrame)")
    #expect(lastFrame.contains("! Please log in with your password"))
  }

  /// Register is pushed: its top border carries the back bar naming the login screen below; esc
  /// pops it, and the login screen shows as it was left (the account still typed).
  @Test func registerIsPushedWithABackBarAndPoppedBackToTheScreenAsLeft() throws {
    let script = "type alice@example.com\nwait 600ms\ntab\ntab\ntab\nenter\nkey esc\n"
    let output = runScript(try parseScript(script))
    #expect(output.contains("+-< Log in ---"))
    try check(output, against: "register.txt")
  }

  @Test func smsLoginRequestsACodeThenLogsIn() throws {
    let output = runScript(try parseScript(smsScript), setup: DemoSetup(credential: .sms))
    #expect(output.contains("Code sent to 5550100"))
    try check(output, against: "sms.txt")
  }

  @Test func patternLoginOnTheGrid() throws {
    let output = runScript(
      try parseScript("type 1254\nenter\nwait 1s\n"), setup: DemoSetup(credential: .pattern))
    try check(output, against: "pattern.txt")
  }

  @Test func theNetworkDialogBlocksUntilRetry() throws {
    let output = runScript(
      try parseScript("type alice\nenter\nwait 600ms\ntype alice\n"), setup: DemoSetup(networkAllowed: false))
    try check(output, against: "offline.txt")
  }

  /// Without a terminal, `LoginDemo --start biometric`, `--start pattern`, `--offline` and
  /// `--update optional` play a script for that start screen or dialog and end logged in; a
  /// forced update ends on its dialog.
  @Test(arguments: [
    DemoSetup(credential: .biometric), DemoSetup(credential: .pattern), DemoSetup(credential: .sms),
    DemoSetup(networkAllowed: false),
    DemoSetup(credential: .biometric, update: .optional(demoUpdate)),
  ])
  func eachStartHasItsBuiltInScript(_ setup: DemoSetup) throws {
    let output = runScript(try parseScript(builtInScript(for: setup)), setup: setup)
    #expect(output.contains("You are logged in."), "never logged in:\n\(output)")
    #expect(!output.contains("That key does nothing here"), "a key went to the wrong screen")
  }

  /// Its "update now" opens the URL and ends the app, on the dialog.
  @Test func aForcedUpdatesBuiltInScriptEndsOnItsDialog() throws {
    let setup = DemoSetup(update: .forced(demoUpdate))
    let output = runScript(try parseScript(builtInScript(for: setup)), setup: setup)
    let frames = output.components(separatedBy: "--- ")
    #expect(frames.last == "0ns: the app ended ---\n")
    let lastFrame = frames.dropLast().last ?? ""
    #expect(lastFrame.contains("Update required: 2.0"))
    #expect(!output.contains("You are logged in."))
  }

  /// The invalid-session dialog on a server that refuses every session (`ExpiredSessionLoginService`):
  /// the account check answers 401, the dialog comes up over the login screen, and enter leads
  /// to password login as root with the notice. (`--session-expired`'s story, a 401 after login,
  /// is `DemoPathTests`'.)
  @Test func theSessionExpiredDialog() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, loginService: ExpiredSessionLoginService(scheduler: scheduler))
    )
    let steps = try parseScript("type alice@example.com\nwait 2s\nenter\n")
    let output = withExtendedLifetime(coordinator) { playScript(steps, on: scheduler, into: app) }
    #expect(output.contains("enter: log in"))
    try check(output, against: "account-check-401.txt")
  }

  @Test func updateDialogs() throws {
    let optional = runScript(
      try parseScript("enter\nkey esc\n"), setup: DemoSetup(update: .optional(demoUpdate)))
    try check(optional, against: "update-optional.txt")
    let forced = runScript(
      try parseScript("type x\nenter\n"), setup: DemoSetup(update: .forced(demoUpdate)))
    try check(forced, against: "update-forced.txt")
  }

  /// The built executable in script mode, as a user runs it.
  @Test func theExecutablePlaysAScriptAndRefusesABadOne() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("LoginDemo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("LoginDemo is not built next to the tests at \(executable.path)")
      return
    }
    let good = try run(executable, arguments: ["--script", "-"], input: demoScript)
    #expect(good.status == 0)
    #expect(good.output == runScript(try parseScript(demoScript)))
    let bad = try run(executable, arguments: ["--script", "-"], input: "tab\nfly away\n")
    #expect(bad.status == 2)
    #expect(bad.error.contains("line 2, column 1: unknown command \"fly\""))
    let graph = try run(executable, arguments: ["--graph", "mermaid"], input: "")
    #expect(graph.output.hasPrefix("stateDiagram-v2\n"))
  }

  func run(
    _ executable: URL, arguments: [String], input: String
  ) throws -> (status: Int32, output: String, error: String) {
    try DemoPathTests.run(executable, arguments: arguments, input: input)
  }
}

@MainActor
@Suite struct BadInputTests {
  @Test func aLongPasteKeepsTheFrameIntact() {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(environment: .demo(scheduler: scheduler))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    for character in String(repeating: "界a", count: 5_000) { app.handle(.character(character)) }
    app.handle(.unknown([0xFF]))
    scheduler.advance(by: .seconds(1))
    // Measured in terminal cells: the pasted text is half wide characters.
    let widths = Set(app.frame.map { TextWidth.of($0) })
    #expect(widths == [44])
    #expect(app.frame.contains { $0.contains("界a界a") })
  }

  @Test func aFieldIsCappedSoALongLineTypesInLinearTime() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(environment: .demo(scheduler: scheduler))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    let line = String(repeating: "a", count: 3 * TextInput.maximumLength)
    for character in line { app.handle(.character(character)) }
    scheduler.advance(by: .seconds(1))
    #expect(app.passwordModel?.account.count == TextInput.maximumLength)
    #expect(app.frame.contains { $0.contains("A field takes at most \(TextInput.maximumLength) characters") })
    app.handle(.backspace)
    app.handle(.character("b"))
    #expect(app.passwordModel?.account.hasSuffix("ab") == true)
  }

  @Test func closingStdoutEarlyEndsQuietly() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("LoginDemo")
    let process = Process()
    process.executableURL = executable
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardInput = FileHandle.nullDevice
    try stdout.fileHandleForReading.close()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
  }
}
