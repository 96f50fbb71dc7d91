import Signals
import SignalsTesting
import Testing

/// `collect(.byTime)` and `collect(.byTimeOrCount)` (one frame = 1 ms).
@Suite struct CollectByTimeTests {
  let scheduler = TestScheduler()
  let arrays: [Character: [String]] = ["x": ["a", "b"], "y": ["c"], "z": ["d", "e"]]

  @Test func byTimeDeliversEachWindowsValuesAtItsTick() throws {
    let input = try scheduler.cold("-a-b---c-d-e-|")
    let collected = input.collect(.byTime(scheduler, .milliseconds(4)))
    expectMarbles(scheduler.run(collected, values: arrays), "----x---y---z|")
  }

  @Test func byTimeOrCountAlsoDeliversAFullArrayAtOnce() throws {
    let input = try scheduler.cold("-a-b---c-d-e-|")
    let collected = input.collect(.byTimeOrCount(scheduler, .milliseconds(4), 2))
    expectMarbles(scheduler.run(collected, values: arrays), "---x----y--z-|")
  }

  @Test func theFinishDeliversWhatIsLeftAndAFailureDropsIt() throws {
    let strategy = Publishers.TimeGroupingStrategy.byTime(scheduler, .milliseconds(10))
    expectMarbles(
      scheduler.run(try scheduler.cold("-a-b|").collect(strategy), values: ["x": ["a", "b"]]), "----(x|)")
    expectMarbles(scheduler.run(try scheduler.cold("-a-b#").collect(strategy)), "----#")
  }

  @Test func emptyWindowsDeliverNothingAndTheTimerStopsWithTheFlow() throws {
    let input = try scheduler.cold("---------a|")
    let collected = input.collect(.byTime(scheduler, .milliseconds(2)))
    expectMarbles(scheduler.run(collected, values: ["x": ["a"]]), "----------(x|)")
    #expect(scheduler.run() == 0)
  }

  /// Combine's rule: with nothing to send, the finish needs no demand.
  @Test func aFinishWithNothingCollectedGoesAtOnceWithoutDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.collect(.byTime(scheduler, .seconds(1))).record(on: scheduler, demand: .none)
    subject.send(completion: .finished)
    #expect(recorder.values.isEmpty)
    #expect(recorder.isFinished)
    #expect(scheduler.run() == 0)
  }

  @Test func aWindowWithoutDemandWaitsForTheRequestAndLosesNothing() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.collect(.byTime(scheduler, .seconds(1))).record(on: scheduler, demand: .none)
    subject.send(1)
    scheduler.advance(by: .seconds(1))
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.values.isEmpty)
    #expect(!recorder.isFinished)
    recorder.request(.max(1))
    #expect(recorder.values == [[1]])
    recorder.request(.max(1))
    #expect(recorder.values == [[1], [2]])
    #expect(recorder.isFinished)
  }

  @Test func aCountBelowOneCountsAsOne() {
    let recorder = [1, 2].publisher.collect(.byTimeOrCount(scheduler, .seconds(1), 0)).record()
    #expect(recorder.values == [[1], [2]])
    #expect(recorder.isFinished)
  }
}
