import Signals
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// `StateMachine.macrosteps`: the machine's inspector, on the machine's own list of subscribers
/// with `PassthroughSubject`'s rules, between the states and the steps (issue 40).
@Suite struct MacrostepPublisherTests {
  /// a(a1) -go-> b(b1) -back-> a(a1); b1 -finish1-> done, a top-level final state.
  static let chart = StateGraph<Spot, Cue>(initial: .a1) {
    Transition(from: .a1, on: .go, to: .b1)
    Transition(from: .b1, on: .back, to: .a1)
    Transition(from: .b1, on: .finish1, to: .done)
  } chart: {
    Compound(.a, initial: .a1) { Leaf(.a1) }
    Compound(.b, initial: .b1) { Leaf(.b1) }
    Final(.done)
  }

  /// Whatever order they subscribed in: the new state, then the macrostep's record, then its step.
  @Test func aMacrostepsRecordComesAfterTheNewStateAndBeforeTheStep() throws {
    let machine = StateMachine(graph: Self.chart)
    let log = Guarded<[String]>([])
    let steps = machine.transitions.sink { step in log.withLock { $0.append("step \(step.to)") } }
    let records = machine.macrosteps.sink { record in
      log.withLock { $0.append("record \(record.configurationAfter.map { "\($0)" }.joined(separator: " "))") }
      #expect(machine.state == .b1)
    }
    let states = machine.statePublisher.sink { state in log.withLock { $0.append("state \(state)") } }
    try machine.trySend(.go)
    #expect(log.withLock { $0 } == ["state a1", "state b1", "record b b1", "step b1"])
    steps.cancel()
    records.cancel()
    states.cancel()
  }

  /// When the chart stops, its states' subscribers finish; those of its steps and macrosteps get
  /// the last step and record and never complete (as before issue 40: their subjects were never
  /// finished), and a subscriber that comes later gets its subscription and nothing else.
  @Test func aStoppedChartFinishesItsStatesButNotItsStepsOrMacrosteps() throws {
    let machine = StateMachine(graph: Self.chart)
    let states = machine.statePublisher.record()
    let steps = machine.transitions.record()
    let records = machine.macrosteps.record()
    try machine.trySend(.go)
    try machine.trySend(.finish1)
    #expect(machine.isFinished)
    #expect(states.completion == .finished)
    #expect(steps.values.map(\.event) == [.go, .finish1])
    #expect(steps.completion == nil)
    #expect(records.values.map(\.configurationAfter) == [[.b, .b1], []])
    #expect(records.completion == nil)
    let lateSteps = machine.transitions.record()
    let lateRecords = machine.macrosteps.record()
    #expect(lateSteps.subscriptionCount == 1)
    #expect(lateSteps.events.isEmpty)
    #expect(lateRecords.subscriptionCount == 1)
    #expect(lateRecords.events.isEmpty)
  }

  @Test func aSubscriberThatRequestedOneGetsExactlyOneRecord() throws {
    let machine = StateMachine(graph: Self.chart)
    let records = machine.macrosteps.record(demand: .max(1))
    try machine.trySend(.go)
    try machine.trySend(.back)
    try machine.trySend(.go)
    #expect(records.values.map(\.configurationAfter) == [[.b, .b1]])
    records.request(.max(1))
    try machine.trySend(.back)
    #expect(records.values.map(\.configurationAfter) == [[.b, .b1], [.a, .a1]])
  }

  @Test func aSubscriberThatCancelsInsideReceiveGetsNoMoreRecords() throws {
    let machine = StateMachine(graph: Self.chart)
    let count = Guarded(0)
    let holder = Guarded<AnyCancellable?>(nil)
    let cancelling = machine.macrosteps.sink { _ in
      count.withLock { $0 += 1 }
      holder.withLock { $0?.cancel() }
    }
    holder.withLock { $0 = cancelling }
    let other = machine.macrosteps.record()
    try machine.trySend(.go)
    try machine.trySend(.back)
    #expect(count.withLock { $0 } == 1)
    #expect(other.values.count == 2)
  }

  /// Recording runs while someone subscribes: the engine's flag follows the list.
  @Test func macrostepsAreRecordedOnlyWhileSomeoneSubscribes() throws {
    let machine = StateMachine(graph: Self.chart)
    _ = machine.macrosteps  // reading it is not inspecting
    #expect(!machine.recordsMacrosteps)
    let records = machine.macrosteps.record()
    #expect(machine.recordsMacrosteps)
    try machine.trySend(.go)
    records.cancel()
    #expect(!machine.recordsMacrosteps)
    try machine.trySend(.back)
    #expect(records.values.count == 1)
  }
}

extension StateMachine {
  /// Whether the engine records the next macrostep (read between sends, by the test).
  fileprivate var recordsMacrosteps: Bool { engine.inspected.load(ordering: .relaxed) }
}
