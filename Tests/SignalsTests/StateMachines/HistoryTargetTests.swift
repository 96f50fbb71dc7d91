import Signals
import SignalsTesting
import Testing

/// A list, a detail with a payload, and a settings modal opened from either.
enum Page: Hashable, Sendable, Codable, CaseKeyed {
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

let pages = StateGraph<Page, PageEvent>(initial: .list) {
  Transition(
    from: .list, on: .open, to: .make(.detail) { if case .open(let id) = $0 { .detail(id: id) } else { nil } }
  )
  Transition(from: .detail, on: .back, to: .list)
  Transition(fromAny: .openSettings, to: .settings, presentation: .modal)
  Transition(from: .settings, on: .close, to: .previous)
}

@Suite struct HistoryTargetTests {
  @Test func previousReturnsToTheStateThatOpenedItPayloadIncluded() throws {
    let machine = StateMachine(graph: pages)
    #expect(machine.keepsStack)
    try machine.trySend(.openSettings)
    #expect(try machine.trySend(.close) == .list)
    try machine.trySend(.open(id: 7))
    try machine.trySend(.openSettings)
    #expect(try machine.trySend(.close) == .detail(id: 7))
    #expect(machine.stack.map(\.state) == [.list, .detail(id: 7)])
  }

  @Test func previousWithNothingUnderTheTopIsRefused() {
    let graph = StateGraph<Page, PageEvent>(initial: .settings) {
      Transition(from: .settings, on: .close, to: .previous)
    }
    let machine = StateMachine(graph: graph)
    #expect(!machine.can(.close))
    #expect(throws: TransitionRejected(state: "settings", event: "close", reason: .noHistory)) {
      try machine.trySend(.close)
    }
    #expect(graph.problems() == [.nothingToGoBackTo(state: "settings")])
  }

  @Test func diagramsDrawPreviousBackToEachOpenerWithoutSelfLoops() {
    #expect(pages.problems() == [])
    #expect(
      pages.mermaid() == """
        stateDiagram-v2
            [*] --> list
            list --> detail: open
            detail --> list: back
            list --> settings: openSettings (modal)
            detail --> settings: openSettings (modal)
            settings --> list: close (previous)
            settings --> detail: close (previous)

        """)
    #expect(!pages.dot().contains("\"settings\" -> \"settings\""))
  }

  @Test func aWildcardThatPresentsDoesNotApplyInItsOwnTarget() throws {
    let machine = StateMachine(graph: pages)
    try machine.trySend(.openSettings)
    #expect(!machine.can(.openSettings))
    #expect(throws: TransitionRejected(state: "settings", event: "openSettings", reason: .noTransition)) {
      try machine.trySend(.openSettings)
    }
  }

  @Test func everyTransitionIncludingPreviousIsCovered() {
    let events: [PageEvent] = [.open(id: 3), .openSettings, .close, .back]
    #expect(expectEveryTransition(of: pages, events: events) >= pages.transitions.count)
    // The covering paths close settings from both screens that open it.
    let closes = pages.coveringPaths().filter { $0.last?.returnsToPrevious == true }
    let returnedTo: [Page.Case] = closes.compactMap { (path) -> Page.Case? in pages.stack(after: path)?.last }
    let names: [String] = returnedTo.map { (key: Page.Case) -> String in "\(key)" }.sorted()
    #expect(names == ["detail", "list"])
  }
}
