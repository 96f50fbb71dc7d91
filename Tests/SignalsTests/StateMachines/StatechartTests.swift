import Signals
import SignalsTesting
import Synchronization
import Testing

/// The states of the test charts (one enum; each test uses a few of them).
enum Spot: CaseKeyed, CaseIterable, Hashable, Sendable {
  case off, a, a1, a2, b, b1, b2
  case p, r1, r1x, r1y, r1done, r2, r2x, r2y, r2done
  case c, c1, c11, c12, c2, deep, shallow
  case idle, loading, ok, failed, check, done
}

enum Cue: CaseKeyed, CaseIterable, Hashable, Sendable {
  case go, back, next, finish1, finish2, load, cancel, retry, toDeep, toShallow
}

/// What the actions did, in order.
final class ChartLog: Sendable {
  let lines = Mutex<[String]>([])

  func add(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
  func clear() { lines.withLock { $0 = [] } }

  func enter(_ node: Spot) -> ChartAction<Spot, Cue> { { _ in self.add("enter \(node)") } }
  func exit(_ node: Spot) -> ChartAction<Spot, Cue> { { _ in self.add("exit \(node)") } }
}

@Suite struct StatechartTests {
  /// a(a1, a2) and b(b1, b2), each state logging its entry and exit.
  static func nested(_ log: ChartLog) -> StateGraph<Spot, Cue> {
    StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .go, to: .b).action { _ in log.add("action a1->b") }
      Transition(from: .a, on: .next, to: .b2)
      Transition(from: .a1, on: .next, to: .a2)
      Transition(from: .b, on: .back, to: .a)
    } chart: {
      Compound(.a, initial: .a1, entry: log.enter(.a), exit: log.exit(.a)) {
        Leaf(.a1, entry: log.enter(.a1), exit: log.exit(.a1))
        Leaf(.a2, entry: log.enter(.a2), exit: log.exit(.a2))
      }
      Compound(.b, initial: .b1, entry: log.enter(.b), exit: log.exit(.b)) {
        Leaf(.b1, entry: log.enter(.b1), exit: log.exit(.b1))
        Leaf(.b2, entry: log.enter(.b2), exit: log.exit(.b2))
      }
    }
  }

  @Test func startsInTheInitialStateWithItsInitialDescendantsOutermostFirst() {
    let log = ChartLog()
    let machine = StateMachine(graph: Self.nested(log))
    #expect(log.all == ["enter a", "enter a1"])
    #expect(machine.configuration == [.a, .a1])
    #expect(machine.state == .a1)
  }

  @Test func exitsInnermostFirst() throws {
    let log = ChartLog()
    let machine = StateMachine(graph: Self.nested(log))
    log.clear()
    try machine.trySend(.go)
    #expect(Array(log.all.prefix(2)) == ["exit a1", "exit a"])
  }

  @Test func entersOutermostFirst() throws {
    let log = ChartLog()
    let machine = StateMachine(graph: Self.nested(log))
    log.clear()
    try machine.trySend(.go)
    #expect(Array(log.all.suffix(2)) == ["enter b", "enter b1"])
    #expect(machine.configuration == [.b, .b1])
  }

  @Test func transitionActionsRunBetweenTheExitsAndTheEntries() throws {
    let log = ChartLog()
    let machine = StateMachine(graph: Self.nested(log))
    log.clear()
    try machine.trySend(.go)
    #expect(log.all == ["exit a1", "exit a", "action a1->b", "enter b", "enter b1"])
  }

  @Test func theInnermostStateWithATransitionForTheEventHandlesIt() throws {
    let machine = StateMachine(graph: Self.nested(ChartLog()))
    try machine.trySend(.next)  // a1 has `next` (to a2), and so has a (to b2): a1's wins
    #expect(machine.configuration == [.a, .a2])
  }

  @Test func anAncestorsTransitionAppliesInEveryDescendant() throws {
    let machine = StateMachine(graph: Self.nested(ChartLog()))
    try machine.trySend(.next)
    try machine.trySend(.next)  // a2 has no `next`; a has
    #expect(machine.configuration == [.b, .b2])
  }

  @Test func aTransitionToACompoundStateEntersItsInitialChild() throws {
    let machine = StateMachine(graph: Self.nested(ChartLog()))
    try machine.trySend(.go)
    try machine.trySend(.back)
    #expect(machine.configuration == [.a, .a1])
  }

  @Test func anEventNoActiveStateHandlesThrowsATypedError() {
    let machine = StateMachine(graph: Self.nested(ChartLog()))
    #expect(throws: TransitionRejected(state: "a1", event: "back", reason: .noTransition)) {
      try machine.trySend(.back)
    }
    #expect(machine.configuration == [.a, .a1])
    #expect(!machine.can(.back))
    #expect(machine.can(.go))
  }

  @Test func matchesAnswersForLeavesAndAncestors() throws {
    let machine = StateMachine(graph: Self.nested(ChartLog()))
    #expect(machine.matches(.a) && machine.matches(.a1))
    #expect(!machine.matches(.b) && !machine.matches(.a2))
  }

  @Test func theConfigurationIsPublishedAfterEachMacrostepThatChangesIt() throws {
    let machine = StateMachine(graph: Self.nested(ChartLog()))
    let seen = Mutex<[[Spot]]>([])
    let subscription = machine.configurationPublisher.sink { configuration in
      seen.withLock { $0.append(configuration) }
    }
    try machine.trySend(.go)
    try machine.trySend(.back)
    #expect(seen.withLock { $0 } == [[.a, .a1], [.b, .b1], [.a, .a1]])
    subscription.cancel()
  }

  @Test func aSendFromAnActionWaitsForTheMacrostep() throws {
    let log = ChartLog()
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .go, to: .b)
      Transition(from: .b2, on: .next, to: .off)
    } chart: {
      Leaf(.a)
      Compound(.b, initial: .b1) {
        Leaf(
          .b1,
          entry: { context in
            log.add("enter b1, send next")
            context.send(.next)
          })
        Leaf(.b2, entry: log.enter(.b2))
      }
      Leaf(.off, entry: log.enter(.off))
      Always(from: .b1, to: .b2)
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    // `next` was sent in b1 (which has no transition for it) and taken in b2, after the
    // eventless step of the same macrostep.
    #expect(log.all == ["enter b1, send next", "enter b2", "enter off"])
    #expect(machine.configuration == [.off])
  }

  @Test func eventlessTransitionsRunBeforeTheNextEvent() throws {
    let ready = Mutex(false)
    let graph = StateGraph<Spot, Cue>(initial: .idle) {
      Transition(from: .idle, on: .load, to: .check)
      Transition(from: .ok, on: .go, to: .done)
    } chart: {
      Always(from: .check, to: .ok, guard: "ready") { _ in ready.withLock { $0 } }
      Always(from: .check, to: .failed)
    }
    let machine = StateMachine(graph: graph)
    ready.withLock { $0 = true }
    try machine.trySend(.load)
    #expect(machine.state == .ok)
    try machine.trySend(.go)
    #expect(machine.state == .done)
  }

  @Test func theFirstEventlessTransitionWhoseGuardHoldsIsTaken() throws {
    let graph = StateGraph<Spot, Cue>(initial: .idle) {
      Transition(from: .idle, on: .load, to: .check)
    } chart: {
      Always(from: .check, to: .ok, guard: "never") { _ in false }
      Always(from: .check, to: .failed)
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.load)
    #expect(machine.state == .failed)
  }

  /// p with regions r1 (r1x, r1y, final r1done) and r2 (r2x, r2y, final r2done).
  static func parallel(_ log: ChartLog, conflict: Bool = false) -> StateGraph<Spot, Cue> {
    StateGraph<Spot, Cue>(initial: .p) {
      Transition(from: .r1x, on: .go, to: conflict ? .a : .r1y)
      Transition(from: .r2x, on: .go, to: conflict ? .b : .r2y)
      Transition(from: .r1x, on: .finish1, to: .r1done)
      Transition(from: .r2x, on: .finish2, to: .r2done)
    } chart: {
      Parallel(.p, entry: log.enter(.p), exit: log.exit(.p)) {
        Compound(.r1, initial: .r1x, entry: log.enter(.r1), exit: log.exit(.r1)) {
          Leaf(.r1x, entry: log.enter(.r1x), exit: log.exit(.r1x))
          Leaf(.r1y)
          Final(.r1done)
        }
        Compound(.r2, initial: .r2x, entry: log.enter(.r2), exit: log.exit(.r2)) {
          Leaf(.r2x, entry: log.enter(.r2x), exit: log.exit(.r2x))
          Leaf(.r2y)
          Final(.r2done)
        }
      }
      Done(from: .p, to: .done)
      Leaf(.a)
      Leaf(.b)
    }
  }

  @Test func aParallelStateEntersEveryRegionInDocumentOrder() {
    let log = ChartLog()
    let machine = StateMachine(graph: Self.parallel(log))
    #expect(log.all == ["enter p", "enter r1", "enter r1x", "enter r2", "enter r2x"])
    #expect(machine.configuration == [.p, .r1, .r1x, .r2, .r2x])
  }

  @Test func everyRegionTakesAnEventItHandles() throws {
    let machine = StateMachine(graph: Self.parallel(ChartLog()))
    try machine.trySend(.go)
    #expect(machine.configuration == [.p, .r1, .r1y, .r2, .r2y])
  }

  @Test func anEarlierTransitionInDocumentOrderWinsAConflict() throws {
    let log = ChartLog()
    let machine = StateMachine(graph: Self.parallel(log, conflict: true))
    log.clear()
    try machine.trySend(.go)  // r1x's transition (to a) and r2x's (to b) both leave p
    #expect(machine.configuration == [.a])
    #expect(log.all == ["exit r2x", "exit r2", "exit r1x", "exit r1", "exit p"])
  }

  // Found writing Login's gate: `state` shows the first region's leaf only; a payload in
  // another region was out of reach.
  @Test func theValueOfAnyActiveStateIsReadableByItsCase() {
    let machine = StateMachine(graph: Self.parallel(ChartLog()))
    #expect(machine.activeState(.r2x) == .r2x)
    #expect(machine.activeState(.p) == .p)
    #expect(machine.activeState(.r2y) == nil)
    machine.send(.go)
    #expect(machine.activeState(.r2y) == .r2y)
    #expect(machine.activeState(.r2x) == nil)
  }

  @Test func aParallelStateIsDoneWhenEveryRegionIsFinal() throws {
    let machine = StateMachine(graph: Self.parallel(ChartLog()))
    try machine.trySend(.finish1)
    #expect(machine.matches(.p) && machine.matches(.r1done))
    try machine.trySend(.finish2)
    #expect(machine.configuration == [.done])
  }

  @Test func aCompoundStateIsDoneWhenItEntersAFinalChild() throws {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .next, to: .a2)
    } chart: {
      Compound(.a, initial: .a1) {
        Leaf(.a1)
        Final(.a2)
      }
      Done(from: .a, to: .b)
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.next)
    #expect(machine.configuration == [.b])
  }

  @Test func aTopLevelFinalStateEndsTheMachine() throws {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .go, to: .done)
      Transition(fromAny: .back, to: .a)
    } chart: {
      Final(.done)
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(throws: TransitionRejected.self) { try machine.trySend(.back) }
    #expect(machine.state == .done)
  }

  /// c (with deep and shallow history) holding c1 (c11, c12) and c2; off outside.
  static var historyChart: StateGraph<Spot, Cue> {
    StateGraph<Spot, Cue>(initial: .c) {
      Transition(from: .c11, on: .next, to: .c12)
      Transition(from: .c, on: .go, to: .off)
      Transition(from: .off, on: .toDeep, to: .deep)
      Transition(from: .off, on: .toShallow, to: .shallow)
      Transition(from: .off, on: .back, to: .c)
    } chart: {
      Compound(.c, initial: .c1) {
        History(.deep, deep: true)
        History(.shallow)
        Compound(.c1, initial: .c11) {
          Leaf(.c11)
          Leaf(.c12)
        }
        Leaf(.c2)
      }
    }
  }

  @Test func deepHistoryRestoresTheLeaves() throws {
    let machine = StateMachine(graph: Self.historyChart)
    try machine.trySend(.next)
    try machine.trySend(.go)
    try machine.trySend(.toDeep)
    #expect(machine.configuration == [.c, .c1, .c12])
  }

  @Test func shallowHistoryRestoresTheChildrenAndEntersTheirInitialStates() throws {
    let machine = StateMachine(graph: Self.historyChart)
    try machine.trySend(.next)
    try machine.trySend(.go)
    try machine.trySend(.toShallow)
    #expect(machine.configuration == [.c, .c1, .c11])
  }

  @Test func historyWithoutARecordEntersTheParentsInitialState() throws {
    let graph = StateGraph<Spot, Cue>(initial: .off) {
      Transition(from: .off, on: .toDeep, to: .deep)
    } chart: {
      Compound(.c, initial: .c2) {
        History(.deep, deep: true)
        Leaf(.c2)
      }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.toDeep)
    #expect(machine.configuration == [.c, .c2])
  }

  @Test func aDelayedTransitionIsTakenAfterItsDelay() {
    let scheduler = TestScheduler()
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .b, on: .back, to: .a)
    } chart: {
      After(.seconds(3), from: .a, to: .b)
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    scheduler.advance(by: .seconds(2))
    #expect(machine.state == .a)
    scheduler.advance(by: .seconds(1))
    #expect(machine.state == .b)
  }

  @Test func aDelayedTransitionIsCancelledWhenItsStateIsLeft() throws {
    let scheduler = TestScheduler()
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .go, to: .off)
      Transition(from: .off, on: .back, to: .a)
    } chart: {
      After(.seconds(3), from: .a, to: .b)
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    scheduler.advance(by: .seconds(2))
    try machine.trySend(.go)
    scheduler.advance(by: .seconds(2))
    try machine.trySend(.back)  // at 4 s: a new visit, a new timer (due at 7 s)
    scheduler.advance(by: .seconds(2))
    #expect(machine.state == .a)
    scheduler.advance(by: .seconds(1))
    #expect(machine.state == .b)
  }

  /// idle -load-> loading, which invokes `work`: a value succeeds, a failure fails.
  static func invoking(_ work: PassthroughSubject<Int, WorkFailure>, _ log: ChartLog) -> StateGraph<Spot, Cue>
  {
    StateGraph<Spot, Cue>(initial: .idle) {
      Transition(from: .idle, on: .load, to: .loading)
      Transition(from: .loading, on: .cancel, to: .idle)
      Transition(from: .loading, on: .finish1, to: .ok)
      Transition(from: .loading, on: .finish2, to: .failed)
      Transition(from: .loading, on: .next, to: .done)
    } chart: {
      Invoke(
        in: .loading,
        { _ in
          work.handleEvents(
            receiveSubscription: { _ in log.add("subscribed") }, receiveCancel: { log.add("cancelled") })
        }, onValue: { $0 > 0 ? .finish1 : nil }, onFinish: .next, onFailure: { _ in .finish2 })
    }
  }

  @Test func anInvokedPublisherStartsOnEntryAndItsValuesBecomeEvents() throws {
    let work = PassthroughSubject<Int, WorkFailure>()
    let log = ChartLog()
    let machine = StateMachine(graph: Self.invoking(work, log))
    #expect(log.all.isEmpty)
    try machine.trySend(.load)
    #expect(log.all == ["subscribed"])
    work.send(0)
    #expect(machine.state == .loading)
    work.send(1)
    #expect(machine.state == .ok)
    #expect(log.all == ["subscribed", "cancelled"])
  }

  @Test func anInvokedPublishersFinishAndFailureBecomeEvents() throws {
    let work = PassthroughSubject<Int, WorkFailure>()
    let machine = StateMachine(graph: Self.invoking(work, ChartLog()))
    try machine.trySend(.load)
    work.send(completion: .failure(WorkFailure()))
    #expect(machine.state == .failed)

    let other = PassthroughSubject<Int, WorkFailure>()
    let second = StateMachine(graph: Self.invoking(other, ChartLog()))
    try second.trySend(.load)
    other.send(completion: .finished)
    #expect(second.state == .done)
  }

  @Test func anInvokedPublisherIsCancelledWhenItsStateIsLeft() throws {
    let work = PassthroughSubject<Int, WorkFailure>()
    let log = ChartLog()
    let machine = StateMachine(graph: Self.invoking(work, log))
    try machine.trySend(.load)
    try machine.trySend(.cancel)
    #expect(log.all == ["subscribed", "cancelled"])
    work.send(1)
    #expect(machine.state == .idle)
  }

  @Test func nothingIsLeftRunningAfterTheMachineIsReleased() throws {
    let scheduler = TestScheduler()
    let work = PassthroughSubject<Int, WorkFailure>()
    let log = ChartLog()
    let graph = StateGraph<Spot, Cue>(initial: .loading) {
      Transition(from: .loading, on: .finish1, to: .ok)
    } chart: {
      Invoke(
        in: .loading, { _ in work.handleEvents(receiveCancel: { log.add("cancelled") }) },
        onValue: { _ in .finish1 })
      After(.seconds(5), from: .loading, to: .failed)
    }
    weak var released: StateMachine<Spot, Cue>?
    do {
      let machine = StateMachine(graph: graph, scheduler: scheduler)
      released = machine
      #expect(machine.state == .loading)
    }
    #expect(released == nil)
    #expect(log.all == ["cancelled"])
    scheduler.advance(by: .seconds(10))  // the timer was cancelled: nothing runs
  }

  @Test func aFlatGraphHasAConfigurationOfOneState() throws {
    let graph = StateGraph<Spot, Cue>(initial: .a) { Transition(from: .a, on: .go, to: .b) }
    let machine = StateMachine(graph: graph)
    #expect(!graph.isStatechart)
    #expect(machine.configuration == [.a])
    try machine.trySend(.go)
    #expect(machine.matches(.b) && !machine.matches(.a))
  }
}

