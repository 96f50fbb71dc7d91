import Signals
import SignalsTesting

extension Recorder {
  /// The events with their virtual times in milliseconds, for compact timeline assertions.
  var timeline: [String] {
    timedEvents.map { "\($0.time.nanoseconds / 1_000_000)ms \($0.event)" }
  }
}

/// A scheduler that records every call a time operator makes on it, as OpenCombine's test
/// scheduler does (`now`, `minimumTolerance`, each `schedule`), and runs the actions on a
/// `TestScheduler`. Its minimum tolerance is 7 ns and its options a number, so that an operator
/// passing them shows. Times are written in milliseconds, tolerances in nanoseconds.
final class CallRecordingScheduler: Scheduler {
  typealias SchedulerOptions = Int
  let base = TestScheduler()
  let log = Guarded<[String]>([])
  /// The calls so far, oldest first.
  var calls: [String] { log.withLock { $0 } }

  func note(_ call: String) { log.withLock { $0.append(call) } }
  func ms(_ time: SchedulerTime) -> String { "\(time.nanoseconds / 1_000_000)ms" }
  func ms(_ stride: SchedulerTime.Stride) -> String { "\(stride.nanoseconds / 1_000_000)ms" }
  func text(_ options: Int?) -> String { options.map(String.init) ?? "nil" }

  var now: SchedulerTime {
    note("now")
    return base.now
  }
  var minimumTolerance: SchedulerTime.Stride {
    note("minimumTolerance")
    return .nanoseconds(7)
  }
  func schedule(_ action: @escaping @Sendable () -> Void) {
    note("schedule")
    base.schedule(action)
  }
  func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable {
    note("schedule(after: \(ms(date)))")
    return base.schedule(after: date, action)
  }
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    note("schedule(after: \(ms(date)), interval: \(ms(interval)))")
    return base.schedule(after: date, interval: interval, action)
  }
  func schedule(options: Int?, _ action: @escaping @Sendable () -> Void) {
    note("schedule(options: \(text(options)))")
    base.schedule(action)
  }
  func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: Int?,
    _ action: @escaping @Sendable () -> Void
  ) {
    note("schedule(after: \(ms(date)), tolerance: \(tolerance.nanoseconds)ns, options: \(text(options)))")
    base.schedule(after: date, action)
  }
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride, options: Int?,
    _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    note(
      "schedule(after: \(ms(date)), interval: \(ms(interval)), tolerance: \(tolerance.nanoseconds)ns,"
        + " options: \(text(options)))")
    return base.schedule(after: date, interval: interval, action)
  }
}

/// A publisher that gives its subscriber an empty subscription and then `values`, and keeps
/// nothing: once it returns, only what the operators below hold keeps their subscription alive.
struct SendAndForget<Output: Sendable>: Publisher {
  typealias Failure = Never
  let values: [Output]

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: Subscriptions.empty)
    for value in values { _ = subscriber.receive(value) }
  }
}

/// A publisher that keeps the subscriber it is given (as `Any`, to look at what it is) and sends
/// it what the test says.
final class SubscriberKeepingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked: a test double used on the test's one thread.
  var subscriber: AnySubscriber<Output, Failure>?
  var erased: Any?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    erased = subscriber
    self.subscriber = AnySubscriber(subscriber)
  }
}

/// A subscription that records what it is asked.
final class RecordingSubscription: Subscription, @unchecked Sendable {
  // @unchecked: a test double used on the test's one thread.
  var log: [String] = []
  func request(_ demand: Subscribers.Demand) { log.append("request \(demand)") }
  func cancel() { log.append("cancel") }
}

/// A subscriber that keeps its subscription for good (as OpenCombine's tracking subscriber
/// does), so that only an operator that lets go of it avoids a cycle; `onDeinit` tells when it
/// is freed.
final class SubscriptionKeepingSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked: a test double used on the test's one thread.
  var subscription: (any Subscription)?
  var events: [String] = []
  let initialDemand: Subscribers.Demand
  let onDeinit: () -> Void

  init(demand: Subscribers.Demand = .unlimited, onDeinit: @escaping () -> Void) {
    initialDemand = demand
    self.onDeinit = onDeinit
  }
  deinit { onDeinit() }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    if initialDemand > 0 { subscription.request(initialDemand) }
  }
  func receive(_ input: Input) -> Subscribers.Demand {
    events.append("\(input)")
    return .none
  }
  func receive(completion: Subscribers.Completion<Failure>) { events.append("\(completion)") }
}
