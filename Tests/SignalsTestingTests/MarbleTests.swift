import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct MarbleDiagramTests {
  func parse(_ text: String) throws -> [String] {
    try MarbleDiagram(text, frameDuration: .milliseconds(1)).entries.map { entry in
      let event =
        switch entry.event {
        case .value(let value): value
        case .finished: "|"
        case .failure: "#"
        }
      return "\(entry.offset.nanoseconds / 1_000_000):\(event)"
    }
  }

  @Test func framesValuesGroupsAndCompletions() throws {
    #expect(try parse("-a-b|") == ["1:a", "3:b", "4:|"])
    #expect(try parse("(ab)-c#") == ["0:a", "0:b", "2:c", "3:#"])
    #expect(try parse("a (b|)") == ["0:a", "1:b", "1:|"])
  }

  @Test func spacesAlignAndTimeProgressionsSkip() throws {
    #expect(try parse("a 100ms b") == ["0:a", "101:b"])
    #expect(try parse("- - a") == ["2:a"])
    #expect(try parse("1s 2") == ["1000:2"])
  }

  // Digits too many for an Int were read as one value per digit, then a progression of the
  // last few: a wall of values nobody wrote. Then they saturated at the end of time, so the
  // diagram said something else than what it was played as; now they are refused.
  @Test(arguments: [
    ("a 99999999999999999999999s b|", 3),
    ("a 1000000000000s b|", 3),
    ("9223372037s", 1),
    ("9223372036855ms", 1),
    ("-- 9223372036854775808ns", 4),
  ])
  func refusesAProgressionLongerThanTheClockHolds(_ diagram: String, _ column: Int) {
    #expect(throws: MarbleError(diagram: diagram, column: column, reason: .timeOutOfRange)) {
      try MarbleDiagram(diagram, frameDuration: .milliseconds(1))
    }
  }

  @Test func refusesWhatComesAfterTheClocksEnd() {
    func refusal(_ diagram: String, at column: Int) -> MarbleError {
      MarbleError(diagram: diagram, column: column, reason: .timeOutOfRange)
    }
    let frame = SchedulerTime.Stride.milliseconds(1)
    // Each progression fits; the second one ends past the clock's end.
    #expect(throws: refusal("9223372036s 1s a", at: 13)) {
      try MarbleDiagram("9223372036s 1s a", frameDuration: frame)
    }
    // The frame of `a` ends past it: `b` would be at a time the clock cannot tell.
    #expect(throws: refusal("9223372036854775807ns a b", at: 25)) {
      try MarbleDiagram("9223372036854775807ns a b", frameDuration: frame)
    }
    #expect(throws: refusal("9223372036854775807ns -|", at: 24)) {
      try MarbleDiagram("9223372036854775807ns -|", frameDuration: frame)
    }
  }

  @Test func theLastInstantOfTheClockTakesAnEvent() throws {
    let diagram = try MarbleDiagram("9223372036854775807ns (a|)  ", frameDuration: .milliseconds(1))
    #expect(diagram.entries.map(\.offset) == [.nanoseconds(.max), .nanoseconds(.max)])
    let scheduler = TestScheduler(frameDuration: .nanoseconds(1))
    let rendered = scheduler.run(try scheduler.cold("9223372036854775807ns (a|)"))
    #expect(rendered == " 9223372036854775807ns (a|)")
  }

  @Test func theIssuesDiagramIsRefusedWithItsColumn() {
    let scheduler = TestScheduler()
    #expect(throws: MarbleError(diagram: "a 1000000000000s b|", column: 3, reason: .timeOutOfRange)) {
      _ = scheduler.run(try scheduler.cold("a 1000000000000s b|"))
    }
    #expect(
      "\(MarbleError(diagram: "a 1000000000000s b|", column: 3, reason: .timeOutOfRange))".contains(
        "a time past the clock's end (about 292 years) at column 3"))
  }

  @Test func theCaretIsTheOrigin() throws {
    #expect(try parse("-a-^-b") == ["-2:a", "2:b"])
    let cancellation = try MarbleDiagram("^--!", frameDuration: .milliseconds(1)).cancellation
    #expect(cancellation == .milliseconds(3))
  }

  @Test(arguments: [
    ("--(a-|", 3, MarbleError.Reason.unbalancedParenthesis),
    ("a)", 2, .unbalancedParenthesis),
    ("a-*", 3, .unknownToken("*")),
    // A combining mark would join the character before it: as a value it could not read back.
    ("\u{616}b|", 1, .unknownToken("\u{616}")),
    ("-\u{301}", 1, .unknownToken("-\u{301}")),
    ("a|#", 3, .secondCompletion),
    ("a|b", 3, .eventAfterCompletion),
    ("^-^", 3, .misplacedMarker("^")),
    ("((a))", 2, .nestedGroup),
  ])
  func malformedDiagramsThrowWithTheColumn(_ diagram: String, _ column: Int, _ reason: MarbleError.Reason) {
    #expect(throws: MarbleError(diagram: diagram, column: column, reason: reason)) {
      try MarbleDiagram(diagram, frameDuration: .milliseconds(1))
    }
  }

  @Test func valuesThatWouldJoinIntoOneCharacterAreWrittenApartAndReadBack() throws {
    // Hangul jamo: a leading consonant then a vowel make one syllable when written together
    // (so the diagram keeps them apart with groups of one).
    let scheduler = TestScheduler()
    let source = try scheduler.cold("(\u{1100})(\u{1161})|")
    let rendered = scheduler.run(source)
    #expect(rendered == "\u{1100} \u{1161}|")
    #expect(try MarbleDiagram(rendered, frameDuration: .milliseconds(1)).entries.count == 3)
  }

  @Test func anUnmappedValueNamesTheCharacter() {
    let scheduler = TestScheduler()
    #expect(throws: MarbleError(diagram: "-a-z|", column: 4, reason: .unmappedValue("z"))) {
      try scheduler.cold("-a-z|", values: ["a": 1])
    }
  }

  @Test func theErrorMessagePointsAtTheColumn() {
    let error = MarbleError(diagram: "--(a-|", column: 3, reason: .unbalancedParenthesis)
    #expect(error.description == "marble diagram: unbalanced parenthesis at column 3\n  --(a-|\n    ^")
  }
}

