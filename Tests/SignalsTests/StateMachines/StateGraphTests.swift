import Foundation
import Signals
import SignalsFoundation
import SignalsTesting
import Testing

/// The login flow of the examples: the graph a user declares.
enum AuthScreen: Hashable, Sendable {
  case splash, login, loading, home
  case biometric
  case profile(id: Int)
}

enum AuthEvent: Hashable, Sendable {
  case loaded(signedIn: Bool)
  case submit, succeeded, failed, useBiometric, cancel
  case openProfile(id: Int)
  case back, sessionExpired
}

let authGraph = StateGraph<AuthScreen, AuthEvent>(initial: .splash, terminal: []) {
  Transition(
    from: .splash, on: .loaded(signedIn: false), to: .login, presentation: .root, guard: "signed out"
  ) {
    if case .loaded(let signedIn) = $1 { !signedIn } else { false }
  }
  Transition(from: .splash, on: .loaded(signedIn: true), to: .home, presentation: .root, guard: "signed in") {
    if case .loaded(let signedIn) = $1 { signedIn } else { false }
  }
  Transition(from: .login, on: .submit, to: .loading, presentation: .none)
  Transition(from: .loading, on: .succeeded, to: .home, presentation: .root)
  Transition(from: .loading, on: .failed, to: .login, presentation: .none)
  Transition(from: .login, on: .useBiometric, to: .biometric, presentation: .modal)
  Transition(from: .biometric, on: .succeeded, to: .home, presentation: .root)
  Transition(from: .biometric, on: .cancel, to: .login, presentation: .none)
  Transition(from: .home, on: .openProfile(id: 0), to: .profile(id: 0))
  Transition(from: .profile(id: 0), on: .back, to: .home, presentation: .none)
  Transition(fromAny: .sessionExpired, to: .login)
}

@Suite struct StateGraphTests {
  @Test func theLoginGraphIsSound() {
    #expect(authGraph.problems().isEmpty)
    #expect(
      authGraph.states.map(authGraph.name(of:)) == [
        "splash", "login", "home", "loading", "biometric", "profile",
      ])
  }

  @Test func validationFindsEveryKindOfProblem() {
    enum S: Hashable { case a, b, c, orphan, modal, ghost }
    enum E: Hashable { case go, again, show }
    let graph = StateGraph<S, E>(initial: .a, terminal: [.c], states: [.a, .b, .c, .orphan, .modal]) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .a, on: .go, to: .c)
      Transition(from: .a, on: .show, to: .modal, presentation: .modal)
      Transition(from: .orphan, on: .go, to: .c)
      Transition(from: .a, on: .again, to: .ghost)
    }
    #expect(
      graph.problems() == [
        .unknownState(state: "ghost", transition: "a --again--> ghost"),
        .unreachable(state: "orphan"),
        .deadEnd(state: "b"),
        .deadEnd(state: "modal"),
        .deadEnd(state: "ghost"),
        .ambiguous(state: "a", event: "go"),
        .modalWithoutWayBack(state: "modal"),
      ])
    #expect(
      StateGraphProblem.deadEnd(state: "b").description == "state b is not terminal and has no transition out"
    )
  }

  @Test func mermaidIsDeterministicAndExpandsWildcards() {
    let graph = StateGraph<AuthScreen, AuthEvent>(initial: .login, terminal: [.home]) {
      Transition(from: .login, on: .submit, to: .loading, presentation: .none)
      Transition(from: .loading, on: .succeeded, to: .home, presentation: .root)
      Transition(from: .loading, on: .failed, to: .login, presentation: .none)
      Transition(fromAny: .sessionExpired, to: .login)
    }
    #expect(
      graph.mermaid() == """
        stateDiagram-v2
            [*] --> login
            login --> loading: submit
            loading --> home: succeeded (root)
            loading --> login: failed
            login --> login: sessionExpired (root)
            loading --> login: sessionExpired (root)
            home --> [*]

        """)
    #expect(graph.mermaid() == graph.mermaid())
    #expect(
      graph.dot() == """
        digraph StateGraph {
          rankdir=LR;
          "[*]" [shape=point];
          "home" [shape=doublecircle];
          "[*]" -> "login";
          "login" -> "loading" [label="submit"];
          "loading" -> "home" [label="succeeded (root)"];
          "loading" -> "login" [label="failed"];
          "login" -> "login" [label="sessionExpired (root)"];
          "loading" -> "login" [label="sessionExpired (root)"];
        }

        """)
  }

  @Test func everyTransitionOfTheLoginGraphCanBeTaken() {
    #expect(expectEveryTransition(of: authGraph) >= authGraph.transitions.count)
  }
}

