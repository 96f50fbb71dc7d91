/// A value moved from the publisher's thread to the one iterator awaiting it.
///
/// @unchecked Sendable: the value is moved, never shared: the buffer takes it under its lock and
/// gives it, once, to the single iterator that owns the buffer; nothing else keeps a reference.
struct MovedValue<Value>: @unchecked Sendable {
  let value: Value
}

/// What the iterator gets next: a value, the end, or the publisher's failure.
enum AsyncValuesStep<Value, Failure: Error>: Sendable {
  case value(MovedValue<Value>)
  case finished
  case failed(Failure)
}

/// The subscriber behind `AsyncPublisher` and `AsyncThrowingPublisher`: each `next()` asks the
/// publisher for one value, as Combine's iterator does, and hands it over when it arrives.
///
/// Several tasks may await `next()` on one iterator (copies share this buffer), as with
/// Combine's: each waits in line and the values go to them in the order they asked. A completion
/// or a cancel ends every waiting call.
///
/// A publisher that sends more than it was asked for loses nothing: the extra values wait, in
/// order, for the next calls. Threading: the publisher may deliver on any thread; the iterator
/// awaits in its task. One lock guards the state; no callback runs inside it.
final class AsyncValuesBuffer<Input, Failure: Error>: Subscriber, Cancellable {
  struct State {
    var subscription: (any Subscription)?
    /// Demand asked for before the subscription arrived, passed on when it does.
    var demandBeforeSubscription = Subscribers.Demand.none
    /// Values that arrived with no `next()` waiting (only from a publisher that ignores demand).
    var buffer = FIFOQueue<MovedValue<Input>>()
    var completion: AsyncValuesStep<Input, Failure>?
    /// The `next()` calls waiting for a value, in the order they asked.
    var waiters = FIFOQueue<CheckedContinuation<AsyncValuesStep<Input, Failure>, Never>>()
    /// Cancelled, or its completion handed out: every later step is `.finished`.
    var done = false

    /// The next step, if one is ready, taking it out of the state.
    mutating func take() -> AsyncValuesStep<Input, Failure>? {
      if done { return .finished }
      if let value = buffer.popFirst() { return .value(value) }
      guard let completion else { return nil }
      done = true
      self.completion = nil
      return completion
    }
  }

  let state = Guarded(State())

  init() {}

  func receive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard !state.done, state.subscription == nil, state.completion == nil else { return nil }
      state.subscription = subscription
      defer { state.demandBeforeSubscription = .none }
      return state.demandBeforeSubscription
    }
    guard let demand else { return subscription.cancel() }
    if demand > .none { subscription.request(demand) }
  }

  /// A value before the subscription breaks the Subscriber protocol: as Combine's `values`
  /// does, it is dropped and every waiting `next()` ends with `nil`, so that none waits for a
  /// value that was never asked for.
  func receive(_ input: Input) -> Subscribers.Demand {
    typealias Waiter = CheckedContinuation<AsyncValuesStep<Input, Failure>, Never>
    typealias Waiters = FIFOQueue<Waiter>
    let moved = MovedValue(value: input)
    let (waiter, early) = state.withLock { state -> (Waiter?, Waiters) in
      guard !state.done, state.completion == nil else { return (nil, Waiters()) }
      guard state.subscription != nil else {
        defer { state.waiters = Waiters() }
        return (nil, state.waiters)
      }
      if let waiter = state.waiters.popFirst() { return (waiter, Waiters()) }
      state.buffer.append(moved)
      return (nil, Waiters())
    }
    waiter?.resume(returning: .value(moved))
    var rest = early
    while let waiter = rest.popFirst() { waiter.resume(returning: .finished) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let step: AsyncValuesStep<Input, Failure> =
      switch completion {
      case .finished: .finished
      case .failure(let error): .failed(error)
      }
    let waiters = state.withLock {
      state -> FIFOQueue<CheckedContinuation<AsyncValuesStep<Input, Failure>, Never>> in
      guard !state.done, state.completion == nil else { return FIFOQueue() }
      state.subscription = nil
      guard !state.waiters.isEmpty else {
        state.completion = step
        return FIFOQueue()
      }
      defer { state.waiters = FIFOQueue() }
      state.done = true
      return state.waiters
    }
    // Every waiting call ends: the first with the completion (a failure is thrown once), the
    // others with the end, as the calls after it would.
    var first = true
    var rest = waiters
    while let waiter = rest.popFirst() {
      waiter.resume(returning: first ? step : .finished)
      first = false
    }
  }

  /// Cancels the subscription, drops what is buffered, and ends every waiting `next()`.
  func cancel() {
    let (subscription, waiters) = state.withLock { state in
      defer {
        state = State()
        state.done = true
      }
      return (state.subscription, state.waiters)
    }
    subscription?.cancel()
    var rest = waiters
    while let waiter = rest.popFirst() { waiter.resume(returning: .finished) }
  }

  /// The next step: at once when one is ready, else after asking the publisher for one value
  /// and waiting for it. Cancelling the awaiting task cancels the subscription and ends with
  /// `.finished`.
  func next() async -> AsyncValuesStep<Input, Failure> {
    if let ready = state.withLock({ $0.take() }) { return ready }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // The waiter is in place before the request, so a value the request delivers at once
        // (a sequence does) finds it.
        let (ready, subscription) = state.withLock {
          state -> (AsyncValuesStep<Input, Failure>?, (any Subscription)?) in
          if let step = state.take() { return (step, nil) }
          state.waiters.append(continuation)
          guard let subscription = state.subscription else {
            state.demandBeforeSubscription += 1
            return (nil, nil)
          }
          return (nil, subscription)
        }
        if let ready { continuation.resume(returning: ready) }
        subscription?.request(.max(1))
      }
    } onCancel: {
      cancel()
    }
  }
}

/// Cancels the buffer's subscription when the iterator that owns it goes away: a loop that
/// ends with `break` or `return` stops the publisher, as an `AsyncStream`'s termination does.
final class AsyncValuesLifetime<Input, Failure: Error>: Sendable {
  let buffer: AsyncValuesBuffer<Input, Failure>

  init(_ buffer: AsyncValuesBuffer<Input, Failure>) { self.buffer = buffer }

  deinit { buffer.cancel() }
}
