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

/// Requests over URLSession, each bounded in time (`timeout`, from sending to the answer's last
/// byte) and in size (`maximumAnswerSize` bytes of body).
///
/// The answer streams in through the transport's own session delegate and is held only up to
/// the limit: an announced `Content-Length` over it fails the request as soon as the header
/// arrives, and a body that grows past it fails as soon as the byte that passes it arrives;
/// in both cases nothing more is read or kept and the task is cancelled. The deadline fails the
/// request when it comes, whatever the session is busy with: the failure is delivered first,
/// and the task is cancelled afterwards on a global queue.
///
/// Threading: answers arrive on the session's delegate queue (or a global queue for a timeout);
/// move them with `receive(on:)`. Completion: no network is `.offline`; anything else that keeps
/// an answer from arriving (refused, timed out, cancelled by the server) is `.unreachable`; a
/// body larger than `maximumAnswerSize` is `.answerTooLarge(limit:)`; a redirect is not
/// followed: it arrives as its own 3xx answer. Cancelling a subscription cancels its request.
/// Bad input: a negative `maximumAnswerSize` is taken as 0; a `timeout` that is not a positive
/// finite number fails each request at once, unsent (NaN, 0, negative), or is capped at a day.
/// On Linux, URLSession passes on a 3xx answer only once it has ended, so the size of a
/// redirect's body is bounded by the timeout alone (it then fails as `.unreachable`).
/// One known hole is below this type: with Swift 6.3's FoundationNetworking on Linux, a server
/// that closes the connection in the middle of an answer's header stops the process inside
/// URLSession ("Transfer completed, but there's no response"; later Foundation reports it as a
/// lost connection), before any delegate call this transport could act on.
public struct URLSessionTransport: ServiceTransport {
  /// The default `maximumAnswerSize`: 10 MiB, far above any envelope the examples exchange.
  public static let defaultMaximumAnswerSize = 10 * 1024 * 1024

  /// How long a whole request may take, in seconds.
  public let timeout: TimeInterval
  /// The most body bytes an answer may have; a larger one fails as `.answerTooLarge(limit:)`.
  public let maximumAnswerSize: Int
  let session: URLSession
  let router: ExchangeRouter

  /// A transport giving up after `timeout` seconds or `maximumAnswerSize` bytes of body, over its
  /// own session made from `configuration`, whose delegate refuses redirects (a redirected POST
  /// would be re-sent as a GET without its body, or to a server the app never chose). Answers
  /// are never cached, whatever `configuration` says: a cache would hold bodies outside the
  /// limit, and on Linux its lookup races with a request cancelled at once.
  ///
  /// - Parameters:
  ///   - timeout: How long a request may take, from sending to the answer's last byte, in seconds.
  ///   - maximumAnswerSize: The most body bytes an answer may have.
  ///   - configuration: The session's configuration (ephemeral by default).
  public init(
    timeout: TimeInterval = 10, maximumAnswerSize: Int = URLSessionTransport.defaultMaximumAnswerSize,
    configuration: URLSessionConfiguration = .ephemeral
  ) {
    self.timeout = timeout.isNaN ? 0 : min(max(timeout, 0), 86_400)
    self.maximumAnswerSize = max(maximumAnswerSize, 0)
    router = ExchangeRouter()
    let uncached = (configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
    uncached.urlCache = nil
    uncached.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: uncached, delegate: router, delegateQueue: nil)
  }

  /// Runs `request` once per subscription; the exchange ends after `timeout` as `.unreachable`
  /// if the server has not finished answering by then, and as `.answerTooLarge(limit:)` as soon
  /// as the answer is known to be larger than `maximumAnswerSize`.
  public func send(_ request: URLRequest) -> AnyPublisher<HTTPAnswer, ServiceError> {
    var request = request
    request.timeoutInterval = max(timeout, 0.001)
    let session = session
    let router = router
    let timeout = timeout
    let limit = maximumAnswerSize
    guard timeout > 0 else { return Fail(error: .unreachable).eraseToAnyPublisher() }
    return Deferred {
      let exchange = Exchange(limit: limit, router: router)
      return Future<HTTPAnswer, ServiceError> { promise in
        let task = session.dataTask(with: request)
        exchange.start(task, promise: promise)
        router.register(task, to: exchange)
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
          exchange.end(.failure(.unreachable), cancelling: true)
        }
      }
      .handleEvents(receiveCancel: { exchange.end(nil, cancelling: true) })
    }.eraseToAnyPublisher()
  }
}
