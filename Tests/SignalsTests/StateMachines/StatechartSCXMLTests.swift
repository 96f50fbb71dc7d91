import Foundation
import Signals
import SignalsFoundation
import SignalsTesting
import Synchronization
import Testing

/// A chart's extended state in these tests: a counter and a log of what the actions did.
struct Tally: Sendable, Equatable {
  var count = 0
  var log: [String] = []
}

/// States whose machines carry a `Tally`.
enum Stage: CaseKeyed, CaseIterable, Hashable, Sendable {
  typealias MachineContext = Tally
  case idle, busy, waiting, done, off
  case p, r1, x, y, r2, u, v, h
  case q, q1, q2, qEnd, hist
  case finished
}

enum Nudge: CaseKeyed, CaseIterable, Hashable, Sendable {
  case go, back, tick, ping, pong, e1, e2, e3, stop
}

/// Each SCXML rule and each capability of issue 39, named after it, in virtual time.
@Suite struct StatechartSCXMLTests {
  // MARK: Extended state

  @Test func eachMachineStartsFromTheGraphsContextAndActionsChangeOnlyItsOwn() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally(count: 5)) {
      Transition(from: .idle, on: .go, to: .busy).action { $0.context.count += 1 }
    } chart: {
    }
    let first = StateMachine(graph: graph)
    let second = StateMachine(graph: graph)
    try first.trySend(.go)
    #expect(first.context.count == 6)
    #expect(second.context.count == 5)
    #expect(graph.context.count == 5)
  }

  @Test func guardsReadTheContextSoARetryCounterNeedsNoSharedBox() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .busy, context: Tally()) {
      Transition(from: .busy, on: .back, to: .waiting)
        .guarded("under the limit") { $0.context.count < 2 }
        .action { $0.context.count += 1 }
      Transition(from: .waiting, on: .go, to: .busy)
    }
    let machine = StateMachine(graph: graph)
    #expect(graph.isStatechart)
    try machine.trySend(.back)
    try machine.trySend(.go)
    try machine.trySend(.back)
    try machine.trySend(.go)
    #expect(
      throws: TransitionRejected(state: "busy", event: "back", reason: .guardsFailed(["under the limit"]))
    ) {
      try machine.trySend(.back)
    }
    #expect(machine.context.count == 2)
  }

  @Test func eachMacrostepPublishesOneSnapshotWithConfigurationAndContextTogether() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy).action { $0.context.count += 1 }
    } chart: {
      Always(from: .busy, to: .done).action { $0.context.count += 10 }
    }
    let machine = StateMachine(graph: graph)
    let seen = Mutex<[(Set<Stage>, Int)]>([])
    let subscription = machine.snapshotPublisher.sink { snapshot in
      seen.withLock { $0.append((Set(snapshot.configuration), snapshot.context.count)) }
    }
    try machine.trySend(.go)
    let values = seen.withLock { $0 }
    #expect(values.map(\.0) == [[.idle], [.done]])
    #expect(values.map(\.1) == [0, 11])
    subscription.cancel()
  }

  // MARK: Guards and actions on every kind of transition

  @Test func eventlessTransitionsTakeGuardsAndActions() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy)
      Transition(from: .waiting, on: .go, to: .busy)
    } chart: {
      Always(from: .busy, to: .waiting).guarded("first") { $0.context.count == 0 }.action {
        $0.context.count += 1
      }
      Always(from: .busy, to: .done).action { $0.context.log.append("done") }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(machine.state == .waiting)
    try machine.trySend(.go)
    #expect(machine.state == .done)
    #expect(machine.context == Tally(count: 1, log: ["done"]))
  }

  @Test func delayedTransitionsTakeGuardsActionsAndADelayReadFromTheContext() throws {
    let scheduler = TestScheduler()
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally(count: 3)) {
      Transition(from: .idle, on: .go, to: .waiting)
      Transition(from: .busy, on: .go, to: .waiting)
    } chart: {
      After("backoff", { .seconds($0.context.count) }, from: .waiting, to: .busy)
        .guarded("retries left") { $0.context.count > 1 }
        .action { $0.context.count -= 1 }
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    try machine.trySend(.go)
    scheduler.advance(by: .seconds(2))
    #expect(machine.state == .waiting)
    scheduler.advance(by: .seconds(1))
    #expect(machine.state == .busy)
    #expect(machine.context.count == 2)
    try machine.trySend(.go)  // waits 2 s now
    scheduler.advance(by: .seconds(2))
    #expect(machine.state == .busy)
    try machine.trySend(.go)  // count 1: the guard refuses, the state stays
    scheduler.advance(by: .seconds(10))
    #expect(machine.state == .waiting)
  }

  @Test func doneTransitionsReadTheFinalStatesDataAndTakeGuardsAndActions() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .q, context: Tally()) {
      Transition(from: .q1, on: .go, to: .qEnd)
    } chart: {
      Compound(.q, initial: .q1) {
        Leaf(.q1)
        Final(.qEnd)
      }
      Done(from: .q, to: .off).guarded("not from qEnd") { $0.doneData != .qEnd }
      Done(from: .q, to: .done)
        .guarded("from qEnd") { $0.doneData == .qEnd }
        .action { $0.context.log.append("done with \($0.doneData.map { "\($0)" } ?? "nothing")") }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(machine.configuration == [.done])
    #expect(machine.context.log == ["done with qEnd"])
  }

  @Test func aDoneEventMayBeTakenByAnAncestorOfTheStateThatIsDone() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .p, context: Tally()) {
      Transition(from: .q1, on: .go, to: .qEnd)
    } chart: {
      Compound(.p, initial: .q) {
        Compound(.q, initial: .q1) {
          Leaf(.q1)
          Final(.qEnd)
        }
      }
      Done(of: .q, from: .p, to: .done).action { $0.context.log.append("p took done.state.q") }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(machine.configuration == [.done])
    #expect(machine.context.log == ["p took done.state.q"])
  }

  // MARK: Targetless and internal transitions

  @Test func aTargetlessTransitionRunsItsActionAndLeavesTimersAndStatesAlone() throws {
    let scheduler = TestScheduler()
    let entries = Mutex(0)
    let graph = StateGraph<Stage, Nudge>(initial: .busy, context: Tally()) {
      Transition(from: .busy, on: .tick).action { $0.context.count += 1 }
    } chart: {
      Leaf(.busy, entry: { _ in entries.withLock { $0 += 1 } })
      After(.seconds(5), from: .busy, to: .done)
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    scheduler.advance(by: .seconds(3))
    try machine.trySend(.tick)
    try machine.trySend(.tick)
    #expect(machine.context.count == 2)
    #expect(entries.withLock { $0 } == 1)
    scheduler.advance(by: .seconds(2))  // the timer armed at entry still fires at 5 s
    #expect(machine.state == .done)
  }

  @Test func anInternalTransitionToADescendantDoesNotLeaveItsSource() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .q, context: Tally()) {
      Transition(from: .q, on: .go, to: .q2).internal()
      Transition(from: .q, on: .back, to: .q1)
    } chart: {
      Compound(
        .q, initial: .q1, entry: { $0.context.log.append("enter q") },
        exit: { $0.context.log.append("exit q") }
      ) {
        Leaf(.q1)
        Leaf(.q2)
      }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(machine.context.log == ["enter q"])
    try machine.trySend(.back)  // external: leaves and re-enters q
    #expect(machine.context.log == ["enter q", "exit q", "enter q"])
  }

  @Test func anInternalTransitionOnARegionRestartsThatRegionOnly() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .p, context: Tally()) {
      Transition(from: .r1, on: .go, to: .y).internal()
      Transition(from: .u, on: .tick, to: .v)
    } chart: {
      Parallel(.p) {
        Compound(.r1, initial: .x) {
          Leaf(.x)
          Leaf(.y)
        }
        Compound(.r2, initial: .u, exit: { $0.context.log.append("exit r2") }) {
          Leaf(.u)
          Leaf(.v)
        }
      }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.tick)
    try machine.trySend(.go)
    #expect(machine.configuration == [.p, .r1, .y, .r2, .v])
    #expect(machine.context.log == [])
  }

  // MARK: The configuration as guards see it, raised events

  @Test func anEventlessGuardSeesAnotherRegionsChangeInTheSameMacrostep() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .p, context: Tally()) {
      Transition(from: .x, on: .go, to: .y)
    } chart: {
      Parallel(.p) {
        Compound(.r1, initial: .x) {
          Leaf(.x)
          Leaf(.y)
        }
        Compound(.r2, initial: .u) {
          Leaf(.u)
          Leaf(.v)
        }
      }
      Always(from: .u, to: .v).guarded("in y") { $0.isActive(.y) }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(machine.configuration == [.p, .r1, .y, .r2, .v])
  }

  @Test func raisedEventsAreTakenInsideTheMacrostepBeforeTheNextEventFromOutside() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy).action { $0.raise(.ping) }
      Transition(from: .busy, on: .ping, to: .waiting).action { $0.context.log.append("ping inside") }
      Transition(from: .waiting, on: .pong, to: .done)
    }
    let machine = StateMachine(graph: graph)
    let states = Mutex<[Stage]>([])
    let subscription = machine.statePublisher.sink { state in states.withLock { $0.append(state) } }
    try machine.trySend(.go)
    #expect(states.withLock { $0 } == [.idle, .waiting])  // one macrostep, one publication
    #expect(machine.context.log == ["ping inside"])
    subscription.cancel()
  }

  // MARK: Finals and the machine's end

  @Test func aTopLevelFinalStateLeavesEveryStateEmptiesTheConfigurationAndFinishesThePublishers() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .q, context: Tally()) {
      Transition(from: .q1, on: .stop, to: .finished)
    } chart: {
      Compound(.q, initial: .q1, exit: { $0.context.log.append("exit q") }) {
        Leaf(.q1, exit: { $0.context.log.append("exit q1") })
      }
      Final(.finished, exit: { $0.context.log.append("exit finished") })
    }
    let machine = StateMachine(graph: graph)
    let finished = Mutex(0)
    let subscription = machine.configurationPublisher.sink(
      receiveCompletion: { _ in finished.withLock { $0 += 1 } }, receiveValue: { _ in })
    let states = machine.statePublisher.sink(
      receiveCompletion: { _ in finished.withLock { $0 += 1 } }, receiveValue: { _ in })
    try machine.trySend(.stop)
    #expect(machine.configuration == [])
    #expect(machine.isFinished)
    #expect(machine.state == .finished)
    #expect(machine.context.log == ["exit q1", "exit q", "exit finished"])
    #expect(finished.withLock { $0 } == 2)
    #expect(!machine.send(.go))
    let late = Mutex<[Stage]>([])
    let lateStates = machine.statePublisher.sink(
      receiveCompletion: { _ in finished.withLock { $0 += 1 } },
      receiveValue: { state in late.withLock { $0.append(state) } })
    #expect(late.withLock { $0 } == [.finished])
    #expect(finished.withLock { $0 } == 3)
    subscription.cancel()
    states.cancel()
    lateStates.cancel()
  }

  // MARK: History

  @Test func deepHistoryBelowAStateTheTransitionStaysInEntersNothingTwice() throws {
    let entries = Mutex(0)
    let graph = StateGraph<Stage, Nudge>(initial: .p, context: Tally()) {
      Transition(from: .x, on: .e1, to: .h)
      Transition(from: .x, on: .e2, to: .off)
      Transition(from: .off, on: .e3, to: .p)
    } chart: {
      Compound(.p, initial: .q) {
        Compound(.q, initial: .x, entry: { _ in entries.withLock { $0 += 1 } }) {
          Leaf(.x)
        }
        History(.h, deep: true, default: .q)
      }
    }
    let machine = StateMachine(graph: graph)
    for event in [Nudge.e2, .e3, .e1, .e1] { try machine.trySend(event) }
    #expect(machine.configuration == [.p, .q, .x])
    #expect(entries.withLock { $0 } == 2)  // at the start and after e3; never while active
  }

  @Test func aHistoryInsideAParallelStateRestoresEveryRegion() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .p, context: Tally()) {
      Transition(from: .x, on: .go, to: .y)
      Transition(from: .u, on: .tick, to: .v)
      Transition(from: .p, on: .stop, to: .off)
      Transition(from: .off, on: .back, to: .h)
    } chart: {
      Parallel(.p) {
        History(.h, deep: true)
        Compound(.r1, initial: .x) {
          Leaf(.x)
          Leaf(.y)
        }
        Compound(.r2, initial: .u) {
          Leaf(.u)
          Leaf(.v)
        }
      }
    }
    #expect(graph.problems() == [])
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    try machine.trySend(.stop)
    try machine.trySend(.back)
    #expect(machine.configuration == [.p, .r1, .y, .r2, .u])
  }

  @Test func aHistoryInsideAParallelStateWithNoHistoryYetEntersEveryRegion() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .off, context: Tally()) {
      Transition(from: .off, on: .back, to: .h)
    } chart: {
      Parallel(.p) {
        History(.h)
        Compound(.r1, initial: .x) { Leaf(.x) }
        Compound(.r2, initial: .u) { Leaf(.u) }
      }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.back)
    #expect(machine.configuration == [.p, .r1, .x, .r2, .u])
  }

  @Test func problemsReportAHistoryThatCouldEnterNothing() {
    let graph = StateGraph<Stage, Nudge>(initial: .off, context: Tally()) {
      Transition(from: .off, on: .back, to: .h)
    } chart: {
      Compound(.q, initial: .q1) {
        Leaf(.q1)
        History(.h, default: .off)
      }
    }
    #expect(graph.problems().contains(.historyWithoutDefault(state: "h")))
  }

  // MARK: Loops end and are reported

  @Test func anEventLoopThroughActionsIsCutAndReportedToTheSender() {
    let reported = Mutex<[TransitionRejected]>([])
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .ping, to: .busy).action { $0.send(.pong) }
      Transition(from: .busy, on: .pong, to: .idle).action { $0.send(.ping) }
    }
    let machine = StateMachine(
      graph: graph, policy: .report { error in reported.withLock { $0.append(error) } })
    #expect(!machine.send(.ping))
    #expect(reported.withLock { $0.map(\.reason) } == [.loopLimit(StateMachine<Stage, Nudge>.loopLimit)])
  }

  @Test func anEventlessLoopIsCutAndTrySendThrows() {
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy)
    } chart: {
      Always(from: .busy, to: .waiting)
      Always(from: .waiting, to: .busy)
    }
    let machine = StateMachine(graph: graph)
    #expect(throws: TransitionRejected(state: "idle", event: "go", reason: .loopLimit(10_000))) {
      try machine.trySend(.go)
    }
  }

  @Test func invocationsThatAnswerAtOnceInALoopAreCut() {
    let reported = Mutex(0)
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy)
      Transition(from: .busy, on: .ping, to: .waiting)
      Transition(from: .waiting, on: .pong, to: .busy)
    } chart: {
      Invoke(in: .busy, { _ in Just(Nudge.ping) }, onValue: { $0 })
      Invoke(in: .waiting, { _ in Just(Nudge.pong) }, onValue: { $0 })
    }
    let machine = StateMachine(graph: graph, policy: .report { _ in reported.withLock { $0 += 1 } })
    #expect(!machine.send(.go))
    #expect(reported.withLock { $0 } == 1)
  }

  // MARK: Time that cannot be forgotten; restore

  @Test func aMachineWithDelayedTransitionsAndNoSchedulerWaitsOnARealClock() {
    let graph = StateGraph<Stage, Nudge>(initial: .waiting, context: Tally()) {
      Transition(from: .busy, on: .go, to: .idle)
    } chart: {
      After(.seconds(3_600), from: .waiting, to: .busy)
    }
    let machine = StateMachine(graph: graph)
    #expect(machine.state == .waiting)  // an immediate scheduler would have fired it already
  }

  @Test func restoringRefusesAHistoryOrATopLevelFinalState() {
    let graph = StateGraph<Stage, Nudge>(initial: .q, context: Tally()) {
      Transition(from: .q1, on: .stop, to: .finished)
    } chart: {
      Compound(.q, initial: .q1) {
        Leaf(.q1)
        History(.hist)
      }
      Final(.finished)
    }
    let machine = StateMachine(graph: graph)
    #expect(throws: StateRestoreError.notRestorable("hist")) { try machine.restore(state: .hist) }
    #expect(throws: StateRestoreError.notRestorable("finished")) { try machine.restore(state: .finished) }
    #expect(machine.configuration == [.q, .q1])
  }
}

