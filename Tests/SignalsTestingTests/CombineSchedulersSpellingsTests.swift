import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

/// A view model as combine-schedulers users write it: an erased main-queue scheduler.
final class SpellingSearchModel {
  @Published var query = ""
  @Published private(set) var echoed: [String] = []

  init(mainQueue: AnySchedulerOf<DispatchQueue> = DispatchQueue.main.eraseToAnyScheduler()) {
    $query.dropFirst().debounce(for: .milliseconds(300), scheduler: mainQueue).receive(on: mainQueue)
      .map { [$0] }
      .scan([]) { $0 + $1 }
      .assign(to: &$echoed)
  }
}

@Suite struct CombineSchedulersSpellingsTests {
  @Test func dispatchQueueTestDrivesAnErasedScheduler() {
    let scheduler: TestSchedulerOf<DispatchQueue> = DispatchQueue.test
    let model = SpellingSearchModel(mainQueue: scheduler.eraseToAnyScheduler())
    model.query = "swift"
    scheduler.advance(by: .milliseconds(299))
    #expect(model.echoed.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(model.echoed == ["swift"])
  }

  @Test func immediateRunsEverythingAtOnce() {
    let mainQueue: AnySchedulerOf<DispatchQueue> = DispatchQueue.immediate.eraseToAnyScheduler()
    let subject = PassthroughSubject<String, Never>()
    let recorder = subject.delay(for: .seconds(1), scheduler: mainQueue).receive(on: mainQueue).record()
    subject.send("a")
    subject.send("b")
    #expect(recorder.values == ["a", "b"])
    let immediate: ImmediateSchedulerOf<DispatchQueue> = DispatchQueue.immediate
    #expect(immediate.now == .zero)
  }

  @Test func eachTestSpellingIsAFreshSchedulerAtZero() {
    let first = DispatchQueue.test
    first.advance(by: .seconds(5))
    let second = RunLoop.test
    #expect(first !== second)
    #expect(first.now == SchedulerTime.zero.advanced(by: .seconds(5)))
    #expect(second.now == .zero)
  }

  @Test func erasingTwiceDoesNotNest() {
    let scheduler = DispatchQueue.test
    let erased = scheduler.eraseToAnyScheduler().eraseToAnyScheduler()
    #expect((erased.base as? TestScheduler) === scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(erased.now == scheduler.now)
  }
}

/// combine-schedulers' own `TestSchedulerTests` and `TimerTests` (pointfreeco/combine-schedulers,
/// `Tests/CombineSchedulersTests`), with the imports changed and `XCTAssertEqual(a, b)` written
/// `#expect(a == b)`; the bodies are theirs, but for one `nonisolated(unsafe)` where a scheduled
/// action mutates a local (Signals' scheduled actions are `@Sendable`). Left out: the `async`
/// tests (they need ConcurrencyExtras' `withMainSerialExecutor`), and the timers on
/// `DispatchQueue.main` and `RunLoop.main` (they wait for wall-clock time).
@Suite struct CombineSchedulersOwnTests {
  @Test func testAdvance() {
    var cancellables: Set<AnyCancellable> = []

    let scheduler = DispatchQueue.test

    var value: Int?
    Just(1)
      .delay(for: 1, scheduler: scheduler)
      .sink { value = $0 }
      .store(in: &cancellables)

    #expect(value == nil)

    scheduler.advance(by: .milliseconds(250))

    #expect(value == nil)

    scheduler.advance(by: .milliseconds(250))

    #expect(value == nil)

    scheduler.advance(by: .milliseconds(250))

    #expect(value == nil)

    scheduler.advance(by: .milliseconds(250))

    #expect(value == 1)
  }

  @Test func testAdvanceTo() {
    var cancellables: Set<AnyCancellable> = []

    let scheduler = DispatchQueue.test
    let start = scheduler.now

    var value: Int?
    Just(1)
      .delay(for: 1, scheduler: scheduler)
      .sink { value = $0 }
      .store(in: &cancellables)

    #expect(value == nil)

    scheduler.advance(to: start.advanced(by: .milliseconds(250)))

    #expect(value == nil)

    scheduler.advance(to: start.advanced(by: .milliseconds(500)))

    #expect(value == nil)

    scheduler.advance(to: start.advanced(by: .milliseconds(750)))

    #expect(value == nil)

    scheduler.advance(to: start.advanced(by: .milliseconds(1000)))

    #expect(value == 1)
  }

  @Test func testRunScheduler() {
    var cancellables: Set<AnyCancellable> = []

    let scheduler = DispatchQueue.test

    var value: Int?
    Just(1)
      .delay(for: 1_000_000_000, scheduler: scheduler)
      .sink { value = $0 }
      .store(in: &cancellables)

    #expect(value == nil)

    scheduler.advance(by: 1_000_000)

    #expect(value == nil)

    scheduler.run()

    #expect(value == 1)
  }

  @Test func testDelay0Advance() {
    var cancellables: Set<AnyCancellable> = []

    let scheduler = DispatchQueue.test

    var value: Int?
    Just(1)
      .delay(for: 0, scheduler: scheduler)
      .sink { value = $0 }
      .store(in: &cancellables)

    #expect(value == nil)

    scheduler.advance()

    #expect(value == 1)
  }

  @Test func testSubscribeOnAdvance() {
    var cancellables: Set<AnyCancellable> = []

    let scheduler = DispatchQueue.test

    var value: Int?
    Just(1)
      .subscribe(on: scheduler)
      .sink { value = $0 }
      .store(in: &cancellables)

    #expect(value == nil)

    scheduler.advance()

    #expect(value == 1)
  }

