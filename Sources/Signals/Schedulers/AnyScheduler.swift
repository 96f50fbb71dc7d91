import Dispatch

/// A scheduler behind a concrete type: combine-schedulers' `AnyScheduler`, for code that
/// stores "some scheduler" in a property (`let mainQueue: AnySchedulerOf<DispatchQueue>`).
///
/// In Signals every scheduler already shares one time type, so `any Scheduler` does the same
/// job; this type exists so that code written for combine-schedulers compiles unchanged. It
/// forwards every call to the wrapped scheduler. Its `SchedulerOptions` is `Never`: options
/// cannot pass through the erasure (pass `nil`). Threading and failure: the wrapped
/// scheduler's.
public struct AnyScheduler: Scheduler {
  /// The scheduler every call goes to.
  public let base: any Scheduler

  /// Wraps `scheduler`; `scheduler.eraseToAnyScheduler()` is the usual spelling. Wrapping an
  /// `AnyScheduler` unwraps it first, so erasure never nests.
  ///
  /// - Parameter scheduler: The scheduler to wrap.
  public init(_ scheduler: some Scheduler) {
    base = (scheduler as? AnyScheduler)?.base ?? scheduler
  }

  /// The wrapped scheduler's time.
  public var now: SchedulerTime { base.now }

  /// The wrapped scheduler's minimum tolerance.
  public var minimumTolerance: SchedulerTime.Stride { base.minimumTolerance }

  /// Runs `action` on the wrapped scheduler as soon as possible.
  public func schedule(_ action: @escaping @Sendable () -> Void) { base.schedule(action) }

  /// Runs `action` on the wrapped scheduler at `date`.
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    base.schedule(after: date, action)
  }

  /// Runs `action` on the wrapped scheduler at `date`, then every `interval`.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    base.schedule(after: date, interval: interval, action)
  }
}

extension AnyScheduler {
  /// The main queue, erased: combine-schedulers' `AnySchedulerOf<DispatchQueue>.main`, so that
  /// `Model(mainQueue: .main)` compiles as it does there (a test passes
  /// `scheduler.eraseToAnyScheduler()`, or `UIScheduler.shared.eraseToAnyScheduler()` runs at
  /// once on the main queue).
  public static var main: AnyScheduler { AnyScheduler(DispatchQueue.main) }
}

/// combine-schedulers' name for an erased scheduler of a given kind: in Signals the kind does
/// not matter (every scheduler shares one time type), so it is `AnyScheduler` whatever `S` is.
public typealias AnySchedulerOf<S> = AnyScheduler

/// combine-schedulers' name for an immediate scheduler standing in for a given kind: in Signals
/// it is `ImmediateScheduler` whatever `S` is.
public typealias ImmediateSchedulerOf<S> = ImmediateScheduler

extension Scheduler {
  /// This scheduler as an `AnyScheduler`: combine-schedulers' spelling, for code that stores a
  /// scheduler in an `AnySchedulerOf<...>` property. Costs one existential box.
  ///
  /// - Returns: This scheduler, wrapped.
  public func eraseToAnyScheduler() -> AnyScheduler { AnyScheduler(self) }

  /// The immediate scheduler, spelled as combine-schedulers spells it: `DispatchQueue.immediate`,
  /// `RunLoop.immediate`. It is `ImmediateScheduler.shared` whatever type it is spelled on.
  public static var immediate: ImmediateScheduler { .shared }
}

extension AnyScheduler {
  /// The immediate scheduler, erased: combine-schedulers' `.immediate` where an
  /// `AnySchedulerOf<DispatchQueue>` (or of any kind) is wanted, as in
  /// `let scheduler: AnySchedulerOf<DispatchQueue> = .immediate`.
  public static var immediate: AnyScheduler { AnyScheduler(ImmediateScheduler.shared) }
}
