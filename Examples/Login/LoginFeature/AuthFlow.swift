import Coordinators
import Signals

/// The screens of the login app, each with what it needs to be made: home carries the session
/// it shows, made from the `loggedIn` event that led there.
public enum AuthScreen: Hashable, Sendable, CaseKeyed {
  /// Deciding where to start.
  case launch
  /// Password login.
  case password
  /// Creating an account.
  case register
  /// Face or fingerprint login.
  case biometric
  /// Pattern login (digits on a 3x3 grid).
  case pattern
  /// Mobile login with an SMS code.
  case sms
  /// Logged in, with this session.
  case home(Session)

  /// The screens without their payloads, as the auth graph names them.
  public enum Case: Hashable, Sendable { case launch, password, register, biometric, pattern, sms, home }

  /// Which screen this is.
  public var caseKey: Case {
    switch self {
    case .launch: .launch
    case .password: .password
    case .register: .register
    case .biometric: .biometric
    case .pattern: .pattern
    case .sms: .sms
    case .home: .home
    }
  }
}

/// What moves the login app between screens.
public enum AuthEvent: Hashable, Sendable, CaseKeyed {
  /// Launch found these stored credentials.
  case launched(CredentialKind)
  /// A login succeeded, with this session.
  case loggedIn(Session)
  /// The user asked to register, or finished or left registration.
  case register, registered, back
  /// Biometric, pattern or SMS login gave up: use the password.
  case usePassword
  /// The user logged out.
  case logout
  /// The server said the session expired.
  case sessionExpired

  /// The events without their payloads, as the auth graph names them.
  public enum Case: Hashable, Sendable {
    case launched, loggedIn, register, registered, back, usePassword, logout, sessionExpired
  }

  /// Which event this is.
  public var caseKey: Case {
    switch self {
    case .launched: .launched
    case .loggedIn: .loggedIn
    case .register: .register
    case .registered: .registered
    case .back: .back
    case .usePassword: .usePassword
    case .logout: .logout
    case .sessionExpired: .sessionExpired
    }
  }
}

/// The credential a device has stored, which decides the first login screen.
public enum CredentialKind: Hashable, Sendable {
  case none, biometric, pattern
  /// No stored credential, but this device logs in with an SMS code.
  case sms
}

/// The login app's navigation, as a graph: every screen, every way between them.
public let authGraph = StateGraph<AuthScreen, AuthEvent>(
  initial: .launch,
  states: [.launch, .password, .register, .biometric, .pattern, .sms, .home]
) {
  Transition(from: .launch, on: .launched, to: .password, presentation: .root, guard: "no credential") {
    $1 == .launched(.none)
  }
  Transition(from: .launch, on: .launched, to: .biometric, presentation: .root, guard: "biometric") {
    $1 == .launched(.biometric)
  }
  Transition(from: .launch, on: .launched, to: .pattern, presentation: .root, guard: "pattern") {
    $1 == .launched(.pattern)
  }
  Transition(from: .launch, on: .launched, to: .sms, presentation: .root, guard: "sms") {
    $1 == .launched(.sms)
  }
  // Home is made from the event: the session it shows is the one the login sent.
  for screen in [AuthScreen.Case.password, .biometric, .pattern, .sms] {
    Transition(
      from: screen, on: .loggedIn,
      to: .make(.home) { if case .loggedIn(let session) = $0 { .home(session) } else { nil } },
      presentation: .root)
  }
  Transition(from: .password, on: .register, to: .register)
  Transition(from: .register, on: .back, to: .password)
  Transition(from: .register, on: .registered, to: .password)
  Transition(from: .biometric, on: .usePassword, to: .password, presentation: .root)
  Transition(from: .pattern, on: .usePassword, to: .password, presentation: .root)
  Transition(from: .sms, on: .usePassword, to: .password, presentation: .root)
  Transition(from: .home, on: .logout, to: .password, presentation: .root)
  // From every screen but the launch one, where no session has started yet (the coordinator
  // ignores an expiry there); spelt out rather than `fromAny`, so that the drawing shows it.
  for screen in [AuthScreen.Case.password, .register, .biometric, .pattern, .sms, .home] {
    Transition(from: screen, on: .sessionExpired, to: .password, presentation: .root)
  }
}

/// Makes the app's coordinator: the auth graph shown through `navigator`, with `back` as the
/// system back event.
@MainActor
public func makeAuthCoordinator(navigator: any Navigator<AuthScreen>) -> Coordinator<AuthScreen, AuthEvent> {
  Coordinator(graph: authGraph, navigator: navigator, backEvent: .back)
}
