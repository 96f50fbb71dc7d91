import Signals
import SignalsExtras
import SignalsTesting
import Testing

/// The combining, flattening, filtering and error operators as marble diagrams (one frame =
/// 1 ms): each test reads as the operator's timeline. The time operators have theirs in
/// `TimeMarbleTests`.
@Suite struct OperatorMarbleTests {
  let scheduler = TestScheduler()

  @Test func zipPairsInOrderAndFinishesWhenAFinishedSideIsUsedUp() throws {
    let letters = try scheduler.hot("-a---b---|", values: ["a": 1, "b": 2])
    let numbers = try scheduler.hot("---x---y---|", values: ["x": 10, "y": 20])
    expectMarbles(
      scheduler.run(letters.zip(numbers) { $0 + $1 }, values: ["p": 11, "q": 22]), "---p---q-|")
  }

  @Test func mergeInterleavesAndFinishesWithTheLast() throws {
    let left = try scheduler.hot("-a---b|")
    let right = try scheduler.hot("--x-y---|")
    expectMarbles(scheduler.run(left.merge(with: right)), "-ax-yb--|")
  }

  @Test func withLatestFromDropsValuesBeforeTheOtherHasOne() throws {
    let source = try scheduler.hot("-a--b--c|")
    let other = try scheduler.hot("--x---y--|")
    expectMarbles(
      scheduler.run(source.withLatestFrom(other) { $0 + $1 }, values: ["p": "bx", "q": "cy"]), "----p--q|")
  }

  @Test func flatMapWithALimitDropsWhatAHotUpstreamSendsAtCapacity() throws {
    let outer = try scheduler.hot("-a-b---c|")
    let inners = [
      "a": try scheduler.cold("x-y|"), "b": try scheduler.cold("z|"), "c": try scheduler.cold("w|"),
    ]
    let flattened = outer.flatMap(maxPublishers: .max(1)) { inners[$0]! }
    expectMarbles(scheduler.run(flattened), "-x-y---w|")
  }

  @Test func scanRunsTheTotal() throws {
    let numbers = try scheduler.cold("abc|", values: ["a": 1, "b": 2, "c": 3])
    expectMarbles(scheduler.run(numbers.scan(0) { $0 + $1 }, values: ["x": 1, "y": 3, "z": 6]), "xyz|")
  }

  @Test func removeDuplicatesDropsRepeatsInARow() throws {
    expectMarbles(scheduler.run(try scheduler.cold("aab-b-c|").removeDuplicates()), "a-b---c|")
  }

  @Test func prefixFinishesWithItsLastValue() throws {
    expectMarbles(scheduler.run(try scheduler.cold("a-b-c|").prefix(2)), "a-(b|)")
  }

  @Test func dropFirstSkipsTheFirstValues() throws {
    expectMarbles(scheduler.run(try scheduler.cold("a-b-c|").dropFirst(2)), "----c|")
  }

  @Test func retrySubscribesAgainAfterAFailure() throws {
    expectMarbles(scheduler.run(try scheduler.cold("a#").retry(1)), "aa#")
  }

  @Test func catchSwitchesToTheFallbackAtTheFailure() throws {
    let source = try scheduler.cold("a-#")
    let fallback = try scheduler.cold("xy|")
    expectMarbles(scheduler.run(source.catch { _ in fallback }), "a-xy|")
  }
}
