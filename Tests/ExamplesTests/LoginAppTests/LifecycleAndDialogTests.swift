import DemoSupport
import LoginFeature
import SignalsTesting
import Testing

@testable import LoginApp

/// The login app's front on virtual time: a `foreground` script step re-runs the gate's check
/// with its loading indicator drawn, and the gate's dialogs answer their keys and no others.
@MainActor
@Suite struct LifecycleAndDialogTests {
  /// The frames of `output` (a script's), each with its virtual time.
  func frames(_ output: String) -> [String] {
    output.components(separatedBy: "--- ").filter { !$0.isEmpty }
  }

  @Test func aForegroundStepDrawsTheCheckThenTheScreenAgain() throws {
    let output = runScript(try parseScript("background\nforeground\nwait 400ms\nwait 200ms\n"))
    let frames = frames(output)
    let checking = try #require(frames.firstIndex { $0.contains("Checking the network |") })
    #expect(frames[checking].hasPrefix("0ns"), "the check was not drawn at once:\n\(output)")
    #expect(frames.contains { $0.hasPrefix("400ms") && $0.contains("Checking the network /") })
    let last = try #require(frames.last)
    #expect(last.hasPrefix("600ms"), "the check's answer (500 ms) did not end it:\n\(output)")
    #expect(!last.contains("Checking the network"))
    #expect(last.contains("( log in )"))
  }

  @Test func keysWaitWhileTheForegroundCheckRuns() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(environment: .demo(scheduler: scheduler))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    app.lifecycle(.foreground)
    scheduler.advance(by: .zero)
    #expect(app.handle(.character("a")))
    #expect(app.passwordModel?.account == "", "a key reached the screen under the loading indicator")
    #expect(app.frame.joined().contains("Checking the network"))
    scheduler.advance(by: .milliseconds(500))
    #expect(app.handle(.character("a")))
    #expect(app.passwordModel?.account == "a")
  }

  /// Neither esc nor any other key closes the forced-update dialog; enter is "update now", which
  /// opens the URL and quits (the front answers `false`), as esc, "exit app", does.
  @Test func theForcedUpdateDialogIgnoresOtherKeysAndItsExitQuits() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, setup: DemoSetup(update: .forced(demoUpdate))))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    for key in [Key.tab, .character("s"), .backspace, .up] {
      #expect(app.handle(key))
      scheduler.advance(by: .seconds(1))
      #expect(app.dialog?.state == .forcedUpdate(demoUpdate), "\(key) closed the dialog")
    }
    #expect(!app.handle(.escape), "exit app did not quit")
    #expect(!app.handle(.enter), "update now did not quit")
    #expect(app.frame.joined().contains("https://get.example/app"))
    #expect(app.frame.joined().contains("Opened:"))
    #expect(app.frame.joined().contains("Exiting the app"))
  }

  @Test func theNoNetworkDialogIgnoresOtherKeysAndOffersItsButtons() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, setup: DemoSetup(networkAllowed: false)))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    for key in [Key.tab, .character("x"), .backspace] {
      #expect(app.handle(key))
      scheduler.advance(by: .seconds(1))
      #expect(app.dialog?.state == .invalidNetwork, "\(key) closed the dialog")
    }
    #expect(app.handle(.character("s")))
    #expect(app.frame.joined().contains(GateDialogViewModel.settingsURL))
    #expect(app.dialog?.state == .invalidNetwork)
    #expect(app.handle(.enter))  // retry: the check runs, then lets logins through
    scheduler.advance(by: .seconds(1))
    #expect(app.dialog == nil)
    #expect(app.passwordModel != nil)
  }

  @Test func theNoNetworkDialogsExitQuits() {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, setup: DemoSetup(networkAllowed: false)))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    #expect(!app.handle(.escape))
  }

  /// The "refresh refused" notice (the credential was revoked) is a toast: it shows for 3 s on
  /// the app's scheduler, then goes by itself.
  @Test func theRefreshRefusedNoticeIsAThreeSecondToast() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(
        scheduler: scheduler, setup: DemoSetup(credential: .biometric, credentialRevoked: true)))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    app.handle(.enter)
    scheduler.advance(by: .seconds(2))  // the session answers 401, the refresh is refused
    let shown = scheduler.now
    #expect(app.frame.joined().contains("! Please log in with your password"))
    scheduler.advance(to: shown.advanced(by: .milliseconds(2999)))
    #expect(app.frame.joined().contains("! Please log in with your password"))
    scheduler.advance(to: shown.advanced(by: .seconds(3)))
    #expect(!app.frame.joined().contains("Please log in with your password"))
    #expect(app.passwordModel != nil)
  }

  @Test func aDeviceThatCannotCheckShowsWhy() throws {
    let output = runScript(
      try parseScript("enter\n"), setup: DemoSetup(credential: .biometric, deviceCheck: .notEnrolled))
    #expect(
      output.components(separatedBy: "--- ").last?.contains("No face is enrolled on this device") == true)
  }
}
