import DemoSupport
import LoginFeature

/// The SMS login screen: the number and code fields, the code request's status, the login's.
///
/// Keys: digits type into the focused field, tab moves between the number and the code (the
/// code takes the focus once a code is sent), enter sends the code (on the number) or logs in
/// (on the code), esc uses the password instead. Threading: main actor.
@MainActor
final class SMSLoginScreen: LoginScreenView {
  let model: SMSLoginViewModel
  let spinner: Spinner
  /// Where the user moved the focus, if they did since the last code request; else it is on
  /// the code once one is sent, on the number before.
  var chosenFocusOnCode: Bool?

  init(model: SMSLoginViewModel, spinner: Spinner) {
    self.model = model
    self.spinner = spinner
  }

  var title: String { "SMS login" }
  var isLoading: Bool { model.currentStatus.isLoading || model.currentCodeStatus == .sending }

  /// Whether the code field has the focus (else the number's).
  var focusOnCode: Bool {
    if let chosenFocusOnCode { return chosenFocusOnCode }
    if case .sent = model.currentCodeStatus { return true }
    return false
  }

  var body: [String] {
    let phone = "[" + pad(model.phone, 15) + "]"
    let code = "[" + pad(model.code, 6) + "]"
    let codeLine: String =
      switch model.currentCodeStatus {
      case .none: "enter: send a code"
      case .sending: "Sending a code \(spinner.glyph)"
      case .sent(let number): "Code sent to \(number)"
      case .failed(let error): "Failed: \(error)"
      }
    let status = statusLine(
      model.currentStatus, spinner: spinner, idle: model.loginEnabled ? "enter: log in" : "")
    return [
      "SMS login", "",
      "\(focusOnCode ? " " : ">")Number \(phone)",
      "\(focusOnCode ? ">" : " ")Code   \(code)", "",
      codeLine, status, "", "tab: next field  esc: password",
    ]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .character(let character) where character.isNumber && character.isASCII:
      if focusOnCode {
        if model.code.count < SMSLoginViewModel.codeLength { model.code.append(character) }
      } else if model.phone.count < SMSLoginViewModel.phoneLength.upperBound {
        model.phone.append(character)
      }
    case .backspace:
      if focusOnCode, !model.code.isEmpty { model.code.removeLast() }
      if !focusOnCode, !model.phone.isEmpty { model.phone.removeLast() }
    case .tab, .backTab, .up, .down: chosenFocusOnCode = !focusOnCode
    case .enter where !focusOnCode:
      guard model.phoneValid else { return "A number has 7 to 15 digits" }
      chosenFocusOnCode = nil
      model.requestCode()
    case .enter:
      guard model.loginEnabled else { return "Request a code, then type its 6 digits" }
      model.login()
    case .escape: model.usePassword()
    default: return "Digits only here"
    }
    return nil
  }
}
