import Observation

/// A publisher of an expression over `@Observable` state: its value now, then its new value
/// after each change of what it read.
///
/// ```swift
/// Observed(on: scheduler) { model.first + " " + model.last }
///   .sink { print($0) }   // "Ada Lovelace" at once; after `model.last = "Byron"`, on scheduler: "Ada Byron"
/// ```
///
/// For one property, `object.publisher(for: \.property)` (on any `@Observable` object) makes
/// this publisher over `object[keyPath: \.property]`, holding the object weakly.
///
/// The expression runs under Observation's tracking (`withObservationTracking`), as SwiftUI
/// runs a view's `body` and as Observation's own `Observations` sequence runs its closure:
/// whatever observable properties it reads are watched, and after a change it runs again and
/// watches what it reads that time (so `model.showsDetail ? model.detail : ""` starts watching
/// `detail` once `showsDetail` is true).
///
/// When it runs: once when subscribed, on the subscribing thread, for the current value; then,
/// after a change, on `scheduler`. A change schedules a run once the new value is stored, and
/// further changes before that run add nothing, so several changes in one turn (one main-queue
/// turn, or everything before a `TestScheduler` advances) give one value. `MainScheduler` (the
/// default), a `DispatchQueue`, or a `TestScheduler` in tests (a change's value arrives when the
/// test advances the clock) run it later; a scheduler that runs the action at once
/// (`ImmediateScheduler`, `UIScheduler` on the main thread) runs it inside the change, after
/// the store, and gives a value per change. Each run reads the expression twice: once to
/// register with Observation what it reads, and once more after registering, for the value; a
/// change stored before the registration is in that second read, one stored after it is
/// reported and runs the expression again.
///
/// For example, on a `TestScheduler` advanced one frame at a time, a model whose value is `0`
/// when subscribed and is then set to `a`, to `b` and `c` in one frame, and to `d`, gives `0`,
/// `a`, `c`, `d` (`ObservedTests` keeps this true).
///
/// Threading: the expression runs on the subscribing thread for the first value and on
/// `scheduler` after that (on the changing thread with an immediate scheduler), never inside a
/// lock and never in two runs at once; a `@MainActor` model needs a scheduler that runs on the
/// main thread (`MainScheduler`, or a `TestScheduler` advanced from the main actor). Changes
/// may be made on any thread, from several at once (the model's own storage must then be
/// thread-safe): a change made while a run reads or delivers makes that run go again once it
/// has delivered, so the last value delivered is always the model's last, whatever the
/// interleaving (`ObservedLastValueTests` changes a model from one and from four threads).
/// With Apple's SDKs, which do not give packages Observation's after-the-store tracking, a
/// change is reported before its store: there an immediate scheduler's run goes to the main
/// queue, and a change made on another thread than the scheduler's may be read before its
/// store, so its value comes only with the next change (make changes on the scheduler's thread,
/// the main actor's as SwiftUI requires, for exact values).
///
/// Completion: never fails. It finishes, on `scheduler`, once nothing it read can change any
/// more: every observable object the last run read was released (possible only when the
/// expression holds them weakly), or the run read no observable property at all (it then sends
/// that one value and finishes). Cancelling stops the runs and releases the expression and
/// what it captured at once; Observation keeps a small record of the last run's properties
/// (holding nothing of the subscription) until one of them changes or its object goes away.
///
/// Demand: a value that finds no demand is kept, replacing any kept before, and delivered when
/// the subscriber requests more: the subscriber always gets the latest value, never a backlog.
public struct Observed<Output>: Publisher {
  /// It never fails.
  public typealias Failure = Never

  /// Where the expression runs after a change, and its value is delivered.
  public let scheduler: any Scheduler

  /// The expression, returning `nil` once the object it reads is gone (`publisher(for:)`).
  let read: () -> Output?

  /// Makes the publisher of `expression`.
  ///
  /// - Parameters:
  ///   - scheduler: Where the expression runs after a change, and its values are delivered:
  ///     the main queue by default; a `TestScheduler` in tests.
  ///   - expression: Reads observable state; it runs again after each change of what it read.
  public init(on scheduler: any Scheduler = MainScheduler.shared, _ expression: @escaping () -> Output) {
    self.scheduler = scheduler
    read = { .some(expression()) }
  }

  /// Makes the publisher of `read`, which returns `nil` when what it reads is gone.
  init(scheduler: any Scheduler, read: @escaping () -> Output?) {
    self.scheduler = scheduler
    self.read = read
  }

  /// Subscribes `subscriber`: it receives the current value, then the value after each change.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    ObservedSubscription(subscriber, scheduler: scheduler, read: read).start()
  }
}
