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
}
