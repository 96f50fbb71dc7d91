import Dispatch
import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct ReceiveOnTests {
  @Test func deliversOnTheSchedulerInOrder() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.receive(on: scheduler).record(on: scheduler)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events.isEmpty)
    scheduler.advance(by: .zero)
    #expect(recorder.events == [.value(1), .value(2), .completion(.failure(TestError()))])
  }

  @Test func cancelDropsWhatIsQueued() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let (recorder, scope) = LiveSubscriptions.track { subject.receive(on: scheduler).record() }
    subject.send(1)
    recorder.cancel()
    scheduler.run()
    #expect(recorder.events.isEmpty)
    #expect(scope.count == 0)
  }

  @Test func movesValuesOntoADispatchQueue() async {
    let queue = DispatchQueue(label: "signals.test.receive-on")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let subject = PassthroughSubject<Int, Never>()
    let holder = CancellableHolder()
    let onQueue = await withCheckedContinuation { continuation in
      var marks: [Int?] = []
      holder.cancellable = subject.receive(on: queue).sink(
        receiveCompletion: { _ in continuation.resume(returning: marks) },
        receiveValue: { _ in marks.append(DispatchQueue.getSpecific(key: key)) })
      for value in 0..<100 { subject.send(value) }
      subject.send(completion: .finished)
    }
    #expect(onQueue.count == 100)
    #expect(onQueue.allSatisfy { $0 == 7 })
  }

  @Test @MainActor func mainSchedulerSinkRunsOnTheMainActor() async {
    let subject = PassthroughSubject<Int, Never>()
    let values = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
      var seen: [Int] = []
      var cancellable: AnyCancellable?
      cancellable = subject.receive(on: MainScheduler.shared).sink { (value: Int) in
        MainActor.assertIsolated()
        seen.append(value)
        if value == 3 {
          continuation.resume(returning: seen)
          cancellable?.cancel()
        }
      }
      DispatchQueue.global().async {
        for value in 1...3 { subject.send(value) }
      }
    }
    #expect(values == [1, 2, 3])
  }
}

/// Keeps a subscription alive across an `await`.
final class CancellableHolder: @unchecked Sendable {  // @unchecked: set before the await, read after
  var cancellable: AnyCancellable?
}

@Suite struct SubscribeOnTests {
  @Test func subscribesWhenTheSchedulerRuns() {
    let scheduler = TestScheduler()
    var subscribed = false
    let source = Deferred { () -> Just<Int> in
      subscribed = true
      return Just(1)
    }
    let recorder = source.subscribe(on: scheduler).record()
    #expect(!subscribed)
    // As in Combine, the subscription reaches the subscriber from the upstream, on the scheduler.
    #expect(recorder.subscriptionCount == 0)
    scheduler.advance(by: .zero)
    #expect(recorder.subscriptionCount == 1)
    #expect(subscribed)
    #expect(recorder.events == [.value(1), .completion(.finished)])
  }

  @Test func cancelBeforeTheSchedulerRunsKeepsTheSubscriptionFromHappening() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.subscribe(on: scheduler).record()
    recorder.cancel()
    scheduler.run()
    #expect(subject.subscriberCount == 0)
  }
}

/// A scheduler whose options are a number, recording the options of every action it is given
/// (and the tolerance of every timed one), and running the actions on a `TestScheduler`.
final class OptionsRecordingScheduler: Scheduler {
  typealias SchedulerOptions = Int
  let base = TestScheduler()
  let recorded = Guarded<[Int?]>([])
  let recordedTolerances = Guarded<[SchedulerTime.Stride]>([])
  var options: [Int?] { recorded.withLock { $0 } }
  var tolerances: [SchedulerTime.Stride] { recordedTolerances.withLock { $0 } }

