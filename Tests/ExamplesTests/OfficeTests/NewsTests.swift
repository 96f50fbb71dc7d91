import News
import Signals
import SignalsTesting
import Testing

/// The MVP seed's news list and feedback form, in virtual time.
@Suite struct NewsTests {
  let scheduler = TestScheduler()

  @Test func theListLoadsWithAnIndicatorThenRefreshes() {
    let service = InProcessNewsService(scheduler: scheduler)
    let list = NewsListViewModel(service: service)
    let loading = list.$isLoading.record(on: scheduler)
    list.load()
    list.load()  // ignored while loading
    #expect(list.items.isEmpty)
    scheduler.advance(by: .seconds(1))
    #expect(list.items.map(\.title).first == "Edition 1: story 1")
    list.load()
    scheduler.advance(by: .seconds(1))
    #expect(list.items.map(\.title).first == "Edition 2: story 1")
    #expect(loading.values == [false, true, false, true, false])
  }

  @Test func aFailedLoadShowsTheError() {
    let service = InProcessNewsService(scheduler: scheduler)
    service.failing = true
    let list = NewsListViewModel(service: service)
    list.load()
    scheduler.advance(by: .seconds(1))
    #expect(list.error == NewsError(message: "News could not be loaded"))
    #expect(!list.isLoading)
  }

  @Test func emptyFeedbackToastsAtOnce() {
    let form = FeedbackViewModel(service: InProcessNewsService(scheduler: scheduler))
    form.text = "   "
    form.submit()
    #expect(form.toast == "feedback is empty")
    #expect(!form.isSending)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func feedbackSendsWithLoadingThenToasts() {
    let service = InProcessNewsService(scheduler: scheduler)
    let form = FeedbackViewModel(service: service)
    form.text = "Great app"
    form.submit()
    #expect(form.isSending)
    scheduler.advance(by: .seconds(1))
    #expect(form.toast == "Thank you for your feedback")
    #expect(form.text.isEmpty)
    service.failing = true
    form.text = "Again"
    form.submit()
    scheduler.advance(by: .seconds(1))
    #expect(form.toast == "Feedback could not be sent")
  }

  @Test func closingTheScreenReleasesItsViewModels() {
    weak var released: NewsListViewModel?
    expectAllReleased {
      let list = NewsListViewModel(service: InProcessNewsService(scheduler: scheduler))
      released = list
      list.load()
      scheduler.run()
    }
    #expect(released == nil)
  }
}