@Suite struct MacrostepInspectorTests {
  @Test func everyMacrostepIsRecordedWithItsStepsActionsTimersAndContext() throws {
    let scheduler = TestScheduler()
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy).action { $0.context.count += 1 }
    } chart: {
      Leaf(.busy, entry: { $0.raise(.ping) })
      After(.seconds(5), from: .busy, to: .done)
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    let records = Mutex<[String]>([])
    let subscription = machine.macrosteps.sink { record in records.withLock { $0.append(record.description) }
    }
    try machine.trySend(.go)
    scheduler.advance(by: .seconds(5))
    #expect(
      records.withLock { $0 } == [
        """
        event go in [idle]
          step idle --go--> busy
          exit idle
          action idle --go--> busy
          enter busy
          arm busy --after 5s--> done
          raise ping
          context Tally(count: 0, log: []) -> Tally(count: 1, log: [])
          now [busy]
        """,
        """
        timer busy --after 5s--> done in [busy]
          step busy --after 5s--> done
          exit busy
          enter done
          now [done]
        """,
      ])
    subscription.cancel()
  }

  @Test func leavingAStateCancelsItsTimerInTheRecord() throws {
    let scheduler = TestScheduler()
    let graph = StateGraph<Stage, Nudge>(initial: .busy, context: Tally()) {
      Transition(from: .busy, on: .stop, to: .off)
    } chart: {
      After(.seconds(5), from: .busy, to: .done)
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    let records = Mutex<[MacrostepRecord<Stage, Nudge>]>([])
    let subscription = machine.macrosteps.sink { record in records.withLock { $0.append(record) } }
    try machine.trySend(.stop)
    let record = try #require(records.withLock { $0.first })
    #expect(record.log.contains("cancel busy --after 5s--> done"))
    #expect(record.microsteps.map(\.exited) == [[.busy]])
    #expect(record.microsteps.map(\.entered) == [[.off]])
    subscription.cancel()
  }

  @Test func aMachineNobodyInspectsRecordsNothing() throws {
    let graph = StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
      Transition(from: .idle, on: .go, to: .busy)
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    let records = Mutex(0)
    let subscription = machine.macrosteps.sink { _ in records.withLock { $0 += 1 } }
    #expect(records.withLock { $0 } == 0)  // what happened before is not replayed
    #expect(throws: TransitionRejected.self) { try machine.trySend(.back) }
    #expect(records.withLock { $0 } == 0)  // a refused event is no macrostep
    subscription.cancel()
  }
}