  var now: SchedulerTime { base.now }
  func schedule(_ action: @escaping @Sendable () -> Void) { base.schedule(action) }
  func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
    base.schedule(after: date, action)
  }
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    base.schedule(after: date, interval: interval, action)
  }
  func schedule(options: Int?, _ action: @escaping @Sendable () -> Void) {
    recorded.withLock { $0.append(options) }
    base.schedule(action)
  }
  func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: Int?,
    _ action: @escaping @Sendable () -> Void
  ) {
    recorded.withLock { $0.append(options) }
    recordedTolerances.withLock { $0.append(tolerance) }
    base.schedule(after: date, action)
  }
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride, options: Int?,
    _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    recorded.withLock { $0.append(options) }
    recordedTolerances.withLock { $0.append(tolerance) }
    return base.schedule(after: date, interval: interval, action)
  }
}

@Suite struct SubscribeOnSchedulerTests {
  /// A subscriber that keeps its subscription for the test to drive.
  final class Holder: @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var subscription: (any Subscription)?
    var values: [Int] = []
  }

  static func attach(_ publisher: some Publisher<Int, Never>, to holder: Holder) {
    publisher.subscribe(
      AnySubscriber(
        receiveSubscription: { holder.subscription = $0 },
        receiveValue: {
          holder.values.append($0)
          return .none
        }, receiveCompletion: { _ in }))
  }

  // Combine's `subscribe(on:)` sends its subscriber's requests and cancel to the upstream
  // through its scheduler (OpenCombine's SubscribeOn schedules both); before, they went at once.
  @Test func subscribeOnSendsRequestsAndTheCancelThroughItsScheduler() throws {
    let scheduler = TestScheduler()
    let log = ActionLog()
    let subject = PassthroughSubject<Int, Never>()
    let holder = Holder()
    Self.attach(
      subject.handleEvents(receiveCancel: { log.append("cancel") }, receiveRequest: { log.append("\($0)") })
        .subscribe(on: scheduler), to: holder)
    scheduler.advance(by: .zero)
    let subscription = try #require(holder.subscription)
    subscription.request(.max(2))
    #expect(log.all.isEmpty)
    scheduler.advance(by: .zero)
    #expect(log.all == ["max(2)"])
    subject.send(1)
    #expect(holder.values == [1])
    subscription.cancel()
    #expect(log.all == ["max(2)"])
    scheduler.advance(by: .zero)
    #expect(log.all == ["max(2)", "cancel"])
  }

  // The operator's `options:` reach the scheduler with the subscription, each request and the
  // cancel, as Combine's do.
  @Test func subscribeOnPassesItsOptionsToTheScheduler() throws {
    let scheduler = OptionsRecordingScheduler()
    let holder = Holder()
    Self.attach(PassthroughSubject<Int, Never>().subscribe(on: scheduler, options: 7), to: holder)
    scheduler.base.advance(by: .zero)
    let subscription = try #require(holder.subscription)
    subscription.request(.max(1))
    subscription.cancel()
    scheduler.base.advance(by: .zero)
    #expect(scheduler.options == [7, 7, 7])
  }
}

@Suite struct TimerTests {
  @Test func ticksEveryIntervalUntilCancelled() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timer(every: .seconds(1)).prefix(3).record(on: scheduler)
    scheduler.advance(by: .seconds(10))
    #expect(
      recorder.timeline == ["1000ms value(1s)", "2000ms value(2s)", "3000ms value(3s)", "3000ms finished"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aZeroIntervalIsRaisedToTheMinimum() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timer(every: .zero).prefix(2).record(on: scheduler)
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values.map(\.nanoseconds) == [1, 2])
  }

  @Test func cancelReleasesTheTimer() {
    let scheduler = TestScheduler()
    let (recorder, scope) = LiveSubscriptions.track { scheduler.timer(every: .seconds(1)).record() }
    scheduler.advance(by: .seconds(2))
    recorder.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values.count == 2)
    #expect(scheduler.pendingCount == 0)
    #expect(scope.count == 0)
  }
}
