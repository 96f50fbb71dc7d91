import DemoSupport
import LoginFeature

/// The launch screen, while the flow decides where to start. Threading: main actor.
@MainActor
final class LaunchScreen: LoginScreenView {
  var title: String { "Starting" }
  var body: [String] { ["Starting..."] }
}

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

/// The home screen: who is logged in; enter logs out. Threading: main actor.
@MainActor
final class HomeScreen: LoginScreenView {
  let model: HomeViewModel
  init(model: HomeViewModel) { self.model = model }

  var title: String { "Home" }
  var body: [String] {
    ["Welcome, \(model.session.userID)!"] + (model.session.realName.map { ["(\($0))"] } ?? []) + [
      "", "You are logged in.", "", "enter: log out",
    ]
  }

  func handle(_ key: Key) -> String? {
    guard key == .enter else { return "That key does nothing here" }
    model.logout()
    return nil
  }
}
