import Signals

/// A subscriber that records everything it receives, with the virtual time of each event.
///
/// Make one with `publisher.record(on: scheduler)` (or `record()` when time does not matter).
/// It subscribes at once and keeps its subscription until `cancel()` or the completion.
///
/// It requests `.unlimited` unless given another `RecorderDemand`: `.stepwise` (one value at a
/// time, as a slow consumer), `.max(n)` once, `.none`, or a timeline of requests in virtual
/// time; `request(_:)` asks for more at any moment. So a marble test can show what an operator
/// sends under limited demand: `source.record(on: scheduler, demand: .stepwise)`.
///
/// Threading: safe to read from any thread while values arrive. Bad input: a second subscription
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
  private let demand: RecorderDemand
  private var _requested: [Subscribers.Demand] = []

  /// Makes a recorder that stamps events with `scheduler`'s time, if given, and requests
  /// values as `demand` says (`.unlimited` by default).
  ///
  /// - Parameters:
  ///   - scheduler: The virtual clock that stamps each event; `nil` stamps none (every event at
  ///     zero).
  ///   - demand: How the recorder requests values from its subscription.
  public init(scheduler: TestScheduler? = nil, demand: RecorderDemand = .unlimited) {
    self.scheduler = scheduler
    self.demand = demand
  }

  /// Requests `demand` more values from the subscription (recorded in `requests`). Does
  /// nothing before the subscription arrives or after the completion.
  public func request(_ demand: Subscribers.Demand) {
    let target = lock.withLock { _ -> (any Subscription)? in
      guard let subscription, !completed else { return nil }
      _requested.append(demand)
      return subscription
    }
    target?.request(demand)
  }

  /// Every demand this recorder requested, in order (what it returned from `receive(_:)`
  /// included, when that was more than `.none`).
  public var requests: [Subscribers.Demand] { lock.withLock { _ in _requested } }

  /// Keeps the first subscription, cancels later ones, counts them all.
  public func receive(subscription: any Subscription) {
    let keep = lock.withLock { _ in
      _subscriptionCount += 1
      guard self.subscription == nil && !completed else { return false }
      self.subscription = subscription
      return true
    }
    guard keep else {
      subscription.cancel()
      return
    }
    switch demand.kind {
    case .initial(let initial): if initial > 0 { request(initial) }
    case .timeline(let steps):
      guard let scheduler else {
        for (_, step) in steps { request(step) }
        return
      }
      for (time, step) in steps {
        _ = scheduler.schedule(after: time) { [weak self] in self?.request(step) }
      }
    }
  }

  /// Records a value; returns `.max(1)` when stepwise, else `.none`.
  public func receive(_ input: Input) -> Subscribers.Demand {
    record(.value(input))
    guard demand.perValue > 0 else { return .none }
    lock.withLock { _ in _requested.append(demand.perValue) }
    return demand.perValue
  }

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

/// How a `Recorder` requests values.
public struct RecorderDemand: Sendable {
  enum Kind {
    case initial(Subscribers.Demand)
    case timeline([(SchedulerTime, Subscribers.Demand)])
  }

  let kind: Kind
  let perValue: Subscribers.Demand

  /// Everything at once (what `sink` does).
  public static let unlimited = RecorderDemand(kind: .initial(.unlimited), perValue: .none)
  /// Nothing, until the test calls `request(_:)`.
  public static let none = RecorderDemand(kind: .initial(.none), perValue: .none)
  /// One value at a time: `.max(1)` on subscription, and one more after each value.
  public static let stepwise = RecorderDemand(kind: .initial(.max(1)), perValue: .max(1))

  /// `count` values on subscription, then nothing more unless the test requests it.
  ///
  /// - Parameter count: How many values to request; `0` or less requests none.
  /// - Returns: The demand plan.
  public static func max(_ count: Int) -> RecorderDemand {
    RecorderDemand(kind: .initial(.max(count)), perValue: .none)
  }

  /// Requests at the given virtual times of the recorder's scheduler (all at once, on
  /// subscription, when it has none): `.timeline([(.zero, .max(1)), (.init(milliseconds: 5), .max(2))])`.
  ///
  /// - Parameter steps: When to request, and how much, in the scheduler's virtual time; a time
  ///   already past is served at the scheduler's next advance.
  /// - Returns: The demand plan.
  public static func timeline(_ steps: [(SchedulerTime, Subscribers.Demand)]) -> RecorderDemand {
    RecorderDemand(kind: .timeline(steps), perValue: .none)
  }
}

extension RecorderDemand.Kind: Sendable {}

extension Publisher {
  /// Subscribes a `Recorder`, stamping events with `scheduler`'s virtual time if given (its
  /// `marbles()` then use the scheduler's `frameDuration`), and requesting values as `demand`
  /// says (`.unlimited` by default).
  ///
  /// - Parameters:
  ///   - scheduler: The virtual clock that stamps each event; `nil` stamps none.
  ///   - demand: How the recorder requests values.
  /// - Returns: The recorder, already subscribed; keep it to keep the subscription.
  public func record(
    on scheduler: TestScheduler? = nil, demand: RecorderDemand = .unlimited
  ) -> Recorder<Output, Failure> {
    let recorder = Recorder<Output, Failure>(scheduler: scheduler, demand: demand)
    subscribe(recorder)
    return recorder
  }
}
