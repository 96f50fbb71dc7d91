import Signals
import SignalsTesting
import Synchronization
import Testing

@Suite struct TestSchedulerTests {
  final class Log: Sendable {
    let entries = Guarded<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test func startsAtZeroAndRunsNothingUntilAdvanced() {
    let scheduler = TestScheduler()
    let log = Log()
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(10))) { log.append("10ms") }
    #expect(scheduler.now == .zero)
    scheduler.advance(by: .milliseconds(9))
    #expect(log.all.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(log.all == ["10ms"])
    #expect(scheduler.now == .zero.advanced(by: .milliseconds(10)))
  }

  @Test func runsSameInstantWorkInSchedulingOrderAndMovesTheClockToEachAction() {
    let scheduler = TestScheduler()
    let log = Log()
    let at5 = SchedulerTime.zero.advanced(by: 5)
    scheduler.schedule(after: at5) { log.append("b@\(scheduler.now)") }
    scheduler.schedule(after: .zero.advanced(by: 2)) {
      log.append("a@\(scheduler.now)")
      scheduler.schedule(after: at5) { log.append("c@\(scheduler.now)") }
    }
    scheduler.schedule { log.append("now@\(scheduler.now)") }
    scheduler.advance(by: 10)
    #expect(log.all == ["now@0ns", "a@2s", "b@5s", "c@5s"])
    #expect(scheduler.now == .zero.advanced(by: 10))
  }

  @Test func cancelledWorkDoesNotRun() {
    let scheduler = TestScheduler()
    let log = Log()
    let token = scheduler.schedule(after: .zero.advanced(by: 1)) { log.append("x") }
    #expect(scheduler.pendingCount == 1)
    token.cancel()
    #expect(scheduler.pendingCount == 0)
    scheduler.run()
    #expect(log.all.isEmpty)
  }

  @Test func repeatsUntilCancelledAndClampsBadIntervals() {
    let scheduler = TestScheduler()
    let log = Log()
    let timer = scheduler.schedule(after: .zero.advanced(by: 1), interval: 2) {
      log.append("\(scheduler.now)")
    }
    scheduler.advance(by: 6)
    #expect(log.all == ["1s", "3s", "5s"])
    timer.cancel()
    scheduler.advance(by: 10)
    #expect(log.all.count == 3)
    let zero = scheduler.schedule(after: scheduler.now, interval: .zero) {}
    #expect(scheduler.run(maxActions: 50) == 50)
    zero.cancel()
    #expect(!scheduler.hasPendingWork)
  }

  @Test func pastDatesRunAtNowAndNegativeAdvancesDoNothing() {
    let scheduler = TestScheduler(now: .zero.advanced(by: 10))
    let log = Log()
    scheduler.schedule(after: .zero) { log.append("\(scheduler.now)") }
    scheduler.advance(by: -5)
    #expect(log.all == ["10s"])
    #expect(scheduler.now == .zero.advanced(by: 10))
  }

  // Saturating the next run at the last instant would keep the work due there forever: `advance`
  // never returned. It runs once at the end of time, then is done.
  @Test func repeatingWorkAtTheEndOfTimeRunsOnceThereAndStops() {
    let end = SchedulerTime(nanoseconds: .max)
    let scheduler = TestScheduler(now: end.advanced(by: .seconds(-3)))
    let log = Log()
    let timer = scheduler.schedule(after: scheduler.now, interval: 2) { log.append("\(scheduler.now)") }
    scheduler.advance(to: end)
    #expect(log.all.count == 2)
    #expect(scheduler.now == end)
    #expect(!scheduler.hasPendingWork)
    let last = scheduler.schedule(after: end, interval: .nanoseconds(1)) { log.append("last") }
    #expect(scheduler.run() == 1)
    #expect(log.all.last == "last")
    withExtendedLifetime((timer, last)) {}
  }
}