/// A failure for invoked publishers.
struct WorkFailure: Error, Equatable {}

@Suite struct StatechartCoverageTests {
  @Test func exploringFindsTheShortestEventsToEachState() {
    let coverage = exploreStatechart(of: StatechartTests.historyChart, events: Cue.allCases)
    #expect(coverage.shortestEvents(to: .c11) == [])
    #expect(coverage.shortestEvents(to: .c12) == [.next])
    #expect(coverage.shortestEvents(to: .off) == [.go])
    #expect(coverage.missedStates == [.c2])
  }

  @Test func exploringReportsCoveredAndMissedTransitions() {
    let coverage = exploreStatechart(
      of: StatechartTests.parallel(ChartLog(), conflict: true), events: Cue.allCases)
    // r1x's `go` wins the conflict while r1x is active: r2x's is taken only once r1 is done.
    #expect(coverage.missedTransitions == [])
    #expect(coverage.shortestEvents(to: .b) == [.finish1, .go])
    #expect(coverage.coveredTransitions.contains("p --done--> done"))
    #expect(coverage.coveringPaths.first == [])
  }

  @Test func explorationAdvancesTheVirtualClockToTheNextTimerAsOneStep() {
    let graph = StateGraph<Spot, Cue>(initial: .idle) {
      Transition(from: .idle, on: .load, to: .loading)
    } chart: {
      After(.seconds(5), from: .loading, to: .failed)
      After(.seconds(9), from: .loading, to: .ok)
    }
    let coverage = exploreStatechart(of: graph, events: [.load])
    #expect(coverage.shortestSteps[.failed] == [.send(.load), .advanceToNextTimer])
    #expect(coverage.shortestEvents(to: .failed) == nil)
    #expect(coverage.missedStates == [.ok])  // the 5 s timer always wins
    #expect(coverage.missedTransitions == ["loading --after 9s--> ok"])
    expectFullCoverage(
      of: graph, events: [.load], ignoring: ["loading --after 9s--> ok"], ignoringStates: [.ok])
  }

