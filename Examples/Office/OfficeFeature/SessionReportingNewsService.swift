import LoginFeature
import News
import Signals

/// The news backend as the office app calls it: every request that answers 401 is reported to
/// the app's `SessionExpiry`, the one place an expired session goes, before the caller sees
/// the failure.
///
/// Threading: as the wrapped service. Failure: the wrapped service's failures pass unchanged.
struct SessionReportingNewsService: NewsService {
  let base: any NewsService
  let expiry: SessionExpiry

  func latest() -> AnyPublisher<[NewsItem], NewsError> { reporting(base.latest()) }

  func sendFeedback(_ text: String) -> AnyPublisher<Void, NewsError> { reporting(base.sendFeedback(text)) }

  func reporting<Output>(_ request: AnyPublisher<Output, NewsError>) -> AnyPublisher<Output, NewsError> {
    let expiry = expiry
    return request.handleEvents(receiveCompletion: { completion in
      if case .failure(let error) = completion, error.isSessionExpired { expiry.report() }
    })
    .eraseToAnyPublisher()
  }
}
