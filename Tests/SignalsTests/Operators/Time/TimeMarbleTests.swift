import Signals
import SignalsTesting
import Testing

/// The time operators as marble diagrams (one frame = 1 ms). These exact diagrams appear in
/// the operators' doc comments.
@Suite struct TimeMarbleTests {
  let scheduler = TestScheduler()

  @Test func debounce() throws {
    let input = try scheduler.cold("ab-c----d--|")
    expectMarbles(
      scheduler.run(input.debounce(for: .milliseconds(3), scheduler: scheduler)), "------c----(d|)")
  }

  @Test func debounceFailure() throws {
    let input = try scheduler.cold("ab-#")
    expectMarbles(scheduler.run(input.debounce(for: .milliseconds(3), scheduler: scheduler)), "---#")
  }

  @Test func throttleLatest() throws {
    let input = try scheduler.cold("abc-----d-|")
    expectMarbles(
      scheduler.run(input.throttle(for: .milliseconds(4), scheduler: scheduler, latest: true)), "a---c---d-|")
  }

  @Test func throttleFirst() throws {
    let input = try scheduler.cold("abc-----d-|")
    expectMarbles(
      scheduler.run(input.throttle(for: .milliseconds(4), scheduler: scheduler, latest: false)), "a---b---d-|"
    )
  }

  @Test func throttleFinishWaitsForThePendingValue() throws {
    let input = try scheduler.cold("ab|")
    expectMarbles(
      scheduler.run(input.throttle(for: .milliseconds(4), scheduler: scheduler, latest: true)), "a---(b|)")
  }

  @Test func delay() throws {
    let input = try scheduler.cold("a-b|")
    expectMarbles(scheduler.run(input.delay(for: .milliseconds(2), scheduler: scheduler)), "--a-b|")
  }

  @Test func timeout() throws {
    let input = try scheduler.cold("a--b------c|")
    expectMarbles(scheduler.run(input.timeout(.milliseconds(4), scheduler: scheduler)), "a--b---|")
    let failing = try scheduler.cold("a------b|")
    expectMarbles(
      scheduler.run(failing.timeout(.milliseconds(4), scheduler: scheduler) { MarbleFailure() }), "a---#")
  }

  @Test func combineLatest() throws {
    let letters = try scheduler.hot("-a---b---|", values: ["a": 1, "b": 2])
    let numbers = try scheduler.hot("---x---y---|", values: ["x": 10, "y": 20])
    expectMarbles(
      scheduler.run(letters.combineLatest(numbers) { $0 + $1 }, values: ["p": 11, "q": 12, "r": 22]),
      "---p-q-r---|")
  }

  @Test func switchToLatestDropsTheReplacedSearch() throws {
    let queries = try scheduler.hot("-a--b-----|")
    let results = queries.map { query in
      Just(query.uppercased()).delay(for: .milliseconds(4), scheduler: scheduler)
    }.switchToLatest()
    expectMarbles(scheduler.run(results), "--------B-|")
  }
}
