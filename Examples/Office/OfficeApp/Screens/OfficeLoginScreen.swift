import DemoSupport
import LoginFeature

/// Office's login screen, over Login's `LoginViewModel` (Combine style: redrawn at
/// `objectWillChange`).
///
/// Keys: tab moves between the fields, characters type, backspace deletes, enter logs in (or
/// moves to the password while the button is disabled). Threading: main actor.
@MainActor
final class OfficeLoginScreen: OfficeScreenView {
  let model: LoginViewModel
  /// Whether the password field has the focus (the view's own state).
  var focusOnPassword = false

  init(model: LoginViewModel) { self.model = model }

  var title: String { "Log in" }

  var body: [String] {
    [
      "Office - log in", "", "\(focusOnPassword ? " " : ">")Account  [\(model.account)]",
      "\(focusOnPassword ? ">" : " ")Password [\(String(repeating: "*", count: model.password.count))]",
      "", model.isLoginEnabled ? "enter: log in" : "(alice@example.com / wonderland)",
    ]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .tab: focusOnPassword.toggle()
    case .character(let character):
      if focusOnPassword {
        if let typed = TextInput.appending(character, to: model.password) { model.password = typed }
      } else {
        if let typed = TextInput.appending(character, to: model.account) { model.account = typed }
      }
    case .backspace:
      if focusOnPassword { _ = model.password.popLast() } else { _ = model.account.popLast() }
    case .enter: if model.isLoginEnabled { model.login() } else { focusOnPassword = true }
    default: break
    }
    return nil
  }
}
