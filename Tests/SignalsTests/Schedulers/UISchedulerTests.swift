import Dispatch
import Signals
import SignalsTesting
import Synchronization
import Testing

/// A flag scheduled actions can set from any thread.
final class RanFlag: Sendable {
  let value = Atomic<Bool>(false)
  func set() { value.store(true, ordering: .releasing) }
  var isSet: Bool { value.load(ordering: .acquiring) }
}

/// A `@MainActor` view model whose pipeline ends on `UIScheduler`: the `sink` is `@MainActor`
/// (checked by the compiler), and time comes from an injected scheduler.
@MainActor
final class UISearchModel {
  @Published var query = ""
  private(set) var results: [String] = []
  private var subscriptions: Set<AnyCancellable> = []

  init(search: @escaping @Sendable (String) -> AnyPublisher<[String], Never>, scheduler: any Scheduler) {
    $query
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .map(search)
      .switchToLatest()
      .receive(on: UIScheduler.shared)
      .sink { [weak self] results in self?.results = results }
      .store(in: &subscriptions)
  }
}

/// The combine-schedulers form: the main queue is injected as `AnySchedulerOf<DispatchQueue>`,
/// and a test passes its `TestScheduler` in its place.
@MainActor
final class InjectedMainQueueModel {
  @Published var query = ""
  private(set) var shown = ""
  private var subscriptions: Set<AnyCancellable> = []

  init(mainQueue: AnySchedulerOf<DispatchQueue>) {
    $query
      .debounce(for: .milliseconds(300), scheduler: mainQueue)
      .receive(on: mainQueue)
      .sink { [weak self] query in self?.shown = query }
      .store(in: &subscriptions)
  }
}

@Suite struct UISchedulerTests {
  @Test @MainActor func runsAnActionAtOnceOnTheMainQueue() {
    let ran = RanFlag()
    UIScheduler.shared.schedule { ran.set() }
    #expect(ran.isSet)
  }

  @Test @MainActor func hopsToTheMainQueueFromAnotherThread() async {
    let ran = RanFlag()
    DispatchQueue(label: "elsewhere").sync {
      UIScheduler.shared.schedule { ran.set() }
    }
    #expect(!ran.isSet)  // the main queue runs it once this task lets it
    await observationMainQueueTurn()
    #expect(ran.isSet)
  }

  @Test @MainActor func aTimedActionGoesThroughTheMainQueue() async {
    let ran = RanFlag()
    UIScheduler.shared.schedule(after: UIScheduler.shared.now) { ran.set() }
    #expect(!ran.isSet)
    while !ran.isSet { await observationMainQueueTurn() }
    #expect(ran.isSet)
  }

  /// The case: a `@MainActor` view model tested in virtual time sees the value as soon
  /// as the test advances the clock, with no `await` and no yield.
  @Test @MainActor func aMainActorViewModelSeesTheValueWhenTheClockAdvancesWithNoYield() {
    let scheduler = TestScheduler()
    let model = UISearchModel(
      search: { Just(["\($0) 1", "\($0) 2"]).eraseToAnyPublisher() }, scheduler: scheduler)
    model.query = "sw"
    model.query = "swift"
    scheduler.advance(by: .milliseconds(299))
    #expect(model.results.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(model.results == ["swift 1", "swift 2"])
  }

  @Test @MainActor func anInjectedMainQueueIsReplacedByTheTestScheduler() {
    let scheduler = TestScheduler()
    let model = InjectedMainQueueModel(mainQueue: scheduler.eraseToAnyScheduler())
    model.query = "swift"
    scheduler.advance(by: .milliseconds(300))
    #expect(model.shown == "swift")
  }

  @Test @MainActor func theAppPassesTheMainQueueAsCombineSchedulersSpellsIt() {
    let model = InjectedMainQueueModel(mainQueue: .main)
    #expect(AnySchedulerOf<DispatchQueue>.main.base is DispatchQueue)
    #expect(model.shown == "")
  }
}
