import DemoSupport
import News
import Observation
import Services

/// The news list, the MVP seed's view controller: it implements `NewsView` by keeping what the
/// presenter told it to show (`@Observable`, so the renderer redraws when that changes), and
/// hands its keys to `NewsPresenter`: r refreshes (or retries a failed first load), m loads
/// more once a page has come, esc goes back.
///
/// Threading: main actor.
@MainActor @Observable
final class NewsScreen: OfficeScreenView, NewsView {
  @ObservationIgnored let presenter: NewsPresenter
  @ObservationIgnored let back: () -> Void
  var items: [NewsItem] = []
  var canLoadMore = false
  var isLoading = false
  var isLoadingMore = false
  var error: AppError?

  /// The view of `presenter`, which it attaches itself to.
  init(presenter: NewsPresenter, back: @escaping () -> Void) {
    self.presenter = presenter
    self.back = back
    presenter.attach(self)
  }

  var title: String { "News" }

  var body: [String] {
    var body = ["News" + (isLoading ? "  (loading...)" : ""), ""]
    body += items.map { "- \($0.title)" }
    if isLoadingMore { body.append("  (loading more...)") }
    if let error { body.append("! \(error)") }
    // A failed first load has nothing to refresh or add to: it offers a retry.
    let keys =
      items.isEmpty && error != nil
      ? "r: retry  esc: back" : canLoadMore ? "r: refresh  m: more  esc: back" : "r: refresh  esc: back"
    return body + ["", keys]
  }

  func handle(_ key: Key) -> String? {
    switch key {
    case .character("r"): presenter.refreshData()
    case .character("m"): presenter.loadMore()
    case .escape: back()
    default: break
    }
    return nil
  }

  // MARK: NewsView

  func show(items: [NewsItem], canLoadMore: Bool) {
    self.items = items
    self.canLoadMore = canLoadMore
  }
  func showLoading() { isLoading = true }
  func hideLoading() { isLoading = false }
  func showLoadingMore() { isLoadingMore = true }
  func hideLoadingMore() { isLoadingMore = false }
  func showError(_ error: AppError) { self.error = error }
  func hideError() { error = nil }
}
