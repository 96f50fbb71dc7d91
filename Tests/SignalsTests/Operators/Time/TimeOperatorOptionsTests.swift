import Signals
import SignalsTesting
import Testing

// Combine passes a time operator's `options:` (and `delay`'s `tolerance:`) to every `schedule`
// call it makes; before, `receive(on:)`, `delay`, `debounce` and `timeout` stored them only.
@Suite struct TimeOperatorOptionsTests {
  @Test func receiveOnPassesItsOptionsToTheScheduler() {
    let scheduler = OptionsRecordingScheduler()
    let recorder = [1, 2].publisher.receive(on: scheduler, options: 7).record()
    scheduler.base.advance(by: .zero)
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
    #expect(scheduler.options == [7, 7, 7])
  }

  @Test func delayPassesItsOptionsAndToleranceToTheScheduler() {
    let scheduler = OptionsRecordingScheduler()
    let recorder = [1].publisher
      .delay(for: .seconds(1), tolerance: .milliseconds(5), scheduler: scheduler, options: 7)
      .record()
    scheduler.base.advance(by: .seconds(1))
    #expect(recorder.events == [.value(1), .completion(.finished)])
    #expect(scheduler.options == [7, 7])
    #expect(scheduler.tolerances == [.milliseconds(5), .milliseconds(5)])
  }

  @Test func debouncePassesItsOptionsToTheScheduler() {
    let scheduler = OptionsRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.debounce(for: .seconds(1), scheduler: scheduler, options: 7).record()
    subject.send(1)
    scheduler.base.advance(by: .milliseconds(500))
    subject.send(2)
    scheduler.base.advance(by: .seconds(2))
    // The timer that fired early re-armed for the later value, with the options again.
    #expect(recorder.values == [2])
    #expect(scheduler.options == [7, 7])
  }

  @Test func timeoutPassesItsOptionsToTheScheduler() {
    let scheduler = OptionsRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.timeout(.seconds(1), scheduler: scheduler, options: 7).record()
    // The wait started at the subscription, again at the first request, then the wait the value
    // restarts and its delivery.
    subject.send(1)
    #expect(scheduler.options == [7, 7, 7, 7])
    scheduler.base.advance(by: .seconds(2))
    #expect(recorder.events == [.value(1), .completion(.finished)])
  }

  @Test func collectByTimePassesItsOptionsToItsTimer() {
    let scheduler = OptionsRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.collect(.byTime(scheduler, .seconds(1)), options: 7).record()
    subject.send(1)
    scheduler.base.advance(by: .seconds(1))
    #expect(recorder.values == [[1]])
    #expect(scheduler.options == [7])
  }

  // Combine's `debounce` and `timeout` arm a repeating timer (`schedule(after:interval:...)`,
  // every due time) and cancel it when it fires: so a timer given options can be cancelled, and
  // a fired one leaves nothing scheduled.
  @Test func debounceAndTimeoutTimersFireOnceAndCancelWithOptions() {
    let scheduler = OptionsRecordingScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let debounced = subject.debounce(for: .seconds(1), scheduler: scheduler, options: 7).record()
    subject.send(1)
    scheduler.base.advance(by: .seconds(1))
    #expect(debounced.values == [1])
    #expect(scheduler.base.pendingCount == 0)
    subject.send(2)
    debounced.cancel()
    #expect(scheduler.base.pendingCount == 0)

    let quiet = PassthroughSubject<Int, Never>()
    let timedOut = quiet.timeout(.seconds(1), scheduler: scheduler, options: 7).record()
    scheduler.base.advance(by: .seconds(1))
    #expect(timedOut.isFinished)
    #expect(scheduler.base.pendingCount == 0)
  }

  @Test func withoutOptionsAStoppedTimerLeavesNothingScheduled() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.debounce(for: .seconds(1), scheduler: scheduler, options: nil).record()
    subject.send(1)
    recorder.cancel()
    #expect(scheduler.pendingCount == 0)
  }
}
