import Coordinators
import Signals

/// The office app's screens.
public enum OfficeScreen: Hashable, Sendable, Codable {
  case login, home, news, feedback, contacts, picker
  case contact(id: Int)
}

/// What moves the office app between screens.
public enum OfficeEvent: Hashable, Sendable {
  case loggedIn, logout, back
  case openNews, openFeedback, openContacts, newGroupChat, pickerDone
  case openContact(id: Int)
}

/// The office app's navigation: log in, then a home with the news, feedback and contacts
/// modules, a contact's detail (also reachable by deep link), and the group-chat picker.
public let officeGraph = StateGraph<OfficeScreen, OfficeEvent>(initial: .login) {
  Transition(from: .login, on: .loggedIn, to: .home, presentation: .root)
  Transition(from: .home, on: .openNews, to: .news)
  Transition(from: .home, on: .openFeedback, to: .feedback)
  Transition(from: .home, on: .openContacts, to: .contacts)
  Transition(from: .home, on: .newGroupChat, to: .picker, presentation: .modal)
  Transition(from: .picker, on: .pickerDone, to: .home)
  Transition(from: .news, on: .back, to: .home)
  Transition(from: .feedback, on: .back, to: .home)
  Transition(from: .contacts, on: .back, to: .home)
  Transition(from: .contacts, on: .openContact(id: 0), to: .contact(id: 0)) { _, event in
    if case .openContact(let id) = event { .contact(id: id) } else { .contact(id: 0) }
  }
  Transition(from: .contact(id: 0), on: .back, to: .contacts)
  Transition(from: .home, on: .logout, to: .login, presentation: .root)
}
