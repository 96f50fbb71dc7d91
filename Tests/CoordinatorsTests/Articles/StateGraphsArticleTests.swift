import Coordinators
import Signals
import SignalsTesting
import Testing

// The code of Sources/Coordinators/Coordinators.docc/StateGraphsAndCoordinators.md, verbatim;
// DocumentationSnippetTests (in SignalsTestingTests) checks that it stays so.
@MainActor
@Suite struct StateGraphsArticleTests {
  enum Page: String, CaseKeyed, CaseIterable, Codable {
    case welcome, signIn, home, settings
  }

  enum Tap: CaseKeyed, CaseIterable {
    case start, signedIn, openSettings, close, signOut
  }

  static func makeGraph() -> StateGraph<Page, Tap> {
    let app = StateGraph<Page, Tap>(initial: .welcome) {
      Transition(from: .welcome, on: .start, to: .signIn)
      Transition(from: .signIn, on: .signedIn, to: .home, presentation: .root)
      Transition(from: .home, on: .openSettings, to: .settings, presentation: .modal)
      Transition(from: .settings, on: .close, to: .home)
      Transition(fromAny: .signOut, to: .welcome)
    }
    return app
  }

  let app = Self.makeGraph()

  @Test func theGraphHasNoProblemsAndDrawsItself() {
    #expect(app.flowProblems() == [])
    #expect(app.flowMermaid().hasPrefix("stateDiagram-v2\n    [*] --> welcome\n"))
  }

  @Test func theMachineTakesOnlyTheGraphsEdges() {
    let machine = StateMachine(graph: app)
    var pages: [Page] = []
    let subscription = machine.statePublisher.sink { pages.append($0) }
    #expect(machine.send(.start))
    #expect(machine.send(.openSettings) == false)  // no such edge from signIn
    #expect(throws: TransitionRejected.self) { try machine.trySend(.close) }
    #expect(pages == [.welcome, .signIn])
    subscription.cancel()
  }

  @Test func theCoordinatorMovesTheScreensAndRestoresThem() throws {
    let navigator = RecordingNavigator<Page>()
    let coordinator = Coordinator(graph: app, navigator: navigator)
    coordinator.start()
    try coordinator.trySend(.start)
    try coordinator.trySend(.signedIn)
    try coordinator.trySend(.openSettings)
    try coordinator.trySend(.close)
    #expect(navigator.calls == ["root welcome", "push signIn", "root home", "present settings", "dismiss"])

    let saved = try coordinator.savedNavigation()
    let relaunched = RecordingNavigator<Page>()
    let restored = Coordinator(graph: app, navigator: relaunched)
    restored.start()
    try restored.restoreNavigation(from: saved)
    #expect(restored.state == .home)
    #expect(throws: StateRestoreError.self) { try restored.restoreNavigation(from: Array("{}".utf8)) }
  }

  @Test func everyEdgeIsCoveredOnFreshCoordinators() {
    let taken = expectEveryTransition(of: app) {
      let coordinator = Coordinator(graph: app, navigator: RecordingNavigator<Page>())
      coordinator.start()
      return { event in try coordinator.trySend(event) }
    }
    #expect(taken >= app.transitions.count)
  }
}
