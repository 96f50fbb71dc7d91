import Services
import Signals

/// The news list's presenter (the MVP seed's `NewsPresenter`): the business of the list, over a
/// `NewsService`, told to a `NewsView` it holds weakly. `loadData()` loads on entry and
/// `refreshData()` refreshes: the first page replaces the list; `loadMore()` appends the next
/// page. Each has its own loading state, and none starts while another runs.
///
/// The presenter is made before its view (the coordinator makes it and starts the load; the
/// front makes the view when the scene shows), so `attach(_:)` brings a view up to date with
/// what the presenter has so far, as the seed's `initWithView` would have from the start.
///
/// Threading: main actor; the service's answers are moved to the main actor
/// (`receive(on: UIScheduler.shared)`) before they reach the view. Completion: a failed request
/// leaves the list as it was and shows its `AppError` until the next request.
@MainActor
public final class NewsPresenter {
  /// The view told what to show; held weakly, as the seed's presenter holds its view.
  public private(set) weak var view: (any NewsView)?
  /// The items listed so far.
  public private(set) var items: [NewsItem] = []
  /// Whether the first load or a refresh is running.
  public private(set) var isLoading = false
  /// Whether a "load more" is running.
  public private(set) var isLoadingMore = false
  /// Whether the last page came back empty: "load more" has nothing to add.
  public private(set) var reachedEnd = false
  /// The last request's failure, until the next request.
  public private(set) var error: AppError?
  /// Whether "load more" may add to the list: a first page has come and the last page was not
  /// empty. Not before the first page (a failed first load offers a retry, not more).
  public var canLoadMore: Bool { pagesLoaded > 0 && !reachedEnd }

  let service: any NewsService
  var pagesLoaded = 0
  var request: AnyCancellable?

  /// A presenter over `service`, with no view yet.
  ///
  /// - Parameter service: Where the news comes from.
  public init(service: any NewsService) { self.service = service }

  /// Makes `view` the presenter's view and shows it everything so far: the list, a running
  /// request, the last error.
  ///
  /// - Parameter view: The view to tell; held weakly.
  public func attach(_ view: any NewsView) {
    self.view = view
    view.show(items: items, canLoadMore: canLoadMore)
    if isLoading { view.showLoading() } else { view.hideLoading() }
    if isLoadingMore { view.showLoadingMore() } else { view.hideLoadingMore() }
    if let error { view.showError(error) } else { view.hideError() }
  }

  /// Loads the list on entry: the first page replaces it. Ignored while a request runs.
  public func loadData() {
    guard !isLoading, !isLoadingMore else { return }
    began(loadingMore: false)
    request = service.news(page: 1).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] in self?.ended(loadingMore: false, $0) },
      receiveValue: { [weak self] page in
        self?.pagesLoaded = 1
        self?.received(page, replacing: true)
      })
  }

  /// Refreshes the list (the seed's pull to refresh): as `loadData()`, the first page again.
  public func refreshData() { loadData() }

  /// "Load more": the next page is appended. Ignored while a request runs, before the first
  /// page, and once a page came back empty.
  public func loadMore() {
    guard !isLoading, !isLoadingMore, pagesLoaded > 0, !reachedEnd else { return }
    began(loadingMore: true)
    request = service.news(page: pagesLoaded + 1).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] in self?.ended(loadingMore: true, $0) },
      receiveValue: { [weak self] page in
        self?.pagesLoaded += page.isEmpty ? 0 : 1
        self?.received(page, replacing: false)
      })
  }

  func began(loadingMore: Bool) {
    if loadingMore {
      isLoadingMore = true
      view?.showLoadingMore()
    } else {
      isLoading = true
      view?.showLoading()
    }
    if error != nil {
      error = nil
      view?.hideError()
    }
  }

  func received(_ page: [NewsItem], replacing: Bool) {
    items = replacing ? page : items + page
    reachedEnd = page.isEmpty
    view?.show(items: items, canLoadMore: canLoadMore)
  }

  func ended(loadingMore: Bool, _ completion: Subscribers.Completion<AppError>) {
    if loadingMore {
      isLoadingMore = false
      view?.hideLoadingMore()
    } else {
      isLoading = false
      view?.hideLoading()
    }
    if case .failure(let failure) = completion {
      error = failure
      view?.showError(failure)
    }
  }
}

/// The feedback form's presenter (the MVP seed's `FeedbackPresenter`): empty text is a toast at
/// once; otherwise the text goes to the news backend, with the loading state shown, then a
/// success or failure toast; a sent text is cleared from the form.
///
/// Threading: main actor; the service's answer is moved to the main actor before it reaches the
/// view. Completion: a failed send keeps the text and toasts the error.
@MainActor
public final class FeedbackPresenter {
  /// The form told what to show; held weakly.
  public private(set) weak var view: (any FeedbackView)?
  /// Whether a text is being sent.
  public private(set) var isSending = false

  let service: any NewsService
  var request: AnyCancellable?

  /// A presenter sending through `service`, with no view yet.
  ///
  /// - Parameter service: Where the feedback goes.
  public init(service: any NewsService) { self.service = service }

  /// Makes `view` the presenter's form; a send already running shows as loading.
  ///
  /// - Parameter view: The form to tell; held weakly.
  public func attach(_ view: any FeedbackView) {
    self.view = view
    if isSending { view.showLoading() }
  }

  /// Sends `text`, or toasts that it is empty (blank counts as empty). Ignored while a text is
  /// being sent.
  ///
  /// - Parameter text: What the user typed.
  public func submitFeedback(_ text: String) {
    guard !isSending else { return }
    guard !text.allSatisfy({ $0 == " " }) else {
      view?.showToast("feedback is empty")
      return
    }
    isSending = true
    view?.showLoading()
    request = service.sendFeedback(text).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard let self else { return }
        self.isSending = false
        self.view?.hideLoading()
        switch completion {
        case .finished:
          self.view?.showToast("Thank you for your feedback")
          self.view?.clearInput()
        case .failure(let error): self.view?.showToast(error.description)
        }
      },
      receiveValue: { _ in })
  }
}
