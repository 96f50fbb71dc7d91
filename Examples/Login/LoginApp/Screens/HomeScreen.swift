import DemoSupport
import LoginFeature

/// The home screen: who is logged in, their profile (reloaded when home comes up, and with r);
/// enter logs out. Threading: main actor.
@MainActor
final class HomeScreen: LoginScreenView {
  let model: HomeViewModel
  let spinner: Spinner
  init(model: HomeViewModel, spinner: Spinner) {
    self.model = model
    self.spinner = spinner
  }

  var title: String { "Home" }
  var isLoading: Bool { model.isRefreshing }
  var body: [String] {
    var body = ["Welcome, \(model.session.userID)!"] + (model.session.realName.map { ["(\($0))"] } ?? [])
    body += ["", "You are logged in."] + (model.language.map { ["Language: \($0)"] } ?? [])
    if model.isRefreshing { body.append("Refreshing your profile \(spinner.glyph)") }
    if let error = model.refreshError { body.append("! Could not refresh: \(error)") }
    return body + ["", model.canRefresh ? "r: refresh  enter: log out" : "enter: log out"]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .enter: model.logout()
    case .character("r") where model.canRefresh: model.refresh()
    default: return "That key does nothing here"
    }
    return nil
  }
}
