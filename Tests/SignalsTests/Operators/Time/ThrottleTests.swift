import Signals
import SignalsTesting
import Testing

@Suite struct ThrottleTests {
  let scheduler = TestScheduler()
  let subject = PassthroughSubject<Int, TestError>()

  func send(_ values: [(Int, at: Int)]) {
    for (value, milliseconds) in values {
      scheduler.advance(to: SchedulerTime(nanoseconds: Int64(milliseconds) * 1_000_000))
      subject.send(value)
    }
  }

  @Test func latestDeliversTheNewestValueAtTheIntervalsEnd() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
      .record(on: scheduler)
    send([(1, at: 0), (2, at: 20), (3, at: 40), (4, at: 250)])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.timeline == ["0ms value(1)", "100ms value(3)", "250ms value(4)"])
  }

  @Test func notLatestDeliversTheFirstValueOfTheInterval() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: false)
      .record(on: scheduler)
    send([(1, at: 0), (2, at: 20), (3, at: 40), (5, at: 120), (6, at: 130)])
    scheduler.advance(by: .seconds(1))
    #expect(recorder.timeline == ["0ms value(1)", "100ms value(2)", "200ms value(5)"])
  }

  @Test func aFinishWaitsForThePendingValue() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
      .record(on: scheduler)
    send([(1, at: 0), (2, at: 10)])
    subject.send(completion: .finished)
    scheduler.run()
    #expect(recorder.timeline == ["0ms value(1)", "100ms value(2)", "100ms finished"])
    #expect(scheduler.pendingCount == 0)
  }

  // Combine's rule (OpenCombine's `Throttle.receive(completion:)`): with nothing pending, the
  // completion is an action scheduled at once.
  @Test func aFinishWithNothingPendingGoesThroughTheScheduler() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
      .record(on: scheduler)
    send([(1, at: 0)])
    scheduler.advance(by: .milliseconds(200))
    subject.send(completion: .finished)
    #expect(recorder.timeline == ["0ms value(1)"])
    scheduler.advance()
    #expect(recorder.timeline == ["0ms value(1)", "200ms finished"])
  }

  @Test func aFailureGoesAtOnce() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
      .record(on: scheduler)
    send([(1, at: 0), (2, at: 10)])
    subject.send(completion: .failure(TestError()))
    scheduler.run()
    #expect(recorder.timeline == ["0ms value(1)", "10ms failure(TestError(1))"])
  }

  @Test func cancelStopsTheWindowTimer() {
    let (recorder, scope) = LiveSubscriptions.track {
      subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).record(on: scheduler)
    }
    send([(1, at: 0), (2, at: 10)])
    recorder.cancel()
    scheduler.run()
    #expect(recorder.values == [1])
    #expect(scheduler.pendingCount == 0)
    #expect(scope.count == 0)
  }

  @Test func aZeroIntervalStillOrdersValues() {
    let recorder = subject.throttle(for: .zero, scheduler: scheduler, latest: true).record(on: scheduler)
    send([(1, at: 0), (2, at: 0), (3, at: 5)])
    scheduler.run()
    #expect(recorder.values == [1, 2, 3])
  }

  // Combine's `throttle` delivers every value through its scheduler, the first of a quiet
  // period included (OpenCombine's ThrottleTests: `.schedule(options: nil)`); it went out on
  // the upstream's thread before.
  @Test func theFirstValueGoesThroughTheScheduler() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).record()
    subject.send(1)
    #expect(recorder.values.isEmpty)
    scheduler.advance()
    #expect(recorder.values == [1])
  }

  @Test func valuesBeforeTheFirstDeliveryRunsAreThrottledLikeAnInterval() {
    let newest = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).record()
    let first = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: false).record()
    subject.send(1)
    subject.send(2)
    subject.send(3)
    scheduler.run()
    #expect(newest.values == [3])
    #expect(first.values == [1])
  }

  // The calls Combine's makes: the clock when made and when subscribed, then at every value;
  // a delivery at once with `schedule(options: nil)`, one at an interval's end with
  // `schedule(after:tolerance:options:)` and the minimum tolerance; the clock at each delivery.
  @Test func itMakesCombinesSchedulingCalls() {
    let scheduler = CallRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).record()
    #expect(scheduler.calls == ["now", "now"])
    subject.send(1)
    #expect(scheduler.calls == ["now", "now", "now", "schedule(options: nil)"])
    scheduler.base.advance()
    subject.send(2)
    subject.send(completion: .finished)
    scheduler.base.advance(by: .seconds(1))
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
    #expect(
      scheduler.calls == [
        "now", "now", "now", "schedule(options: nil)", "now", "now", "minimumTolerance",
        "schedule(after: 1000ms, tolerance: 7ns, options: nil)", "now",
      ])
  }

  // Combine counts demand when it schedules a delivery: a value that arrives while the
  // subscriber's demand is taken is dropped, even with `latest: true`.
  @Test func aValueThatFindsNoDemandIsDroppedWhenItArrives() {
    let recorder = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
      .record(demand: .max(2))
    subject.send(1)
    scheduler.advance()
    subject.send(2)
    subject.send(3)
    scheduler.run()
    #expect(recorder.values == [1, 2])
  }

  // As Combine's, it lets go of its subscriber once the subscriber has the completion, or has
  // cancelled, so a subscriber that keeps its subscription makes no cycle (OpenCombine's
  // testThrottleLifecycle).
  @Test func itLetsGoOfItsSubscriberAtTheCompletionAndAtCancel() throws {
    let freed = ActionLog()
    do {
      let subscriber = SubscriptionKeepingSubscriber<Int, TestError>(onDeinit: { freed.append("finished") })
      subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).subscribe(subscriber)
      subject.send(1)
      subject.send(completion: .finished)
      scheduler.run()
      #expect(subscriber.events == ["1", "finished"])
    }
    var kept: (any Subscription)?
    do {
      let subscriber = SubscriptionKeepingSubscriber<Int, TestError>(onDeinit: { freed.append("cancelled") })
      let live = PassthroughSubject<Int, TestError>()
      live.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).subscribe(subscriber)
      kept = subscriber.subscription
    }
    try #require(kept).cancel()
    #expect(freed.all == ["finished", "cancelled"])
  }

  // As Combine's, the throttle is its upstream's subscriber and its subscriber's subscription
  // in one object; cancelled before the upstream's subscription arrives, it cancels that.
  @Test func theUpstreamsSubscriberIsTheSubscriptionGivenDownstream() throws {
    let upstream = SubscriberKeepingPublisher<Int, Never>()
    let recorder = upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).record()
    let inner = try #require(upstream.erased as? any Subscription)
    inner.cancel()
    let late = RecordingSubscription()
    upstream.subscriber?.receive(subscription: late)
    #expect(late.log == ["cancel"])
    #expect(recorder.subscriptionCount == 0)
  }
}
