import Coordinators
import LoginFeature
import Signals
import SignalsTesting
import Testing

@MainActor
final class ScreenLog: Navigator {
  var calls: [String] = []
  func setRoot(_ screen: AuthScreen) { calls.append("root \(screen)") }
  func push(_ screen: AuthScreen) { calls.append("push \(screen)") }
  func pop() { calls.append("pop") }
  func present(_ screen: AuthScreen) { calls.append("present \(screen)") }
  func dismiss() { calls.append("dismiss") }
}

@MainActor
@Suite struct AuthFlowTests {
  @Test func theGraphIsSoundAndEveryEdgeIsTaken() {
    #expect(authGraph.problems() == [])
    #expect(expectEveryTransition(of: authGraph) >= authGraph.transitions.count)
  }

  @Test func launchPicksTheLoginScreenByStoredCredential() throws {
    for (kind, screen) in [
      (CredentialKind.none, AuthScreen.password), (.biometric, .biometric), (.pattern, .pattern),
    ] {
      let coordinator = makeAuthCoordinator(navigator: ScreenLog())
      coordinator.start()
      #expect(try coordinator.send(.launched(kind)) == screen)
    }
  }

  @Test func registerIsPushedAndPoppedAndSessionExpiryReturnsToPassword() throws {
    let log = ScreenLog()
    let coordinator = makeAuthCoordinator(navigator: log)
    coordinator.start()
    try coordinator.send(.launched(.none))
    try coordinator.send(.register)
    try coordinator.systemDidGoBack()
    try coordinator.send(.loggedIn)
    try coordinator.send(.sessionExpired)
    #expect(log.calls == ["root launch", "root password", "push register", "root home", "root password"])
  }

  @Test func theGraphDrawsAsMermaid() {
    let mermaid = authGraph.mermaid()
    #expect(mermaid.hasPrefix("stateDiagram-v2\n    [*] --> launch\n"))
    #expect(mermaid.contains("    home --> password: logout (root)\n"))
    #expect(mermaid.contains("    register --> password: sessionExpired (root)\n"))
  }
}
