import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A publisher that loads `url` with a data task: Combine's `dataTaskPublisher(for:)`.
  ///
  /// ```swift
  /// URLSession.shared.dataTaskPublisher(for: url)
  ///   .map(\.data)
  ///   .decode(type: User.self, decoder: JSONDecoder())
  /// ```
  ///
  /// See `DataTaskPublisher` for its semantics.
  ///
  /// - Parameter url: The URL each subscriber's task loads, with a `GET` and the session's
  ///   defaults.
  /// - Returns: A publisher of the body and the response, failing with `URLError`.
  public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
    DataTaskPublisher(request: URLRequest(url: url), session: self)
  }

  /// A publisher that performs `request` with a data task: Combine's
  /// `dataTaskPublisher(for:)`. See `DataTaskPublisher` for its semantics.
  ///
  /// - Parameter request: The request each subscriber's task performs, as given.
  /// - Returns: A publisher of the body and the response, failing with `URLError`.
  public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
    DataTaskPublisher(request: request, session: self)
  }

  /// The publisher `dataTaskPublisher(for:)` returns: Combine's type of the same name.
  ///
  /// Each subscriber starts its own data task when it subscribes. When the task completes, the
  /// subscriber receives one value, the body and the response (any HTTP status: a 404 is a
  /// value, not a failure), then `.finished`; a transport failure (unreachable host, timeout)
  /// fails it with the task's `URLError`. Cancelling the subscription cancels the task.
  ///
  /// Threading: the value and completion arrive on the session's delegate queue. Completion:
  /// `URLError`; an error that is not a `URLError` arrives as `URLError(.unknown)`, and a task
  /// that ends with neither data nor error as `URLError(.badServerResponse)`.
  public struct DataTaskPublisher: Signals.Publisher {
    /// The body and the response.
    public typealias Output = (data: Data, response: URLResponse)
    /// Why the request could not be carried out.
    public typealias Failure = URLError

    /// The request each subscriber's task performs.
    public let request: URLRequest
    /// The session that runs the tasks.
    public let session: URLSession

    /// Makes the publisher; prefer `session.dataTaskPublisher(for:)`.
    ///
    /// - Parameters:
    ///   - request: The request each subscriber's task performs.
    ///   - session: The session that runs the tasks.
    public init(request: URLRequest, session: URLSession) {
      self.request = request
      self.session = session
    }

    /// Starts a data task for `subscriber`; cancelling the subscription cancels the task.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let running = RunningTask()
      Future<Output, URLError> { promise in
        let task = session.dataTask(with: request) { data, response, error in
          promise(Self.outcome(data: data, response: response, error: error))
        }
        running.start(task)
      }
      .handleEvents(receiveCancel: { running.cancel() })
      .subscribe(subscriber)
    }

    /// What a finished task gives the subscriber.
    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<Output, URLError>
    {
      if let error { return .failure(error as? URLError ?? URLError(.unknown)) }
      guard let response else { return .failure(URLError(.badServerResponse)) }
      return .success((data: data ?? Data(), response: response))
    }
  }
}

/// The data task of one subscription: started while the `Future` is made, before the
/// subscriber attaches, so a cancel always finds it; cancelled from any thread.
final class RunningTask: Sendable {
  let task = Guarded<URLSessionDataTask?>(nil)

  func start(_ dataTask: URLSessionDataTask) {
    task.withLock { $0 = dataTask }
    dataTask.resume()
  }

  func cancel() {
    task.withLock { $0 }?.cancel()
  }
}
