import Signals

/// A subscriber that records everything it receives, with the virtual time of each event.
///
/// Make one with `publisher.record(on: scheduler)` (or `record()` when time does not matter).
/// It subscribes at once and keeps its subscription until `cancel()` or the completion.
///
/// Threading: safe to read from any thread while values arrive. Failure: a second subscription
/// is recorded in `subscriptionCount` and cancelled; events after a completion are recorded
/// too (in `eventsAfterCompletion`), so a test can see a broken contract instead of missing it.
public final class Recorder<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
  // @unchecked: every `var` is read and written only inside `lock`.

  /// One thing a publisher delivered.
  public enum Event {
    /// A value.
    case value(Input)
    /// The completion.
    case completion(Subscribers.Completion<Failure>)
  }

  /// An event with the virtual time it arrived at.
  public struct TimedEvent {
    /// When it arrived (`SchedulerTime.zero` without a scheduler).
    public let time: SchedulerTime
    /// What arrived.
    public let event: Event
  }

  private let lock = Guarded<Void>(())
  let scheduler: TestScheduler?
  private var _timedEvents: [TimedEvent] = []
  private var _eventsAfterCompletion: [Event] = []
  private var _subscriptionCount = 0
  private var subscription: (any Subscription)?
  private var completed = false

  /// Makes a recorder that stamps events with `scheduler`'s time, if given.
  public init(scheduler: TestScheduler? = nil) {
    self.scheduler = scheduler
  }

  /// Keeps the first subscription, cancels later ones, counts them all.
  public func receive(subscription: any Subscription) {
    let keep = lock.withLock { _ in
      _subscriptionCount += 1
      guard self.subscription == nil && !completed else { return false }
      self.subscription = subscription
      return true
    }
    if !keep { subscription.cancel() }
  }

  /// Records a value.
  public func receive(_ input: Input) { record(.value(input)) }

  /// Records the completion and lets go of the subscription.
  public func receive(completion: Subscribers.Completion<Failure>) {
    record(.completion(completion))
    let released = lock.withLock { _ in
      defer { subscription = nil }
      return subscription
    }
    withExtendedLifetime(released) {}
  }

  private func record(_ event: Event) {
    let time = scheduler?.now ?? .zero
    lock.withLock { _ in
      if completed {
        _eventsAfterCompletion.append(event)
      } else {
        _timedEvents.append(TimedEvent(time: time, event: event))
        if case .completion = event { completed = true }
      }
    }
  }

  /// Cancels the subscription; nothing more is recorded after this returns.
  public func cancel() {
    let taken = lock.withLock { _ in
      defer {
        subscription = nil
        completed = true
      }
      return subscription
    }
    taken?.cancel()
  }

  /// Every event with its time, in arrival order.
  public var timedEvents: [TimedEvent] { lock.withLock { _ in _timedEvents } }
  /// Every event, in arrival order.
  public var events: [Event] { timedEvents.map(\.event) }
  /// The values received, in order.
  public var values: [Input] {
    events.compactMap { if case .value(let value) = $0 { value } else { nil } }
  }
  /// The completion, if one arrived.
  public var completion: Subscribers.Completion<Failure>? {
    for case .completion(let completion) in events { return completion }
    return nil
  }
  /// Whether the publisher finished normally.
  public var isFinished: Bool {
    if case .finished = completion { true } else { false }
  }
  /// The failure, if the publisher failed.
  public var failure: Failure? {
    if case .failure(let error) = completion { error } else { nil }
  }
  /// The frame `marbles()` uses when given none: its scheduler's, or one millisecond.
  var defaultFrameDuration: SchedulerTime.Stride { scheduler?.frameDuration ?? .milliseconds(1) }
  /// How many subscriptions were received (more than one is a broken contract).
  public var subscriptionCount: Int { lock.withLock { _ in _subscriptionCount } }
  /// Events delivered after the completion (anything here is a broken contract).
  public var eventsAfterCompletion: [Event] { lock.withLock { _ in _eventsAfterCompletion } }
}

extension Recorder.Event: Equatable where Input: Equatable, Failure: Equatable {}
extension Recorder.TimedEvent: Equatable where Input: Equatable, Failure: Equatable {}

extension Recorder.Event: CustomStringConvertible {
  /// `value(x)`, `finished` or `failure(e)`.
  public var description: String {
    switch self {
    case .value(let value): "value(\(value))"
    case .completion(.finished): "finished"
    case .completion(.failure(let error)): "failure(\(error))"
    }
  }
}

extension Publisher {
  /// Subscribes a `Recorder`, stamping events with `scheduler`'s virtual time if given; its
  /// `marbles()` then use the scheduler's `frameDuration`.
  public func record(on scheduler: TestScheduler? = nil) -> Recorder<Output, Failure> {
    let recorder = Recorder<Output, Failure>(scheduler: scheduler)
    subscribe(recorder)
    return recorder
  }
}
