import Foundation
import LoginFeature
import News
import OfficeFeature
import Services
import Signals
import SignalsTesting
import Testing

/// A client of a fresh `OfficeServer` on `scheduler`, logged in as the demo account: its token
/// is the one the server issued.
func loggedInOffice(
  on scheduler: TestScheduler, expiry: SessionExpiry? = nil
) -> (OfficeServer, ServiceClient) {
  let server = OfficeServer()
  let client = ServiceClient(
    baseURL: OfficeServer.baseURL, transport: server.transport(on: scheduler), expiry: expiry)
  let session = HTTPLoginService(client: client).login(account: "alice@example.com", password: "wonderland")
    .record()
  scheduler.advance(by: .seconds(2))
  if let token = session.values.first?.token { client.tokens.set(token) }
  return (server, client)
}

/// What a presenter told its view, in order: `showLoading`, `items(3, more)`, `error(...)`, ...
@MainActor
final class SpyNewsView: NewsView, FeedbackView {
  var calls: [String] = []

  func show(items: [NewsItem], canLoadMore: Bool) {
    calls.append("items(\(items.count)\(canLoadMore ? ", more" : ""))")
  }
  func showLoading() { calls.append("showLoading") }
  func hideLoading() { calls.append("hideLoading") }
  func showLoadingMore() { calls.append("showLoadingMore") }
  func hideLoadingMore() { calls.append("hideLoadingMore") }
  func showError(_ error: AppError) { calls.append("error(\(error))") }
  func hideError() { calls.append("hideError") }
  func showToast(_ text: String) { calls.append("toast(\(text))") }
  func clearInput() { calls.append("clearInput") }

  /// The calls since the last `take()`.
  func take() -> [String] {
    defer { calls = [] }
    return calls
  }
}

/// The MVP seed's news list and feedback form: presenters over the service layer driving a spy
/// view, in virtual time.
@MainActor @Suite struct NewsTests {
  let scheduler = TestScheduler()

  /// A news presenter over the demo server, logged in, with a spy view attached.
  func newsPresenter() -> (NewsPresenter, SpyNewsView, OfficeServer, ServiceClient) {
    let (server, client) = loggedInOffice(on: scheduler)
    let presenter = NewsPresenter(service: RemoteNewsService(client: client))
    let view = SpyNewsView()
    presenter.attach(view)
    _ = view.take()
    return (presenter, view, server, client)
  }