/// A flow whose states carry payloads, declared by their cases only.
enum Order: CaseKeyed, Hashable, Sendable {
  case browsing, paying(total: Int), paid(receipt: String), checkout
  enum Case: Hashable, Sendable { case browsing, paying, paid, checkout }
  var caseKey: Case {
    switch self {
    case .browsing: .browsing
    case .paying: .paying
    case .paid: .paid
    case .checkout: .checkout
    }
  }
}

enum OrderEvent: CaseKeyed, Hashable, Sendable {
  case pay(Int), confirmed(String)
  enum Case: Hashable, Sendable { case pay, confirmed }
  var caseKey: Case {
    switch self {
    case .pay: .pay
    case .confirmed: .confirmed
    }
  }
}

@Suite struct DeclaredByCaseTests {
  @Test func statesWithPayloadsAreDeclaredByTheirCaseAndTakeTheirTargetsValues() throws {
    let entered = Mutex<[Order]>([])
    let graph = StateGraph<Order, OrderEvent>(initial: .browsing) {
      Transition(
        from: .browsing, on: .pay,
        to: .make(.paying) { if case .pay(let total) = $0 { .paying(total: total) } else { nil } })
      Transition(
        from: .paying, on: .confirmed,
        to: .make(.paid) { if case .confirmed(let id) = $0 { .paid(receipt: id) } else { nil } })
    } chart: {
      Compound(
        case: .checkout, initial: .browsing,
        entry: { context in entered.withLock { $0.append(context.state) } }
      ) {
        Leaf(.browsing)
        Leaf(case: .paying, entry: { context in entered.withLock { $0.append(context.state) } })
        Final(case: .paid)
      }
      Done(from: .checkout, to: .browsing).guarded("paid") { $0.doneData == .paid(receipt: "R-7") }
    }
    #expect(graph.problems() == [])
    let machine = StateMachine(graph: graph)
    try machine.trySend(.pay(30))
    #expect(machine.state == .paying(total: 30))
    #expect(machine.activeState(.checkout) == .browsing)  // the first value entered below it
    try machine.trySend(.confirmed("R-7"))
    #expect(machine.configuration == [.checkout, .browsing])
    #expect(entered.withLock { $0 } == [.browsing, .paying(total: 30), .browsing])
  }
}

