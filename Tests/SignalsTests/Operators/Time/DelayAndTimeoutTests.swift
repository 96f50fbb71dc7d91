import Signals
import SignalsTesting
import Testing

@Suite struct DelayTests {
  let scheduler = TestScheduler()
  let subject = PassthroughSubject<Int, TestError>()

  @Test func shiftsEverythingIncludingTheFinish() {
    let recorder = subject.delay(for: .milliseconds(50), scheduler: scheduler).record(on: scheduler)
    subject.send(1)
    scheduler.advance(by: .milliseconds(10))
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events.isEmpty)
    scheduler.run()
    #expect(recorder.timeline == ["50ms value(1)", "60ms value(2)", "60ms finished"])
  }

  @Test func failuresAreDelayedToo() {
    let recorder = subject.delay(for: .milliseconds(50), scheduler: scheduler).record(on: scheduler)
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    scheduler.run()
    #expect(recorder.timeline == ["50ms value(1)", "50ms failure(TestError(1))"])
  }

  @Test func cancelDropsWhatIsInFlight() {
    let (recorder, scope) = LiveSubscriptions.track {
      subject.delay(for: .milliseconds(50), scheduler: scheduler).record(on: scheduler)
    }
    subject.send(1)
    subject.send(completion: .finished)
    recorder.cancel()
    scheduler.run()
    #expect(recorder.events.isEmpty)
    #expect(scheduler.pendingCount == 0)
    #expect(scope.count == 0)
  }

  // Combine's rule (OpenCombine's `Delay` schedules every event with a strong capture and
  // never cancels it): the cancelled subscription lives until its delayed action has run.
  @Test func aPendingDelayedEventKeepsTheCancelledSubscriberAliveUntilItsTimeComes() {
    weak var weakRecorder: Recorder<Int, TestError>?
    do {
      let recorder = subject.delay(for: .milliseconds(50), scheduler: scheduler).record(on: scheduler)
      weakRecorder = recorder
      subject.send(1)
      recorder.cancel()
    }
    #expect(weakRecorder != nil)
    scheduler.advance(by: .milliseconds(50))
    #expect(weakRecorder == nil)
  }

  @Test func onAnImmediateSchedulerNothingWaits() {
    let recorder = [1, 2].publisher.delay(for: .seconds(1), scheduler: ImmediateScheduler.shared).record()
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
  }
}

@Suite struct TimeoutTests {
  let scheduler = TestScheduler()
  let subject = PassthroughSubject<Int, TestError>()

  // Combine's timeout delivers the upstream's completion through the scheduler and stays
  // subscribed until then (OpenCombine's Timeout): a cancel in that time cancels the upstream.
  @Test func timeoutCancelsItsUpstreamWhileItsCompletionIsInFlight() {
    let source = ProtocolEdgeTests.Manual()
    let recorder = source.timeout(.milliseconds(100), scheduler: scheduler).record()
    let upstream = ProtocolEdgeTests.Recorded()
    source.subscription?(upstream)
    source.completion?(.finished)
    recorder.cancel()
    #expect(upstream.events.last == "cancel")
    scheduler.run()
    #expect(recorder.events.isEmpty)
  }

  @Test func theUpstreamsCompletionArrivesThroughTheSchedulerOnce() {
    let recorder = subject.timeout(.milliseconds(100), scheduler: scheduler).record()
    subject.send(completion: .finished)
    #expect(recorder.events.isEmpty)
    scheduler.run()
    #expect(recorder.events == [.completion(.finished)])
  }

  @Test func finishesWhenTheUpstreamIsQuietTooLong() {
    let recorder = subject.timeout(.milliseconds(100), scheduler: scheduler).record(on: scheduler)
    scheduler.advance(by: .milliseconds(60))
    subject.send(1)
    scheduler.advance(by: .milliseconds(60))
    subject.send(2)
    scheduler.run()
    #expect(recorder.timeline == ["60ms value(1)", "120ms value(2)", "220ms finished"])
    #expect(subject.subscriberCount == 0)
  }

  @Test func failsWithTheCustomError() {
    let recorder = subject.timeout(.milliseconds(100), scheduler: scheduler) { TestError(408) }
      .record(on: scheduler)
    scheduler.run()
    #expect(recorder.timeline == ["100ms failure(TestError(408))"])
  }

  @Test func anUpstreamCompletionStopsTheClock() {
    let recorder = subject.timeout(.milliseconds(100), scheduler: scheduler) { TestError(408) }
      .record(on: scheduler)
    subject.send(completion: .finished)
    scheduler.run()
    #expect(recorder.timeline == ["0ms finished"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func aNegativeIntervalTimesOutAtOnceOnTheScheduler() {
    let recorder = subject.timeout(.milliseconds(-5), scheduler: scheduler) { TestError(408) }
      .record(on: scheduler)
    #expect(recorder.events.isEmpty)  // not synchronously: on the scheduler
    scheduler.advance(by: .zero)
    #expect(recorder.timeline == ["0ms failure(TestError(408))"])
    #expect(subject.subscriberCount == 0)
  }

  @Test func cancelStopsTheClock() {
    let (recorder, scope) = LiveSubscriptions.track {
      subject.timeout(.milliseconds(100), scheduler: scheduler).record(on: scheduler)
    }
    recorder.cancel()
    scheduler.run()
    #expect(recorder.events.isEmpty)
    #expect(scope.count == 0)
  }
}