@Suite struct StateMachineTests {
  @Test func movesAlongTheGraphAndPublishesInOrder() throws {
    let machine = StateMachine(graph: authGraph)
    let states = machine.statePublisher.map(authGraph.name(of:)).record()
    let steps = machine.transitions.map { "\(authGraph.name(of: $0.from))->\(authGraph.name(of: $0.to))" }
      .record()
    try machine.send(.loaded(signedIn: false))
    try machine.send(.submit)
    try machine.send(.succeeded)
    #expect(states.values == ["splash", "login", "loading", "home"])
    #expect(steps.values == ["splash->login", "login->loading", "loading->home"])
  }

  @Test func payloadsMatchByCase() throws {
    let machine = StateMachine(graph: authGraph)
    try machine.send(.loaded(signedIn: true))
    #expect(try machine.send(.openProfile(id: 42)) == .profile(id: 0))
    #expect(machine.can(.back))
  }

  @Test func aDisallowedEventIsATypedErrorAndChangesNothing() {
    let machine = StateMachine(graph: authGraph)
    #expect(throws: TransitionRejected(state: "splash", event: "submit", reason: .noTransition)) {
      try machine.send(.submit)
    }
    #expect(machine.state == .splash)
    #expect(!machine.can(.submit))
  }

  @Test func guardsChooseTheTransitionAndNameThemselvesWhenTheyRefuse() throws {
    enum S: Hashable { case idle, busy }
    enum E: Hashable { case start }
    let allowed = Guarded(false)
    let graph = StateGraph<S, E>(initial: .idle) {
      Transition(from: .idle, on: .start, to: .busy, guard: "has network") { _, _ in allowed.withLock { $0 } }
      Transition(from: .busy, on: .start, to: .idle)
    }
    let machine = StateMachine(graph: graph)
    #expect(throws: TransitionRejected(state: "idle", event: "start", reason: .guardsFailed(["has network"])))
    {
      try machine.send(.start)
    }
    allowed.withLock { $0 = true }
    #expect(try machine.send(.start) == .busy)
  }

  @Test func wildcardsApplyEverywhereButSpecificTransitionsWin() throws {
    let machine = StateMachine(graph: authGraph)
    try machine.send(.loaded(signedIn: true))
    #expect(try machine.send(.sessionExpired) == .login)
  }

  @Test func ignoreAndReportPolicies() throws {
    let ignoring = StateMachine(graph: authGraph, policy: .ignore)
    #expect(try ignoring.send(.submit) == .splash)
    let reported = Guarded<[String]>([])
    let reporting = StateMachine(
      graph: authGraph, policy: .report { rejection in reported.withLock { $0.append("\(rejection)") } })
    #expect(try reporting.send(.back) == .splash)
    #expect(reported.withLock { $0 } == ["event back is not allowed in state splash"])
  }

  @Test func theRecordIssuePolicyFailsTheTestThatSendsADisallowedEvent() throws {
    let machine = StateMachine(graph: authGraph, policy: .recordIssue)
    var state: AuthScreen?
    withKnownIssue {
      state = try? machine.send(.submit)
    } matching: { issue in
      "\(issue)".contains("event submit is not allowed in state splash")
    }
    #expect(state == .splash)  // refused and recorded; the state is unchanged
    #expect(try machine.send(.loaded(signedIn: false)) == .login)  // allowed events record nothing
  }

  @Test func sendsFromManyThreadsAreEachTakenOnceAndObservedInOrder() async throws {
    enum Light: Hashable { case red, green }
    enum Tick: Hashable { case tick }
    let graph = StateGraph<Light, Tick>(initial: .red) {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .red)
    }
    let machine = StateMachine(graph: graph)
    let observed = Guarded<[Light]>([])
    let observer = machine.transitions.sink { step in observed.withLock { $0.append(step.to) } }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<250 { _ = try? machine.send(.tick) } }
      }
    }
    let steps = observed.withLock { $0 }
    #expect(steps.count == 2_000)
    // Each transition starts where the one before it ended: red, green, red, ...
    #expect(steps.enumerated().allSatisfy { $0.element == ($0.offset.isMultiple(of: 2) ? .green : .red) })
    #expect(machine.state == .red)
    observer.cancel()
  }

  @Test func eventsSentByObserversRunToCompletion() throws {
    let machine = StateMachine(graph: authGraph)
    var log: [String] = []
    let first = machine.transitions.sink { step in
      log.append("first saw \(authGraph.name(of: step.to))")
      if case .loading = step.to { _ = try? machine.send(.succeeded) }
    }
    let second = machine.transitions.sink { step in log.append("second saw \(authGraph.name(of: step.to))") }
    try machine.send(.loaded(signedIn: false))
    try machine.send(.submit)
    #expect(
      log == [
        "first saw login", "second saw login", "first saw loading", "second saw loading", "first saw home",
        "second saw home",
      ])
    #expect(machine.state == .home)
    first.cancel()
    second.cancel()
  }

  @Test func subscribersAreReleased() throws {
    let machine = StateMachine(graph: authGraph)
    expectAllReleased {
      let recorder = machine.statePublisher.record()
      _ = try? machine.send(.loaded(signedIn: false))
      recorder.cancel()
    }
  }
}

