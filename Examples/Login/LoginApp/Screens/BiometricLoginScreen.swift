import DemoSupport
import LoginFeature

/// The face login screen: the face, the status, the way back to the password.
///
/// Keys: enter scans, tab uses the password. Threading: main actor.
@MainActor
final class BiometricLoginScreen: LoginScreenView {
  let model: BiometricLoginViewModel
  let spinner: Spinner

  init(model: BiometricLoginViewModel, spinner: Spinner) {
    self.model = model
    self.spinner = spinner
  }

  var title: String { "Face login" }
  var isLoading: Bool { model.currentStatus == .loading }

  var body: [String] {
    let status =
      switch model.currentStatus {
      case .idle: "enter: scan your face"
      case .loading: "Scanning \(spinner.glyph)"
      case .notRecognized: "Not recognized; enter: try again"
      case .unavailable(let reason): "\(reason)"
      case .failure(let error): "Failed: \(error)"
      case .success: "Logged in"
      case .fallbackToPassword(let notice): notice
      }
    return ["Face login", "", "   ( o_o )", ""] + TextWidth.wrap(status, to: loginTextWidth) + [
      "", "tab: use your password",
    ]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .enter: model.login()
    case .tab: model.usePassword()
    default: return "That key does nothing here"
    }
    return nil
  }
}
