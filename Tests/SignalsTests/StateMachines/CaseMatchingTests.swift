import Signals
import SignalsTesting
import Testing

/// A login status with payloads, as the examples declare it.
enum Status: Equatable, Sendable, CaseKeyed {
  case none, loading
  case success(user: String)
  case failure(reason: String)

  enum Case: Hashable, Sendable { case none, loading, success, failure }
  var caseKey: Case {
    switch self {
    case .none: .none
    case .loading: .loading
    case .success: .success
    case .failure: .failure
    }
  }
}

enum StatusEvent: Equatable, Sendable, CaseKeyed {
  case press
  case succeeded(user: String)
  case failed(reason: String)

  enum Case: Hashable, Sendable { case press, succeeded, failed }
  var caseKey: Case {
    switch self {
    case .press: .press
    case .succeeded: .succeeded
    case .failed: .failed
    }
  }
}

/// The status graph: no placeholder payload anywhere.
let statusGraph = StateGraph<Status, StatusEvent>(initial: .none, terminal: [.success]) {
  Transition(from: .none, on: .press, to: .loading)
  Transition(from: .failure, on: .press, to: .loading)
  Transition(
    from: .loading, on: .succeeded,
    to: .make(.success) { if case .succeeded(let user) = $0 { .success(user: user) } else { nil } })
  Transition(
    from: .loading, on: .failed,
    to: .make(.failure) { if case .failed(let reason) = $0 { .failure(reason: reason) } else { nil } })
}

@Suite struct CaseMatchingTests {
  @Test func fromAnyFailureOnAnySucceededWithTheTargetMadeFromThePayload() throws {
    let machine = StateMachine(graph: statusGraph)
    try machine.trySend(.press)
    #expect(try machine.trySend(.failed(reason: "offline")) == .failure(reason: "offline"))
    try machine.trySend(.press)  // from a failure with any reason
    #expect(try machine.trySend(.failed(reason: "401")) == .failure(reason: "401"))
    try machine.trySend(.press)
    #expect(try machine.trySend(.succeeded(user: "ada")) == .success(user: "ada"))
    #expect(statusGraph.problems() == [])
    #expect(
      statusGraph.mermaid() == """
        stateDiagram-v2
            [*] --> none
            none --> loading: press
            failure --> loading: press
            loading --> success: succeeded
            loading --> failure: failed
            success --> [*]

        """)
  }

  @Test func aPayloadFreeEnumIsItsOwnCaseKey() {
    enum Light: CaseKeyed, CaseIterable { case red, green }
    #expect(Light.green.caseKey == .green)
    #expect(Status.failure(reason: "a").caseKey == Status.failure(reason: "b").caseKey)
  }

  @Test func theTrailingClosureIsTheGuard() {
    let refusing = Transition<Status, StatusEvent>(from: .none, on: .press, to: .loading) { _, _ in false }
    #expect(refusing.conditionName == "guard")
    #expect(refusing.condition?(.none, .press) == false)
    let graph = StateGraph<Status, StatusEvent>(initial: .none) { refusing }
    #expect(throws: TransitionRejected(state: "none", event: "press", reason: .guardsFailed(["guard"]))) {
      try StateMachine(graph: graph).trySend(.press)
    }
  }

  @Test func aMadeTargetOfAnotherCaseIsRefusedAndChangesNothing() {
    let graph = StateGraph<Status, StatusEvent>(initial: .none) {
      Transition(from: .none, on: .press, to: .make(.loading) { _ in .success(user: "wrong") })
    }
    let machine = StateMachine(graph: graph)
    #expect(throws: TransitionRejected(state: "none", event: "press", reason: .invalidTarget)) {
      try machine.trySend(.press)
    }
    #expect(machine.state == .none)
  }

  @Test func sendReturnsWhetherTheEventWasTakenUnderEveryPolicy() throws {
    let ignoring = StateMachine(graph: statusGraph, policy: .ignore)
    #expect(!ignoring.send(.failed(reason: "x")))
    #expect(ignoring.send(.press))
    #expect(ignoring.state == .loading)
    let reported = Guarded<[String]>([])
    let reporting = StateMachine(
      graph: statusGraph,
      policy: .report { rejection in reported.withLock { $0.append(rejection.description) } })
    #expect(!reporting.send(.succeeded(user: "ada")))
    #expect(reported.withLock { $0 } == ["event succeeded is not allowed in state none"])
    let throwing = StateMachine(graph: statusGraph)
    #expect(!throwing.send(.succeeded(user: "ada")))
    #expect(throws: TransitionRejected(state: "none", event: "succeeded", reason: .noTransition)) {
      try throwing.trySend(.succeeded(user: "ada"))
    }
  }

  @Test func everyTransitionIsTakenWithExampleEvents() {
    let taken = expectEveryTransition(
      of: statusGraph, events: [.press, .succeeded(user: "ada"), .failed(reason: "offline")])
    #expect(taken >= statusGraph.transitions.count)
  }
}