@Suite struct StateGraphTestingTests {
  @Test func aTransitionThatCannotBeTakenIsReported() {
    enum S: Hashable { case a, b }
    enum E: Hashable { case go }
    let graph = StateGraph<S, E>(initial: .a) {
      Transition(from: .a, on: .go, to: .b, guard: "never") { _, _ in false }
      Transition(from: .b, on: .go, to: .a)
    }
    withKnownIssue {
      expectEveryTransition(of: graph)
    } matching: { issue in
      "\(issue)".contains("refused by never")
    }
  }

  @Test func coveringPathsTakeEveryTransition() {
    let taken = Set(
      authGraph.coveringPaths().flatMap { $0.map { "\($0.fromName)-\($0.eventName)-\($0.toName)" } })
    let all = Set(authGraph.transitions.map { "\($0.fromName)-\($0.eventName)-\($0.toName)" })
    #expect(taken.isSuperset(of: all))
  }

  @Test func aWildcardIsTakenFromEveryStateItIsDrawnFrom() {
    let drawn = Set(
      authGraph.mermaid().split(separator: "\n").filter { $0.contains(": sessionExpired") }
        .map { String($0.split(separator: " ")[0]) })
    let taken = Set(
      authGraph.coveringPaths().compactMap { path -> String? in
        guard let last = path.last, last.from == nil else { return nil }
        // The state the path stood in when it took the wildcard: the target of the step before.
        return path.dropLast().last?.toName ?? "\(authGraph.initial)"
      })
    #expect(drawn.count > 1)
    #expect(taken == drawn)
  }
}

@Suite struct StateMachinePersistenceTests {
  enum Step: String, Codable, Hashable { case first, second, third }
  enum Go: Hashable { case next }

  let graph = StateGraph<Step, Go>(initial: .first, terminal: [.third]) {
    Transition(from: .first, on: .next, to: .second)
    Transition(from: .second, on: .next, to: .third)
  }

  @Test func savesAndRestoresTheState() throws {
    let machine = StateMachine(graph: graph)
    try machine.send(.next)
    let data = try machine.savedState()
    #expect(String(decoding: data, as: UTF8.self) == #"{"state":"second","version":1}"#)
    let restored = StateMachine(graph: graph)
    let states = restored.statePublisher.record()
    try restored.restore(from: data)
    #expect(restored.state == .second)
    #expect(states.values == [.first, .second])
    #expect(try restored.send(.next) == .third)
  }

  @Test func badDataIsATypedErrorAndChangesNothing() {
    let machine = StateMachine(graph: graph)
    #expect(throws: StateRestoreError.unsupportedVersion(found: 7, supported: 1)) {
      try machine.restore(from: Data(#"{"state":"second","version":7}"#.utf8))
    }
    #expect {
      try machine.restore(from: Data("not json".utf8))
    } throws: { error in
      if case .corrupt = error as? StateRestoreError { true } else { false }
    }
    #expect {
      try machine.restore(from: Data(#"{"state":"fourth","version":1}"#.utf8))
    } throws: { error in
      if case .corrupt = error as? StateRestoreError { true } else { false }
    }
    #expect(machine.state == .first)
  }

  @Test func aStateTheGraphNoLongerHasIsRefused() {
    let shorter = StateGraph<Step, Go>(initial: .first, terminal: [.second]) {
      Transition(from: .first, on: .next, to: .second)
    }
    let machine = StateMachine(graph: shorter)
    #expect(throws: StateRestoreError.unknownState("third")) {
      try machine.restore(from: Data(#"{"state":"third","version":1}"#.utf8))
    }
    #expect(machine.state == .first)
  }
}