@Suite struct HotAndColdTests {
  @Test func coldPlaysTheWholeDiagramForEachSubscriber() throws {
    let scheduler = TestScheduler()
    let cold = try scheduler.cold("-a-b|")
    let first = cold.record(on: scheduler)
    scheduler.advance(by: .milliseconds(2))
    let second = cold.record(on: scheduler)
    scheduler.run()
    #expect(first.marbles() == "-a-b|")
    #expect(second.marbles(from: SchedulerTime(nanoseconds: 2_000_000)) == "-a-b|")
    #expect(cold.subscriptions.map(\.subscribed.nanoseconds) == [0, 2_000_000])
  }

  @Test func hotPlaysOnceFromItsCreation() throws {
    let scheduler = TestScheduler()
    let hot = try scheduler.hot("-a-b-c|")
    scheduler.advance(by: .milliseconds(2))
    let late = hot.record(on: scheduler)
    scheduler.run()
    #expect(late.marbles() == "---b-c|")
  }

  @Test func cancellationIsRecorded() throws {
    let scheduler = TestScheduler()
    let cold = try scheduler.cold("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
    let recorder = cold.record(on: scheduler)
    scheduler.advance(by: .milliseconds(3))
    recorder.cancel()
    scheduler.run()
    #expect(recorder.values == [1, 2])
    #expect(cold.subscriptions.first?.cancelled == SchedulerTime(nanoseconds: 3_000_000))
    #expect(scheduler.pendingCount == 0)
  }

  @Test func failureUsesTheGivenError() throws {
    let scheduler = TestScheduler()
    let cold = try scheduler.cold("-a#", values: ["a": 1], error: MarbleTestError.broken)
    let recorder = cold.record(on: scheduler)
    scheduler.run()
    #expect(recorder.failure == .broken)
  }
}

enum MarbleTestError: Error { case broken }

@Suite struct MarbleRunTests {
  @Test func runReturnsTheOutputTimeline() throws {
    let scheduler = TestScheduler()
    let input = try scheduler.cold("a-b-(cd)-|")
    #expect(scheduler.run(input.map { $0.uppercased() }) == "A-B-(CD)-|")
  }

