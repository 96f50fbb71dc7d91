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
