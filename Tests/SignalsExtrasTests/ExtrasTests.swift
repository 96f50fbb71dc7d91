import Signals
import SignalsExtras
import SignalsTesting
import Synchronization
import Testing

/// The names `SignalsExtras` adds, reached through `import SignalsExtras`: each still does what
/// it did when it lived in `Signals` (their full suites stay with the operators' tests in
/// SignalsTests, which imports this module too).
@Suite struct ExtrasTests {
  final class Model {
    var name = ""
  }

  @Test func withLatestFromPairsEachTriggerWithTheLatestSample() {
    let triggers = PassthroughSubject<String, Never>()
    let samples = PassthroughSubject<Int, Never>()
    let recorder = triggers.withLatestFrom(samples) { "\($0)\($1)" }.record()
    triggers.send("a")
    samples.send(1)
    triggers.send("b")
    #expect(recorder.values == ["b1"])
  }

  @Test func shareReplayGivesALateSubscriberTheLatestValues() {
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replay: 1)
    let first = shared.record()
    source.send(1)
    source.send(2)
    let second = shared.record()
    #expect(first.values == [1, 2])
    #expect(second.values == [2])
  }

  @Test func collectionMergeDeliversEveryValueOfEveryPublisher() {
    let recorder = [[1, 2].publisher, [3].publisher].merge().record()
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.isFinished)
  }

  @Test func collectionCombineLatestDeliversTheLatestOfEach() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let recorder = [first, second].combineLatest().record()
    first.send(1)
    second.send(2)
    first.send(3)
    #expect(recorder.values == [[1, 2], [3, 2]])
  }

  @Test func assignOnWeakDoesNotKeepTheObjectAlive() {
    let source = PassthroughSubject<String, Never>()
    var model: Model? = Model()
    weak let gone = model
    let cancellable = source.assign(to: \.name, onWeak: model!)
    source.send("a")
    #expect(model?.name == "a")
    model = nil
    #expect(gone == nil)
    cancellable.cancel()
  }

  @Test func schedulerTimerTicksEveryInterval() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timer(every: .seconds(1)).prefix(2).record(on: scheduler)
    scheduler.advance(by: .seconds(5))
    #expect(recorder.values == [SchedulerTime(seconds: 1), SchedulerTime(seconds: 2)])
    #expect(recorder.isFinished)
  }

  @Test func scheduleAfterDelayRunsTheActionThatLongFromNow() {
    let scheduler = TestScheduler()
    let ran = Flag()
    scheduler.advance(by: .seconds(1))
    scheduler.schedule(afterDelay: .seconds(2)) { ran.set() }
    scheduler.advance(by: .seconds(1))
    #expect(!ran.value)
    scheduler.advance(by: .seconds(1))
    #expect(ran.value)
  }
}

/// A flag the scheduled action sets; `@Sendable` closures cannot capture a `var`.
final class Flag: Sendable {
  private let state = Mutex(false)
  var value: Bool { state.withLock { $0 } }
  func set() { state.withLock { $0 = true } }
}
