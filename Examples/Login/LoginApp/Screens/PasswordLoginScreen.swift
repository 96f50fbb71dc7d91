import DemoSupport
import LoginFeature

/// The password login screen: the account and password fields, the login and register buttons,
/// the status line. Its model is in the Combine style (`ObservableObject`), so the front redraws
/// it at `objectWillChange` (`ScreenRenderer.observe(_:)`), as `@ObservedObject` would.
///
/// Keys: tab and the arrows move the focus; characters type into the focused field; enter moves
/// from the account to the password, logs in (on the password or the button) or registers; esc
/// cancels a login under way (the login status chart's `cancel` edge).
/// Threading: main actor.
@MainActor
final class PasswordLoginScreen: LoginScreenView {
  /// The fields, in focus order.
  enum Focus: CaseIterable { case account, password, login, register }

  let model: LoginViewModel
  let spinner: Spinner
  /// The focused field (the view's own state).
  var focus = Focus.account

  init(model: LoginViewModel, spinner: Spinner) {
    self.model = model
    self.spinner = spinner
  }

  var title: String { "Log in" }
  var isLoading: Bool { model.status.isLoading }

  var body: [String] {
    func marker(_ field: Focus) -> String { focus == field ? ">" : " " }
    let account = "[" + pad(TextWidth.tail(model.account, fitting: 20), 20) + "]"
    let password = "[" + pad(String(repeating: "*", count: min(model.password.count, 20)), 20) + "]"
    let hint = model.account.isEmpty ? "" : model.isAccountValid ? "ok" : "invalid"
    let button = model.isLoginEnabled ? "< Log in >" : "( log in )"
    return [
      "Log in", "",
      "\(marker(.account))Account  \(account) \(hint)",
      "\(marker(.password))Password \(password)", "",
      "\(marker(.login))\(button)   \(marker(.register))Register", "",
      statusLine(model.status, spinner: spinner) + (model.status.isLoading ? "  esc: cancel" : ""),
    ]
  }

  func handle(_ key: Key) -> String? {
    let order = Focus.allCases
    let index = order.firstIndex(of: focus)!
    switch key {
    case .tab, .down: focus = order[(index + 1) % order.count]
    case .backTab, .up: focus = order[(index + order.count - 1) % order.count]
    case .character(let character):
      guard focus == .account || focus == .password else { return nil }
      let text = focus == .account ? model.account : model.password
      guard let typed = TextInput.appending(character, to: text) else {
        return "A field takes at most \(TextInput.maximumLength) characters"
      }
      if focus == .account { model.account = typed } else { model.password = typed }
    case .backspace:
      if focus == .account, !model.account.isEmpty { model.account.removeLast() }
      if focus == .password, !model.password.isEmpty { model.password.removeLast() }
    case .enter:
      switch focus {
      case .account: focus = .password
      case .password, .login:
        guard model.isLoginEnabled else { return "Fill in a valid account and a 6+ character password" }
        model.login()
      case .register: model.register()
      }
    case .escape:
      guard model.status.isLoading else { return "That key does nothing here" }
      model.cancelLogin()
      return "Login cancelled"
    default: return "That key does nothing here"
    }
    return nil
  }
}
