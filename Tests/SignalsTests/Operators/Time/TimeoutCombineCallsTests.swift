import Signals
import SignalsTesting
import Testing

// What Combine's `timeout` asks of its scheduler and keeps alive (OpenCombine 0.14's
// TimeoutTests, run against Combine): in `TimeoutTests`, beside the behaviour tests.
extension TimeoutTests {
  // The clock starts when the upstream's subscription arrives and again at the subscriber's
  // first request (a request for nothing included), then at every value, each with a repeating
  // timer given the minimum tolerance and the options; values go out with `schedule(options:)`.
  @Test func itMakesCombinesSchedulingCalls() {
    let scheduler = CallRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.timeout(.seconds(1), scheduler: scheduler, options: 5).record(demand: .max(1))
    let timer = "schedule(after: 1000ms, interval: 1000ms, tolerance: 7ns, options: 5)"
    #expect(scheduler.calls == ["now", "minimumTolerance", timer, "now", "minimumTolerance", timer])
    scheduler.base.advance(by: .milliseconds(500))
    subject.send(1)
    scheduler.base.advance(by: .seconds(2))
    #expect(recorder.events == [.value(1), .completion(.finished)])
    #expect(
      scheduler.calls == [
        "now", "minimumTolerance", timer, "now", "minimumTolerance", timer, "now", "minimumTolerance",
        "schedule(after: 1500ms, interval: 1000ms, tolerance: 7ns, options: 5)", "schedule(options: 5)",
      ])
  }

  // The first request restarts the clock: a subscriber that asks late gets its full interval.
  @Test func theFirstRequestRestartsTheClock() {
    let recorder = subject.timeout(.milliseconds(100), scheduler: scheduler)
      .record(on: scheduler, demand: .timeline([(SchedulerTime(nanoseconds: 80_000_000), .max(1))]))
    scheduler.advance(by: .milliseconds(150))
    #expect(recorder.events.isEmpty)
    scheduler.advance(by: .milliseconds(30))
    #expect(recorder.timeline == ["180ms finished"])
  }

  // As Combine's, a waiting timer holds the operator: the timeout ends a flow that nothing
  // else holds (OpenCombine's testSetupTimerStrongCapture).
  @Test func theTimeoutEndsAFlowOnlyItsTimerHolds() {
    let received = ActionLog()
    SendAndForget<Int>(values: []).timeout(.seconds(1), scheduler: scheduler).subscribe(
      AnySubscriber(
        receiveSubscription: { $0.request(.unlimited) },
        receiveValue: { _ in .none },
        receiveCompletion: { received.append("\($0)") }))
    scheduler.advance(by: .seconds(1))
    #expect(received.all == ["finished"])
    #expect(scheduler.pendingCount == 0)
  }

  // As Combine's, the operator is its upstream's subscriber and its subscriber's subscription
  // in one object. Cancelled before the upstream's subscription arrives, it leaves that
  // subscription alone, as Combine's does (OpenCombine's testTimeoutCancelBeforeSubscription),
  // and delivers nothing after the cancel.
  @Test func aSubscriptionArrivingAfterACancelIsLeftAlone() throws {
    let upstream = SubscriberKeepingPublisher<Int, Never>()
    let recorder = upstream.timeout(.seconds(1), scheduler: scheduler).record()
    let inner = try #require(upstream.erased as? any Subscription)
    inner.cancel()
    let late = RecordingSubscription()
    upstream.subscriber?.receive(subscription: late)
    scheduler.advance(by: .seconds(2))
    #expect(late.log.isEmpty)
    #expect(recorder.subscriptionCount == 0)
    #expect(recorder.events.isEmpty)
  }
}
