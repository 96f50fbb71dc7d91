import Signals
import Testing

@Suite struct ImmediateSchedulerTests {
  final class Runs: @unchecked Sendable {
    // @unchecked: the immediate scheduler runs every action on the test's thread.
    var count = 0
  }

  @Test func everyScheduleRunsItsActionAtOnceOnTheCallersThread() {
    let runs = Runs()
    let scheduler = ImmediateScheduler.shared
    scheduler.schedule { runs.count += 1 }
    scheduler.schedule(after: SchedulerTime(seconds: 60)) { runs.count += 1 }
    #expect(runs.count == 2)
    _ = scheduler.schedule(after: SchedulerTime(seconds: 60), interval: 1) { runs.count += 1 }
    #expect(runs.count == 3, "a repeating schedule runs once")
    #expect(scheduler.now == .zero)
  }

  @Test func theTokenOfARepeatingScheduleIsTheEmptySubscriptionAsInCombine() {
    let token = ImmediateScheduler.shared.schedule(after: .zero, interval: 10) {}
    #expect(String(describing: token) == "Empty")
    #expect(token as? any Subscription === Subscriptions.empty)
  }
}