  @Test func debounceReadsAsADiagram() throws {
    let scheduler = TestScheduler()
    let typing = try scheduler.cold("ab-c----d--|")
    let debounced = typing.debounce(for: .milliseconds(3), scheduler: scheduler)
    #expect(scheduler.run(debounced) == "------c----(d|)")
  }

  @Test func aSubscriptionDiagramSubscribesAtTheCaretAndCancelsAtTheBang() throws {
    let scheduler = TestScheduler()
    let ticks = try scheduler.hot("-a-b-c-d-e-|")
    #expect(try scheduler.run(ticks, subscription: "--^---!") == "---b-c")
    #expect(ticks.subscriptions.map(\.subscribed) == [SchedulerTime(nanoseconds: 2_000_000)])
    #expect(ticks.subscriptions.map(\.cancelled) == [SchedulerTime(nanoseconds: 6_000_000)])
  }

  @Test func aColdPublisherStartsAtTheCaret() throws {
    let scheduler = TestScheduler()
    let source = try scheduler.cold("ab-c|")
    // What is due in the frame of the `!` still arrives; the cancellation comes after it.
    #expect(try scheduler.run(source, subscription: "---^--!") == "---ab-c")
    #expect(try scheduler.run(source, subscription: "^--!") == "ab-c")
    #expect(try scheduler.run(source, subscription: "^") == "ab-c|")
    #expect(source.subscriptions.count == 3)
  }

  @Test func aValueInASubscriptionDiagramIsAnError() {
    let scheduler = TestScheduler()
    let source = Just("a")
    #expect(throws: MarbleError.self) { try scheduler.run(source, subscription: "^-x-!") }
  }

  @Test func valuesRenderThroughTheDictionary() throws {
    let scheduler = TestScheduler()
    let numbers = try scheduler.cold("-a-b|", values: ["a": 1, "b": 2])
    #expect(scheduler.run(numbers.map { $0 * 10 }, values: ["x": 10, "y": 20]) == "-x-y|")
  }

  @Test func theDifferenceIsAlignedFrameByFrame() {
    let difference = marbleDifference(expected: "--a--(bc)--|", actual: "--a---b-|")
    #expect(
      difference == """
        expected: --a--(bc)--|
        actual:   --a---   b-|
                       ^ first difference at frame 5
        """)
    #expect(marbleDifference(expected: "a b", actual: "ab") == nil)
  }
}

@Suite struct TestingHelperTests {
  @Test func expectMarblesRecordsAnAlignedDifference() {
    withKnownIssue {
      expectMarbles("--a-|", "--b-|")
    } matching: { issue in
      "\(issue)".contains("first difference at frame 2")
    }
    expectMarbles("--a-|", "-- a -|")
  }

  @Test func leakCheckCatchesALiveSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    var kept: Recorder<Int, Never>?
    withKnownIssue {
      expectAllReleased { kept = subject.map { $0 }.record() }
    }
    kept?.cancel()
    expectAllReleased {
      let recorder = subject.map { $0 }.record()
      recorder.cancel()
    }
  }

  @Test func pendingWorkCheckCatchesARunningTimer() {
    let scheduler = TestScheduler()
    let recorder = scheduler.timer(every: .seconds(1)).record()
    withKnownIssue { scheduler.expectNothingPending() }
    recorder.cancel()
    scheduler.expectNothingPending()
  }
}

/// The README's example, kept true by a test.
@Suite struct ReadmeExampleTests {
  final class SearchViewModel {
    let search: AnyPublisher<String, MarbleFailure>
    init(query: some Publisher<String, MarbleFailure>, scheduler: TestScheduler) {
      search = query.debounce(for: .milliseconds(500), scheduler: scheduler).removeDuplicates()
        .eraseToAnyPublisher()
    }
  }

  @Test func aDebouncedSearchInFiveLines() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    let typing = try scheduler.cold("a-b-c------d|")
    let model = SearchViewModel(query: typing, scheduler: scheduler)  // debounces 500 ms
    #expect(scheduler.run(model.search) == "---------c--(d|)")
    scheduler.expectNothingPending()
  }
}
