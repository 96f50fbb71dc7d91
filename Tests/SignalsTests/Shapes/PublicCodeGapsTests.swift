import Dispatch
import Signals
import SignalsTesting
import Testing

/// Spellings found in public Combine and combine-schedulers code that Signals lacked: each test
/// is one of them, compiled and run.
@Suite struct PublicCodeGapsTests {
  @Test func anySubscriberOfASubjectForwardsEverythingIntoIt() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    let subscriber = AnySubscriber(subject)
    // As Combine's: it wraps the subscriber `subscribe(subject)` makes, whose identity it takes.
    #expect(subscriber.combineIdentifier != CombineIdentifier(subject))
    [1, 2].publisher.subscribe(subscriber)
    #expect(recorder.values == [1, 2])
    #expect(recorder.isFinished)
  }

  @Test func mergeManyTakesAnySequenceOfPublishers() {
    let publishers = (1...3).lazy.map { Just($0) }
    let merged = Publishers.MergeMany(publishers)
    #expect(merged.publishers.count == 3)
    #expect(merged.record().values == [1, 2, 3])
    #expect(Publishers.MergeMany(Just(4), Just(5)).record().values == [4, 5])
  }

  @Test func immediateAndMainAreAnySchedulerOfDispatchQueue() {
    let immediate: AnySchedulerOf<DispatchQueue> = .immediate
    let main: AnySchedulerOf<DispatchQueue> = .main
    #expect(immediate.base is ImmediateScheduler)
    #expect(main.base is DispatchQueue)
    #expect(AnySchedulerOf<DispatchQueue>.main.base is DispatchQueue)
    var ran = false
    let recorder = Just(1).receive(on: immediate).handleEvents(receiveOutput: { _ in ran = true }).record()
    #expect(ran)
    #expect(recorder.values == [1])
  }

  @Test func timerPublisherTicksOnceConnectedUntilTheConnectionIsCancelled() {
    let scheduler = TestScheduler()
    let timer: Publishers.Timer<TestScheduler> = scheduler.timerPublisher(every: .seconds(1))
    let recorder = timer.record()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values.isEmpty)
    let connection = timer.connect()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values == [SchedulerTime(seconds: 3), SchedulerTime(seconds: 4)])
    connection.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values.count == 2)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func timerPublisherAutoconnectsAsCombineSchedulersCodeWritesIt() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timerPublisher(every: 1).autoconnect().prefix(2).record()
    scheduler.advance(by: .seconds(5))
    #expect(recorder.values == [SchedulerTime(seconds: 1), SchedulerTime(seconds: 2)])
    #expect(recorder.isFinished)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aTickMeetingNoDemandIsDropped() {
    let scheduler = TestScheduler()
    let recorder = Publishers.Timer(every: .seconds(1), scheduler: scheduler).autoconnect()
      .record(demand: .max(1))
    scheduler.advance(by: .seconds(2))
    recorder.request(.max(1))
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [SchedulerTime(seconds: 1), SchedulerTime(seconds: 3)])
    recorder.cancel()
  }

  /// Waits, without sleeping, until the task under test has scheduled its wake-up.
  static func untilPending(_ scheduler: TestScheduler) async {
    while scheduler.pendingCount == 0 { await Task.yield() }
  }

  @Test func sleepForWakesWhenTheTestSchedulerIsAdvancedPastTheDeadline() async throws {
    let scheduler = TestScheduler()
    let woke = Task { () -> SchedulerTime in
      try await scheduler.sleep(for: .seconds(2))
      return scheduler.now
    }
    await Self.untilPending(scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(scheduler.pendingCount == 1)
    scheduler.advance(by: .seconds(1))
    #expect(try await woke.value == SchedulerTime(seconds: 2))
  }

  @Test func aCancelledSleepThrowsAndLeavesNoPendingWork() async {
    let scheduler = TestScheduler()
    let sleeper = Task { try await scheduler.sleep(for: .seconds(1)) }
    await Self.untilPending(scheduler)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(scheduler.pendingCount == 0)
  }
}
