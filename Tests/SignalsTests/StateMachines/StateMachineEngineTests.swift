import Signals
import SignalsTesting
import Testing

/// One engine runs flat graphs and statecharts: a flat graph is a chart of one level whose
/// configuration is its state, and it publishes through the same paths as a chart.
@Suite struct StateMachineEngineTests {
  /// off -go-> a -next-> b, flat.
  static let flat = StateGraph<Spot, Cue>(initial: .off) {
    Transition(from: .off, on: .go, to: .a)
    Transition(from: .a, on: .next, to: .b)
  }

  @Test func aFlatGraphsConfigurationIsItsStateAlone() throws {
    let machine = StateMachine(graph: Self.flat)
    try machine.trySend(.go)
    #expect(machine.configuration == [.a])
    #expect(machine.matches(.a))
    #expect(!machine.matches(.off))
    #expect(machine.activeState(.a) == .a)
    #expect(machine.activeState(.b) == nil)
    let snapshot = machine.snapshot
    #expect(snapshot.configuration == [.a])
    #expect(snapshot.state == .a)
    #expect(!snapshot.isFinished)
  }

  @Test func aFlatGraphPublishesOneSnapshotPerState() throws {
    let machine = StateMachine(graph: Self.flat)
    var snapshots: [([Spot], Spot)] = []
    let subscription = machine.snapshotPublisher.sink { snapshots.append(($0.configuration, $0.state)) }
    try machine.trySend(.go)
    try machine.trySend(.next)
    #expect(snapshots.map(\.0) == [[.off], [.a], [.b]])
    #expect(snapshots.map(\.1) == [.off, .a, .b])
    subscription.cancel()
  }

  @Test func aFlatGraphsConfigurationPublisherFollowsItsState() throws {
    let machine = StateMachine(graph: Self.flat)
    var configurations: [[Spot]] = []
    let subscription = machine.configurationPublisher.sink { configurations.append($0) }
    try machine.trySend(.go)
    #expect(!machine.send(.go))
    try machine.trySend(.next)
    #expect(configurations == [[.off], [.a], [.b]])
    subscription.cancel()
  }

  @Test func aDelayedTransitionWhoseGuardFailsPublishesNothing() {
    let scheduler = TestScheduler()
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .b, on: .back, to: .a)
    } chart: {
      After(.seconds(3), from: .a, to: .b).guarded("never") { _ in false }
    }
    let machine = StateMachine(graph: graph, scheduler: scheduler)
    var states: [Spot] = []
    let subscription = machine.statePublisher.sink { states.append($0) }
    scheduler.advance(by: .seconds(3))
    #expect(machine.state == .a)
    #expect(states == [.a])
    subscription.cancel()
  }

  @Test func aFlatGraphsStepCarriesItsTransitionsAnnotations() throws {
    struct Label: TransitionAnnotation { let text: String }
    let graph = StateGraph<Spot, Cue>(initial: .off) {
      Transition(from: .off, on: .go, to: .a).annotated(Label(text: "first"))
    }
    let machine = StateMachine(graph: graph)
    var labels: [String?] = []
    let subscription = machine.transitions.sink { labels.append($0.annotation(Label.self)?.text) }
    try machine.trySend(.go)
    #expect(labels == ["first"])
    subscription.cancel()
  }

  // MARK: One list of subscribers: states, snapshots and configurations

  @Test func snapshotsAreServedWithTheStatesDemandRules() {
    let machine = StateMachine(graph: Self.flat, policy: .ignore)
    let recorder = machine.snapshotPublisher.record(demand: .none)
    machine.send(.go)
    machine.send(.next)
    #expect(recorder.values.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.values.map(\.state) == [.b])
    #expect(recorder.values.map(\.configuration) == [[.b]])
  }

  @Test func aLateSubscriberToAStoppedChartGetsItsLastSnapshotAndTheFinish() throws {
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a, on: .finish1, to: .done)
    } chart: {
      Final(.done)
    }
    let machine = StateMachine(graph: graph)
    try machine.trySend(.finish1)
    #expect(machine.isFinished)
    let recorder = machine.snapshotPublisher.record()
    #expect(recorder.values.map(\.isFinished) == [true])
    #expect(recorder.values.map(\.configuration) == [[]])
    #expect(recorder.completion == .finished)
  }

  @Test func aStatesSubscriberAndASnapshotsSubscriberSeeTheSameMacrosteps() throws {
    let graph = StateGraph<Spot, Cue>(initial: .a1) {
      Transition(from: .a1, on: .go, to: .b1)
    } chart: {
      Compound(.a, initial: .a1) { Leaf(.a1) }
      Compound(.b, initial: .b1) { Leaf(.b1) }
    }
    let machine = StateMachine(graph: graph)
    let states = machine.statePublisher.record()
    let snapshots = machine.snapshotPublisher.record()
    try machine.trySend(.go)
    #expect(states.values == [.a1, .b1])
    #expect(snapshots.values.map(\.state) == states.values)
    #expect(snapshots.values.map(\.configuration) == [[.a, .a1], [.b, .b1]])
  }
}
