import Signals

/// One news item.
public struct NewsItem: Hashable, Sendable {
  /// The headline.
  public let title: String
  /// When it was published, as text.
  public let date: String

  /// Makes an item.
  public init(title: String, date: String) {
    self.title = title
    self.date = date
  }
}

/// Why a news request failed.
public struct NewsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message to show.
  public let message: String
  /// Whether the server answered 401: the session is no longer valid.
  public let isSessionExpired: Bool
  /// Makes the error.
  public init(message: String, isSessionExpired: Bool = false) {
    self.message = message
    self.isSessionExpired = isSessionExpired
  }
  /// The server's 401: the session expired.
  public static let sessionExpired = NewsError(
    message: "Your session expired, please log in again", isSessionExpired: true)
  /// The message.
  public var description: String { message }
}

/// The news backend.
public protocol NewsService: Sendable {
  /// The current news, newest first.
  func latest() -> AnyPublisher<[NewsItem], NewsError>
  /// Sends feedback text.
  func sendFeedback(_ text: String) -> AnyPublisher<Void, NewsError>
}

/// An in-process news backend answering after `latency` on the injected scheduler; `failing`
/// makes every request fail (the seed's switch to show the error paths), `sessionExpired` makes
/// every request answer 401.
public final class InProcessNewsService: NewsService, @unchecked Sendable {
  // @unchecked: `failing` and `edition` are set by the test or demo on the thread that drives
  // the scheduler, the only thread that reads them.
  let scheduler: any Scheduler
  let latency: SchedulerTime.Stride
  /// Whether requests fail.
  public var failing = false
  /// Whether requests answer 401 (the session expired on the server).
  public var sessionExpired = false
  var edition = 0

  /// A backend on `scheduler`.
  public init(scheduler: any Scheduler, latency: SchedulerTime.Stride = .seconds(1)) {
    self.scheduler = scheduler
    self.latency = latency
  }

  /// Three items of a new edition each time (so a refresh shows a change).
  public func latest() -> AnyPublisher<[NewsItem], NewsError> {
    edition += 1
    let edition = edition
    let result: Result<[NewsItem], NewsError> =
      sessionExpired
      ? .failure(.sessionExpired)
      : failing
        ? .failure(NewsError(message: "News could not be loaded"))
        : .success(
          (1...3).map { NewsItem(title: "Edition \(edition): story \($0)", date: "2026-11-\(20 + $0)") })
    return result.publisher.delay(for: latency, scheduler: scheduler).eraseToAnyPublisher()
  }

  /// Accepts the feedback after `latency`, or fails when `failing`.
  public func sendFeedback(_ text: String) -> AnyPublisher<Void, NewsError> {
    let result: Result<Void, NewsError> =
      sessionExpired
      ? .failure(.sessionExpired)
      : failing ? .failure(NewsError(message: "Feedback could not be sent")) : .success(())
    return result.publisher.delay(for: latency, scheduler: scheduler).eraseToAnyPublisher()
  }
}

/// The news list (the MVP seed's presenter, as a view model): loads on entry, refreshes on
/// demand, shows a loading indicator.
public final class NewsListViewModel {
  /// The items shown.
  @Published public private(set) var items: [NewsItem] = []
  /// Whether a load is running.
  @Published public private(set) var isLoading = false
  /// The last error, until the next load.
  @Published public private(set) var error: NewsError?

  let service: any NewsService
  var request: AnyCancellable?

  /// A list over `service`.
  public init(service: any NewsService) { self.service = service }

  /// Loads (on entry) or refreshes; ignored while a load runs.
  public func load() {
    guard !isLoading else { return }
    isLoading = true
    error = nil
    request = service.latest().sink(
      receiveCompletion: { [weak self] completion in
        self?.isLoading = false
        if case .failure(let error) = completion { self?.error = error }
      },
      receiveValue: { [weak self] in self?.items = $0 })
  }
}

/// The feedback form: empty text shows a toast at once; otherwise it sends, with a loading
/// state, then a success or failure toast.
public final class FeedbackViewModel {
  /// The text typed.
  @Published public var text = ""
  /// Whether sending.
  @Published public private(set) var isSending = false
  /// The toast to show, if any.
  @Published public private(set) var toast: String?

  let service: any NewsService
  var request: AnyCancellable?

  /// A form over `service`.
  public init(service: any NewsService) { self.service = service }

  /// Sends the feedback, or says it is empty.
  public func submit() {
    guard !isSending else { return }
    guard !text.allSatisfy({ $0 == " " }) else {
      toast = "feedback is empty"
      return
    }
    isSending = true
    toast = nil
    request = service.sendFeedback(text).sink(
      receiveCompletion: { [weak self] completion in
        self?.isSending = false
        switch completion {
        case .finished:
          self?.toast = "Thank you for your feedback"
          self?.text = ""
        case .failure(let error): self?.toast = error.message
        }
      },
      receiveValue: { _ in })
  }
}
