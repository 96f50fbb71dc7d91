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
}
