import Foundation
import Signals
import SignalsFoundation
import SignalsTesting
import Testing

/// The login flow of the examples: the graph a user declares.
enum AuthScreen: Hashable, Sendable, CaseKeyed {
  case splash, login, loading, home
  case biometric
  case profile(id: Int)

  enum Case: Hashable, Sendable { case splash, login, loading, home, biometric, profile }
  var caseKey: Case {
    switch self {
    case .splash: .splash
    case .login: .login
    case .loading: .loading
    case .home: .home
    case .biometric: .biometric
    case .profile: .profile
    }
  }
}

enum AuthEvent: Hashable, Sendable, CaseKeyed {
  case loaded(signedIn: Bool)
  case submit, succeeded, failed, useBiometric, cancel
  case openProfile(id: Int)
  case back, sessionExpired

  enum Case: Hashable, Sendable {
    case loaded, submit, succeeded, failed, useBiometric, cancel, openProfile, back, sessionExpired
  }
  var caseKey: Case {
    switch self {
    case .loaded: .loaded
    case .submit: .submit
    case .succeeded: .succeeded
    case .failed: .failed
    case .useBiometric: .useBiometric
    case .cancel: .cancel
    case .openProfile: .openProfile
    case .back: .back
    case .sessionExpired: .sessionExpired
    }
  }
}

let authGraph = StateGraph<AuthScreen, AuthEvent>(initial: .splash, terminal: []) {
  Transition(from: .splash, on: .loaded, to: .login, guard: "signed out") { _, event in
    event == .loaded(signedIn: false)
  }.annotated(Shown.root)
  Transition(from: .splash, on: .loaded, to: .home, guard: "signed in") { _, event in
    event == .loaded(signedIn: true)
  }.annotated(Shown.root)
  Transition(from: .login, on: .submit, to: .loading)
  Transition(from: .loading, on: .succeeded, to: .home).annotated(Shown.root)
  Transition(from: .loading, on: .failed, to: .login)
  Transition(from: .login, on: .useBiometric, to: .biometric).annotated(Shown.modal)
  Transition(from: .biometric, on: .succeeded, to: .home).annotated(Shown.root)
  Transition(from: .biometric, on: .cancel, to: .login)
  Transition(
    from: .home, on: .openProfile,
    to: .make(.profile) { if case .openProfile(let id) = $0 { .profile(id: id) } else { nil } })
  Transition(from: .profile, on: .back, to: .home)
  Transition(fromAny: .sessionExpired, to: .login)
}

/// How the tests' screens are shown: an annotation the machine carries and the exports draw.
enum Shown: String, TransitionAnnotation {
  case root, modal
  var diagramLabel: String? { rawValue }
}

/// Example events for the graph's cases that carry a payload.
let authEvents: [AuthEvent] = [
  .loaded(signedIn: false), .loaded(signedIn: true), .submit, .succeeded, .failed, .useBiometric, .cancel,
  .openProfile(id: 7), .back, .sessionExpired,
]

