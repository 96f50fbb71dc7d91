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
  /// Each subscriber has its own data task, started at its first demand as in Combine (a
  /// subscriber that never requests never sends the request). When the task completes, the
  /// subscriber receives one value, the body and the response (any HTTP status: a 404 is a
  /// value, not a failure), then `.finished`; a transport failure (unreachable host, timeout)
  /// fails it with the task's `URLError`. Cancelling the subscription cancels the task.
  ///
  /// Threading: the value and completion arrive on the session's delegate queue. Completion:
  /// `URLError`; an error that is not a `URLError`, and a task that ends with neither a response
  /// nor an error (with data or without), arrive as `URLError(.unknown)`, as in Combine.
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

    /// Makes a data task for `subscriber` and starts it at the subscriber's first demand;
    /// cancelling the subscription cancels the task (or keeps it from starting).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let running = RunningTask(shown: RunningTask.Shown(downstream: subscriber, parent: self))
      Future<Output, URLError> { promise in
        running.prepare(
          session.dataTask(with: request) { data, response, error in
            promise(Self.outcome(data: data, response: response, error: error))
          })
      }
      .subscribe(DataTaskSubscriber(downstream: subscriber, running: running))
    }

    /// What a finished task gives the subscriber: Combine's mapping (a task that ends with
    /// neither a response nor an error fails with `URLError(.unknown)`, data or not).
    package static func outcome(
      data: Data?, response: URLResponse?, error: (any Error)?
    ) -> Result<Output, URLError> {
      if let error { return .failure(error as? URLError ?? URLError(.unknown)) }
      guard let response else { return .failure(URLError(.unknown)) }
      return .success((data: data ?? Data(), response: response))
    }
  }
}

/// Puts a `DataTaskSubscription` between the `Future` and the subscriber.
struct DataTaskSubscriber<Downstream: Subscriber>: Subscriber
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
  let downstream: Downstream
  let running: RunningTask
  let combineIdentifier = CombineIdentifier()

  func receive(subscription: any Subscription) {
    downstream.receive(subscription: DataTaskSubscription(wrapped: subscription, running: running))
  }
  func receive(_ input: URLSession.DataTaskPublisher.Output) -> Subscribers.Demand {
    running.delivered()
    return downstream.receive(input)
  }
  func receive(completion: Subscribers.Completion<URLError>) {
    running.end()
    downstream.receive(completion: completion)
  }
}

/// The subscription a data task's subscriber holds: its first demand resumes the task, its
/// cancel cancels it. Describes and reflects itself as Combine's does (`DataTaskPublisher`).
final class DataTaskSubscription: Subscription, CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  let wrapped: any Subscription
  let running: RunningTask

  init(wrapped: any Subscription, running: RunningTask) {
    self.wrapped = wrapped
    self.running = running
  }

  func request(_ demand: Subscribers.Demand) {
    if demand > .none { running.resume(adding: demand) }
    wrapped.request(demand)
  }

  func cancel() {
    running.cancel()
    wrapped.cancel()
  }

  var description: String { "DataTaskPublisher" }
  /// What Combine's shows: the task once started (`nil` before the first demand and after the
  /// end), the subscriber and the publisher (`nil` after the completion or a cancel), and the
  /// demand not yet used.
  var customMirror: Mirror {
    let (task, shown) = running.mirrored
    let children: [Mirror.Child] = [
      ("task", task as Any), ("downstream", shown.downstream as Any), ("parent", shown.parent as Any),
      ("demand", shown.demand),
    ]
    return Mirror(self, children: children)
  }
  var playgroundDescription: Any { description }
}

/// The data task of one subscription: made while the `Future` is made, before the subscriber
/// attaches, so a cancel always finds it; resumed at the first demand, once, unless cancelled
/// first. Resumed and cancelled from any thread.
final class RunningTask: Sendable {
  enum State {
    case waiting(URLSessionDataTask?)
    case resumed(URLSessionDataTask)
    case cancelled
  }

  // `URLSessionDataTask` is thread-safe (its methods may be called from any thread) but not
  // marked `Sendable` in corelibs Foundation; the lock orders resume against cancel.
  struct Handle: @unchecked Sendable { let task: URLSessionDataTask }

  let state = Guarded<State>(.waiting(nil))

  /// What the subscription's mirror shows besides the task, as Combine's does.
  struct Shown: @unchecked Sendable {
    // @unchecked: `downstream` is the subscriber, kept only for the mirror (read under the
    // lock, never called); Combine's subscription keeps it too, until the end.
    var downstream: Any?
    var parent: URLSession.DataTaskPublisher?
    var demand = Subscribers.Demand.none
  }
  /// Let go of (but the demand) at the completion or a cancel.
  let shown: Guarded<Shown>

  init(shown: Shown) { self.shown = Guarded(shown) }

  /// The task while it runs, and what else the mirror shows.
  var mirrored: (URLSessionDataTask?, Shown) {
    let task = state.withLock { state -> Handle? in
      guard case .resumed(let task) = state else { return nil }
      return Handle(task: task)
    }
    let shown = self.shown.withLock { $0 }
    return (shown.downstream == nil ? nil : task?.task, shown)
  }

  /// A value went to the subscriber: one demand used.
  func delivered() { shown.withLock { if $0.demand > .none, $0.demand != .unlimited { $0.demand -= 1 } } }

  /// The flow ended: the subscriber and the publisher are let go of.
  func end() {
    shown.withLock {
      $0.downstream = nil
      $0.parent = nil
    }
  }

  func prepare(_ dataTask: URLSessionDataTask) {
    let handle = Handle(task: dataTask)
    state.withLock { if case .waiting = $0 { $0 = .waiting(handle.task) } }
  }

  func resume(adding demand: Subscribers.Demand) {
    shown.withLock { $0.demand += demand }
    let handle = state.withLock { state -> Handle? in
      guard case .waiting(let task?) = state else { return nil }
      state = .resumed(task)
      return Handle(task: task)
    }
    handle?.task.resume()
  }

  func cancel() {
    end()
    let handle = state.withLock { state -> Handle? in
      defer { state = .cancelled }
      switch state {
      case .waiting(let task?), .resumed(let task): return Handle(task: task)
      case .waiting(nil), .cancelled: return nil
      }
    }
    handle?.task.cancel()
  }
}
