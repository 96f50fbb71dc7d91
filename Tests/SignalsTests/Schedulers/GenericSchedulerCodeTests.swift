import Dispatch
import Signals
import SignalsTesting
import Synchronization
import Testing

// Generic scheduler code as public Combine code writes it, compiled unchanged against Signals.

/// A search box view model generic over its scheduler, naming `S.SchedulerTimeType.Stride`.
final class GenericSearchModel<S: Scheduler> {
  @Published var query = ""
  @Published private(set) var results: [String] = []

  init(scheduler: S, quietPeriod: S.SchedulerTimeType.Stride = .milliseconds(300)) {
    $query
      .dropFirst()
      .debounce(for: quietPeriod, scheduler: scheduler)
      .map { query in ["\(query) 1", "\(query) 2"] }
      .assign(to: &$results)
  }
}

/// Runs `body` after `delay`, with Combine's four-argument `schedule`.
func runLater<S: Scheduler>(
  on scheduler: S, after delay: S.SchedulerTimeType.Stride, options: S.SchedulerOptions? = nil,
  _ body: @escaping @Sendable () -> Void
) {
  scheduler.schedule(
    after: scheduler.now.advanced(by: delay), tolerance: scheduler.minimumTolerance, options: options, body)
}

/// Polls every `interval`, with Combine's five-argument `schedule`.
func poll<S: Scheduler>(
  every interval: S.SchedulerTimeType.Stride, on scheduler: S, _ body: @escaping @Sendable () -> Void
) -> any Cancellable {
  scheduler.schedule(
    after: scheduler.now.advanced(by: interval), interval: interval, tolerance: .zero, options: nil, body)
}

/// A constraint generic code writes to accept only dispatch-compatible schedulers.
func dispatchCompatible<S: Scheduler>(_ scheduler: S) -> Bool
where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType {
  true
}

/// Which options type a scheduler takes.
func optionsType<S: Scheduler>(of scheduler: S) -> Any.Type { S.SchedulerOptions.self }

extension Publisher {
  /// A generic operator chain that forwards Combine's `options` and `tolerance` arguments.
  func settled<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, on scheduler: S, options: S.SchedulerOptions? = nil
  ) -> AnyPublisher<Output, Failure> {
    subscribe(on: scheduler, options: options)
      .debounce(for: dueTime, scheduler: scheduler, options: options)
      .delay(for: .zero, tolerance: scheduler.minimumTolerance, scheduler: scheduler, options: options)
      .receive(on: scheduler, options: options)
      .eraseToAnyPublisher()
  }
}

/// What the scheduled actions did, from any thread.
final class ActionLog: Sendable {
  let entries = Guarded<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

@Suite struct GenericSchedulerCodeTests {
  @Test func combinesFourArgumentScheduleRunsAtItsDate() {
    let scheduler = TestScheduler()
    let log = ActionLog()
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), tolerance: .zero, options: nil) {
      log.append("ran")
    }
    runLater(on: scheduler, after: .milliseconds(1500)) { log.append("later") }
    scheduler.advance(by: .milliseconds(999))
    #expect(log.all.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(log.all == ["ran"])
    scheduler.advance(by: .milliseconds(500))
    #expect(log.all == ["ran", "later"])
  }

  @Test func combinesRepeatingScheduleRepeatsUntilCancelled() {
    let scheduler = TestScheduler()
    let log = ActionLog()
    let polling = poll(every: .seconds(2), on: scheduler) { log.append("tick") }
    scheduler.advance(by: .seconds(5))
    #expect(log.all == ["tick", "tick"])
    polling.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(log.all == ["tick", "tick"])
  }

  @Test func theImmediateSchedulersRepeatingScheduleRunsOnceAndReturnsTheEmptySubscription() {
    let log = ActionLog()
    let cancellable = ImmediateScheduler.shared.schedule(after: .zero, interval: 10) { log.append("ran") }
    #expect(log.all == ["ran"])
    #expect(String(describing: cancellable) == "Empty")
  }

  @Test func combinesOptionsScheduleRunsNow() {
    let log = ActionLog()
    ImmediateScheduler.shared.schedule(options: nil) { log.append("now") }
    ImmediateScheduler.shared.schedule(after: .zero, tolerance: .zero) { log.append("shorthand") }
    #expect(log.all == ["now", "shorthand"])
    #expect(ImmediateScheduler.shared.minimumTolerance == .zero)
  }

  @Test func aGenericViewModelDebouncesOnTheSchedulerItIsGiven() {
    let scheduler = TestScheduler()
    let model = GenericSearchModel(scheduler: scheduler)
    model.query = "sw"
    scheduler.advance(by: .milliseconds(100))
    model.query = "swift"
    scheduler.advance(by: .milliseconds(299))
    #expect(model.results.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(model.results == ["swift 1", "swift 2"])
  }

  @Test func everySchedulerSharesDispatchQueuesTimeType() {
    #expect(dispatchCompatible(TestScheduler()))
    #expect(dispatchCompatible(ImmediateScheduler.shared))
    #expect(dispatchCompatible(DispatchQueue.main))
    let stride: DispatchQueue.SchedulerTimeType.Stride = .seconds(1)
    #expect(stride == TestScheduler.SchedulerTimeType.Stride.milliseconds(1000))
  }

  @Test func dispatchQueueTakesCombinesOptionsAndHonoursTheirGroup() {
    #expect(
      ObjectIdentifier(optionsType(of: DispatchQueue.main))
        == ObjectIdentifier(DispatchQueue.SchedulerOptions.self))
    #expect(ObjectIdentifier(optionsType(of: TestScheduler())) == ObjectIdentifier(Never.self))
    let queue = DispatchQueue(label: "options")
    let group = DispatchGroup()
    let log = ActionLog()
    queue.schedule(options: .init(qos: .userInitiated, group: group)) { log.append("now") }
    runLater(on: queue, after: .milliseconds(1), options: .init(group: group)) { log.append("later") }
    #expect(group.wait(timeout: .now() + 10) == .success)
    #expect(log.all == ["now", "later"])
  }

  @Test func operatorsAcceptCombinesOptionsArguments() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.settled(for: .milliseconds(10), on: scheduler).record(on: scheduler)
    scheduler.advance()
    subject.send(1)
    subject.send(2)
    scheduler.advance(by: .milliseconds(10))
    #expect(recorder.values == [2])
    #expect(recorder.timedEvents.map(\.time) == [SchedulerTime.zero.advanced(by: .milliseconds(10))])

    let intervals = subject.measureInterval(using: scheduler, options: nil).record()
    let timed = subject.setFailureType(to: TestError.self)
      .timeout(.seconds(1), scheduler: scheduler, options: nil, customError: { TestError(7) }).record()
    subject.send(3)
    scheduler.advance(by: .seconds(1))
    #expect(intervals.values.count == 1)
    #expect(timed.values == [3])
    #expect(timed.failure == TestError(7))
  }
}
