import Signals

extension Scheduler {
  /// Suspends the calling task for `duration` of this scheduler's time: combine-schedulers'
  /// `sleep(for:)`. On a `TestScheduler` the task wakes when the scheduler is advanced past
  /// the deadline, so async code under test sleeps in virtual time.
  ///
  /// Completion: cancelling the task wakes it at once with `CancellationError` and takes the
  /// wake-up off the scheduler (a `TestScheduler` is left with no pending work). Threading: the
  /// task resumes from the scheduler's action, on the scheduler. The tolerance and options are
  /// accepted for Combine's spelling and ignored: the wake-up is scheduled with
  /// `schedule(after:_:)`, which can be cancelled.
  ///
  /// - Parameters:
  ///   - duration: How long to sleep, in this scheduler's time.
  ///   - tolerance: Accepted and ignored.
  ///   - options: Accepted and ignored.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
  public func sleep(
    for duration: SchedulerTime.Stride, tolerance: SchedulerTime.Stride = .zero,
    options: SchedulerOptions? = nil
  ) async throws {
    try await sleep(until: now.advanced(by: duration), tolerance: tolerance, options: options)
  }

  /// Suspends the calling task until this scheduler's clock reaches `deadline`:
  /// combine-schedulers' `sleep(until:)`; see `sleep(for:tolerance:options:)`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at, on this scheduler's clock.
  ///   - tolerance: Accepted and ignored.
  ///   - options: Accepted and ignored.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
  public func sleep(
    until deadline: SchedulerTime, tolerance: SchedulerTime.Stride = .zero, options: SchedulerOptions? = nil
  ) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        guard sleeper.start(continuation) else { return }
        sleeper.keep(schedule(after: deadline) { sleeper.wake(throwing: nil) })
      }
    } onCancel: {
      sleeper.wake(throwing: CancellationError())
    }
  }
}

/// One `sleep`: the suspended task's continuation and the scheduled wake-up, resumed once by
/// whichever comes first, the wake-up or the task's cancellation.
final class Sleeper: Sendable {
  struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var wakeUp: (any Cancellable)?
    /// Set by the first wake; a later `start` or `keep` sees it.
    var woken: (any Error)??
  }

  let state = Guarded(State())

  /// Stores the continuation; `false` (after resuming it) when the task was cancelled first.
  func start(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let earlier = state.withLock { state -> (any Error)?? in
      if state.woken == nil { state.continuation = continuation }
      return state.woken
    }
    guard let earlier else { return true }
    if let error = earlier { continuation.resume(throwing: error) } else { continuation.resume() }
    return false
  }

  /// Keeps the wake-up so a cancellation can take it off the scheduler.
  func keep(_ wakeUp: any Cancellable) {
    let cancelled = state.withLock { state -> Bool in
      if state.woken == nil { state.wakeUp = wakeUp }
      return state.woken != nil
    }
    if cancelled { wakeUp.cancel() }
  }

  /// Resumes the task, once: normally, or with `error`.
  func wake(throwing error: (any Error)?) {
    let (continuation, wakeUp) = state.withLock {
      state -> (CheckedContinuation<Void, any Error>?, (any Cancellable)?) in
      guard state.woken == nil else { return (nil, nil) }
      state.woken = .some(error)
      defer { (state.continuation, state.wakeUp) = (nil, nil) }
      return (state.continuation, state.wakeUp)
    }
    if error != nil { wakeUp?.cancel() }
    guard let continuation else { return }
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}
