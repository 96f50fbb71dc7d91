import Signals
import SignalsTesting
import Testing

@Suite struct DebounceTests {
  let scheduler = TestScheduler()
  let subject = PassthroughSubject<String, TestError>()

  func send(_ value: String, at milliseconds: Int) {
    scheduler.advance(to: SchedulerTime(nanoseconds: Int64(milliseconds) * 1_000_000))
    subject.send(value)
  }

  @Test func deliversTheLastValueAfterAQuietPeriod() {
    let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record(on: scheduler)
    send("a", at: 0)
    send("ab", at: 100)
    send("abc", at: 500)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.timeline == ["400ms value(ab)", "800ms value(abc)"])
  }

  /// combine-schedulers' habit: an immediate scheduler makes a debounce pass each value at once.
  /// Its clock never moves, so a timer that compared the deadline with `now` re-armed forever.
  @Test func anImmediateSchedulerPassesEachValueAtOnce() {
    var values: [String] = []
    let subscription = subject.debounce(for: .milliseconds(300), scheduler: ImmediateScheduler.shared)
      .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    subject.send("a")
    subject.send("ab")
    #expect(values == ["a", "ab"])
    subscription.cancel()
  }

  @Test func aFinishDeliversThePendingValueFirst() {
    let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record(on: scheduler)
    send("a", at: 0)
    scheduler.advance(by: .milliseconds(100))
    subject.send(completion: .finished)
    #expect(recorder.timeline.isEmpty)
    scheduler.advance()
    #expect(recorder.timeline == ["100ms value(a)", "100ms finished"])
    #expect(scheduler.pendingCount == 0)
  }

  // Combine's rule (OpenCombine's `Debounce.receive(completion:)`): the completion is an
  // action scheduled at once, not a call from inside the upstream's.
  @Test func aFinishWithNothingPendingGoesThroughTheScheduler() {
    let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record(on: scheduler)
    scheduler.advance(by: .milliseconds(100))
    subject.send(completion: .finished)
    #expect(recorder.timeline.isEmpty)
    #expect(scheduler.pendingCount == 1)
    scheduler.advance()
    #expect(recorder.timeline == ["100ms finished"])
  }

  @Test func aFailureDropsThePendingValueAndGoesAtOnce() {
    let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record(on: scheduler)
    send("a", at: 0)
    subject.send(completion: .failure(TestError()))
    scheduler.run()
    #expect(recorder.timeline == ["0ms failure(TestError(1))"])
  }

  @Test func cancelDropsThePendingValueAndItsTimer() {
    let (recorder, scope) = LiveSubscriptions.track {
      subject.debounce(for: .milliseconds(300), scheduler: scheduler).record(on: scheduler)
    }
    send("a", at: 0)
    recorder.cancel()
    scheduler.run()
    #expect(recorder.events.isEmpty)
    #expect(subject.subscriberCount == 0)
    #expect(scheduler.pendingCount == 0)
    #expect(scope.count == 0)
  }

  @Test func aNegativeDueTimeIsTreatedAsZero() {
    let recorder = subject.debounce(for: .seconds(-5), scheduler: scheduler).record(on: scheduler)
    send("a", at: 10)
    scheduler.advance(by: .zero)
    #expect(recorder.timeline == ["10ms value(a)"])
  }

  @Test func aValueSentFromTheSubscriberIsDebouncedToo() {
    let recorder = subject.debounce(for: .milliseconds(100), scheduler: scheduler).record(on: scheduler)
    var sent = false
    let cancellable = subject.debounce(for: .milliseconds(100), scheduler: scheduler).sink(
      receiveCompletion: { _ in },
      receiveValue: { _ in
        if !sent {
          sent = true
          self.subject.send("echo")
        }
      })
    send("a", at: 0)
    scheduler.run()
    #expect(recorder.timeline == ["100ms value(a)", "200ms value(echo)"])
    cancellable.cancel()
  }

  // Combine's `debounce` schedules its completion with `schedule(_:)`, no options (OpenCombine's
  // DebounceTests expect `.schedule(options: nil)`); its timers take the operator's options.
  @Test func theCompletionIsScheduledWithoutTheOperatorsOptions() {
    let scheduler = CallRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.debounce(for: .seconds(1), scheduler: scheduler, options: 5).record()
    subject.send(1)
    subject.send(completion: .finished)
    scheduler.base.advance(by: .zero)
    #expect(recorder.events == [.value(1), .completion(.finished)])
    #expect(
      scheduler.calls == [
        "now", "minimumTolerance", "schedule(after: 1000ms, interval: 1000ms, tolerance: 7ns, options: 5)",
        "schedule(options: nil)",
      ])
  }

  // As Combine's, a waiting timer holds the debouncer: a value goes out when its time comes
  // even if nothing else holds the subscription (OpenCombine's testSetupTimerStrongCapture).
  @Test func aWaitingValueIsDeliveredWhenOnlyItsTimerHoldsTheSubscription() {
    let received = ActionLog()
    SendAndForget(values: [1, 2]).debounce(for: .seconds(1), scheduler: scheduler).subscribe(
      AnySubscriber(
        receiveSubscription: { $0.request(.unlimited) },
        receiveValue: { value in
          received.append("\(value)")
          return .none
        }, receiveCompletion: { _ in }))
    scheduler.advance(by: .seconds(1))
    #expect(received.all == ["2"])
    #expect(scheduler.pendingCount == 0)
  }

  // As Combine's, the debouncer is its upstream's subscriber and its subscriber's subscription
  // in one object (OpenCombine's testTimeoutRequestBeforeSubscription reads it that way).
  @Test func theUpstreamsSubscriberIsTheSubscriptionGivenDownstream() throws {
    let upstream = SubscriberKeepingPublisher<Int, Never>()
    let recorder = upstream.debounce(for: .seconds(1), scheduler: scheduler).record()
    let inner = try #require(upstream.erased as? any Subscription)
    upstream.subscriber?.receive(subscription: Subscriptions.empty)
    #expect(recorder.subscriptionCount == 1)
    inner.cancel()
    _ = upstream.subscriber?.receive(1)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events.isEmpty)
  }
}