@Suite struct StateGraphTests {
  @Test func theLoginGraphIsSound() {
    #expect(authGraph.problems().isEmpty)
    #expect(
      authGraph.states.map(authGraph.name(ofCase:)) == [
        "splash", "login", "home", "loading", "biometric", "profile",
      ])
  }

  @Test func validationFindsEveryKindOfProblem() {
    enum S: CaseKeyed, CaseIterable { case a, b, c, orphan, modal, ghost, settings }
    enum E: CaseKeyed, CaseIterable { case go, again, show, close }
    let graph = StateGraph<S, E>(
      initial: .a, terminal: [.c], states: [.a, .b, .c, .orphan, .modal, .settings]
    ) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .a, on: .go, to: .c)
      Transition(from: .a, on: .show, to: .modal).annotated(Shown.modal)
      Transition(from: .orphan, on: .go, to: .c)
      Transition(from: .a, on: .again, to: .ghost)
      Transition(from: .orphan, on: .show, to: .settings)
      Transition(from: .settings, on: .close, to: .resolved("back"))
    }
    #expect(
      graph.problems() == [
        .unknownState(state: "ghost", transition: "a --again--> ghost"),
        .unreachable(state: "orphan"),
        .unreachable(state: "settings"),
        .deadEnd(state: "b"),
        .deadEnd(state: "modal"),
        .deadEnd(state: "ghost"),
        .ambiguous(state: "a", event: "go"),
      ])
    #expect(
      StateGraphProblem.deadEnd(state: "b").description == "state b is not terminal and has no transition out"
    )
  }

  @Test func mermaidIsDeterministicAndExpandsWildcards() {
    let graph = StateGraph<AuthScreen, AuthEvent>(initial: .login, terminal: [.home]) {
      Transition(from: .login, on: .submit, to: .loading)
      Transition(from: .loading, on: .succeeded, to: .home).annotated(Shown.root)
      Transition(from: .loading, on: .failed, to: .login)
      Transition(fromAny: .sessionExpired, to: .login)
    }
    #expect(
      graph.mermaid() == """
        stateDiagram-v2
            [*] --> login
            login --> loading: submit
            loading --> home: succeeded (root)
            loading --> login: failed
            login --> login: sessionExpired
            loading --> login: sessionExpired
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
          "login" -> "login" [label="sessionExpired"];
          "loading" -> "login" [label="sessionExpired"];
        }

        """)
  }

  // A guard name is the user's text: a quote in it ended the DOT label early, a line break
  // ended Mermaid's; a graph name with a space was not a DOT identifier.
  @Test func guardAndGraphNamesOfAnyTextGiveWellFormedDiagrams() {
    let graph = StateGraph<AuthScreen, AuthEvent>(initial: .login, terminal: [.home]) {
      Transition(from: .login, on: .submit, to: .home, guard: "has \"token\" \\ or\nnot") { _, _ in true }
    }
    #expect(
      graph.dot(name: "Sign in \"flow\"") == #"""
        digraph "Sign in \"flow\"" {
          rankdir=LR;
          "[*]" [shape=point];
          "home" [shape=doublecircle];
          "[*]" -> "login";
          "login" -> "home" [label="submit [has \"token\" \\ or\nnot]"];
        }

        """#)
    #expect(graph.dot(name: "Auth_2").hasPrefix("digraph Auth_2 {"))
    #expect(graph.dot(name: "2fa").hasPrefix("digraph \"2fa\" {"))
    #expect(graph.mermaid().contains("    login --> home: submit [has \"token\" \\ or not]\n"))
  }

  @Test func everyTransitionOfTheLoginGraphCanBeTaken() {
    #expect(expectEveryTransition(of: authGraph, events: authEvents) >= authGraph.transitions.count)
  }
}

@Suite struct StateMachineTests {
  @Test func movesAlongTheGraphAndPublishesInOrder() throws {
    let machine = StateMachine(graph: authGraph)
    let states = machine.statePublisher.map(authGraph.name(of:)).record()
    let steps = machine.transitions.map { "\(authGraph.name(of: $0.from))->\(authGraph.name(of: $0.to))" }
      .record()
    try machine.trySend(.loaded(signedIn: false))
    try machine.trySend(.submit)
    try machine.trySend(.succeeded)
    #expect(states.values == ["splash", "login", "loading", "home"])
    #expect(steps.values == ["splash->login", "login->loading", "loading->home"])
  }

  @Test func payloadsMatchByCase() throws {
    let machine = StateMachine(graph: authGraph)
    try machine.trySend(.loaded(signedIn: true))
    #expect(try machine.trySend(.openProfile(id: 42)) == .profile(id: 42))
    #expect(machine.can(.back))
  }

  @Test func aDisallowedEventIsATypedErrorAndChangesNothing() {
    let machine = StateMachine(graph: authGraph)
    #expect(throws: TransitionRejected(state: "splash", event: "submit", reason: .noTransition)) {
      try machine.trySend(.submit)
    }
    #expect(machine.state == .splash)
    #expect(!machine.can(.submit))
  }

  @Test func guardsChooseTheTransitionAndNameThemselvesWhenTheyRefuse() throws {
    enum S: CaseKeyed, CaseIterable { case idle, busy }
    enum E: CaseKeyed, CaseIterable { case start }
    let allowed = Guarded(false)
    let graph = StateGraph<S, E>(initial: .idle) {
      Transition(from: .idle, on: .start, to: .busy, guard: "has network") { _, _ in allowed.withLock { $0 } }
      Transition(from: .busy, on: .start, to: .idle)
    }
    let machine = StateMachine(graph: graph)
    #expect(throws: TransitionRejected(state: "idle", event: "start", reason: .guardsFailed(["has network"])))
    {
      try machine.trySend(.start)
    }
    allowed.withLock { $0 = true }
    #expect(try machine.trySend(.start) == .busy)
  }

  @Test func wildcardsApplyEverywhereButSpecificTransitionsWin() throws {
    let machine = StateMachine(graph: authGraph)
    try machine.trySend(.loaded(signedIn: true))
    #expect(try machine.trySend(.sessionExpired) == .login)
  }

  @Test func ignoreAndReportPolicies() throws {
    let ignoring = StateMachine(graph: authGraph, policy: .ignore)
    #expect(try ignoring.trySend(.submit) == .splash)
    #expect(!ignoring.send(.submit))
    let reported = Guarded<[String]>([])
    let reporting = StateMachine(
      graph: authGraph, policy: .report { rejection in reported.withLock { $0.append("\(rejection)") } })
    #expect(try reporting.trySend(.back) == .splash)
    #expect(reported.withLock { $0 } == ["event back is not allowed in state splash"])
  }

  @Test func theRecordIssuePolicyFailsTheTestThatSendsADisallowedEvent() throws {
    let machine = StateMachine(graph: authGraph, policy: .recordIssue)
    var taken: Bool?
    withKnownIssue {
      taken = machine.send(.submit)
    } matching: { issue in
      "\(issue)".contains("event submit is not allowed in state splash")
    }
    #expect(taken == false)
    #expect(machine.state == .splash)  // refused and recorded; the state is unchanged
    #expect(try machine.trySend(.loaded(signedIn: false)) == .login)  // allowed events record nothing
  }

  @Test func sendsFromManyThreadsAreEachTakenOnceAndObservedInOrder() async throws {
    enum Light: CaseKeyed, CaseIterable { case red, green }
    enum Tick: CaseKeyed, CaseIterable { case tick }
    let graph = StateGraph<Light, Tick>(initial: .red) {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .red)
    }
    let machine = StateMachine(graph: graph)
    let observed = Guarded<[Light]>([])
    let observer = machine.transitions.sink { step in observed.withLock { $0.append(step.to) } }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<250 { machine.send(.tick) } }
      }
    }
    let steps = observed.withLock { $0 }
    #expect(steps.count == 2_000)
    // Each transition starts where the one before it ended: red, green, red, ...
    #expect(steps.enumerated().allSatisfy { $0.element == ($0.offset.isMultiple(of: 2) ? .green : .red) })
    #expect(machine.state == .red)
    observer.cancel()
  }

  @Test func readersOnOtherThreadsSeeWholeStatesWhileSendsRun() async {
    // A payload long enough to live on the heap: a torn or released read would show.
    enum Labelled: Hashable, Sendable, CaseKeyed {
      case even(String), odd(String)
      enum Case: Hashable, Sendable { case even, odd }
      var caseKey: Case {
        switch self {
        case .even: .even
        case .odd: .odd
        }
      }
      var label: String {
        switch self {
        case .even(let label), .odd(let label): label
        }
      }
    }
    enum Count: Hashable, Sendable, CaseKeyed {
      case next(String)
      enum Case: Hashable, Sendable { case next }
      var caseKey: Case { .next }
      var label: String {
        switch self {
        case .next(let label): label
        }
      }
    }
    let prefix = String(repeating: "label-", count: 4)
    let graph = StateGraph<Labelled, Count>(initial: .even(prefix + "start")) {
      Transition(from: .even, on: .next, to: .make(.odd) { .odd($0.label) })
      Transition(from: .odd, on: .next, to: .make(.even) { .even($0.label) })
    }
    let machine = StateMachine(graph: graph)
    let delivered = Guarded(0)
    let observer = machine.statePublisher.dropFirst().sink { state in
      // The observer runs on the sending thread and reads the state it was given.
      if machine.state == state { delivered.withLock { $0 += 1 } }
    }
    let wellFormed = await withTaskGroup(of: Bool.self) { group in
      for sender in 0..<4 {
        group.addTask {
          for index in 0..<250 { machine.send(.next(prefix + "\(sender)-\(index)")) }
          return true
        }
      }
      for _ in 0..<2 {
        group.addTask {
          var whole = true
          for _ in 0..<500 {
            let state = machine.state
            let configuration = machine.configuration
            let snapshot = machine.snapshot
            whole =
              whole && state.label.hasPrefix(prefix) && configuration.count == 1
              && snapshot.configuration == [snapshot.state.caseKey] && snapshot.state.label.hasPrefix(prefix)
          }
          return whole
        }
      }
      return await group.allSatisfy { $0 }
    }
    #expect(wellFormed)
    #expect(delivered.withLock { $0 } == 1_000)
    // 1,000 sends from `.even`: back to `.even`.
    #expect(machine.state.caseKey == .even)
    observer.cancel()
  }

  @Test func eventsSentByObserversRunToCompletion() throws {
    let machine = StateMachine(graph: authGraph)
    var log: [String] = []
    let first = machine.transitions.sink { step in
      log.append("first saw \(authGraph.name(of: step.to))")
      if case .loading = step.to { machine.send(.succeeded) }
    }
    let second = machine.transitions.sink { step in log.append("second saw \(authGraph.name(of: step.to))") }
    try machine.trySend(.loaded(signedIn: false))
    try machine.trySend(.submit)
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
      machine.send(.loaded(signedIn: false))
      recorder.cancel()
    }
  }
}

@Suite struct StateGraphTestingTests {
  @Test func aTransitionThatCannotBeTakenIsReported() {
    enum S: CaseKeyed, CaseIterable { case a, b }
    enum E: CaseKeyed, CaseIterable { case go }
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

  @Test func aStatechartIsExploredAndEachTransitionItNeverTookIsReported() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .go, to: .b1)
      Transition(from: .b, on: .back, to: .a)
      Transition(from: .b1, on: .next, to: .b2).guarded("never") { _ in false }
    } chart: {
      Compound(.a, initial: .a1) { Leaf(.a1) }
      Compound(.b, initial: .b1) {
        Leaf(.b1)
        Leaf(.b2)
      }
    }
    var taken = 0
    withKnownIssue {
      taken = expectEveryTransition(of: graph)
    } matching: { issue in
      "\(issue)".contains("b1 --next [never]--> b2 was never taken")
        || "\(issue)".contains("state b2 was never active")
    }
    #expect(taken == 2)
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
        return path.dropLast().last?.toName ?? authGraph.name(of: authGraph.initial)
      })
    #expect(drawn.count > 1)
    #expect(taken == drawn)
  }
}

@Suite struct StateMachinePersistenceTests {
  enum Step: String, Codable, CaseKeyed, CaseIterable { case first, second, third }
  enum Go: CaseKeyed, CaseIterable { case next }

  let graph = StateGraph<Step, Go>(initial: .first, terminal: [.third]) {
    Transition(from: .first, on: .next, to: .second)
    Transition(from: .second, on: .next, to: .third)
  }

  @Test func savesAndRestoresTheState() throws {
    let machine = StateMachine(graph: graph)
    try machine.trySend(.next)
    let data = try machine.savedState()
    #expect(String(decoding: data, as: UTF8.self) == #"{"state":"second","version":1}"#)
    let restored = StateMachine(graph: graph)
    let states = restored.statePublisher.record()
    try restored.restore(from: data)
    #expect(restored.state == .second)
    #expect(states.values == [.first, .second])
    #expect(try restored.trySend(.next) == .third)
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

@Suite struct TransitionAnnotationTests {
  @Test func aStepCarriesTheAnnotationsOfTheTransitionTaken() throws {
    let machine = StateMachine(graph: authGraph)
    let steps = machine.transitions.record()
    try machine.trySend(.loaded(signedIn: false))
    try machine.trySend(.useBiometric)
    try machine.trySend(.cancel)
    #expect(steps.values.map { $0.annotation(Shown.self)?.rawValue } == ["root", "modal", nil])
    #expect(authGraph.transitions[5].annotation(Shown.self) == .modal)
  }

  @Test func aPlainMachineRefusesAResolvedTarget() {
    enum S: CaseKeyed, CaseIterable { case a, b }
    enum E: CaseKeyed, CaseIterable { case go, back }
    let graph = StateGraph<S, E>(initial: .a) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .b, on: .back, to: .resolved("previous"))
    }
    let machine = StateMachine(graph: graph)
    machine.send(.go)
    #expect(graph.hasResolvedTargets)
    #expect(graph.transitions[1].toName == "previous")
    #expect(!machine.can(.back))
    #expect(throws: TransitionRejected(state: "b", event: "back", reason: .noHistory)) {
      try machine.trySend(.back)
    }
    #expect(graph.problems() == [])
    #expect(!graph.mermaid().contains("back"))
  }
}
