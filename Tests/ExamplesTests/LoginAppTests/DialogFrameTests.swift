import DemoSupport
import Foundation
import LoginFeature
import Signals
import SignalsTesting
import Testing

@testable import LoginApp

/// Every dialog of the login app over every screen it can cover: the screen beneath stays true
/// (no word cut in part, the back bar kept) and a toast under the dialog stays in sight. The
/// frames are golden (`Golden/dialog-*.txt`; refresh with
/// `UPDATE_GOLDEN=1 swift test --filter DialogFrameTests` and review the diff).
@MainActor
@Suite struct LoginDialogFrameTests {
  /// A screen a dialog can come up over, reached as a person reaches it.
  enum Beneath: String, CaseIterable, Sendable {
    case password, register, biometric, pattern, sms, home
  }

  /// A dialog of the app.
  enum Dialog: String, CaseIterable, Sendable {
    case checking, offline, forcedUpdate, optionalUpdate, sessionExpired

    /// The screens it can cover: the gate's dialogs come up over a login screen; an expired
    /// session over any screen a request runs from.
    var screens: [Beneath] {
      self == .sessionExpired ? Beneath.allCases : [.password, .biometric, .pattern, .sms]
    }
  }

  /// The app with `beneath` on top, at rest.
  func app(with beneath: Beneath) -> (LoginApp, AuthCoordinator, TestScheduler) {
    let scheduler = TestScheduler()
    let credential: CredentialKind =
      switch beneath {
      case .biometric: .biometric
      case .pattern: .pattern
      case .sms: .sms
      default: .none
      }
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, setup: DemoSetup(credential: credential)))
    scheduler.advance(by: .zero)
    switch beneath {
    case .register:
      for key in [Key.tab, .tab, .tab, .enter] { app.handle(key) }
    case .home:
      for character in "alice@example.com" { app.handle(.character(character)) }
      scheduler.advance(by: .milliseconds(600))
      app.handle(.tab)
      for character in "wonderland" { app.handle(.character(character)) }
      app.handle(.enter)
      scheduler.advance(by: .seconds(3))
    default: break
    }
    scheduler.advance(by: .seconds(4))  // any toast of the way there has gone
    return (app, coordinator, scheduler)
  }

  func scene(_ dialog: Dialog, gate: LoginGate) -> AuthScene {
    switch dialog {
    case .checking: .gateDialog(GateDialogViewModel(state: .checking, gate: gate))
    case .offline: .gateDialog(GateDialogViewModel(state: .invalidNetwork, gate: gate))
    case .forcedUpdate: .gateDialog(GateDialogViewModel(state: .forcedUpdate(demoUpdate), gate: gate))
    case .optionalUpdate: .gateDialog(GateDialogViewModel(state: .optionalUpdate(demoUpdate), gate: gate))
    case .sessionExpired: .sessionExpired(SessionExpiredDialogViewModel(onConfirm: {}))
    }
  }

  @Test(arguments: Dialog.allCases)
  func eachDialogLeavesEachScreenBeneathItTrue(_ dialog: Dialog) throws {
    var golden = ""
    for beneath in dialog.screens {
      let (app, coordinator, _) = app(with: beneath)
      defer { withExtendedLifetime(coordinator) {} }
      let screen = app.frame
      #expect(app.top?.screen?.title != nil, "\(beneath) is not on top")
      app.present(scene(dialog, gate: coordinator.environment.gate))
      let covered = app.frame
      #expect(ScreenFrame.damage(of: covered, over: screen) == [], "\(dialog) over \(beneath)")
      app.handle(.character("x"))  // a key the dialog does not take: its notice shows in full
      let noticed = app.frame
      let notice = try #require(app.toast.text, "\(dialog) over \(beneath) gave no notice")
      let firstLine = ScreenFrame.toast(notice, textWidth: LoginApp.width - 4)[0]
      #expect(noticed.contains { $0.contains(firstLine) }, "\(dialog) over \(beneath) hides \"\(notice)\"")
      golden += "=== \(dialog) over \(beneath)\n" + covered.joined(separator: "\n") + "\n"
      golden += "=== a key it does not take\n" + noticed.joined(separator: "\n") + "\n"
    }
    try GoldenTests().check(golden, against: "dialog-\(dialog.rawValue).txt")
  }
}
