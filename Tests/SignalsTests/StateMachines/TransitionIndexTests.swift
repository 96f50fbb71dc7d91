import Signals
import Testing

/// A screen keyed by name: a case key wider than one byte, so the index hashes it.
struct NamedScreen: Equatable, Sendable, CaseKeyed {
  let name: String
  var caseKey: String { name }
}

/// An event keyed by name.
struct NamedEvent: Equatable, Sendable, CaseKeyed {
  let name: String
  var caseKey: String { name }
}

@Suite struct TransitionIndexTests {
  let statuses: [Status.Case] = [.none, .loading, .success, .failure]
  let events: [StatusEvent.Case] = [.press, .succeeded, .failed]

  func names(_ transitions: [Transition<Status, StatusEvent>]) -> [String] {
    transitions.map { "\($0.fromName)-\($0.eventName)->\($0.toName)" }
  }

  @Test func payloadFreeCaseKeysAreLookedUpByTheirByte() {
    #expect(statusGraph.looksUpCasesByByte)
  }

  @Test func theByteTableAndTheHashedLookupAgreeOnEveryPair() {
    let graph = StateGraph<Status, StatusEvent>(initial: .none) {
      Transition(from: .none, on: .press, to: .loading)
      Transition(from: .loading, on: .failed, to: .failure(reason: "x"))
      Transition(fromAny: .press, to: .loading)
      Transition(fromAny: .succeeded, to: .success(user: "u")).excludingTarget()
    }
    #expect(graph.looksUpCasesByByte)
    var compared = 0
    for state in statuses {
      for event in events {
        let table = names(graph.candidates(from: state, on: event))
        #expect(table == names(graph.hashedCandidates(from: state, on: event)), "\(state) \(event)")
        compared += table.count
      }
    }
    // press: two in none, one elsewhere; succeeded: all but its own target; failed: loading.
    #expect(compared == 5 + 3 + 1)
  }

  @Test func wideCaseKeysAreHashedAndStillMatch() throws {
    let graph = StateGraph<NamedScreen, NamedEvent>(initial: NamedScreen(name: "list")) {
      Transition(from: "list", on: "open", to: NamedScreen(name: "detail"))
      Transition(from: "detail", on: "close", to: NamedScreen(name: "list"))
    }
    #expect(!graph.looksUpCasesByByte)
    let machine = StateMachine(graph: graph, policy: .ignore)
    #expect(machine.send(NamedEvent(name: "open")))
    #expect(machine.state.name == "detail")
    #expect(!machine.send(NamedEvent(name: "open")))
    #expect(machine.send(NamedEvent(name: "close")))
    #expect(machine.state.name == "list")
  }

  @Test func anEventTheGraphNeverNamesIsRefusedThroughTheTable() {
    let graph = StateGraph<Status, StatusEvent>(initial: .none) {
      Transition(from: .none, on: .press, to: .loading)
    }
    let machine = StateMachine(graph: graph, policy: .throwError)
    #expect(throws: TransitionRejected(state: "none", event: "failed", reason: .noTransition)) {
      try machine.trySend(.failed(reason: "x"))
    }
    #expect(machine.state == .none)
  }
}
