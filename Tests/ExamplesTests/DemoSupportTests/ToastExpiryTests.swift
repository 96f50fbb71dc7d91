import DemoSupport
import Signals
import SignalsTesting
import Synchronization
import Testing

/// A toast goes after 3 s; one replaced at once (a key of a paste) costs no timer.
@MainActor @Suite struct ToastExpiryTests {
  final class Shown {
    var expired = 0
  }

  /// A test scheduler that counts the timers armed on it.
  final class CountingScheduler: Scheduler {
    let clock = TestScheduler()
    let timers = Mutex(0)
    var now: SchedulerTime { clock.now }
    func schedule(_ action: @escaping @Sendable () -> Void) { clock.schedule(action) }
    func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
      timers.withLock { $0 += 1 }
      return clock.schedule(after: date, action)
    }
    func schedule(
      after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
    ) -> any Cancellable {
      timers.withLock { $0 += 1 }
      return clock.schedule(after: date, interval: interval, action)
    }
  }

  @Test func aToastGoesThreeSecondsAfterItWasShown() {
    let scheduler = TestScheduler()
    let shown = Shown()
    let toast = ToastExpiry.schedule(on: scheduler) { shown.expired += 1 }
    scheduler.advance(by: .milliseconds(2_999))
    #expect(shown.expired == 0)
    scheduler.advance(by: .milliseconds(1))
    #expect(shown.expired == 1)
    scheduler.advance(by: .seconds(10))
    #expect(shown.expired == 1)
    scheduler.expectNothingPending()
    toast.cancel()
  }

  @Test func aToastCancelledBeforeItGoesNeverExpires() {
    let scheduler = TestScheduler()
    let shown = Shown()
    let toast = ToastExpiry.schedule(on: scheduler) { shown.expired += 1 }
    scheduler.advance(by: .seconds(1))
    toast.cancel()
    scheduler.advance(by: .seconds(5))
    #expect(shown.expired == 0)
    scheduler.expectNothingPending()
  }

  // A paste into a full field replaced the toast once per key, each with a timer of its own.
  @Test func toastsReplacedInOneTurnArmOneTimer() {
    let scheduler = CountingScheduler()
    let shown = Shown()
    var toast: AnyCancellable?
    for _ in 0..<1_000 {
      toast?.cancel()
      toast = ToastExpiry.schedule(on: scheduler) { shown.expired += 1 }
    }
    scheduler.clock.advance(by: .zero)
    #expect(scheduler.timers.withLock { $0 } == 1)  // the last toast's
    scheduler.clock.advance(by: .seconds(3))
    #expect(shown.expired == 1)
    toast?.cancel()
  }
}
