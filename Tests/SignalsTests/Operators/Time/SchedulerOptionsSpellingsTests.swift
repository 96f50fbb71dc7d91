import Signals
import SignalsTesting
import Testing

/// The `options:` spellings of the time operators behave as the operators without them (one
/// frame = 1 ms).
@Suite struct SchedulerOptionsSpellingsTests {
  let scheduler = TestScheduler()

  @Test func debounceAndDelayWithOptions() throws {
    let input = try scheduler.cold("ab-c----d--|")
    let debounced = input.debounce(for: .milliseconds(3), scheduler: scheduler, options: nil)
    expectMarbles(scheduler.run(debounced), "------c----(d|)")
    let delayed = try scheduler.cold("a-b|").delay(for: .milliseconds(2), scheduler: scheduler, options: nil)
    expectMarbles(scheduler.run(delayed), "--a-b|")
    let tolerant = try scheduler.cold("a-b|").delay(
      for: .milliseconds(2), tolerance: .zero, scheduler: scheduler, options: nil)
    expectMarbles(scheduler.run(tolerant), "--a-b|")
  }

  @Test func timeoutReceiveAndSubscribeWithOptions() throws {
    let quiet = try scheduler.cold("a-----b|")
    expectMarbles(scheduler.run(quiet.timeout(.milliseconds(3), scheduler: scheduler, options: nil)), "a--|")
    let input = try scheduler.cold("a-b|")
    expectMarbles(scheduler.run(input.receive(on: scheduler, options: nil)), "a-b|")
    // As in Combine, the subscriber's request reaches the upstream through the scheduler, after
    // the cold source's first frame was due: `a`, sent with no demand yet, is dropped.
    expectMarbles(scheduler.run(input.subscribe(on: scheduler, options: nil)), "--b|")
  }

  @Test func measureIntervalAndCollectWithOptions() throws {
    let input = try scheduler.cold("--a---b|")
    let intervals = input.measureInterval(using: scheduler, options: nil).map { $0.nanoseconds / 1_000_000 }
    expectMarbles(scheduler.run(intervals, values: ["2": 2, "4": 4]), "--2---4|")
    let collected = input.collect(.byTime(scheduler, .milliseconds(4)), options: nil)
    expectMarbles(scheduler.run(collected, values: ["x": ["a"], "y": ["b"]]), "----x--(y|)")
  }
}
