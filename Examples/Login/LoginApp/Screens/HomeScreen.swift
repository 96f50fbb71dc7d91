import DemoSupport
import LoginFeature

/// The home screen: who is logged in; enter logs out. Threading: main actor.
@MainActor
final class HomeScreen: LoginScreenView {
  let model: HomeViewModel
  init(model: HomeViewModel) { self.model = model }

  var title: String { "Home" }
  var body: [String] {
    ["Welcome, \(model.session.userID)!"] + (model.session.realName.map { ["(\($0))"] } ?? []) + [
      "", "You are logged in.",
    ] + (model.language.map { ["Language: \($0)"] } ?? []) + ["", "enter: log out"]
  }

  func handle(_ key: Key) -> String? {
    guard key == .enter else { return "That key does nothing here" }
    model.logout()
    return nil
  }
}
