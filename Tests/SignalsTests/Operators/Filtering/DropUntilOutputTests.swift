import Signals
import SignalsTesting
import Testing

/// `drop(untilOutputFrom:)` (one frame = 1 ms).
@Suite struct DropUntilOutputTests {
  let scheduler = TestScheduler()

  @Test func dropsUntilTheTriggerThenDeliversEverything() throws {
    let upstream = try scheduler.hot("-a-b-c-d-|")
    let trigger = try scheduler.hot("----x----|")
    expectMarbles(scheduler.run(upstream.drop(untilOutputFrom: trigger)), "-----c-d-|")
    #expect(trigger.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(4)))
  }

  @Test func aTriggerThatEndsWithoutAValueEndsItTheSameWay() throws {
    let upstream = try scheduler.cold("-a-b-c-|")
    expectMarbles(scheduler.run(upstream.drop(untilOutputFrom: try scheduler.cold("--|"))), "--|")
    expectMarbles(scheduler.run(upstream.drop(untilOutputFrom: try scheduler.cold("---#"))), "---#")
    #expect(upstream.subscriptions.count == 2)
    #expect(upstream.subscriptions.allSatisfy { $0.cancelled != nil })
  }

  @Test func theUpstreamsFailureIsForwardedAtOnce() throws {
    let trigger = try scheduler.hot("--x-----|")
    expectMarbles(scheduler.run(try scheduler.hot("-a-b-#").drop(untilOutputFrom: trigger)), "---b-#")
  }

  @Test func anImmediateTriggerLetsEverythingThrough() {
    #expect([1, 2].publisher.drop(untilOutputFrom: Just(0)).record().values == [1, 2])
  }
}
