import Signals
import SignalsTesting
import Testing

/// `prefix(untilOutputFrom:)` (one frame = 1 ms).
@Suite struct PrefixUntilOutputTests {
  let scheduler = TestScheduler()

  @Test func deliversUntilTheTriggerThenFinishesAndCancelsBoth() throws {
    let upstream = try scheduler.hot("-a-b-c-d-|")
    let trigger = try scheduler.hot("----x----|")
    expectMarbles(scheduler.run(upstream.prefix(untilOutputFrom: trigger)), "-a-b|")
    let fourFrames = SchedulerTime.zero.advanced(by: .milliseconds(4))
    #expect(upstream.subscriptions.first?.cancelled == fourFrames)
    #expect(trigger.subscriptions.first?.cancelled == fourFrames)
  }

  @Test func aTriggerThatEndsWithoutAValueIsIgnored() throws {
    let upstream = try scheduler.cold("-a-b-c-|")
    expectMarbles(scheduler.run(upstream.prefix(untilOutputFrom: try scheduler.cold("--|"))), "-a-b-c-|")
    expectMarbles(scheduler.run(upstream.prefix(untilOutputFrom: try scheduler.cold("--#"))), "-a-b-c-|")
  }

  @Test func theUpstreamsEndEndsItAndCancelsTheTrigger() throws {
    let trigger = try scheduler.hot("------x-|")
    expectMarbles(scheduler.run(try scheduler.hot("-a-#").prefix(untilOutputFrom: trigger)), "-a-#")
    #expect(trigger.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(3)))
  }

  @Test func anImmediateTriggerLetsNothingThrough() {
    #expect([1, 2].publisher.prefix(untilOutputFrom: Just(0)).record().events == [.completion(.finished)])
  }
}