/// A reference the test checks for uniqueness.
final class Marker: Sendable {}

/// An extended state holding a reference, to see whether an action gets it without a copy.
struct Held: Sendable {
  var marker = Marker()
  var unique: [Bool] = []
}

enum Holder: CaseKeyed, CaseIterable, Hashable, Sendable {
  typealias MachineContext = Held
  case a, b
}

@Suite struct ContextOwnershipTests {
  @Test func anActionHoldsTheContextItselfSoChangingACollectionInItCopiesNothing() throws {
    let graph = StateGraph<Holder, Nudge>(initial: .a, context: Held()) {
      Transition(from: .a, on: .go, to: .b).action { $0.context.marker = Marker() }
    } chart: {
      // In the same macrostep, the next action finds the new marker held by the context alone
      // (a copy kept beside the action's would make it shared).
      Always(from: .b, to: .a).action {
        $0.context.unique.append(isKnownUniquelyReferenced(&$0.context.marker))
      }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.go)
    #expect(machine.context.unique == [true])
  }
}

/// A cart whose progress and extended state are saved.
struct Basket: Codable, Sendable, Equatable {
  var items = 0
}

enum Shopping: String, CaseKeyed, CaseIterable, Codable, Hashable, Sendable {
  typealias MachineContext = Basket
  case browsing, reviewing
}

@Suite struct SavedContextTests {
  static let graph = StateGraph<Shopping, Nudge>(initial: .browsing, context: Basket()) {
    Transition(from: .browsing, on: .tick).action { $0.context.items += 1 }
    Transition(from: .browsing, on: .go, to: .reviewing)
  }

  @Test func aSaveCarriesTheExtendedStateAndARestoreBringsItBack() throws {
    let machine = StateMachine(graph: Self.graph)
    try machine.trySend(.tick)
    try machine.trySend(.tick)
    try machine.trySend(.go)
    let saved = try machine.savedState()
    #expect(
      String(decoding: saved, as: UTF8.self) == #"{"context":{"items":2},"state":"reviewing","version":1}"#)
    let restored = StateMachine(graph: Self.graph)
    try restored.restore(from: saved)
    #expect(restored.state == .reviewing)
    #expect(restored.context == Basket(items: 2))
  }

  @Test func aSaveWithoutAContextKeepsTheMachines() throws {
    let machine = StateMachine(graph: Self.graph)
    try machine.trySend(.tick)
    try machine.restore(from: Data(#"{"state":"reviewing","version":1}"#.utf8))
    #expect(machine.state == .reviewing)
    #expect(machine.context == Basket(items: 1))
  }
}
