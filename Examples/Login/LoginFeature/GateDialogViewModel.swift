import Signals

/// The shared login gate's dialog, presented modally over whichever login screen is up while
/// the gate blocks, with the buttons seed 000 gives it:
///
/// - no network permission: retry, open the settings page, exit the app;
/// - a forced update: update now, exit the app (it cannot be dismissed);
/// - an optional update: update now, later;
/// - checking: a loading indicator with no buttons.
///
/// The update dialogs carry the update's URL and release notes. "Update now" and "open the
/// settings" ask the device to open a URL (`opened` says which, for the view to show);
/// "exit" asks the app to quit (`exitRequested`).
///
/// Threading: main actor, like its screen. Bad input: a button the dialog does not have, and
/// `dismiss()` on a dialog that cannot be dismissed, change nothing and answer `false`.
@MainActor
public final class GateDialogViewModel {
  /// A button of the dialog.
  public enum Button: Equatable, Sendable {
    /// Check the permission again.
    case retry
    /// Open the system's settings page for this app.
    case openSettings
    /// Open the update's URL.
    case updateNow
    /// Skip an optional update for now.
    case later
    /// Quit the app.
    case exit
  }

  /// Where "open settings" goes: the system's page for this app's permissions.
  public static let settingsURL = "app-settings:network"

  /// What the dialog is about: `.checking`, `.invalidNetwork`, `.forcedUpdate` or
  /// `.optionalUpdate`.
  public let state: GateState
  let gate: LoginGate
  /// The URL the last button opened, if any.
  public private(set) var opened: String?
  /// Whether the user chose to quit the app.
  public private(set) var exitRequested = false

  /// The dialog for `state`, answering through `gate`.
  public init(state: GateState, gate: LoginGate) {
    self.state = state
    self.gate = gate
  }

  /// The buttons, in the order the dialog shows them.
  public var buttons: [Button] {
    switch state {
    case .invalidNetwork: [.retry, .openSettings, .exit]
    case .forcedUpdate: [.updateNow, .exit]
    case .optionalUpdate: [.updateNow, .later]
    case .checking, .ready: []
    }
  }

  /// The update on offer (its version, URL and release notes), for the update dialogs.
  public var update: AppUpdate? {
    switch state {
    case .forcedUpdate(let update), .optionalUpdate(let update): update
    default: nil
    }
  }

  /// Whether tapping outside (or escape) may close it: only the optional update's may; the
  /// no-network and forced-update dialogs block until answered (seed 000:
  /// `isTapBackgroundCloseEnabled = false`).
  public var isDismissible: Bool {
    if case .optionalUpdate = state { true } else { false }
  }

  /// Presses `button`; returns `false` (and does nothing) if the dialog has no such button.
  @discardableResult
  public func press(_ button: Button) -> Bool {
    guard buttons.contains(button) else { return false }
    switch button {
    case .retry: gate.retry()
    case .openSettings: opened = Self.settingsURL
    case .updateNow:  // seed 000: the URL opens, then the app exits
      (opened, exitRequested) = (update?.url, true)
      gate.endApp(updating: true)
    case .later: gate.dismissUpdate()
    case .exit:
      exitRequested = true
      gate.endApp(updating: false)
    }
    return true
  }

  /// Tapping outside the dialog: closes an optional update's (as "later"); any other stays up
  /// and this answers `false`.
  @discardableResult
  public func dismiss() -> Bool {
    guard isDismissible else { return false }
    return press(.later)
  }

  /// No network permission: checks again (the coordinator dismisses the dialog once the gate
  /// lets logins through).
  public func retry() { press(.retry) }

  /// An optional update: skip it for now.
  public func later() { press(.later) }
}