/// A machine a graph's closures can reach: set once the machine is made.
final class MachineBox<State: CaseKeyed, Event: CaseKeyed>: Sendable {
  let machine = Guarded<StateMachine<State, Event>?>(nil)
  var current: StateMachine<State, Event> { machine.withLock { $0! } }
}

@Suite struct StateMachineReentrancyTests {
  enum Phase: CaseKeyed, CaseIterable { case idle, working, done }
  enum Step: CaseKeyed, CaseIterable { case start, finish, reset }

  @Test func aGuardMayReadTheMachinesState() throws {
    let box = MachineBox<Phase, Step>()
    let seen = Guarded<[Phase]>([])
    let graph = StateGraph<Phase, Step>(initial: .idle) {
      Transition(from: .idle, on: .start, to: .working, guard: "reads state") { _, _ in
        let state = box.current.state
        seen.withLock { $0.append(state) }
        return state == .idle
      }
      Transition(from: .working, on: .finish, to: .done)
    }
    let machine = StateMachine(graph: graph)
    box.machine.withLock { $0 = machine }
    #expect(try machine.trySend(.start) == .working)
    #expect(seen.withLock { $0 } == [.idle])
    #expect(machine.can(.finish))
    #expect(!machine.can(.start))
  }

  @Test func aSendFromAGuardIsQueuedAndRunAfterTheCurrentOne() {
    let box = MachineBox<Phase, Step>()
    let graph = StateGraph<Phase, Step>(initial: .idle) {
      Transition(from: .idle, on: .start, to: .working, guard: "sends") { _, _ in
        box.current.send(.finish)  // queued: the machine is still idle here
      }
      Transition(from: .working, on: .finish, to: .done)
    }
    let machine = StateMachine(graph: graph)
    box.machine.withLock { $0 = machine }
    let steps = machine.transitions.map { "\($0.from)->\($0.to)" }.record()
    #expect(machine.send(.start))
    #expect(steps.values == ["idle->working", "working->done"])
    #expect(machine.state == .done)
  }

  @Test func aQueuedEventTheGraphRefusesGoesToTheReportPolicy() {
    let box = MachineBox<Phase, Step>()
    let reported = Guarded<[String]>([])
    let graph = StateGraph<Phase, Step>(initial: .idle) {
      Transition(from: .idle, on: .start, to: .working)
      Transition(from: .working, on: .finish, to: .done)
    }
    let machine = StateMachine(
      graph: graph, policy: .report { rejection in reported.withLock { $0.append(rejection.description) } })
    box.machine.withLock { $0 = machine }
    let observer = machine.transitions.sink { step in
      if step.to == .working { box.current.send(.reset) }  // queued, then refused
    }
    #expect(machine.send(.start))
    #expect(machine.state == .working)
    #expect(reported.withLock { $0 } == ["event reset is not allowed in state working"])
    observer.cancel()
  }

  @Test func sendsFromSeveralThreadsWithGuardsReadingStateAndObserversSending() async {
    let box = MachineBox<Phase, Step>()
    let graph = StateGraph<Phase, Step>(initial: .idle) {
      Transition(from: .idle, on: .start, to: .working, guard: "idle") { _, _ in box.current.state == .idle }
      Transition(from: .working, on: .finish, to: .done)
      Transition(from: .done, on: .reset, to: .idle)
    }
    let machine = StateMachine(graph: graph, policy: .ignore)
    box.machine.withLock { $0 = machine }
    let observed = Guarded<[Phase]>([])
    let observer = machine.transitions.sink { step in
      observed.withLock { $0.append(step.to) }
      if step.to == .working { box.current.send(.finish) }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<200 {
            machine.send(.start)
            machine.send(.reset)
          }
        }
      }
    }
    let steps = observed.withLock { $0 }
    // Every transition starts where the one before it ended: working, done, idle, working, ...
    let cycle: [Phase] = [.working, .done, .idle]
    #expect(steps.count > 3)
    #expect(steps.enumerated().allSatisfy { $0.element == cycle[$0.offset % 3] })
    observer.cancel()
  }
}
