import DemoSupport
import LoginFeature
import Signals

/// Office's login screen, over Login's `LoginViewModel` (Combine style: redrawn at
/// `objectWillChange`): the fields, then a status line that shows the login loading, and what
/// enter does.
///
/// Keys: tab moves between the fields, characters type, backspace deletes, enter logs in (or
/// moves to the password while the button is disabled). An enter that cannot log in says why as
/// a toast: the account is missing, still being checked (the check runs 500 ms after the last
/// keystroke), or not valid, the password is too short, or a login is already running.
/// Threading: main actor.
@MainActor
final class OfficeLoginScreen: OfficeScreenView {
  let model: LoginViewModel
  /// Whether the password field has the focus (the view's own state).
  var focusOnPassword = false
  /// Whether the account changed since the last account check answered (SwiftUI's `onReceive`
  /// of the model's `$account` and `accountCheckError`): the check is still to come. Office's
  /// server answers a check at once; with a slow one, an answer about an earlier account that
  /// arrives after a keystroke would clear this early (the hint then says "not valid" where
  /// "still being checked" was meant).
  var accountCheckPending = true
  /// Follows the account and its checks.
  var checkWatch: [AnyCancellable] = []

  init(model: LoginViewModel) {
    self.model = model
    checkWatch = [
      model.$account.sink { [weak self] _ in self?.accountCheckPending = true },
      model.accountCheckError.sink { [weak self] _ in self?.accountCheckPending = false },
    ]
  }

  var title: String { "Log in" }

  var body: [String] {
    let status =
      model.status.isLoading
      ? "Logging in..." : model.isLoginEnabled ? "enter: log in" : "(alice@example.com / wonderland)"
    return [
      "Office - log in", "", "\(focusOnPassword ? " " : ">")Account  [\(model.account)]",
      "\(focusOnPassword ? ">" : " ")Password [\(String(repeating: "*", count: model.password.count))]",
      "", status,
    ]
  }

  /// Why enter cannot log in now, or `nil` when it can.
  var whyNoLogin: String? {
    if model.status.isLoading { return "Logging in, one moment" }
    if model.isLoginEnabled { return nil }
    if model.account.isEmpty { return "Type your account first" }
    if accountCheckPending { return "The account is still being checked; enter again in a moment" }
    if !model.isAccountValid { return "This account is not valid: 8 to 20 characters" }
    return "The password needs at least \(LoginUseCase.minimumPasswordLength) characters"
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
    case .enter:
      if let why = whyNoLogin {
        guard focusOnPassword || model.status.isLoading else {
          focusOnPassword = true
          return nil
        }
        return why
      }
      model.login()
    default: break
    }
    return nil
  }
}
