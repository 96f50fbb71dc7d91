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

/// The MVP seed's news list and feedback form over the service layer, in virtual time.
@MainActor @Suite struct NewsTests {
  let scheduler = TestScheduler()

  @Test func theListLoadsWithAnIndicatorThenARefreshReplacesIt() {
    let (_, client) = loggedInOffice(on: scheduler)
    let list = NewsListViewModel(service: RemoteNewsService(client: client))
    let loading = list.$isLoading.record(on: scheduler)
    list.load()
    list.load()  // ignored while loading
    #expect(list.items.isEmpty)
    scheduler.advance(by: .seconds(1))
    #expect(list.items.map(\.title) == ["Edition 1: story 1", "Edition 1: story 2", "Edition 1: story 3"])
    list.load()
    scheduler.advance(by: .seconds(1))
    #expect(list.items.map(\.title) == ["Edition 2: story 1", "Edition 2: story 2", "Edition 2: story 3"])
    #expect(loading.values == [false, true, false, true, false])
  }

  @Test func loadMoreAppendsTheNextPageWithItsOwnIndicatorUntilAnEmptyPage() {
    let (_, client) = loggedInOffice(on: scheduler)
    let list = NewsListViewModel(service: RemoteNewsService(client: client))
    list.loadMore()  // nothing loaded yet: nothing to add to
    #expect(!list.isLoadingMore)
    list.load()
    scheduler.advance(by: .seconds(1))
    let loadingMore = list.$isLoadingMore.record(on: scheduler)
    list.loadMore()
    #expect(list.isLoadingMore && !list.isLoading)
    list.load()  // ignored while "load more" runs
    scheduler.advance(by: .seconds(1))
    #expect(
      list.items.map(\.title).suffix(4) == [
        "Edition 1: story 3", "Edition 1: story 4", "Edition 1: story 5", "Edition 1: story 6",
      ])
    list.loadMore()
    scheduler.advance(by: .seconds(1))
    #expect(list.items.count == 9)
    list.loadMore()
    scheduler.advance(by: .seconds(1))
    #expect(list.items.count == 9 && list.reachedEnd)
    #expect(loadingMore.values == [false, true, false, true, false, true, false])
    list.load()
    scheduler.advance(by: .seconds(1))
    #expect(list.items.map(\.title) == ["Edition 2: story 1", "Edition 2: story 2", "Edition 2: story 3"])
    #expect(!list.reachedEnd, "a refresh starts the pages again")
  }

  @Test func aFailedLoadShowsTheErrorAndKeepsTheList() {
    let (server, client) = loggedInOffice(on: scheduler)
    let list = NewsListViewModel(service: RemoteNewsService(client: client))
    list.load()
    scheduler.advance(by: .seconds(1))
    server.failing = true
    list.loadMore()
    scheduler.advance(by: .seconds(1))
    #expect(list.error == .server(message: "News could not be loaded"))
    #expect(list.items.count == 3)
    #expect(!list.isLoading && !list.isLoadingMore)
  }

  @Test func eachNewsRequestCarriesTheTokenAndIsLogged() {
    let (_, client) = loggedInOffice(on: scheduler)
    let list = NewsListViewModel(service: RemoteNewsService(client: client))
    list.load()
    scheduler.advance(by: .seconds(1))
    list.loadMore()
    scheduler.advance(by: .seconds(1))
    #expect(
      client.log.entries.map(\.description) == [
        "POST login [no token] -> 200", "GET news?page=1 [token-17-10] -> 200",
        "GET news?page=2 [token-17-10] -> 200",
      ])
  }

  @Test func emptyFeedbackToastsAtOnce() {
    let (_, client) = loggedInOffice(on: scheduler)
    let form = FeedbackViewModel(service: RemoteNewsService(client: client))
    form.text = "   "
    form.submit()
    #expect(form.toast == "feedback is empty")
    #expect(!form.isSending)
    #expect(scheduler.pendingCount == 0)
    #expect(client.log.entries.count == 1, "only the login was sent")
  }

  @Test func feedbackGoesThroughTheServiceWithLoadingThenToasts() {
    let (server, client) = loggedInOffice(on: scheduler)
    let form = FeedbackViewModel(service: RemoteNewsService(client: client))
    form.text = "Great app"
    form.submit()
    #expect(form.isSending)
    scheduler.advance(by: .seconds(1))
    #expect(form.toast == "Thank you for your feedback")
    #expect(form.text.isEmpty)
    #expect(server.feedback == ["Great app"])
    #expect(client.log.entries.last?.description == "POST feedback [token-17-10] -> 200")
    server.failing = true
    form.text = "Again"
    form.submit()
    scheduler.advance(by: .seconds(1))
    #expect(form.toast == "Feedback could not be sent")
  }

  @Test func closingTheScreenReleasesItsViewModels() {
    let (_, client) = loggedInOffice(on: scheduler)
    weak var released: NewsListViewModel?
    expectAllReleased {
      let list = NewsListViewModel(service: RemoteNewsService(client: client))
      released = list
      list.load()
      scheduler.run()
    }
    #expect(released == nil)
  }
}
