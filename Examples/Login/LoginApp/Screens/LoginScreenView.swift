import DemoSupport
import LoginFeature

/// A screen of the login app's terminal front: its lines read from its view model (a SwiftUI
/// view's `body`), the keys it takes (its actions, which send the model inputs), the title a
/// screen pushed over it shows in its back bar, and whether it is loading (the spinner turns).
///
/// Threading: main actor.
@MainActor
protocol LoginScreenView: AnyObject, Screen {
  /// The name a screen pushed over this one shows in its back bar.
  var title: String { get }
  /// Whether something loads on this screen (the spinner turns while it does).
  var isLoading: Bool { get }
}

extension LoginScreenView {
  var isLoading: Bool { false }
}

/// The width of the text inside a login screen's box.
let loginTextWidth = 40

/// `text` in exactly `width` terminal cells (wide characters count two).
func pad(_ text: String, _ width: Int) -> String { TextWidth.pad(text, to: width) }

/// A login status as its line under a login form; `idle` is the line shown when nothing runs.
@MainActor
func statusLine(_ status: LoginStatus, spinner: Spinner, idle: String = "") -> String {
  switch status {
  case .none: idle
  case .loading: "Logging in \(spinner.glyph)"
  case .success: "Logged in"
  case .failure(let error): "Failed: \(error)"
  }
}
