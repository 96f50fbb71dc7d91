// A file written for Combine, ported by changing `import Combine` to `import SignalsFoundation`
// and nothing else: it must keep compiling as it stands (PortedCombineFileTests runs it). It
// holds what app code does with Combine: a search view model with `@Published` input, a
// URLSession networking chain, a hand-written publisher and subscription, a Deferred Future and
// an operator generic over its scheduler. The one edit Signals asks for is marked where it is.
import Foundation
import SignalsFoundation

struct Repository: Decodable, Equatable {
  let name: String
  let stars: Int
}

struct SearchResponse: Decodable {
  let items: [Repository]
}

protocol RepositorySearching {
  func search(_ query: String) -> AnyPublisher<[Repository], Error>
}

/// The networking layer: a data task, a status check, JSON decoding.
struct RepositorySearchService: RepositorySearching {
  let session: URLSession
  let baseURL: URL

  func search(_ query: String) -> AnyPublisher<[Repository], Error> {
    var components = URLComponents(
      url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "q", value: query)]
    var request = URLRequest(url: components.url!, timeoutInterval: 300)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return session.dataTaskPublisher(for: request)
      .tryMap { output -> Data in
        guard let http = output.response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
          throw URLError(.badServerResponse)
        }
        return output.data
      }
      .decode(type: SearchResponse.self, decoder: JSONDecoder())
      .map(\.items)
      .eraseToAnyPublisher()
  }
}

/// A view model as SwiftUI code writes it: typed query in, results, progress and error out.
final class RepositorySearchViewModel<S: Scheduler>: ObservableObject {
  @Published var query = ""
  @Published private(set) var results: [Repository] = []
  @Published private(set) var isSearching = false
  @Published private(set) var errorMessage: String?

  private var cancellables = Set<AnyCancellable>()

  init(service: RepositorySearching, scheduler: S) {
    $query
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .removeDuplicates()
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .handleEvents(receiveOutput: { [weak self] query in
        self?.isSearching = !query.isEmpty
        self?.errorMessage = nil
      })
      .map { query -> AnyPublisher<[Repository], Never> in
        guard !query.isEmpty else { return Just([]).eraseToAnyPublisher() }
        return service.search(query)
          .catch { [weak self] error -> Just<[Repository]> in
            self?.errorMessage =
              "Search failed: \(error is DecodingError ? "unreadable answer" : "no answer")"
            return Just([])
          }
          .eraseToAnyPublisher()
      }
      .switchToLatest()
      .receive(on: scheduler)
      .sink { [weak self] repositories in
        self?.results = repositories
        self?.isSearching = false
      }
      .store(in: &cancellables)
  }
}

/// A hand-written publisher: counts down from `start` to 1, one value per unit of demand.
struct Countdown: Publisher {
  typealias Output = Int
  typealias Failure = Never

  let start: Int

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: CountdownSubscription(next: start, subscriber: subscriber))
  }
}

// The one edit: Signals' Cancellable (and so Subscription) is Sendable, Combine's is not. The
// lock guards every stored property, so the class is safe to share.
final class CountdownSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Int, S.Failure == Never {
  private let lock = NSLock()
  private var next: Int
  private var subscriber: S?
  private var demand = Subscribers.Demand.none
  private var delivering = false

  init(next: Int, subscriber: S) {
    self.next = next
    self.subscriber = subscriber
  }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    self.demand += demand
    // A request made from inside receive(_:) adds demand; the loop already running serves it.
    guard !delivering else { return lock.unlock() }
    delivering = true
    while let subscriber, self.demand > 0, next > 0 {
      let value = next
      next -= 1
      self.demand -= 1
      lock.unlock()
      let more = subscriber.receive(value)
      lock.lock()
      self.demand += more
    }
    let finished = next == 0 ? subscriber : nil
    if finished != nil { subscriber = nil }
    delivering = false
    lock.unlock()
    finished?.receive(completion: .finished)
  }

  func cancel() {
    lock.lock()
    subscriber = nil
    lock.unlock()
  }
}

/// Work that starts only when subscribed to, once per subscriber: a Deferred Future.
func loadGreeting(for name: String, calls: @escaping () -> Void) -> AnyPublisher<String, Error> {
  Deferred {
    Future<String, Error> { promise in
      calls()
      if name.isEmpty {
        promise(.failure(URLError(.badURL)))
      } else {
        promise(.success("Hello, \(name)"))
      }
    }
  }
  .eraseToAnyPublisher()
}

extension Publisher {
  /// Delays each value by `interval`, one at a time, so values come at least `interval` apart:
  /// an operator written against any scheduler.
  func paced<S: Scheduler>(
    by interval: S.SchedulerTimeType.Stride, on scheduler: S
  ) -> AnyPublisher<Output, Failure> {
    flatMap(maxPublishers: .max(1)) { value in
      Just(value)
        .setFailureType(to: Failure.self)
        .delay(for: interval, scheduler: scheduler)
    }
    .eraseToAnyPublisher()
  }
}

/// The first notification named `name` that carries a text: notifications read as an async
/// sequence, as code written since Swift concurrency does.
func firstNote(named name: Notification.Name, from center: NotificationCenter) async -> String? {
  for await notification in center.publisher(for: name).values {
    if let text = notification.object as? String { return text }
  }
  return nil
}
