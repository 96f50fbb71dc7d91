import Coordinators
import LoginFeature
import Signals
import SignalsTesting
import Testing

/// The gate's dialogs with seed 000's buttons, and the gate's check on every return to the
/// foreground, driven through the coordinator with no view.
@MainActor
@Suite struct GateDialogTests {
  let scheduler = TestScheduler()

  func started(granted: Flag = Flag(true), advice: UpdateAdvice = .none) -> (AuthCoordinator, SceneLog) {
    let environment = AuthEnvironment(
      scheduler: scheduler, loginService: InProcessLoginService(scheduler: scheduler),
      biometricService: ScriptedBiometricService(sessions: []),
      authenticator: FakeAuthenticator(passes: true),
      credentials: CredentialStore(), store: FakeStore(lastUserID: nil),
      permission: FakePermission(granted: granted), updates: FakeUpdates(advice: advice))
    let log = SceneLog()
    let coordinator = AuthCoordinator(environment: environment, navigator: log)
    coordinator.start()
    scheduler.advance(by: .zero)
    return (coordinator, log)
  }

  @Test func theForcedUpdateDialogCannotBeDismissedAndItsExitQuits() throws {
    let (coordinator, log) = started(advice: .forced(LoginGateTests.update))
    let dialog = try #require(log.dialog)
    #expect(dialog.buttons == [.updateNow, .exit])
    #expect(!dialog.isDismissible)
    #expect(!dialog.dismiss())
    #expect(!dialog.press(.later))
    scheduler.advance(by: .seconds(1))
    #expect(log.dialog === dialog, "the forced-update dialog went away")
    #expect(coordinator.dialog === dialog)
    #expect(!coordinator.environment.gate.allowsLogin)
    #expect(dialog.update?.url == "https://get.example/app")
    #expect(dialog.update?.notes == ["Faster"])
    #expect(dialog.press(.exit))
    #expect(dialog.exitRequested)
    #expect(dialog.opened == nil, "exit opened something")
    // The gate's chart moves to `appEnded`; the dialog stays as it was answered.
    scheduler.advance(by: .zero)
    #expect(coordinator.environment.gate.currentState == .forcedUpdate(LoginGateTests.update))
    #expect(log.dialog === dialog)
  }

  /// Seed 000: "update now" opens the update's URL, then exits the app (`exit(0)` in `open`'s
  /// completion), for a forced update and an optional one alike.
  @Test(arguments: [true, false])
  func updateNowOpensTheURLThenEndsTheApp(_ forced: Bool) throws {
    let update = LoginGateTests.update
    let (_, log) = started(advice: forced ? .forced(update) : .optional(update))
    let dialog = try #require(log.dialog)
    #expect(!dialog.exitRequested)
    #expect(dialog.press(.updateNow))
    #expect(dialog.opened == "https://get.example/app")
    #expect(dialog.exitRequested, "update now opened the URL but did not end the app")
  }

  @Test func theNoNetworkDialogCannotBeDismissedAndOffersRetrySettingsAndExit() throws {
    let granted = Flag(false)
    let (coordinator, log) = started(granted: granted)
    let dialog = try #require(log.dialog)
    #expect(dialog.state == .invalidNetwork)
    #expect(dialog.buttons == [.retry, .openSettings, .exit])
    #expect(!dialog.dismiss())
    #expect(!dialog.press(.later))
    scheduler.advance(by: .seconds(1))
    #expect(log.dialog === dialog)
    #expect(dialog.press(.openSettings))
    #expect(dialog.opened == GateDialogViewModel.settingsURL)
    #expect(log.dialog === dialog, "opening the settings closed the dialog")
    granted.value = true
    dialog.press(.retry)
    scheduler.advance(by: .zero)
    #expect(log.dialog == nil)
    #expect(coordinator.environment.gate.allowsLogin)
  }

  @Test func anOptionalUpdatesDialogMayBeDismissed() throws {
    let (coordinator, log) = started(advice: .optional(LoginGateTests.update))
    let dialog = try #require(log.dialog)
    #expect(dialog.buttons == [.updateNow, .later])
    #expect(dialog.dismiss())
    scheduler.advance(by: .zero)
    #expect(log.dialog == nil)
    #expect(coordinator.dialog == nil)
  }

  /// Seed 000 checks the permission each time the app enters the foreground, with its loading
  /// indicator up while it checks. The launch's check runs behind the launch screen instead.
  @Test func aForegroundChecksThePermissionAgainWithItsLoadingIndicator() throws {
    let granted = Flag(true)
    let (coordinator, log) = started(granted: granted)
    #expect(!log.calls.contains("present gate(checking)"))
    #expect(log.calls.last == "root password")
    coordinator.enterBackground()
    coordinator.enterForeground()
    scheduler.advance(by: .zero)
    #expect(log.calls.suffix(2) == ["present gate(checking)", "dismiss"])
    granted.value = false
    coordinator.enterForeground()
    scheduler.advance(by: .zero)
    #expect(log.calls.suffix(3) == ["present gate(checking)", "dismiss", "present gate(invalidNetwork)"])
    #expect(!coordinator.environment.gate.allowsLogin)
  }

  @Test func aForcedUpdateComesBackAfterAForeground() throws {
    let (coordinator, log) = started(advice: .forced(LoginGateTests.update))
    coordinator.enterForeground()
    scheduler.advance(by: .zero)
    #expect(log.calls.suffix(2) == ["dismiss", "present gate(forcedUpdate(2.0))"])
  }
}
