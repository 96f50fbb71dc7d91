import Signals
import SignalsTesting
import Testing

// The code of Sources/SignalsTesting/SignalsTesting.docc/TestingInVirtualTime.md, verbatim;
// DocumentationSnippetTests checks that it stays so.
@Suite struct TestingInVirtualTimeArticleTests {
  @Test func theClockMovesOnlyWhenTheTestMovesIt() {
    let scheduler = TestScheduler()
    var fired: [Int] = []
    let subject = PassthroughSubject<Int, Never>()
    let subscription =
      subject
      .debounce(for: .milliseconds(500), scheduler: scheduler)
      .sink { fired.append($0) }
    subject.send(1)
    subject.send(2)
    scheduler.advance(by: .milliseconds(499))
    #expect(fired.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(fired == [2])
    scheduler.expectNothingPending()
    subscription.cancel()
  }

  @Test func runReturnsTheOutputAsADiagram() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    let typing = try scheduler.cold("a-b-c------d|")
    let searches = typing.debounce(for: .milliseconds(500), scheduler: scheduler)
    #expect(scheduler.run(searches) == "---------c--(d|)")
  }

  @Test func longerValuesAreNamedInALegend() throws {
    let scheduler = TestScheduler()
    let numbers = try scheduler.cold("-a-b|", values: ["a": 1, "b": 2])
    let pairs = numbers.map { "\($0)\($0)" }
    #expect(scheduler.run(pairs, values: ["x": "11", "y": "22"]) == "-x-y|")
  }

  @Test func aSubscriptionDiagramSaysWhenToSubscribeAndCancel() throws {
    let scheduler = TestScheduler()
    let ticks = try scheduler.hot("-a-b-c-d-e-|")
    #expect(try scheduler.run(ticks, subscription: "--^---!") == "---b-c")
    expectSubscriptions(ticks, ["--^---!"])
  }

  @Test func aRecorderShowsWhatLimitedDemandReceives() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record(on: scheduler, demand: .max(2))
    subject.send(1)
    subject.send(2)
    subject.send(3)  // no demand left: a PassthroughSubject drops it
    subject.send(completion: .finished)
    #expect(recorder.values == [1, 2])
    #expect(recorder.isFinished)
  }

  @Test func aCancelledRecorderLeavesNothingAlive() {
    expectAllReleased {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = subject.map { $0 * 2 }.record()
      subject.send(1)
      #expect(recorder.values == [2])
      recorder.cancel()
    }
  }

  /// Emits each value with the one before it.
  func pairs(_ upstream: some Publisher<Int, Never>) -> AnyPublisher<[Int], Never> {
    upstream
      .scan([Int]()) { window, value in Array((window + [value]).suffix(2)) }
      .filter { $0.count == 2 }
      .eraseToAnyPublisher()
  }

  /// The same, written with `zip` and `dropFirst`: the reference.
  func pairsReference(_ upstream: some Publisher<Int, Never>) -> AnyPublisher<[Int], Never> {
    let shared = upstream.share()
    return shared.zip(shared.dropFirst()).map { [$0, $1] }.eraseToAnyPublisher()
  }

  @Test func anOperatorAgreesWithItsReferenceOnGeneratedTimelines() throws {
    let digits: [Character: Int] = ["0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5]
    for seed: UInt64 in 0..<50 {
      var random = SplitMix(seed: seed)
      let input = (0..<8).map { _ in random.below(3) == 0 ? "-" : String(random.below(6)) }.joined() + "|"
      let scheduler = TestScheduler()
      let upstream = try scheduler.cold(input, values: digits, failureType: Never.self)
      let actual = pairs(upstream).record(on: scheduler)
      let expected = pairsReference(upstream).record(on: scheduler)
      scheduler.run()
      #expect(actual.values == expected.values, "input \(input)")
      #expect(actual.marbles { _ in "x" } == expected.marbles { _ in "x" }, "input \(input)")
    }
  }

  @Test func theReferenceComparisonCatchesAWrongOperator() throws {
    // The differential check above can fail: an operator that drops its first pair differs.
    let scheduler = TestScheduler()
    let upstream = try scheduler.cold("-1-2-3|", values: ["1": 1, "2": 2, "3": 3], failureType: Never.self)
    let wrong = pairs(upstream).dropFirst().record(on: scheduler)
    let expected = pairsReference(upstream).record(on: scheduler)
    scheduler.run()
    #expect(wrong.values != expected.values)
    #expect(expected.values == [[1, 2], [2, 3]])
  }
}