  @Test func testReceiveOnAdvance() {
    var cancellables: Set<AnyCancellable> = []

    let scheduler = DispatchQueue.test

    var value: Int?
    Just(1)
      .receive(on: scheduler)
      .sink { value = $0 }
      .store(in: &cancellables)

    #expect(value == nil)

    scheduler.advance()

    #expect(value == 1)
  }

  @Test func testDispatchQueueDefaults() {
    let scheduler = DispatchQueue.test
    scheduler.advance(by: .nanoseconds(0))

    #expect(
      scheduler.now == .init(DispatchTime(uptimeNanoseconds: 1)),
      """
      Default of dispatchQueue.now should not be 0 because that has special meaning in DispatchTime's \
      initializer and causes it to default to DispatchTime.now().
      """
    )
  }

  @Test func testTwoIntervalOrdering() {
    var cancellables: Set<AnyCancellable> = []

    let testScheduler = DispatchQueue.test

    // nonisolated(unsafe): Signals' scheduled actions are `@Sendable` (a decided difference);
    // a `TestScheduler` runs them on this thread, inside `advance`.
    nonisolated(unsafe) var values: [Int] = []

    testScheduler.schedule(after: testScheduler.now, interval: 2) { values.append(1) }
      .store(in: &cancellables)

    testScheduler.schedule(after: testScheduler.now, interval: 1) { values.append(42) }
      .store(in: &cancellables)

    #expect(values == [])
    testScheduler.advance()
    #expect(values == [1, 42])
    testScheduler.advance(by: 2)
    #expect(values == [1, 42, 42, 1, 42])
  }

  @Test func testNowIsAdvanced() {
    let testScheduler = DispatchQueue.test
    let start = testScheduler.now

    testScheduler.advance(by: .seconds(1))
    #expect(testScheduler.now == start.advanced(by: .seconds(1)))

    testScheduler.advance()
    #expect(testScheduler.now == start.advanced(by: .seconds(1)))

    testScheduler.advance(by: .seconds(1))
    #expect(testScheduler.now == start.advanced(by: .seconds(2)))
  }

  @Test func testWithTestScheduler() {
    var cancellables: Set<AnyCancellable> = []
    let scheduler = DispatchQueue.test
    let startUptime = scheduler.now.dispatchTime.uptimeNanoseconds

    var output: [UInt64] = []

    Publishers.Timer(every: 1, scheduler: scheduler)
      .autoconnect()
      .sink { _ in output.append(scheduler.now.dispatchTime.uptimeNanoseconds) }
      .store(in: &cancellables)

    #expect(output == [])

    scheduler.advance(by: 1)
    #expect(output == [1_000_000_000].map { $0 + startUptime })

    scheduler.advance(by: 1)
    #expect(output == [1_000_000_000, 2_000_000_000].map { $0 + startUptime })

    scheduler.advance(by: 5)
    #expect(
      output
        == [
          1_000_000_000, 2_000_000_000, 3_000_000_000, 4_000_000_000, 5_000_000_000, 6_000_000_000,
          7_000_000_000,
        ]
        .map { $0 + startUptime }
    )
  }

  @Test func testInterleavingTimers() {
    var cancellables: Set<AnyCancellable> = []
    let scheduler = DispatchQueue.test

    var output: [Int] = []

    Publishers.MergeMany(
      Publishers.Timer(every: .seconds(2), scheduler: scheduler)
        .autoconnect()
        .handleEvents(receiveOutput: { _ in output.append(1) }),
      Publishers.Timer(every: .seconds(3), scheduler: scheduler)
        .autoconnect()
        .handleEvents(receiveOutput: { _ in output.append(2) })
    )
    .sink { _ in }
    .store(in: &cancellables)

    scheduler.advance(by: 1)
    #expect(output == [])
    scheduler.advance(by: 1)
    #expect(output == [1])
    scheduler.advance(by: 1)
    #expect(output == [1, 2])
    scheduler.advance(by: 1)
    #expect(output == [1, 2, 1])
    scheduler.advance(by: 1)
    #expect(output == [1, 2, 1])
    scheduler.advance(by: 1)
    #expect(output == [1, 2, 1, 1, 2])
  }

  @Test func testTimerCancellation() {
    var cancellables: Set<AnyCancellable> = []
    let scheduler = DispatchQueue.test

    var count = 0

    Publishers.Timer(every: 1, scheduler: scheduler)
      .autoconnect()
      .sink { _ in count += 1 }
      .store(in: &cancellables)

    scheduler.advance(by: 1)
    #expect(count == 1)

    cancellables.removeAll()
    scheduler.run()
    #expect(count == 1)
  }

  @Test func testTimerCompletion() {
    var cancellables: Set<AnyCancellable> = []
    let scheduler = DispatchQueue.test

    var count = 0

    Publishers.Timer(every: 1, scheduler: scheduler)
      .autoconnect()
      .prefix(3)
      .sink { _ in count += 1 }
      .store(in: &cancellables)

    scheduler.advance(by: 1)
    #expect(count == 1)

    scheduler.run()
    #expect(count == 3)
  }

  @Test func testTimerPublisherOnATestScheduler() {
    var cancellables: Set<AnyCancellable> = []
    let scheduler = DispatchQueue.test
    var output: [Int] = []

    scheduler.timerPublisher(every: 0.1)
      .autoconnect()
      .sink { _ in output.append(output.count) }
      .store(in: &cancellables)

    #expect(output == [])
    scheduler.advance(by: 0.3)
    #expect(output == [0, 1, 2])
  }
}
