import Signals
import SignalsTesting
import Testing

/// `min`, `max` and their `by:` and `try` forms (one frame = 1 ms).
@Suite struct ComparisonTests {
  let scheduler = TestScheduler()
  let digits: [Character: Int] = ["1": 1, "2": 2, "3": 3]

  @Test func minAndMaxArriveWhenTheUpstreamFinishes() throws {
    let input = try scheduler.cold("-3-1-2-|", values: digits)
    expectMarbles(scheduler.run(input.min(), values: digits), "-------(1|)")
    expectMarbles(scheduler.run(input.max(), values: digits), "-------(3|)")
  }

  @Test func anEmptyUpstreamGivesNothing() {
    #expect(Empty<Int, Never>().min().record().events == [.completion(.finished)])
    #expect(Empty<Int, Never>().max().record().events == [.completion(.finished)])
  }

  @Test func aFailureDropsTheHeldValue() throws {
    let input = try scheduler.cold("-3-1-#", values: digits)
    expectMarbles(scheduler.run(input.min(), values: digits), "-----#")
  }

  @Test func byUsesTheOrderingAndKeepsTheFirstOfEquals() {
    let words = ["bb", "a", "cc", "d"].publisher
    #expect(words.min { $0.count < $1.count }.record().values == ["a"])
    #expect(words.max { $0.count < $1.count }.record().values == ["bb"])
  }

  @Test func tryMinAndTryMaxFailWithTheThrownError() {
    let throwing: (Int, Int) throws -> Bool = { lhs, rhs in
      if lhs == 2 || rhs == 2 { throw TestError(2) }
      return lhs < rhs
    }
    let min = [3, 1, 2].publisher.tryMin(by: throwing).record()
    let max = [3, 1, 2].publisher.tryMax(by: throwing).record()
    #expect(min.values.isEmpty && max.values.isEmpty)
    #expect(min.failure as? TestError == TestError(2))
    #expect(max.failure as? TestError == TestError(2))
    let ascending: (Int, Int) throws -> Bool = { $0 < $1 }
    let input: [Int] = [3, 1, 4]
    #expect(input.publisher.tryMin(by: ascending).record().values == [1])
    #expect(input.publisher.tryMax(by: ascending).record().values == [4])
  }
}
