import Signals
import SignalsTesting
import Testing

/// Diagrams without `#` play through publishers that cannot fail, so they can drive inputs.
@Suite struct InfallibleMarbleTests {
  final class SearchInputs {
    @Published var query = ""
  }

  @Test func aHotDiagramDrivesAPublishedPropertyThroughAssign() throws {
    let scheduler = TestScheduler()
    let inputs = SearchInputs()
    let queries = inputs.$query.record(on: scheduler)
    try scheduler.hot("-a--b|", values: ["a": "sw", "b": "swift"]).assign(to: &inputs.$query)
    scheduler.run()
    #expect(queries.marbles(values: ["e": "", "a": "sw", "b": "swift"]) == "ea--b")
    #expect(inputs.query == "swift")
  }

  @Test func aColdDiagramDrivesAPropertyOnAnObject() throws {
    let scheduler = TestScheduler()
    let inputs = SearchInputs()
    let typing: TestPublisher<String, Never> = try scheduler.cold("a-b", values: ["a": "s", "b": "sw"])
    let binding = typing.assign(to: \.query, on: inputs)
    scheduler.advance(by: .milliseconds(1))
    #expect(inputs.query == "s")
    scheduler.run()
    #expect(inputs.query == "sw")
    binding.cancel()
  }

  @Test func aDiagramPlaysIntoASubjectOfItsFailureType() throws {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<String, MarbleTestError>()
    let recorder = subject.record(on: scheduler)
    let feeding = try scheduler.hot("-a-b").subscribe(subject)
    scheduler.run()
    #expect(recorder.values == ["a", "b"])
    #expect(recorder.completion == nil)
    feeding.cancel()
  }

  @Test func theFailureTypeCanBeNamed() throws {
    let scheduler = TestScheduler()
    let values = try scheduler.cold("ab|", failureType: Never.self).record(on: scheduler)
    scheduler.run()
    #expect(values.values == ["a", "b"])
    #expect(values.isFinished)
  }

  @Test(arguments: ["-a-#", "(a#)"])
  func aFailureInADiagramThatCannotFailIsATypedError(_ diagram: String) {
    let scheduler = TestScheduler()
    let column = (Array(diagram).firstIndex(of: "#") ?? -1) + 1
    let expected = MarbleError(diagram: diagram, column: column, reason: .failureInInfallibleDiagram)
    #expect(throws: expected) { try scheduler.hot(diagram, failureType: Never.self) }
    #expect(throws: expected) {
      let _: TestPublisher<Int, Never> = try scheduler.cold(diagram, values: ["a": 1])
    }
    #expect(expected.description.contains("a \"#\" for a publisher that cannot fail at column \(column)"))
  }

  @Test func withoutAContextDiagramsStillFailWithMarbleFailure() throws {
    let scheduler = TestScheduler()
    let failing = try scheduler.cold("-a#").record(on: scheduler)
    scheduler.run()
    #expect(failing.failure == MarbleFailure())
  }
}
