/// Something that runs work now or at an instant: a queue, the main thread, or virtual time.
///
/// All schedulers share the time type `SchedulerTime`, so operators take `some Scheduler` or
/// `any Scheduler` without erasure wrappers. Threading: each scheduler says where its actions
/// run; actions are `@Sendable` because they may run on another thread. Bad input: a date in the
/// past means "as soon as possible"; an interval below one nanosecond counts as one nanosecond.
///
/// Generic Combine code compiles unchanged: `S.SchedulerTimeType` (always `SchedulerTime`, so
/// `S.SchedulerTimeType.Stride` is `SchedulerTime.Stride`), `S.SchedulerOptions`,
/// `minimumTolerance`, and Combine's three `schedule` methods with their labels
/// (`schedule(options:_:)`, `schedule(after:tolerance:options:_:)`,
/// `schedule(after:interval:tolerance:options:_:)`), which default to the methods below.
public protocol Scheduler: Sendable {
  /// Combine's name for a scheduler's time type; in Signals every scheduler uses `SchedulerTime`.
  typealias SchedulerTimeType = SchedulerTime

  /// Options a scheduler accepts per action, as in Combine (`DispatchQueue.SchedulerOptions`
  /// carries a quality of service); `Never` for a scheduler that takes none, so `nil` is the
  /// only value to pass.
  associatedtype SchedulerOptions = Never

  /// This scheduler's current time.
  var now: SchedulerTime { get }

  /// The smallest tolerance this scheduler honours; `.zero` unless it says otherwise.
  var minimumTolerance: SchedulerTime.Stride { get }

  /// Runs `action` as soon as possible.
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// Runs `action` at `date` or as soon as possible after it. Cancelling the returned token
  /// before then keeps it from running (discard the token when that is never needed).
  @discardableResult
  func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable

  /// Runs `action` at `date`, then every `interval`, until the returned token is cancelled.
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable

  /// Combine's spelling of `schedule(_:)`, with this scheduler's options; by default the
  /// options are ignored and it is `schedule(_:)`.
  func schedule(options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void)

  /// Combine's spelling of `schedule(after:_:)`: runs `action` at `date`, not cancellable. By
  /// default the tolerance and options are ignored (every action runs as close to its date as
  /// the scheduler can) and it is `schedule(after:_:)`.
  func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: SchedulerOptions?,
    _ action: @escaping @Sendable () -> Void)

  /// Combine's spelling of `schedule(after:interval:_:)`; by default the tolerance and options
  /// are ignored and it is `schedule(after:interval:_:)`.
  func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride,
    options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// `.zero`: the scheduler runs each action as close to its date as it can.
  public var minimumTolerance: SchedulerTime.Stride { .zero }

  /// Runs `action` as soon as possible; the options are ignored.
  public func schedule(options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void) {
    schedule(action)
  }

  /// Runs `action` at `date`; the tolerance and options are ignored.
  public func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: SchedulerOptions?,
    _ action: @escaping @Sendable () -> Void
  ) {
    schedule(after: date, action)
  }

  /// Runs `action` at `date`, then every `interval`, until the token is cancelled; the tolerance
  /// and options are ignored.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride,
    options: SchedulerOptions?, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, action)
  }

  /// Combine's shorthand: `schedule(after:tolerance:options:_:)` with no options.
  ///
  /// - Parameters:
  ///   - date: When the action runs.
  ///   - tolerance: How late it may run.
  ///   - action: The work to run.
  public func schedule(
    after date: SchedulerTime, tolerance: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Combine's shorthand: `schedule(after:interval:tolerance:options:_:)` with no options.
  ///
  /// - Parameters:
  ///   - date: When the action first runs.
  ///   - interval: The time between runs.
  ///   - tolerance: How late each run may be.
  ///   - action: The work to run.
  /// - Returns: The cancellable that stops the runs.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride,
    _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }
}

/// A type whose values can be made from a number of seconds, milliseconds, microseconds or
/// nanoseconds: Combine's requirement on a scheduler's stride, which ``SchedulerTime/Stride``
/// meets.
///
/// Generic code written against Combine's constraint (`where S.SchedulerTimeType.Stride:
/// SchedulerTimeIntervalConvertible`) compiles unchanged, and a helper may be generic over it.
/// Bad input: each conforming type says what a value past its range becomes (the stride
/// saturates).
public protocol SchedulerTimeIntervalConvertible {
  /// The interval of `s` seconds.
  ///
  /// - Parameter s: The number of seconds.
  /// - Returns: The interval.
  static func seconds(_ s: Int) -> Self

  /// The interval of `s` seconds, which may have a fraction.
  ///
  /// - Parameter s: The number of seconds.
  /// - Returns: The interval.
  static func seconds(_ s: Double) -> Self

  /// The interval of `ms` milliseconds.
  ///
  /// - Parameter ms: The number of milliseconds.
  /// - Returns: The interval.
  static func milliseconds(_ ms: Int) -> Self

  /// The interval of `us` microseconds.
  ///
  /// - Parameter us: The number of microseconds.
  /// - Returns: The interval.
  static func microseconds(_ us: Int) -> Self

  /// The interval of `ns` nanoseconds.
  ///
  /// - Parameter ns: The number of nanoseconds.
  /// - Returns: The interval.
  static func nanoseconds(_ ns: Int) -> Self
}

extension SchedulerTime.Stride {
  /// The smallest interval a repeating schedule accepts; shorter ones are raised to it.
  public static let minimumInterval = SchedulerTime.Stride(nanoseconds: 1)
}
