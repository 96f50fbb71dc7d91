import Foundation
import Signals
import SignalsFoundation
import SignalsTesting
import Synchronization
import Testing

/// Runs the code of `PortedCombineFile.swift`, a Combine file ported by its import alone, and
/// checks that it behaves as it did under Combine.
@Suite struct PortedCombineFileTests {
  /// A search service that answers each query from `answers`, and remembers the queries.
  final class StubSearch: RepositorySearching {
    var queries: [String] = []
    var answers: [String: Result<[Repository], URLError>] = [:]

    func search(_ query: String) -> AnyPublisher<[Repository], Error> {
      queries.append(query)
      return (answers[query] ?? .success([])).publisher.mapError { $0 as Error }.eraseToAnyPublisher()
    }
  }

  @Test func theViewModelSearchesOnceTheTypingSettles() {
    let scheduler = TestScheduler()
    let service = StubSearch()
    service.answers["swift"] = .success([Repository(name: "swift", stars: 60_000)])
    let model = RepositorySearchViewModel(service: service, scheduler: scheduler)
    let changes = model.objectWillChange.record()
    for prefix in ["s", "sw", "swi", "swif", "swift "] {
      model.query = prefix
      scheduler.advance(by: .milliseconds(100))
    }
    #expect(service.queries.isEmpty)
    scheduler.advance(by: .milliseconds(200))
    #expect(service.queries == ["swift"])
    #expect(model.results == [Repository(name: "swift", stars: 60_000)])
    #expect(!model.isSearching)
    #expect(model.errorMessage == nil)
    #expect(changes.values.count >= 5)
  }

  @Test func aFailedSearchIsShownAndTheNextQueryClearsIt() {
    let scheduler = TestScheduler()
    let service = StubSearch()
    service.answers["down"] = .failure(URLError(.notConnectedToInternet))
    let model = RepositorySearchViewModel(service: service, scheduler: scheduler)
    model.query = "down"
    scheduler.advance(by: .milliseconds(300))
    #expect(model.errorMessage == "Search failed: no answer")
    #expect(model.results.isEmpty)
    model.query = ""
    scheduler.advance(by: .milliseconds(300))
    #expect(model.errorMessage == nil)
    #expect(service.queries == ["down"])
  }

  @Test func theHandWrittenPublisherHonoursDemandAndCancellation() {
    let recorder = Countdown(start: 5).record(demand: .max(2))
    #expect(recorder.values == [5, 4])
    #expect(recorder.completion == nil)
    recorder.request(.max(1))
    #expect(recorder.values == [5, 4, 3])
    recorder.request(.unlimited)
    #expect(recorder.values == [5, 4, 3, 2, 1])
    #expect(recorder.isFinished)

    let stepwise = Countdown(start: 3).record(demand: .stepwise)
    #expect(stepwise.values == [3, 2, 1] && stepwise.isFinished)
    let early = Countdown(start: 9).prefix(2).collect().record()
    #expect(early.values == [[9, 8]])

    // Cancelling from inside receive(_:) stops the loop that is delivering, demand or not.
    var subscription: (any Subscription)?
    var received: [String] = []
    Countdown(start: 5).subscribe(
      AnySubscriber(
        receiveSubscription: {
          subscription = $0; $0.request(.max(1))
        },
        receiveValue: { value in
          received.append("\(value)")
          if value == 4 { subscription?.cancel() }
          return .max(1)
        },
        receiveCompletion: { _ in received.append("done") }))
    #expect(received == ["5", "4"])
  }

  @Test func theDeferredFutureRunsOncePerSubscriber() {
    var calls = 0
    let greeting = loadGreeting(for: "Ada") { calls += 1 }
    #expect(calls == 0)
    let first = greeting.record()
    let second = greeting.record()
    #expect(calls == 2)
    #expect(first.values == ["Hello, Ada"] && second.isFinished)
    let failing = loadGreeting(for: "") { calls += 1 }.record()
    #expect((failing.failure as? URLError)?.code == .badURL)
  }

  // `Notification` is not Sendable in corelibs Foundation, and `values` required Sendable output.
  // The loop subscribes when its task starts, which a loaded machine may delay by many seconds
  // (27 s seen under the thread sanitizer), so the test posts until the loop has answered; past
  // the budget it cancels the loop, which ends it, so the test fails instead of waiting forever.
  @Test func notificationsReadAsAnAsyncSequence() async {
    let center = NotificationCenter()
    let name = Notification.Name("ported.note")
    let answer = Guarded<String?>(nil)
    let reader = Task {
      let note = await firstNote(named: name, from: center)
      answer.withLock { $0 = note }
    }
    let deadline = Date(timeIntervalSinceNow: 300)
    while answer.withLock({ $0 }) == nil && Date() < deadline {
      center.post(name: name, object: 42)
      center.post(name: name, object: "hello")
      await Task.yield()
    }
    reader.cancel()
    await reader.value
    #expect(answer.withLock { $0 } == "hello")
  }

  @Test func theGenericOperatorPacesValuesOnAnyScheduler() {
    let scheduler = TestScheduler()
    let recorder = [1, 2, 3].publisher.paced(by: .seconds(1), on: scheduler).record(on: scheduler)
    #expect(recorder.values.isEmpty)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [1])
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.isFinished)
    #expect(recorder.timedEvents.map(\.time) == [1, 2, 3, 3].map { SchedulerTime(seconds: $0) })
  }
}

/// The networking chain of the ported file against a real server on loopback.
@Suite(.serialized, .enabled(if: hasPython3, "needs python3 on the PATH for the test server"))
struct PortedNetworkingChainTests {
  func outcome(_ publisher: AnyPublisher<[Repository], Error>) async -> Result<[Repository], Error> {
    do {
      var values: [[Repository]] = []
      for try await value in publisher.values { values.append(value) }
      return .success(values.flatMap { $0 })
    } catch {
      return .failure(error)
    }
  }

  @Test func aSearchDecodesTheAnswerAndABadStatusIsAnError() async throws {
    let server = try DataTaskPublisherTests.Server()
    defer { server.stop() }
    let service = RepositorySearchService(session: .shared, baseURL: server.url("/"))
    let found = await outcome(service.search("signals"))
    #expect((try? found.get()) == [Repository(name: "signals-kit", stars: 3)])

    let misplaced = RepositorySearchService(session: .shared, baseURL: server.url("/v2"))
    let missing = await outcome(misplaced.search("signals"))
    guard case .failure(let error) = missing else {
      Issue.record("expected a failure, got \(missing)")
      return
    }
    #expect((error as? URLError)?.code == .badServerResponse)
  }
}
