import Observation
import Signals
import SignalsExtras
import SignalsTesting
import Synchronization
import Testing

@Observable final class SearchQueryModel {
  var query = ""
  var scope = "all"
  var summary: String { "\(scope): \(query)" }
}

/// Whether Observation reported a change of what `read` read.
final class ObservationProbe: Sendable {
  let changed = Atomic<Bool>(false)

  init(_ read: () -> Void) {
    withObservationTracking(read) { [self] in changed.store(true, ordering: .relaxed) }
  }

  var sawAChange: Bool { changed.load(ordering: .relaxed) }
}

@Suite struct ObservablePublisherTests {
  @Test func publishesThePropertyNowThenEachNewValue() {
    let scheduler = TestScheduler()
    let model = SearchQueryModel()
    let recorder = model.publisher(for: \.query, on: scheduler).record()
    model.query = "sw"
    scheduler.advance()
    model.query = "swift"
    scheduler.advance()
    #expect(recorder.values == ["", "sw", "swift"])
    recorder.cancel()
  }

  @Test func eachPropertysPublisherGivesOneValuePerTurn() {
    let scheduler = TestScheduler()
    let model = SearchQueryModel()
    let queries = model.publisher(for: \.query, on: scheduler).record()
    let scopes = model.publisher(for: \.scope, on: scheduler).record()
    model.query = "s"
    model.query = "sw"
    model.scope = "docs"
    scheduler.advance()
    #expect(queries.values == ["", "sw"])
    #expect(scopes.values == ["all", "docs"])
    queries.cancel()
    scopes.cancel()
  }

  @Test func aComputedPropertyIsTrackedThroughTheStoredOnesItReads() {
    let scheduler = TestScheduler()
    let model = SearchQueryModel()
    let recorder = model.publisher(for: \.summary, on: scheduler).record()
    model.scope = "docs"
    scheduler.advance()
    #expect(recorder.values == ["all: ", "docs: "])
    recorder.cancel()
  }

  @Test func doesNotKeepTheObjectAliveAndFinishesWhenItIsReleased() {
    let scheduler = TestScheduler()
    var model: SearchQueryModel? = SearchQueryModel()
    weak let released = model
    let recorder = model!.publisher(for: \.query, on: scheduler).record()
    model = nil
    #expect(released == nil)
    #expect(recorder.completion == nil)
    scheduler.advance()
    #expect(recorder.values == [""])
    #expect(recorder.isFinished)
  }

  @Test func cancellingStopsTheValuesAndReleasesTheSubscription() {
    let scheduler = TestScheduler()
    let model = SearchQueryModel()
    let recorder = expectAllReleased {
      let recorder = model.publisher(for: \.query, on: scheduler).record()
      model.query = "sw"
      recorder.cancel()
      return recorder
    }
    scheduler.advance()
    model.query = "swift"
    scheduler.advance()
    #expect(recorder.values == [""])
    #expect(recorder.completion == nil)
  }

  @Test func assignWritesIntoAnObservablePropertyAndObservationSeesIt() {
    let model = SearchQueryModel()
    let queries = PassthroughSubject<String, Never>()
    let probe = ObservationProbe { _ = model.query }
    let strong = queries.assign(to: \.query, on: model)
    queries.send("sw")
    #expect(model.query == "sw")
    #expect(probe.sawAChange)

    let weakProbe = ObservationProbe { _ = model.query }
    let weak = queries.assign(to: \.query, onWeak: model)
    strong.cancel()
    queries.send("swift")
    #expect(model.query == "swift")
    #expect(weakProbe.sawAChange)
    weak.cancel()
  }
}