  @Test func fullCoverageRecordsAnIssuePerMissedStateAndTransition() {
    withKnownIssue {
      expectFullCoverage(of: StatechartTests.historyChart, events: Cue.allCases)
    } matching: { issue in
      issue.description.contains("c2")
    }
    expectFullCoverage(of: StatechartTests.nested(ChartLog()), events: Cue.allCases)
  }
}

@Suite struct StatechartEdgeCaseTests {
  @Test func restoringAChartEntersTheStateWithItsAncestorsAndInitialChildrenWithoutExitActions() throws {
    let log = ChartLog()
    let machine = StateMachine(graph: StatechartTests.nested(log))
    log.clear()
    try machine.restore(state: .b)
    #expect(machine.configuration == [.b, .b1])
    #expect(log.all == ["enter b", "enter b1"])
    try machine.trySend(.back)
    #expect(machine.configuration == [.a, .a1])
  }

  @Test func restoringAStateTheChartDoesNotHaveIsATypedError() {
    let machine = StateMachine(graph: StatechartTests.nested(ChartLog()))
    #expect(throws: StateRestoreError.unknownState("done")) { try machine.restore(state: .done) }
  }

  @Test func guardsThatRefuseAreNamedInTheError() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .go, to: .b, guard: "signedIn") { _, _ in false }
      Transition(from: .a, on: .go, to: .c, guard: "online") { _, _ in false }
    } chart: {
      Compound(.a, initial: .a1) { Leaf(.a1) }
    }
    let machine = StateMachine(graph: graph)
    #expect(
      throws: TransitionRejected(state: "a1", event: "go", reason: .guardsFailed(["signedIn", "online"]))
    ) {
      try machine.trySend(.go)
    }
  }

  @Test func aCycleOfEventlessTransitionsEndsItsMacrostep() {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .b, on: .go, to: .off)
    } chart: {
      Always(from: .a, to: .b)
      Always(from: .b, to: .a)
    }
    let machine = StateMachine(graph: graph)  // returns: the macrostep stops after its limit
    #expect(machine.matches(.a) || machine.matches(.b))
  }
}
