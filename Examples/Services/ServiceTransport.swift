import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How a `ServiceClient`'s requests travel: over URLSession (`URLSessionTransport`) or to a
/// server in the same process (`InProcessTransport`, for the demos and tests).
///
/// Threading: implementations answer on their own queue or scheduler. Completion: transport
/// problems only (`.offline`, `.unreachable`); every HTTP status is an `HTTPAnswer`.
public protocol ServiceTransport: Sendable {
  /// Sends `request` once per subscription; cancelling the subscription cancels the request.
  func send(_ request: URLRequest) -> AnyPublisher<HTTPAnswer, ServiceError>
}

/// A server in the same process: `respond` answers each request, and the answer arrives after
/// `latency(request)` on `scheduler` (virtual time in tests and script mode).
///
/// Threading: `respond` runs on the subscribing thread; the answer is delivered on `scheduler`.
/// Completion: never fails; the server's statuses are answers like any other.
public struct InProcessTransport: ServiceTransport {
  /// Answers one request.
  public typealias Respond = @Sendable (URLRequest) -> HTTPAnswer
  let scheduler: any Scheduler
  let latency: @Sendable (URLRequest) -> SchedulerTime.Stride
  let respond: Respond

  /// A transport to `respond` on `scheduler`, each answer `latency(request)` late.
  public init(
    scheduler: any Scheduler,
    latency: @escaping @Sendable (URLRequest) -> SchedulerTime.Stride = { _ in .zero },
    respond: @escaping Respond
  ) {
    self.scheduler = scheduler
    self.latency = latency
    self.respond = respond
  }

  /// Answers `request` after its latency.
  public func send(_ request: URLRequest) -> AnyPublisher<HTTPAnswer, ServiceError> {
    let respond = respond
    return Deferred { Just(respond(request)).setFailureType(to: ServiceError.self) }
      .delay(for: latency(request), scheduler: scheduler)
      .eraseToAnyPublisher()
  }
}

/// Requests over URLSession, each bounded by `timeout` from sending to the answer's last byte.
///
/// Threading: answers arrive on URLSession's queue (or a global queue for a timeout); move them
/// with `receive(on:)`. Completion: no network is `.offline`, anything else that keeps an answer
/// from arriving (refused, timed out, cancelled by the server) is `.unreachable`; a redirect is
/// not followed by the default session: it arrives as its own 3xx answer.
public struct URLSessionTransport: ServiceTransport {
  /// How long a whole request may take, in seconds.
  public let timeout: TimeInterval
  let session: URLSession

  /// A transport giving up after `timeout` seconds; by default its own ephemeral session that
  /// refuses redirects (`RedirectRefusal`), otherwise `session` as it is.
  public init(timeout: TimeInterval = 10, session: URLSession? = nil) {
    self.timeout = timeout
    self.session =
      session ?? URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
  }

  /// Runs `request` once per subscription; the whole exchange ends after `timeout` as
  /// `.unreachable` if the server has not finished answering by then.
  public func send(_ request: URLRequest) -> AnyPublisher<HTTPAnswer, ServiceError> {
    var request = request
    request.timeoutInterval = timeout
    let session = session
    let timeout = timeout
    return Deferred {
      let exchange = Exchange()
      return Future<HTTPAnswer, ServiceError> { promise in
        let task = session.dataTask(with: request) { data, response, error in
          guard exchange.finish() else { return }
          promise(Self.answer(data: data, response: response, error: error))
        }
        exchange.start(task)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
          guard exchange.finish() else { return }
          task.cancel()
          promise(.failure(.unreachable))
        }
        task.resume()
      }
      .handleEvents(receiveCancel: { exchange.cancel() })
    }.eraseToAnyPublisher()
  }

  /// What URLSession gave, as an answer or a transport failure.
  static func answer(
    data: Data?, response: URLResponse?, error: (any Error)?
  ) -> Result<HTTPAnswer, ServiceError> {
    if let error = error as? URLError {
      return .failure(error.code == .notConnectedToInternet ? .offline : .unreachable)
    }
    if error != nil { return .failure(.unreachable) }
    guard let http = response as? HTTPURLResponse else { return .failure(.unreachable) }
    return .success(HTTPAnswer(status: http.statusCode, body: data ?? Data()))
  }
}

/// A session delegate that refuses every HTTP redirect: the task ends with the 3xx response.
/// Foundation would re-send a redirected POST as a GET without its body (301, 302, 303) or to a
/// server the app never chose; a login must not be.
public final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
  /// Refuses the redirect: the task completes with `response`.
  public func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
