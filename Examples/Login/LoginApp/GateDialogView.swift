import DemoSupport
import LoginFeature

/// How the terminal front draws the login gate's dialog and which key presses each button.
///
/// Keys: enter presses the first button (retry, update now); `s` opens the settings; esc
/// presses the cancel button (exit the app, or later for an optional update).
/// Threading: main actor, like the dialog's model. Bad input: none.
@MainActor
enum GateDialogView {
  /// The text width inside the alert box.
  static let width = 26

  /// The key that presses `button` in `dialog`.
  static func key(for button: GateDialogViewModel.Button, in dialog: GateDialogViewModel) -> Key {
    switch button {
    case .retry, .updateNow: .enter
    case .openSettings: .character("s")
    case .later, .exit: .escape
    }
  }

  /// The dialog's lines: its message, the update's release notes and URL, what the last button
  /// opened, that the app is exiting (in script mode, where the process goes on), and one line
  /// per button with its key.
  static func lines(_ dialog: GateDialogViewModel, spinner: String) -> [String] {
    var lines: [String]
    switch dialog.state {
    case .ready: return []
    case .checking: return ["Checking the network \(spinner)"]
    case .invalidNetwork: lines = ["No network permission", "Allow it in the settings."]
    case .forcedUpdate(let update): lines = ["Update required: \(update.version)"]
    case .optionalUpdate(let update): lines = ["Version \(update.version) is out"]
    }
    if let update = dialog.update {
      lines += update.notes.flatMap {
        TextWidth.wrap($0, to: width, first: "- ", maximumLines: ScreenFrame.maximumAlertMessageLines)
      }
      lines += [TextWidth.tail(update.url, fitting: width)]
    }
    if let opened = dialog.opened { lines += ["Opened:", TextWidth.tail(opened, fitting: width)] }
    if dialog.exitRequested { lines += ["Exiting the app"] }
    lines += [""] + dialog.buttons.map { "\(name(of: key(for: $0, in: dialog))): \(title(of: $0))" }
    return lines
  }

  /// Applies one key to the dialog, which takes them all while it is up: each button has its
  /// key; esc closes only a dialog that may be dismissed. Returns the notice to show, if any.
  static func handle(_ key: Key, _ dialog: GateDialogViewModel) -> String? {
    if dialog.state == .checking { return "Checking the network, one moment" }
    if let button = dialog.buttons.first(where: { self.key(for: $0, in: dialog) == key }) {
      dialog.press(button)
    } else if key == .escape, dialog.dismiss() {
    } else {
      return "Answer the dialog first"
    }
    return nil
  }

  static func name(of key: Key) -> String {
    if case .character(let character) = key { String(character) } else { key.scriptName ?? "?" }
  }

  static func title(of button: GateDialogViewModel.Button) -> String {
    switch button {
    case .retry: "retry"
    case .openSettings: "open settings"
    case .updateNow: "update now"
    case .later: "later"
    case .exit: "exit app"
    }
  }
}
