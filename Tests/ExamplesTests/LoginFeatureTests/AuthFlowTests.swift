import Coordinators
import LoginFeature
import Signals
import SignalsTesting
import Testing

@MainActor
final class ScreenLog: Navigator {
  var calls: [String] = []
  func setRoot(_ screen: AuthScreen) { calls.append("root \(Self.name(screen))") }
  func push(_ screen: AuthScreen) { calls.append("push \(Self.name(screen))") }
  func pop() { calls.append("pop") }
  func present(_ screen: AuthScreen) { calls.append("present \(Self.name(screen))") }

  /// The screen's case, and for home whose session it shows: `home(alice)`.
  static func name(_ screen: AuthScreen) -> String {
    if case .home(let session) = screen { "home(\(session.userID))" } else { "\(screen.caseKey)" }
  }
  func dismiss() { calls.append("dismiss") }
}

/// A session, for the events that carry one.
let aliceSession = Session(userID: "alice", token: "t")

/// One example of each auth event, for the covering-path helpers.
let authEvents: [AuthEvent] = [
  .launched(.none), .launched(.biometric), .launched(.pattern), .launched(.sms), .loggedIn(aliceSession),
  .register,
  .registered, .back,
  .usePassword, .logout, .sessionExpired,
]

@MainActor
@Suite struct AuthFlowTests {
  @Test func theGraphIsSoundAndEveryEdgeIsTaken() {
    #expect(authGraph.flowProblems() == [])
    #expect(expectEveryTransition(of: authGraph, events: authEvents) >= authGraph.transitions.count)
  }

  @Test func theAppsCoordinatorIsDrivenAlongEveryEdge() {
    let taken = expectEveryTransition(of: authGraph, events: authEvents) {
      let coordinator = makeAuthCoordinator(navigator: ScreenLog())
      coordinator.start()
      return { try coordinator.trySend($0) }
    }
    #expect(taken >= authGraph.transitions.count)
  }

  @Test func launchPicksTheLoginScreenByStoredCredential() throws {
    for (kind, screen) in [
      (CredentialKind.none, AuthScreen.password), (.biometric, .biometric), (.pattern, .pattern),
      (.sms, .sms),
    ] {
      let coordinator = makeAuthCoordinator(navigator: ScreenLog())
      coordinator.start()
      #expect(try coordinator.trySend(.launched(kind)) == screen)
    }
  }

  @Test func registerIsPushedAndPoppedAndSessionExpiryReturnsToPassword() throws {
    let log = ScreenLog()
    let coordinator = makeAuthCoordinator(navigator: log)
    coordinator.start()
    try coordinator.trySend(.launched(.none))
    try coordinator.trySend(.register)
    try coordinator.systemDidGoBack()
    try coordinator.trySend(.loggedIn(aliceSession))
    try coordinator.trySend(.sessionExpired)
    #expect(
      log.calls == ["root launch", "root password", "push register", "root home(alice)", "root password"])
  }

  @Test func homeIsMadeFromTheSessionTheLoggedInEventCarries() throws {
    let bob = Session(userID: "bob", token: "b")
    for kind in [CredentialKind.none, .biometric, .pattern, .sms] {
      let log = ScreenLog()
      let coordinator = makeAuthCoordinator(navigator: log)
      coordinator.start()
      try coordinator.trySend(.launched(kind))
      #expect(try coordinator.trySend(.loggedIn(bob)) == .home(bob))
      #expect(log.calls.last == "root home(bob)")
    }
  }

  /// Snapshots of the whole graph, as the README and `LoginDemo --graph` show it: a change to
  /// the flow shows up here as a reviewable diff.
  @Test func theGraphDrawsAsMermaidAndDot() {
    #expect(
      authGraph.flowMermaid() == """
        stateDiagram-v2
            [*] --> launch
            launch --> password: launched [no credential] (root)
            launch --> biometric: launched [biometric] (root)
            launch --> pattern: launched [pattern] (root)
            launch --> sms: launched [sms] (root)
            password --> home: loggedIn (root)
            biometric --> home: loggedIn (root)
            pattern --> home: loggedIn (root)
            sms --> home: loggedIn (root)
            password --> register: register
            register --> password: back
            register --> password: registered
            biometric --> password: usePassword (root)
            pattern --> password: usePassword (root)
            sms --> password: usePassword (root)
            home --> password: logout (root)
            password --> password: sessionExpired (root)
            register --> password: sessionExpired (root)
            biometric --> password: sessionExpired (root)
            pattern --> password: sessionExpired (root)
            sms --> password: sessionExpired (root)
            home --> password: sessionExpired (root)

        """)
    #expect(
      authGraph.flowDot(name: "Auth") == """
        digraph Auth {
          rankdir=LR;
          "[*]" [shape=point];
          "[*]" -> "launch";
          "launch" -> "password" [label="launched [no credential] (root)"];
          "launch" -> "biometric" [label="launched [biometric] (root)"];
          "launch" -> "pattern" [label="launched [pattern] (root)"];
          "launch" -> "sms" [label="launched [sms] (root)"];
          "password" -> "home" [label="loggedIn (root)"];
          "biometric" -> "home" [label="loggedIn (root)"];
          "pattern" -> "home" [label="loggedIn (root)"];
          "sms" -> "home" [label="loggedIn (root)"];
          "password" -> "register" [label="register"];
          "register" -> "password" [label="back"];
          "register" -> "password" [label="registered"];
          "biometric" -> "password" [label="usePassword (root)"];
          "pattern" -> "password" [label="usePassword (root)"];
          "sms" -> "password" [label="usePassword (root)"];
          "home" -> "password" [label="logout (root)"];
          "password" -> "password" [label="sessionExpired (root)"];
          "register" -> "password" [label="sessionExpired (root)"];
          "biometric" -> "password" [label="sessionExpired (root)"];
          "pattern" -> "password" [label="sessionExpired (root)"];
          "sms" -> "password" [label="sessionExpired (root)"];
          "home" -> "password" [label="sessionExpired (root)"];
        }

        """)
  }
}
