import DemoSupport
import LoginFeature

/// The registration screen (pushed over password login): esc or enter goes back.
/// Threading: main actor.
@MainActor
final class RegisterScreen: LoginScreenView {
  let model: RegisterViewModel
  init(model: RegisterViewModel) { self.model = model }

  var title: String { "Create an account" }
  var body: [String] {
    ["Create an account", "", "Registration is not part of", "this demo.", "", "esc: back"]
  }

  func handle(_ key: Key) -> String? {
    guard key == .escape || key == .enter else { return "That key does nothing here" }
    model.back()
    return nil
  }
}
