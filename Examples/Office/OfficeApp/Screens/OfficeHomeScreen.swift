import DemoSupport
import OfficeFeature

/// Office's home screen: the four features and log out. Threading: main actor.
@MainActor
final class OfficeHomeScreen: OfficeScreenView {
  let model: OfficeHomeViewModel
  init(model: OfficeHomeViewModel) { self.model = model }

  var title: String { "Office" }
  var body: [String] {
    ["Office", "", "1 News", "2 Feedback", "3 Contacts", "4 New group chat", "", "l: log out"]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .character("1"): model.choose(.news)
    case .character("2"): model.choose(.feedback)
    case .character("3"): model.choose(.contacts)
    case .character("4"): model.choose(.groupChat)
    case .character("l"): model.choose(.logout)
    default: return "Choose 1-4, or l to log out"
    }
    return nil
  }
}
