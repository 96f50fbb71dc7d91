import Foundation
import Signals

extension Timer {
  /// A connectable publisher of the date every `interval` seconds, on a timer of `runLoop` in
  /// `mode`: Combine's `Timer.publish(every:tolerance:on:in:options:)`.
  ///
  /// ```swift
  /// Timer.publish(every: 1, on: .main, in: .common)
  ///   .autoconnect()
  ///   .sink { date in print(date) }
  /// ```
  ///
  /// See `TimerPublisher` for its semantics.
  ///
  /// - Parameters:
  ///   - interval: Seconds between firings.
  ///   - tolerance: Ignored, as Combine ignores it (the publisher's `tolerance` is `nil`); to
  ///     give the timer one, make the publisher with `TimerPublisher`'s initializer.
  ///   - runLoop: The run loop whose thread the timer fires on.
  ///   - mode: The run loop mode the timer fires in (`.common` to keep firing while the user
  ///     scrolls).
  ///   - options: Scheduler options; run loops have none.
  /// - Returns: A connectable publisher of the firings' dates; it fires once connected.
  public static func publish(
    every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
    options: RunLoop.SchedulerOptions? = nil
  ) -> TimerPublisher {
    TimerPublisher(interval: interval, runLoop: runLoop, mode: mode, options: options)
  }

  /// The publisher `Timer.publish(every:on:in:)` returns: Combine's type of the same name.
  ///
  /// Nothing happens until `connect()` (or `autoconnect()`, which connects at the first
  /// subscriber and disconnects after the last); then a repeating `Timer` on the run loop sends
  /// `Date()` to every subscriber attached at each firing, while the run loop runs in `mode`.
  /// Cancelling the connection invalidates the timer: subscribers stay attached and receive
  /// nothing until the next `connect()`. Each `connect()` starts a timer of its own. Never
  /// fails, never finishes.
  ///
  /// Threading: values arrive on the run loop's thread; `connect()` and cancelling may be called
  /// from any thread. Bad input: an interval of zero or less fires as often as the run loop allows
  /// (Foundation's rule for repeating timers).
  public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
    // @unchecked: every stored property is immutable and the subject is thread-safe; `runLoop`
    // is only used through CoreFoundation's thread-safe `add(_:forMode:)` (see
    // `RunLoopScheduler`), and `RunLoop.Mode` is a string wrapper that corelibs leaves unmarked.

    /// The dates of the firings.
    public typealias Output = Date
    /// A timer cannot fail.
    public typealias Failure = Never

    /// Seconds between firings.
    public let interval: TimeInterval
    /// How late a firing may be, or `nil` for none.
    public let tolerance: TimeInterval?
    /// The run loop whose thread the timer fires on.
    public let runLoop: RunLoop
    /// The run loop mode the timer fires in.
    public let mode: RunLoop.Mode
    /// The scheduler options (there are none for run loops).
    public let options: RunLoop.SchedulerOptions?

    let subject = PassthroughSubject<Date, Never>()

    /// Makes the publisher; prefer `Timer.publish(every:tolerance:on:in:options:)`.
    ///
    /// - Parameters:
    ///   - interval: Seconds between firings.
    ///   - tolerance: How late a firing may be, in seconds; `nil` for the run loop's default.
    ///   - runLoop: The run loop whose thread the timer fires on.
    ///   - mode: The run loop mode the timer fires in (`.common` to keep firing while the user
    ///     scrolls).
    ///   - options: Scheduler options; run loops have none.
    public init(
      interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
      options: RunLoop.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.runLoop = runLoop
      self.mode = mode
      self.options = options
    }

    /// Attaches `subscriber`; it receives the date of each firing while a connection lasts.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      subject.subscribe(TimerSubscriber(downstream: subscriber))
    }

    /// Starts a repeating timer; cancelling the result invalidates it. On the main run loop on
    /// Linux the ticks come through the main queue, as `RunLoopScheduler` explains.
    public func connect() -> any Cancellable {
      let subject = subject
      let scheduler = RunLoopScheduler(runLoop)
      if scheduler.viaMainQueue {
        let every = SchedulerTime.Stride.seconds(interval)
        return scheduler.schedule(
          after: scheduler.now.advanced(by: every), interval: every, tolerance: .seconds(tolerance ?? 0),
          options: nil
        ) { subject.send(Date()) }
      }
      let timer = Timer(timeInterval: interval, repeats: true) { _ in subject.send(Date()) }
      timer.tolerance = tolerance ?? 0
      runLoop.add(timer, forMode: mode)
      return TimerToken(timer: timer)
    }
  }
}

/// Puts a `TimerSubscription` between the timer's subject and the subscriber.
struct TimerSubscriber<Downstream: Subscriber>: Subscriber
where Downstream.Input == Date, Downstream.Failure == Never {
  let downstream: Downstream

  var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
  func receive(subscription: any Subscription) {
    downstream.receive(subscription: TimerSubscription(wrapped: subscription))
  }
  func receive(_ input: Date) -> Subscribers.Demand { downstream.receive(input) }
  func receive(completion: Subscribers.Completion<Never>) { downstream.receive(completion: completion) }
}

/// The subscription a timer's subscriber holds: the subject's, passed through. Combine's timer
/// subscription describes and reflects nothing, so this conforms to none of the description
/// protocols (the subject's subscription describes itself as the subject).
final class TimerSubscription: Subscription {
  let wrapped: any Subscription

  init(wrapped: any Subscription) { self.wrapped = wrapped }

  var combineIdentifier: CombineIdentifier { wrapped.combineIdentifier }
  func request(_ demand: Subscribers.Demand) { wrapped.request(demand) }
  func cancel() { wrapped.cancel() }
}
