import Signals
import SignalsTesting
import Testing

/// `output(at:)` and `output(in:)` (one frame = 1 ms).
@Suite struct OutputTests {
  let scheduler = TestScheduler()

  @Test func outputAtDeliversOneValueThenFinishesAndCancels() throws {
    let input = try scheduler.hot("-a-b-c-|")
    expectMarbles(scheduler.run(input.output(at: 1)), "---(b|)")
    #expect(input.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(3)))
  }

  @Test func outputInDeliversTheRangeThenFinishes() throws {
    let input = try scheduler.cold("-a-b-c-d-|")
    expectMarbles(scheduler.run(input.output(in: 1...2)), "---b-(c|)")
    expectMarbles(scheduler.run(input.output(in: 2...)), "-----c-d-|")
    expectMarbles(scheduler.run(input.output(in: ..<1)), "-(a|)")
  }

  @Test func anUpstreamThatEndsEarlyEndsIt() throws {
    expectMarbles(scheduler.run(try scheduler.cold("-a-|").output(at: 3)), "---|")
    expectMarbles(scheduler.run(try scheduler.cold("-a-#").output(in: 0...3)), "-a-#")
  }

  @Test func badIndicesFinishAtOnceWithoutCrashing() {
    let subject = PassthroughSubject<Int, Never>()
    #expect(subject.output(at: -1).record().events == [.completion(.finished)])
    #expect(subject.output(in: 3..<3).record().events == [.completion(.finished)])
    #expect(subject.subscriberCount == 0)
    let far = subject.output(at: Int.max).record()
    let open = subject.output(in: 1...Int.max).record()
    subject.send(1)
    subject.send(2)
    #expect(far.values.isEmpty)
    #expect(open.values == [2])
  }
}
