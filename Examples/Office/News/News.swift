import Services
import Signals

/// One news item.
public struct NewsItem: Hashable, Sendable, Codable {
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

/// The news backend.
///
/// Threading: answers on the service layer's scheduler. Completion: `AppError`s, mapped by the
/// service layer (a 401 is `.sessionExpired`, already reported to the app's `SessionExpiry`).
public protocol NewsService: Sendable {
  /// Page `page` (from 1) of the current news, newest first; an empty page when there is no more.
  func news(page: Int) -> AnyPublisher<[NewsItem], AppError>
  /// Sends feedback text.
  func sendFeedback(_ text: String) -> AnyPublisher<Void, AppError>
}

/// The news backend over the examples' service layer: `GET news?page=N` and `POST feedback`
/// with `{"text"}`, both carrying the session token.
///
/// Threading: as the client's transport. Completion: the client's `AppError`s.
public struct RemoteNewsService: NewsService {
  let client: ServiceClient

  /// A backend reached through `client`.
  public init(client: ServiceClient) { self.client = client }

  /// `GET news?page=N`.
  public func news(page: Int) -> AnyPublisher<[NewsItem], AppError> {
    client.call(ServiceRequest("news", parameters: ["page": "\(page)"]), as: [NewsItem].self)
  }

  /// `POST feedback`.
  public func sendFeedback(_ text: String) -> AnyPublisher<Void, AppError> {
    client.call(ServiceRequest("feedback", method: "POST", parameters: ["text": text]), as: EmptyPayload.self)
      .map { _ in () }.eraseToAnyPublisher()
  }
}

/// The news list (the MVP seed's presenter, as a view model): loads on entry; a refresh
/// replaces the list with the first page, "load more" appends the next page; each has its own
/// loading state, and neither starts while the other runs.
///
/// In the Combine style (`ObservableObject`, `@Published`), as the MVP seed's presenter is
/// ported: a view redraws at `objectWillChange`.
///
/// Threading: main actor; the service's answers are moved to the main actor (`UIScheduler`)
/// before they touch state. Completion: a failed request leaves the list as it was and shows its
/// `AppError` until the next request.
@MainActor
public final class NewsListViewModel: ObservableObject {
  /// The items shown.
  @Published public private(set) var items: [NewsItem] = []
  /// Whether a refresh (or the first load) is running.
  @Published public private(set) var isLoading = false
  /// Whether a "load more" is running.
  @Published public private(set) var isLoadingMore = false
  /// Whether the last page came back empty: "load more" has nothing to add.
  @Published public private(set) var reachedEnd = false
  /// The last error, until the next request.
  @Published public private(set) var error: AppError?

  let service: any NewsService
  var pagesLoaded = 0
  var request: AnyCancellable?

  /// A list over `service`.
  public init(service: any NewsService) { self.service = service }

  /// Loads (on entry) or refreshes: the first page replaces the list. Ignored while a request runs.
  public func load() {
    guard !isLoading, !isLoadingMore else { return }
    isLoading = true
    error = nil
    request = service.news(page: 1).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        self?.isLoading = false
        if case .failure(let error) = completion { self?.error = error }
      },
      receiveValue: { [weak self] page in
        self?.items = page
        self?.pagesLoaded = 1
        self?.reachedEnd = page.isEmpty
      })
  }

  /// "Load more": the next page is appended. Ignored while a request runs, before the first
  /// page, and once a page came back empty.
  public func loadMore() {
    guard !isLoading, !isLoadingMore, pagesLoaded > 0, !reachedEnd else { return }
    isLoadingMore = true
    error = nil
    request = service.news(page: pagesLoaded + 1).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        self?.isLoadingMore = false
        if case .failure(let error) = completion { self?.error = error }
      },
      receiveValue: { [weak self] page in
        self?.items += page
        self?.pagesLoaded += page.isEmpty ? 0 : 1
        self?.reachedEnd = page.isEmpty
      })
  }
}

/// The feedback form: empty text shows a toast at once; otherwise it sends through the news
/// backend, with a loading state, then a success or failure toast.
///
/// Threading: as `NewsListViewModel` (and in its style). Completion: a failed send keeps the text
/// and toasts the error.
@MainActor
public final class FeedbackViewModel: ObservableObject {
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

  /// Takes the toast away (the view does, once it has been shown long enough).
  public func dismissToast() { toast = nil }

  /// Sends the feedback, or says it is empty.
  public func submit() {
    guard !isSending else { return }
    guard !text.allSatisfy({ $0 == " " }) else {
      toast = "feedback is empty"
      return
    }
    isSending = true
    toast = nil
    request = service.sendFeedback(text).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        self?.isSending = false
        switch completion {
        case .finished:
          self?.toast = "Thank you for your feedback"
          self?.text = ""
        case .failure(let error): self?.toast = error.description
        }
      },
      receiveValue: { _ in })
  }
}
