import Coordinators
import Signals

/// The office app's screens.
public enum OfficeScreen: Hashable, Sendable, Codable, CaseKeyed {
  case login, home, news, feedback, contacts, picker
  case contact(id: Int)

  /// The screens without their payloads, as the office graph names them.
  public enum Case: Hashable, Sendable { case login, home, news, feedback, contacts, picker, contact }

  /// Which screen this is.
  public var caseKey: Case {
    switch self {
    case .login: .login
    case .home: .home
    case .news: .news
    case .feedback: .feedback
    case .contacts: .contacts
    case .picker: .picker
    case .contact: .contact
    }
  }
}

/// What moves the office app between screens.
public enum OfficeEvent: Hashable, Sendable, CaseKeyed {
  case loggedIn, logout, back, sessionExpired
  case openNews, openFeedback, openContacts, newGroupChat, pickerDone
  case openContact(id: Int)

  /// The events without their payloads, as the office graph names them.
  public enum Case: Hashable, Sendable {
    case loggedIn, logout, back, sessionExpired, openNews, openFeedback, openContacts, newGroupChat,
      pickerDone, openContact
  }

  /// Which event this is.
  public var caseKey: Case {
    switch self {
    case .loggedIn: .loggedIn
    case .logout: .logout
    case .back: .back
    case .sessionExpired: .sessionExpired
    case .openNews: .openNews
    case .openFeedback: .openFeedback
    case .openContacts: .openContacts
    case .newGroupChat: .newGroupChat
    case .pickerDone: .pickerDone
    case .openContact: .openContact
    }
  }
}

/// The office app's navigation: log in, then a home with the news, feedback and contacts
/// modules, a contact's detail (also reachable by deep link), and the group-chat picker.
public let officeGraph = StateGraph<OfficeScreen, OfficeEvent>(initial: .login) {
  Transition(from: .login, on: .loggedIn, to: .home, presentation: .root)
  Transition(from: .home, on: .openNews, to: .news)
  Transition(from: .home, on: .openFeedback, to: .feedback)
  Transition(from: .home, on: .openContacts, to: .contacts)
  Transition(from: .home, on: .newGroupChat, to: .picker, presentation: .modal)
  Transition(from: .picker, on: .pickerDone, to: .previous)
  Transition(from: .news, on: .back, to: .previous)
  Transition(from: .feedback, on: .back, to: .previous)
  Transition(from: .contacts, on: .back, to: .previous)
  Transition(
    from: .contacts, on: .openContact,
    to: .make(.contact) { if case .openContact(let id) = $0 { .contact(id: id) } else { nil } })
  Transition(from: .contact, on: .back, to: .previous)
  Transition(from: .home, on: .logout, to: .login, presentation: .root)
  Transition(fromAny: .sessionExpired, to: .login)
}
