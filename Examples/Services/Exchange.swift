import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request's life over URLSession: its answer as it streams in, held only up to `limit`
/// bytes, and its end, decided once by whichever comes first: the last byte, the answer passing
/// the limit, the deadline or a cancel.
///
/// Threading: any thread (a mutex). The promise is called outside the lock, before the task is
/// cancelled, and the cancel runs on a global queue: URLSession's `cancel()` may wait for the
/// session's own queue, and a busy session (a flood of header lines, a fast body) must not delay
/// the failure the caller is owed.
final class Exchange: Sendable {
  /// Where the outcome goes (the `Future`'s promise).
  typealias Promise = @Sendable (Result<HTTPAnswer, ServiceError>) -> Void

  struct State {
    var finished = false
    var promise: Promise?
    var task: URLSessionDataTask?
    var response: HTTPURLResponse?
    var body = Data()
  }

  /// The largest body this exchange may hold, in bytes.
  let limit: Int
  /// The session delegate that feeds this exchange; told when it ends.
  let router: ExchangeRouter
  let state = Guarded(State())

  init(limit: Int, router: ExchangeRouter) {
    self.limit = limit
    self.router = router
  }

  /// Remembers the task and where its outcome goes, before the task is resumed.
  func start(_ task: URLSessionDataTask, promise: @escaping Promise) {
    state.withLock { state in
      state.task = task
      state.promise = promise
    }
  }

  /// The header arrived: an announced length over the limit ends the exchange at once.
  func received(_ response: URLResponse) {
    let tooLarge = state.withLock { state -> Bool in
      guard !state.finished else { return false }
      state.response = response as? HTTPURLResponse
      return response.expectedContentLength > Int64(limit)
    }
    if tooLarge { end(.failure(.answerTooLarge(limit: limit)), cancelling: true) }
  }

  /// Part of the body arrived: kept if the body stays within the limit, otherwise the exchange
  /// ends without keeping it.
  func received(_ data: Data) {
    let tooLarge = state.withLock { state -> Bool in
      guard !state.finished else { return false }
      guard data.count <= limit - state.body.count else { return true }
      state.body.append(data)
      return false
    }
    if tooLarge { end(.failure(.answerTooLarge(limit: limit)), cancelling: true) }
  }

  /// The task completed (answered, failed, or cancelled by us): the answer, if nothing ended the
  /// exchange before.
  func completed(task: URLSessionTask, error: (any Error)?) {
    let (body, response) = state.withLock { ($0.body, $0.response) }
    end(Self.answer(body: body, response: response ?? task.response, error: error), cancelling: false)
  }

  /// Ends the exchange once: records the body it held, delivers `result` (none for a cancel by
  /// the subscriber), then, if `cancelling`, cancels the task off the caller's path.
  func end(_ result: Result<HTTPAnswer, ServiceError>?, cancelling: Bool) {
    let ended = state.withLock { state -> (Promise?, URLSessionDataTask?, Int)? in
      guard !state.finished else { return nil }
      defer { state = State(finished: true) }
      return (state.promise, state.task, state.body.count)
    }
    guard let (promise, task, held) = ended else { return }
    router.ended(task, holding: held)
    if let result { promise?(result) }
    if cancelling, let task { DispatchQueue.global().async { task.cancel() } }
  }

  /// What URLSession gave, as an answer or a transport failure.
  static func answer(
    body: Data, response: URLResponse?, error: (any Error)?
  ) -> Result<HTTPAnswer, ServiceError> {
    if let error = error as? URLError {
      return .failure(error.code == .notConnectedToInternet ? .offline : .unreachable)
    }
    if error != nil { return .failure(.unreachable) }
    guard let http = response as? HTTPURLResponse else { return .failure(.unreachable) }
    return .success(HTTPAnswer(status: http.statusCode, body: body))
  }
}

/// The delegate of a `URLSessionTransport`'s session: refuses every redirect and hands each
/// task's events to its `Exchange`. URLSession (on Linux) streams a task's body to the session's
/// delegate, never to a task's own, and keeps nothing itself when that delegate takes the data;
/// so the transport owns its session and this is that session's delegate.
///
/// Threading: callbacks arrive on the session's delegate queue; the table is behind a mutex.
final class ExchangeRouter: NSObject, URLSessionDataDelegate, Sendable {
  struct State {
    var exchanges: [Int: Exchange] = [:]
    var largestBody = 0
  }
  let state = Guarded(State())

  /// The most body bytes any exchange of this session held at once (for tests).
  var largestBody: Int { state.withLock { $0.largestBody } }

  /// Routes `task`'s events to `exchange` until it ends.
  func register(_ task: URLSessionTask, to exchange: Exchange) {
    state.withLock { $0.exchanges[task.taskIdentifier] = exchange }
  }

  /// `task`'s exchange ended holding `held` body bytes: its events go nowhere from now on.
  func ended(_ task: URLSessionTask?, holding held: Int) {
    state.withLock { state in
      if let task { state.exchanges[task.taskIdentifier] = nil }
      state.largestBody = max(state.largestBody, held)
    }
  }

  func exchange(_ task: URLSessionTask) -> Exchange? {
    state.withLock { $0.exchanges[task.taskIdentifier] }
  }

  /// Refuses the redirect: the task completes with the 3xx response. Foundation would re-send a
  /// redirected POST as a GET without its body (301, 302, 303) or to a server the app never
  /// chose; a login must not be.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let exchange = exchange(dataTask) else { return completionHandler(.cancel) }
    exchange.received(response)
    completionHandler(response.expectedContentLength > Int64(exchange.limit) ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    exchange(dataTask)?.received(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    exchange(task)?.completed(task: task, error: error)
  }
}
