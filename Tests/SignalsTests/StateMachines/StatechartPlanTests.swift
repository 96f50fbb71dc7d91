import Signals
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// A microstep is planned before it is performed (issue 40): the engine's plan lists the
/// effects in SCXML's order, and performing it does what the plan says.
@Suite struct StatechartPlanTests {
  /// c(a(a1, a2), b(b1, b2)): three levels, each state logging its entry and exit, a timer in
  /// a1 and in b1, and an action on a1's `go` to b1.
  static func threeLevels(_ log: ChartLog) -> StateGraph<Spot, Cue> {
    StateGraph<Spot, Cue>(initial: .c) {
      Transition(from: .a1, on: .go, to: .b1).action { _ in log.add("action a1->b1") }
    } chart: {
      Compound(.c, initial: .a, entry: log.enter(.c), exit: log.exit(.c)) {
        Compound(.a, initial: .a1, entry: log.enter(.a), exit: log.exit(.a)) {
          Leaf(.a1, entry: log.enter(.a1), exit: log.exit(.a1))
          Leaf(.a2)
        }
        Compound(.b, initial: .b1, entry: log.enter(.b), exit: log.exit(.b)) {
          Leaf(.b1, entry: log.enter(.b1), exit: log.exit(.b1))
          Leaf(.b2)
        }
      }
      After(.seconds(5), from: .a1, to: .a2)
      After(.seconds(3), from: .b1, to: .b2)
    }
  }

  @Test func aThreeLevelTransitionIsPlannedExitsInnermostFirstThenActionsThenEntriesOutermostFirst() throws {
    let log = ChartLog()
    let scheduler = TestScheduler()
    let machine = StateMachine(graph: Self.threeLevels(log), scheduler: scheduler)
    log.clear()
    try machine.trySend(.go)
    #expect(
      machine.engine.planDescription == [
        "exit a1", "cancel timers and invocations of a1", "exit a", "remove exited from configuration",
        "actions of a1 --go--> b1",
        "enter b", "entry action of b", "enter b1", "arm timers of b1", "entry action of b1",
        "add entered to configuration",
      ])
    // Performed in that order: the actions ran as planned, a1's timer was cancelled and b1's armed.
    #expect(log.all == ["exit a1", "exit a", "action a1->b1", "enter b", "enter b1"])
    #expect(machine.configuration == [.c, .b, .b1])
    scheduler.advance(by: .seconds(5))
    #expect(machine.configuration == [.c, .b, .b2])
  }

  @Test func theRecordOfAPlannedMicrostepListsTheCancelledAndArmedTimersInOrder() throws {
    let scheduler = TestScheduler()
    let machine = StateMachine(graph: Self.threeLevels(ChartLog()), scheduler: scheduler)
    let records = ChartRecords<Spot, Cue>()
    let subscription = machine.macrosteps.sink { records.add($0) }
    try machine.trySend(.go)
    let record = try #require(records.all.first)
    #expect(
      record.log == [
        "step a1 --go--> b1", "exit a1", "cancel a1 --after 5s--> a2", "exit a", "action a1 --go--> b1",
        "enter b", "enter b1", "arm b1 --after 3s--> b2",
      ])
    #expect(record.microsteps.map(\.exited) == [[.a1, .a]])
    #expect(record.microsteps.map(\.entered) == [[.b, .b1]])
    subscription.cancel()
  }

  @Test func enteringAFinalStateIsPlannedAfterItsEntryActionAsItsParentsDoneEvent() throws {
    let log = ChartLog()
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .next, to: .a2)
    } chart: {
      Compound(.a, initial: .a1) {
        Leaf(.a1)
        Final(.a2, entry: log.enter(.a2))
      }
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.next)
    // Nothing takes a's done event: the last plan is the step into a2.
    #expect(
      machine.engine.planDescription == [
        "exit a1", "remove exited from configuration",
        "enter a2", "entry action of a2", "raise done of a", "add entered to configuration",
      ])
    #expect(log.all == ["enter a2"])
  }

  @Test func aWarmPlanKeepsItsStorage() throws {
    let machine = StateMachine(graph: Self.threeLevels(ChartLog()), scheduler: TestScheduler())
    try machine.trySend(.go)
    let storage = machine.engine.plan.effects
    try machine.restore(state: .a1)
    try machine.trySend(.go)
    #expect(machine.engine.plan.effects == storage)
    #expect(machine.engine.plan.count == 11)
  }
}

/// Macrostep records collected from any thread.
final class ChartRecords<State: CaseKeyed & Sendable, Event: CaseKeyed & Sendable>: Sendable {
  private let records = Mutex<[MacrostepRecord<State, Event>]>([])

  func add(_ record: MacrostepRecord<State, Event>) { records.withLock { $0.append(record) } }
  var all: [MacrostepRecord<State, Event>] { records.withLock { $0 } }
}
