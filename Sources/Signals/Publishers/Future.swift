/// A publisher that eventually produces one value and finishes, or fails: the bridge from a
/// callback API (a promise) or from an `async` function to publishers.
///
/// ```
/// Future { promise in answer(after: 4 frames, promise) }:  ----(v|)
/// ```
///
/// The work starts when the future is made, once, whatever the number of subscribers; each
/// subscriber, early or late, receives the same result. Wrap it in `Deferred` to start it per
/// subscription instead. Threading: the result is delivered on the thread that fulfils the
/// promise (or, for later subscribers, on the subscribing thread). Completion: only the first
/// call of the promise counts; later calls are ignored. Demand, as in Combine: the value waits
/// until its subscriber has requested something; a failure needs no request.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked: `result`, `waiting` and `nextID` are touched only inside `lock`; values leave
  // through the promise, which the caller may call on any thread (that is a Future's purpose).

  /// The callback that fulfils the future; call it once with the result.
  public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

  let lock = Lock()
  var result: Result<Output, Failure>?
  var waiting: [UInt64: FutureSubscription<Output, Failure>] = [:]
  var nextID: UInt64 = 0

  /// Makes a future and runs `attemptToFulfill` at once with its promise.
  ///
  /// - Parameter attemptToFulfill: Called once, at once, with the promise that settles the future.
  public init(_ attemptToFulfill: (@escaping Promise) -> Void) {
    attemptToFulfill { [self] result in fulfil(result) }
  }

  func fulfil(_ result: Result<Output, Failure>) {
    let subscriptions = lock.withLock { () -> [FutureSubscription<Output, Failure>]? in
      guard self.result == nil else { return nil }
      self.result = result
      defer { waiting = [:] }
      return waiting.sorted { $0.key < $1.key }.map(\.value)
    }
    for subscription in subscriptions ?? [] { subscription.offer(result) }
  }

  /// Attaches `subscriber`; it receives the result when there is one and it has requested it.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    let subscription = FutureSubscription(future: self, id: id, subscriber: AnySubscriber(subscriber))
    subscriber.receive(subscription: subscription)
    guard subscription.isActive else { return }
    if let result = register(subscription, id: id) { subscription.offer(result) }
  }

  /// Adds `subscription` to the waiting list, or returns the result if it is already in.
  func register(_ subscription: FutureSubscription<Output, Failure>, id: UInt64) -> Result<Output, Failure>? {
    lock.withLock {
      if result == nil { waiting[id] = subscription }
      return result
    }
  }

  func remove(_ id: UInt64) {
    let removed = lock.withLock { waiting.removeValue(forKey: id) }
    withExtendedLifetime(removed) {}
  }
}

extension Future where Failure == Never, Output: Sendable {
  /// Makes a future that runs `operation` in a new task and publishes its result.
  ///
  /// The task starts at once; cancelling subscribers does not cancel it (other subscribers may
  /// still want the result).
  ///
  /// - Parameter operation: The work whose result the future publishes.
  public convenience init(operation: @escaping @Sendable () async -> Output) {
    self.init { promise in
      Task { promise(.success(await operation())) }
    }
  }
}

extension Future where Failure == any Error, Output: Sendable {
  /// Makes a future that runs the throwing `operation` in a new task and publishes its result
  /// or its error.
  ///
  /// - Parameter operation: The work whose result or error the future publishes.
  public convenience init(operation: @escaping @Sendable () async throws -> Output) {
    self.init { promise in
      Task {
        do { promise(.success(try await operation())) } catch { promise(.failure(error)) }
      }
    }
  }
}

/// Something a `FutureSubscription` removes its subscriber from.
protocol FutureWaitingList: AnyObject, Sendable {
  func remove(_ id: UInt64)
}

extension Future: FutureWaitingList {}

/// A `Future` subscriber's handle: it holds the result until the subscriber has requested it;
/// cancelling removes it from the waiting list.
final class FutureSubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
  // @unchecked: `subscriber`, `requested` and `pending` are touched only inside `lock`.
  let lock = Lock()
  var subscriber: AnySubscriber<Output, Failure>?
  var requested = false
  var pending: Result<Output, Failure>?
  /// Whether the mirror has stopped showing the future (`parent`): after a cancel, or after the
  /// result went out when it arrived (Combine's subscription lets go of its future then, and
  /// keeps it when the result waited for a request).
  var parentReleased = false
  weak let future: (any FutureWaitingList)?
  let id: UInt64

  init(future: any FutureWaitingList, id: UInt64, subscriber: AnySubscriber<Output, Failure>) {
    self.future = future
    self.id = id
    self.subscriber = subscriber
  }

  var isActive: Bool { lock.withLock { subscriber != nil } }

  /// Delivers `result` now if it was requested (or is a failure), or keeps it until it is.
  func offer(_ result: Result<Output, Failure>) {
    let target = lock.withLock { () -> AnySubscriber<Output, Failure>? in
      guard subscriber != nil else { return nil }
      if case .success = result, !requested {
        pending = result
        return nil
      }
      defer { subscriber = nil }
      return subscriber
    }
    guard let target else { return }
    Self.deliver(result, to: target)
    lock.withLock { parentReleased = true }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let (target, result) = lock.withLock {
      () -> (AnySubscriber<Output, Failure>?, Result<Output, Failure>?) in
      requested = true
      guard let result = pending, let subscriber else { return (nil, nil) }
      pending = nil
      self.subscriber = nil
      return (subscriber, result)
    }
    if let target, let result { Self.deliver(result, to: target) }
  }

  static func deliver(_ result: Result<Output, Failure>, to subscriber: AnySubscriber<Output, Failure>) {
    switch result {
    case .success(let value):
      _ = subscriber.receive(value)
      subscriber.receive(completion: .finished)
    case .failure(let error):
      subscriber.receive(completion: .failure(error))
    }
  }

  func cancel() {
    let (first, dropped) = lock.withLock { () -> (Bool, AnySubscriber<Output, Failure>?) in
      defer {
        if subscriber != nil { parentReleased = true }
        subscriber = nil
        pending = nil
      }
      return (subscriber != nil, subscriber)
    }
    withExtendedLifetime(dropped) {}
    if first { future?.remove(id) }
  }
}
