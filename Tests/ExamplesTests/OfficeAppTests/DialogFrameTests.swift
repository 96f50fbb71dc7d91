import DemoSupport
import Foundation
import LoginFeature
import OfficeFeature
import Signals
import SignalsTesting
import Testing

@testable import OfficeApp

/// The invalid-session dialog over every screen of Office a request runs from: the screen
/// beneath stays true (no word cut in part, its back bar kept, a sheet's screen below it kept)
/// and a toast under the dialog stays in sight. The frames are golden
/// (`Golden/dialog-session-expired.txt`; refresh with
/// `UPDATE_GOLDEN=1 swift test --filter OfficeDialogFrameTests` and review the diff).
@MainActor
@Suite struct OfficeDialogFrameTests {
  /// A screen the dialog can come up over, and the keys that reach it from home.
  static let screens: [(name: String, keys: [Key])] = [
    ("home", []), ("news", [.character("1")]), ("feedback", [.character("2")]),
    ("contacts", [.character("3")]), ("contact", [.character("3"), .enter]), ("picker", [.character("4")]),
  ]

  @Test func theSessionExpiredDialogLeavesEachScreenBeneathItTrue() throws {
    var golden = ""
    for (name, keys) in Self.screens {
      let scheduler = TestScheduler()
      let (app, coordinator) = startOfficeApp(scheduler: scheduler)
      defer { withExtendedLifetime(coordinator) {} }
      for character in "alice@example.com" { app.handle(.character(character)) }
      scheduler.advance(by: .milliseconds(600))
      app.handle(.tab)
      for character in "wonderland" { app.handle(.character(character)) }
      app.handle(.enter)
      scheduler.advance(by: .seconds(2))
      for key in keys {
        app.handle(key)
        scheduler.advance(by: .seconds(1))
      }
      scheduler.advance(by: .seconds(4))  // any toast of the way there has gone
      let screen = app.frame
      app.present(.sessionExpired(SessionExpiredDialogViewModel(onConfirm: {})))
      let covered = app.frame
      #expect(ScreenFrame.damage(of: covered, over: screen) == [], "over \(name)")
      app.toast.text = "Answer the dialog first"  // a toast under the dialog shows in full
      let noticed = app.frame
      #expect(noticed.contains { $0.contains("! Answer the dialog first") }, "over \(name)")
      golden += "=== sessionExpired over \(name)\n" + covered.joined(separator: "\n") + "\n"
      golden += "=== with a toast\n" + noticed.joined(separator: "\n") + "\n"
    }
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/dialog-session-expired.txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try golden.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      golden == (try String(contentsOf: file, encoding: .utf8)),
      "run UPDATE_GOLDEN=1 swift test --filter OfficeDialogFrameTests if intended")
  }
}
