import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

// The README's "View models on the main actor" examples, copied verbatim from README.md (keep
// them identical: this file is what proves they compile and behave as the README says).

// --- README: begin (main-actor view model) ---
protocol SearchService: Sendable {
  func search(_ query: String) -> AnyPublisher<[String], Never>  // answers on its own queue
}

@MainActor
final class SearchScreenModel {
  @Published var query = ""
  private(set) var results: [String] = []
  private var subscriptions: Set<AnyCancellable> = []

  init(service: any SearchService, scheduler: any Scheduler) {
    $query
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .map { service.search($0) }
      .switchToLatest()
      .receive(on: MainScheduler.shared)  // last: the sink below is @MainActor
      .sink { [weak self] results in self?.results = results }
      .store(in: &subscriptions)
  }
}
// --- README: end ---

// --- README: begin (stored outputs) ---
final class SearchOutputs {
  @Published var query: String
  let results: AnyPublisher<[String], Never>
  let isSearching: AnyPublisher<Bool, Never>

  init(search: @escaping @Sendable (String) -> AnyPublisher<[String], Never>, scheduler: any Scheduler) {
    let query = Published(wrappedValue: "")
    let debounced = query.projectedValue.debounce(for: .milliseconds(300), scheduler: scheduler)
    results = debounced.map(search).switchToLatest().share().eraseToAnyPublisher()
    isSearching = query.projectedValue.map { !$0.isEmpty }.removeDuplicates().eraseToAnyPublisher()
    _query = query
  }
}
// --- README: end ---

/// A search service that answers on a queue of its own, as a network client does.
struct QueueSearchService: SearchService {
  let queue = DispatchQueue(label: "search-service")
  func search(_ query: String) -> AnyPublisher<[String], Never> {
    Just(["\(query) 1", "\(query) 2"]).receive(on: queue).eraseToAnyPublisher()
  }
}

/// Returns once everything the main queue held when it was called has run.
@MainActor func mainQueueTurn() async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { continuation.resume() }
  }
}

@Suite struct ReadmeViewModelTests {
  @Test @MainActor func theMainActorModelStoresAnswersFromAnotherQueueOnTheMainActor() async {
    let scheduler = TestScheduler()
    let service = QueueSearchService()
    let model = SearchScreenModel(service: service, scheduler: scheduler)
    model.query = "sw"
    model.query = "swift"
    scheduler.advance(by: .milliseconds(299))
    service.queue.sync {}  // nothing asked yet: the debounce is still waiting
    await mainQueueTurn()
    #expect(model.results.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    service.queue.sync {}  // the answer has left the service's queue for the main queue
    await mainQueueTurn()
    #expect(model.results == ["swift 1", "swift 2"])
  }

  @Test func storedOutputsDeriveFromTheStoredInput() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    let model = SearchOutputs(search: { Just([$0.uppercased()]).eraseToAnyPublisher() }, scheduler: scheduler)
    let results = model.results.record(on: scheduler)
    let searching = model.isSearching.record(on: scheduler)
    try scheduler.hot("-a-b", values: ["a": "sw", "b": "swift"]).assign(to: &model.$query)
    scheduler.advance(by: .seconds(1))
    #expect(results.marbles(values: ["r": ["SWIFT"]]) == "------r")
    #expect(searching.marbles(values: ["f": false, "t": true]) == "ft")
    #expect(model.query == "swift")
    results.cancel()
    searching.cancel()
  }

  /// The README's text above the examples says which forms are compiler-checked; this keeps the
  /// README's example text and this file in step.
  @Test func theReadmeHoldsTheseExamplesVerbatim() throws {
    let testFile = URL(fileURLWithPath: #filePath)
    let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: testFile, encoding: .utf8)
    let marker = "// --- README: "  // split so that this line is not a marker itself
    let blocks = source.components(separatedBy: marker + "begin").dropFirst().map { block in
      let body = block.components(separatedBy: marker + "end ---")[0]
      return body.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    }
    #expect(blocks.count == 2)
    for block in blocks {
      #expect(readme.contains(block), "README.md no longer holds:\n\(block)")
    }
  }
}
