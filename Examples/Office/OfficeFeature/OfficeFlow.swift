import Coordinators
import Signals

/// The office app's screens, and the two states of its chart that are not screens: `menu` (home
/// with nothing over it) and `browsing` (the contact list with no contact open).
public enum OfficeScreen: Hashable, Sendable, Codable, CaseKeyed {
  case login, home, news, feedback, contacts, picker
  case contact(id: Int)
  /// Home with nothing over it: the home menu takes its choices here (not a screen).
  case menu
  /// The contact list with no contact open (not a screen).
  case browsing

  /// The states without their payloads, as the office chart names them.
  public enum Case: Hashable, Sendable {
    case login, home, news, feedback, contacts, picker, contact, menu, browsing
  }

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
    case .menu: .menu
    case .browsing: .browsing
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

/// The office app's navigation, as one statechart: log in, then `home`, a compound state whose
/// children are the screens shown over the home menu (the news, feedback and contacts modules,
/// and the group-chat picker, presented modally); the contacts module is a nested flow, a
/// compound state whose list opens a contact's detail (also reachable by deep link). An expired
/// session leaves all of it for the login screen.
///
/// `officeScreens` says what each state is on screen; the `Coordinator` lays the configuration
/// out as a stack (`home`, then `contacts` pushed over it, then `contact`), so a way back is a
/// transition to the state whose screens stay, and the navigator pops what is left.
public let officeGraph = StateGraph<OfficeScreen, OfficeEvent>(initial: .login) {
  Transition(from: .login, on: .loggedIn, to: .home)
  Transition(from: .menu, on: .openNews, to: .news)
  Transition(from: .menu, on: .openFeedback, to: .feedback)
  Transition(from: .menu, on: .openContacts, to: .contacts)
  Transition(from: .menu, on: .newGroupChat, to: .picker)
  Transition(from: .picker, on: .pickerDone, to: .menu)
  Transition(from: .news, on: .back, to: .menu)
  Transition(from: .feedback, on: .back, to: .menu)
  Transition(from: .contacts, on: .back, to: .menu)
  Transition(
    from: .browsing, on: .openContact,
    to: .make(.contact) { if case .openContact(let id) = $0 { .contact(id: id) } else { nil } })
  Transition(from: .contact, on: .back, to: .browsing)
  Transition(from: .menu, on: .logout, to: .login)
  Transition(from: .home, on: .sessionExpired, to: .login)
} chart: {
  Leaf(.login)
  Compound(.home, initial: .menu) {
    Leaf(.menu)
    Leaf(.news)
    Leaf(.feedback)
    Compound(.contacts, initial: .browsing) {
      Leaf(.browsing)
      Leaf(case: .contact)
    }
    Leaf(.picker)
  }
}

/// What each state of `officeGraph` is on screen: the login screen and home are roots, the
/// modules are pushed over home (the contact's detail over the list), the picker is presented
/// modally; `menu` and `browsing` are no screen.
public let officeScreens: [OfficeScreen.Case: ScreenRole] = [
  .login: .root, .home: .root, .news: .push, .feedback: .push, .contacts: .push, .contact: .push,
  .picker: .modal,
]
