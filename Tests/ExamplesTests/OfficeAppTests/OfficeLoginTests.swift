import DemoSupport
import Foundation
import OfficeFeature
import Signals
import SignalsTesting
import Testing

@testable import OfficeApp

/// Office's login screen shows its loading state, and an enter that cannot log in says why; the
/// demo's `--session-expired` flag reaches the invalid-session path.
@MainActor
@Suite struct OfficeLoginTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Golden")

  func check(_ output: String, against name: String) throws {
    let file = Self.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try output.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      output == (try String(contentsOf: file, encoding: .utf8)),
      "frames differ from \(name); run UPDATE_GOLDEN=1 swift test --filter OfficeAppTests if intended")
  }

  /// An enter 0 ms after typing: the account check (500 ms after the last keystroke) has not
  /// answered, so nothing logs in and a toast says why; once it has, enter logs in and the
  /// screen shows "Logging in..." for the login's 2 s.
  @Test func anEarlyEnterSaysWhyThenTheLoginShowsItsLoadingState() throws {
    let script = "type alice@example.com\ntab\ntype wonderland\nenter\nwait 600ms\nenter\nwait 1s\nwait 1s\n"
    let output = runOfficeScript(try parseScript(script))
    let frames = output.components(separatedBy: "--- ")
    let hint = try #require(frames.firstIndex { $0.contains("! The account is still being checked") })
    #expect(frames[hint].hasPrefix("0ns"))
    let loading = try #require(frames.firstIndex { $0.contains("Logging in...") })
    #expect(frames[loading].hasPrefix("600ms"))
    #expect(frames.last?.contains("1 News") == true, "never logged in:\n\(output)")
    try check(output, against: "login-early-enter.txt")
  }

  /// Each reason the button is disabled, as enter on the password field says it.
  @Test func anEnterThatCannotLogInSaysWhy() {
    let scheduler = TestScheduler()
    let (app, coordinator) = startOfficeApp(scheduler: scheduler)
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    func enter() -> String? {
      app.handle(.enter)
      return app.toast.text
    }
    #expect(enter() == nil, "enter on the account field moves to the password")
    #expect(enter() == "Type your account first")
    app.handle(.tab)
    for character in "alice" { app.handle(.character(character)) }
    app.handle(.tab)
    #expect(enter() == "The account is still being checked; enter again in a moment")
    scheduler.advance(by: .milliseconds(600))
    #expect(enter() == "This account is not valid: 8 to 20 characters")
    app.handle(.tab)
    for character in "@example.com" { app.handle(.character(character)) }
    app.handle(.tab)
    scheduler.advance(by: .milliseconds(600))
    #expect(enter() == "The password needs at least 6 characters")
    for character in "wonderland" { app.handle(.character(character)) }
    #expect(enter() == nil)
    #expect(enter() == "Logging in, one moment")
    scheduler.advance(by: .seconds(2))
    #expect(coordinator.screen == .home)
  }

  /// `OfficeDemo --session-expired` without a terminal plays the path to the invalid-session
  /// dialog and back to the login screen, with the notice: the golden frames.
  @Test func theSessionExpiredFlagPlaysItsGoldenFrames() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("OfficeDemo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("OfficeDemo is not built next to the tests at \(executable.path)")
      return
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--session-expired"]
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let golden = try String(
      contentsOf: Self.golden.appendingPathComponent("session-expired.txt"), encoding: .utf8)
    #expect(output == golden)  // the not-a-terminal notice goes to standard error
    // The story: the dialog, the login screen with the notice, then a login that works.
    #expect(golden.contains("! Your session expired, please log in again"))
    let lastFrame = golden.components(separatedBy: "--- ").last ?? ""
    #expect(lastFrame.contains("- Edition 1: story 1"))
  }
}