  @Test func theListLoadsWithAnIndicatorThenARefreshReplacesIt() {
    let (presenter, view, _, _) = newsPresenter()
    presenter.loadData()
    presenter.loadData()  // ignored while loading
    #expect(view.take() == ["showLoading"])
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["items(3, more)", "hideLoading"])
    #expect(
      presenter.items.map(\.title) == ["Edition 1: story 1", "Edition 1: story 2", "Edition 1: story 3"])
    presenter.refreshData()
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["showLoading", "items(3, more)", "hideLoading"])
    #expect(
      presenter.items.map(\.title) == ["Edition 2: story 1", "Edition 2: story 2", "Edition 2: story 3"])
  }

  @Test func loadMoreAppendsTheNextPageWithItsOwnIndicatorUntilAnEmptyPage() {
    let (presenter, view, _, _) = newsPresenter()
    presenter.loadMore()  // nothing loaded yet: nothing to add to
    #expect(view.take().isEmpty)
    presenter.loadData()
    scheduler.advance(by: .seconds(1))
    _ = view.take()
    presenter.loadMore()
    presenter.loadData()  // ignored while "load more" runs
    #expect(view.take() == ["showLoadingMore"])
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["items(6, more)", "hideLoadingMore"])
    let titles = presenter.items.map(\.title).suffix(4)
    #expect(
      titles == ["Edition 1: story 3", "Edition 1: story 4", "Edition 1: story 5", "Edition 1: story 6"])
    presenter.loadMore()
    scheduler.advance(by: .seconds(1))
    presenter.loadMore()
    scheduler.advance(by: .seconds(1))
    let calls = view.take()
    #expect(
      calls == [
        "showLoadingMore", "items(9, more)", "hideLoadingMore", "showLoadingMore", "items(9)",
        "hideLoadingMore",
      ])
    presenter.loadMore()  // the end was reached
    #expect(view.take().isEmpty)
    presenter.refreshData()
    scheduler.advance(by: .seconds(1))
    #expect(
      view.take() == ["showLoading", "items(3, more)", "hideLoading"], "a refresh starts the pages again")
  }

  @Test func aFailedLoadShowsTheErrorUntilTheNextRequestAndKeepsTheList() {
    let (presenter, view, server, _) = newsPresenter()
    presenter.loadData()
    scheduler.advance(by: .seconds(1))
    server.failing = true
    _ = view.take()
    presenter.loadMore()
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["showLoadingMore", "hideLoadingMore", "error(News could not be loaded)"])
    #expect(presenter.items.count == 3)
    server.failing = false
    presenter.refreshData()
    #expect(view.take() == ["showLoading", "hideError"])
  }

  @Test func aFailedFirstLoadOffersNoMoreOnlyARetry() {
    let (presenter, view, server, _) = newsPresenter()
    server.failing = true
    presenter.loadData()
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["showLoading", "hideLoading", "error(News could not be loaded)"])
    #expect(!presenter.canLoadMore)
    presenter.loadMore()  // nothing to add to
    #expect(view.take() == [])
    server.failing = false
    presenter.refreshData()  // the retry
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["showLoading", "hideError", "items(3, more)", "hideLoading"])
    #expect(presenter.canLoadMore)
  }

  @Test func aViewAttachedLateIsBroughtUpToDateAndIsHeldWeakly() {
    let (server, client) = loggedInOffice(on: scheduler)
    let presenter = NewsPresenter(service: RemoteNewsService(client: client))
    presenter.loadData()  // the coordinator starts the load before the front makes the view
    let early = SpyNewsView()
    presenter.attach(early)
    #expect(early.take() == ["items(0)", "showLoading", "hideLoadingMore", "hideError"])
    scheduler.advance(by: .seconds(1))
    server.failing = true
    presenter.loadMore()
    scheduler.advance(by: .seconds(1))
    let late = SpyNewsView()
    presenter.attach(late)
    #expect(
      late.calls == ["items(3, more)", "hideLoading", "hideLoadingMore", "error(News could not be loaded)"])
    weak var released: SpyNewsView?
    do {
      let view = SpyNewsView()
      released = view
      presenter.attach(view)
    }
    #expect(released == nil, "the presenter does not keep its view alive")
    #expect(presenter.view == nil)
  }

  @Test func eachNewsRequestCarriesTheTokenAndIsLogged() {
    let (presenter, _, _, client) = newsPresenter()
    presenter.loadData()
    scheduler.advance(by: .seconds(1))
    presenter.loadMore()
    scheduler.advance(by: .seconds(1))
    #expect(
      client.log.entries.map(\.description) == [
        "POST login [no token] -> 200", "GET news?page=1 [token-17-10] -> 200",
        "GET news?page=2 [token-17-10] -> 200",
      ])
  }

  /// A feedback presenter over the demo server, logged in, with a spy form attached.
  func feedbackPresenter() -> (FeedbackPresenter, SpyNewsView, OfficeServer, ServiceClient) {
    let (server, client) = loggedInOffice(on: scheduler)
    let presenter = FeedbackPresenter(service: RemoteNewsService(client: client))
    let view = SpyNewsView()
    presenter.attach(view)
    return (presenter, view, server, client)
  }

  @Test func emptyFeedbackToastsAtOnce() {
    let (presenter, view, _, client) = feedbackPresenter()
    presenter.submitFeedback("   ")
    #expect(view.take() == ["toast(feedback is empty)"])
    #expect(!presenter.isSending)
    #expect(scheduler.pendingCount == 0)
    #expect(client.log.entries.count == 1, "only the login was sent")
  }

  @Test func feedbackGoesThroughTheServiceWithLoadingThenToasts() {
    let (presenter, view, server, client) = feedbackPresenter()
    presenter.submitFeedback("Great app")
    presenter.submitFeedback("Great app")  // ignored while sending
    #expect(view.take() == ["showLoading"])
    scheduler.advance(by: .seconds(1))
    #expect(view.take() == ["hideLoading", "toast(Thank you for your feedback)", "clearInput"])
    #expect(server.feedback == ["Great app"])
    #expect(client.log.entries.last?.description == "POST feedback [token-17-10] -> 200")
    server.failing = true
    presenter.submitFeedback("Again")
    scheduler.advance(by: .seconds(1))
    #expect(
      view.take() == ["showLoading", "hideLoading", "toast(Feedback could not be sent)"], "the text stays")
  }

  @Test func closingTheScreenReleasesItsPresenter() {
    let (_, client) = loggedInOffice(on: scheduler)
    weak var released: NewsPresenter?
    expectAllReleased {
      let presenter = NewsPresenter(service: RemoteNewsService(client: client))
      let view = SpyNewsView()
      presenter.attach(view)
      released = presenter
      presenter.loadData()
      scheduler.run()
    }
    #expect(released == nil)
  }
}
