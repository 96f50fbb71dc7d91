import Signals
import SignalsTesting
import Testing

/// A chart whose entry actions write to the log: two regions under `p`, a deep history of `p`,
/// and a delayed transition back from `y`.
func restorableChart() -> StateGraph<Stage, Nudge> {
  StateGraph<Stage, Nudge>(initial: .idle, context: Tally()) {
    Transition(from: .idle, on: .go, to: .p)
    Transition(from: .x, on: .e1, to: .y)
    Transition(from: .u, on: .e2, to: .v)
    Transition(from: .p, on: .back, to: .idle)
    Transition(from: .idle, on: .e3, to: .h)
  } chart: {
    Leaf(.idle)
    Parallel(.p, entry: { $0.context.log.append("enter p") }) {
      Compound(.r1, initial: .x) {
        Leaf(.x, entry: { $0.context.log.append("enter x") })
        Leaf(.y, entry: { $0.context.log.append("enter y") })
      }
      Compound(.r2, initial: .u) {
        Leaf(.u)
        Leaf(.v)
      }
      History(.h, deep: true)
    }
    After(.seconds(3), from: .y, to: .x)
  }
}

/// `StateMachine.restore(chart:)`, the package entry point a chart coordinator's restore uses.
@Suite struct ChartRestoreTests {
  @Test func aRestorePutsBackTheConfigurationAndTheHistoriesWithoutRunningEntryActions() throws {
    let scheduler = TestScheduler()
    let graph = restorableChart()
    let saved = StateMachine(graph: graph, scheduler: scheduler)
    try saved.trySend(.go)
    try saved.trySend(.e1)
    try saved.trySend(.e2)
    try saved.trySend(.back)  // the deep history records y and v
    let chart = try #require(saved.savedChart)

    let restored = StateMachine(graph: graph, scheduler: scheduler)
    var configurations: [[Stage]] = []
    let watch = restored.configurationPublisher.sink { configurations.append($0) }
    try restored.restore(chart: chart)
    #expect(configurations == [[.idle]])  // the same configuration: nothing new to publish
    #expect(restored.configuration == [.idle])
    #expect(restored.context.log == [])
    // Back into p through its history: where the first machine was, entry actions run now.
    try restored.trySend(.e3)
    #expect(restored.configuration == [.p, .r1, .y, .r2, .v])
    #expect(restored.context.log == ["enter p", "enter y"])
    watch.cancel()
  }

  @Test func aRestoredConfigurationIsPublishedAndItsStatesAreNotEntered() throws {
    let graph = restorableChart()
    let saved = StateMachine(graph: graph, scheduler: TestScheduler())
    try saved.trySend(.go)
    try saved.trySend(.e1)
    let restored = StateMachine(graph: graph, scheduler: TestScheduler())
    var configurations: [[Stage]] = []
    let watch = restored.configurationPublisher.sink { configurations.append($0) }
    try restored.restore(chart: try #require(saved.savedChart))
    #expect(configurations == [[.idle], [.p, .r1, .y, .r2, .u]])
    #expect(restored.state == .y)
    #expect(restored.context.log == [])
    watch.cancel()
  }

  @Test func aRestoredStateArmsItsDelayedTransitionFromTheRestore() throws {
    let graph = restorableChart()
    let saved = StateMachine(graph: graph, scheduler: TestScheduler())
    try saved.trySend(.go)
    try saved.trySend(.e1)
    let scheduler = TestScheduler()
    let restored = StateMachine(graph: graph, scheduler: scheduler)
    scheduler.advance(by: .seconds(10))
    try restored.restore(chart: try #require(saved.savedChart))
    scheduler.advance(by: .seconds(2))
    #expect(restored.configuration == [.p, .r1, .y, .r2, .u])
    scheduler.advance(by: .seconds(1))
    #expect(restored.configuration == [.p, .r1, .x, .r2, .u])
  }

  @Test func aRestoreAskedForWhileAnEventRunsRunsAfterIt() throws {
    let graph = restorableChart()
    let saved = StateMachine(graph: graph)
    try saved.trySend(.go)
    try saved.trySend(.e1)
    let chart = try #require(saved.savedChart)
    let machine = StateMachine(graph: graph)
    var thrown: StateRestoreError?
    let watch = machine.statePublisher.sink { state in
      guard state == .x else { return }
      do { try machine.restore(chart: chart) } catch { thrown = error as? StateRestoreError }
    }
    try machine.trySend(.go)
    #expect(thrown == nil)
    #expect(machine.configuration == [.p, .r1, .y, .r2, .u])
    watch.cancel()
  }

  @Test(arguments: [
    (
      SavedChartHistory<Stage>(history: .h, states: [.init(key: .y, value: .y)]),
      StateRestoreError.corrupt(
        "history h cannot restore what it records: parallel state p is missing its region r2")
    ),
    (
      SavedChartHistory<Stage>(history: .h, states: [.init(key: .r1, value: .r1)]),
      StateRestoreError.corrupt("history h records r1, which is not a leaf below p")
    ),
    (
      SavedChartHistory<Stage>(history: .h, states: [.init(key: .idle, value: .idle)]),
      StateRestoreError.corrupt("history h records idle, which is not a leaf below p")
    ),
    (
      SavedChartHistory<Stage>(history: .h, states: [.init(key: .x, value: .y), .init(key: .u, value: .u)]),
      StateRestoreError.corrupt("the saved value of x is of case y")
    ),
  ])
  func aDeepHistoryMustRecordLeavesBelowItsParentAsAConfigurationHasThem(
    record: SavedChartHistory<Stage>, error: StateRestoreError
  ) throws {
    let machine = StateMachine(graph: restorableChart())
    try machine.trySend(.go)
    try machine.trySend(.e1)
    try machine.trySend(.e2)
    try machine.trySend(.back)
    let chart = SavedChart<Stage>(configuration: [.init(key: .idle, value: .idle)], histories: [record])
    #expect(throws: error) { try machine.restore(chart: chart) }
    // The history the machine recorded is kept: p comes back as it was left.
    try machine.trySend(.e3)
    #expect(machine.configuration == [.p, .r1, .y, .r2, .v])
  }

  @Test func aFlatGraphHasNoChartToSaveOrRestore() {
    enum Light: CaseKeyed, CaseIterable { case off, on }
    let flat = StateGraph<Light, Nudge>(initial: .off) { Transition(from: .off, on: .go, to: .on) }
    let machine = StateMachine(graph: flat)
    #expect(machine.savedChart == nil)
    #expect(
      throws: StateRestoreError.corrupt(
        "the graph has no chart block: a saved configuration restores a statechart only")
    ) {
      try machine.restore(chart: SavedChart(configuration: [.init(key: .on, value: .on)], histories: []))
    }
  }
}
