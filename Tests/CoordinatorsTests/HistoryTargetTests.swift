import Coordinators
import Signals
import SignalsTesting
import Testing

/// A list, a detail with a payload, and a settings modal opened from either.
enum HistoryPage: Hashable, Sendable, Codable, CaseKeyed {
  case list, settings
  case detail(id: Int)

  enum Case: Hashable, Sendable { case list, settings, detail }
  var caseKey: Case {
    switch self {
    case .list: .list
    case .settings: .settings
    case .detail: .detail
    }
  }
}

enum PageEvent: Hashable, Sendable, CaseKeyed {
  case open(id: Int)
  case openSettings, close, back

  enum Case: Hashable, Sendable { case open, openSettings, close, back }
  var caseKey: Case {
    switch self {
    case .open: .open
    case .openSettings: .openSettings
    case .close: .close
    case .back: .back
    }
  }
}

let pages = StateGraph<HistoryPage, PageEvent>(initial: .list) {
  Transition(
    from: .list, on: .open, to: .make(.detail) { if case .open(let id) = $0 { .detail(id: id) } else { nil } }
  )
  Transition(from: .detail, on: .back, to: .list)
  Transition(fromAny: .openSettings, to: .settings, presentation: .modal)
  Transition(from: .settings, on: .close, to: .previous)
}

@MainActor @Suite struct HistoryTargetTests {
  @Test func previousReturnsToTheStateThatOpenedItPayloadIncluded() throws {
    let navigator = RecordingNavigator<HistoryPage>()
    let coordinator = Coordinator(graph: pages, navigator: navigator)
    coordinator.start()
    try coordinator.trySend(.openSettings)
    #expect(try coordinator.trySend(.close) == .list)
    try coordinator.trySend(.open(id: 7))
    try coordinator.trySend(.openSettings)
    #expect(try coordinator.trySend(.close) == .detail(id: 7))
    #expect(coordinator.stack.map(\.screen) == [.list, .detail(id: 7)])
    #expect(
      navigator.calls == [
        "root list", "present settings", "dismiss", "push detail(id: 7)", "present settings", "dismiss",
      ])
  }

  @Test func previousWithNothingUnderTheTopIsRefused() {
    let graph = StateGraph<HistoryPage, PageEvent>(initial: .settings) {
      Transition(from: .settings, on: .close, to: .previous)
    }
    let coordinator = Coordinator(graph: graph, navigator: RecordingNavigator<HistoryPage>())
    coordinator.start()
    #expect(!coordinator.can(.close))
    #expect(throws: TransitionRejected(state: "settings", event: "close", reason: .noHistory)) {
      try coordinator.trySend(.close)
    }
    #expect(graph.flowProblems() == [.nothingToGoBackTo(state: "settings")])
  }

  @Test func aMachineThatNoCoordinatorRunsRefusesPrevious() {
    let machine = StateMachine(graph: pages)
    #expect(machine.send(.openSettings))
    #expect(!machine.can(.close))
    #expect(throws: TransitionRejected(state: "settings", event: "close", reason: .noHistory)) {
      try machine.trySend(.close)
    }
  }

  @Test func diagramsDrawPreviousBackToEachOpenerWithoutSelfLoops() {
    #expect(pages.flowProblems() == [])
    #expect(
      pages.flowMermaid() == """
        stateDiagram-v2
            [*] --> list
            list --> detail: open
            detail --> list: back
            list --> settings: openSettings (modal)
            detail --> settings: openSettings (modal)
            settings --> list: close (previous)
            settings --> detail: close (previous)

        """)
    #expect(!pages.flowDot().contains("\"settings\" -> \"settings\""))
    #expect(pages.flowDot().contains("\"settings\" -> \"detail\" [label=\"close (previous)\"];"))
  }

  @Test func aWildcardThatPresentsDoesNotApplyInItsOwnTarget() throws {
    let coordinator = Coordinator(graph: pages, navigator: RecordingNavigator<HistoryPage>())
    coordinator.start()
    try coordinator.trySend(.openSettings)
    #expect(!coordinator.can(.openSettings))
    #expect(throws: TransitionRejected(state: "settings", event: "openSettings", reason: .noTransition)) {
      try coordinator.trySend(.openSettings)
    }
  }

  @Test func everyTransitionIncludingPreviousIsCovered() {
    let events: [PageEvent] = [.open(id: 3), .openSettings, .close, .back]
    let taken = expectEveryTransition(of: pages, events: events) {
      let coordinator = Coordinator(graph: pages, navigator: RecordingNavigator<HistoryPage>())
      coordinator.start()
      return { try coordinator.trySend($0) }
    }
    #expect(taken >= pages.transitions.count)
    // The covering paths close settings from both screens that open it.
    let closes = pages.flowCoveringPaths().filter { $0.last?.returnsToPrevious == true }
    let returnedTo: [HistoryPage.Case] = closes.compactMap { pages.flowStack(after: $0)?.last }
    #expect(returnedTo.map { "\($0)" }.sorted() == ["detail", "list"])
  }

  @Test func aTransitionWithoutAPresentationHasNoneUntilACoordinatorReadsItAsAPush() {
    let graph = StateGraph<HistoryPage, PageEvent>(initial: .list) {
      Transition(from: .list, on: .openSettings, to: .settings)
      Transition(from: .settings, on: .close, to: .previous)
      Transition(fromAny: .back, to: .list)
    }
    #expect(graph.transitions[0].presentation == .none)
    #expect(graph.transitions[2].presentation == .root)
    #expect(graph.flowGraph().transitions.map(\.presentation) == [.push, .push, .root])
    #expect(graph.flowProblems() == [])
  }
}

@Suite struct FlowProblemTests {
  @Test func aModalScreenWithNoWayOutIsAFlowProblem() {
    let graph = StateGraph<HistoryPage, PageEvent>(initial: .list) {
      Transition(from: .list, on: .openSettings, to: .settings, presentation: .modal)
    }
    #expect(graph.problems() == [.deadEnd(state: "settings")])
    #expect(
      graph.flowProblems() == [.graph(.deadEnd(state: "settings")), .modalWithoutWayBack(state: "settings")])
    #expect(
      FlowProblem.modalWithoutWayBack(state: "settings").description
        == "state settings is presented modally but has no transition out")
  }
}
