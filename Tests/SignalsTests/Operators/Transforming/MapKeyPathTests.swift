import Signals
import SignalsTesting
import Testing

/// `map` with one, two and three key paths (one frame = 1 ms).
@Suite struct MapKeyPathTests {
  let scheduler = TestScheduler()

  @Test func readsOneKeyPath() throws {
    let input = try scheduler.cold("-a-b-|", values: ["a": "x", "b": "yz"])
    let counts: Publishers.MapKeyPath<TestPublisher<String, MarbleFailure>, Int> = input.map(\.count)
    expectMarbles(scheduler.run(counts, values: ["1": 1, "2": 2]), "-1-2-|")
  }

  @Test func readsTwoAndThreeKeyPaths() {
    let pairs = Just("xy").map(\.count, \.isEmpty).record()
    #expect(pairs.values.map(\.0) == [2])
    #expect(pairs.values.map(\.1) == [false])
    let triples = Just("xy").map(\.count, \.isEmpty, \.first).record()
    #expect(triples.values.map(\.2) == ["x"])
    #expect(triples.isFinished)
  }

  @Test func aFailurePassesThrough() throws {
    let input = try scheduler.cold("-a-#", values: ["a": "x"])
    expectMarbles(scheduler.run(input.map(\.count), values: ["1": 1]), "-1-#")
  }
}
