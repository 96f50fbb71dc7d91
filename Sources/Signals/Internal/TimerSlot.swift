/// The one timer a timed operator keeps at a time (debounce, timeout, collect by time), and the
/// rule that makes a late timer harmless: every new or stopped timer bumps a generation, the
/// scheduled work carries the generation it was armed with, and only the current one counts.
///
/// Not thread-safe: it lives in its owner's lock (see `TimerSlotOwner`), which is what lets the
/// owner check "is this timer still current" together with its own state in one critical
/// section. Tokens leave the slot to be cancelled outside the lock.
@usableFromInline
struct TimerSlot {
  /// The tag of the current timer; scheduled work with another tag is stale.
  @usableFromInline var generation: UInt64 = 0
  /// The current timer's token, once scheduled and still current.
  @usableFromInline var token: (any Cancellable)?
  /// Set once the owner has ended: no timer is kept from then on.
  @usableFromInline var closed = false
  /// Whether the current timer has fired: a repeating timer armed to fire once is ignored
  /// after its first firing, and its token is no longer kept but handed back to be cancelled.
  @usableFromInline var fired = false
  /// The token of a fired timer, for the owner to cancel after unlocking (`takeSpent()`).
  @usableFromInline var spent: (any Cancellable)?

  @inlinable init() {}

  /// The tag of an owner's one-off action that delivers its completion through the scheduler;
  /// no timer's tag reaches it.
  @inlinable static var endingTag: UInt64 { .max }

  /// Starts a new timer: every earlier one goes stale. Returns the new timer's tag and the
  /// token of the timer it replaces, which the caller cancels after unlocking.
  @inlinable mutating func next() -> (tag: UInt64, replaced: (any Cancellable)?) {
    generation &+= 1
    fired = false
    defer { token = nil }
    return (generation, token)
  }

  /// Keeps `token` if the timer tagged `tag` is still current; `false` tells the caller to
  /// cancel it.
  @inlinable mutating func keep(_ token: any Cancellable, tag: UInt64) -> Bool {
    guard !closed, tag == generation, !fired else { return false }
    self.token = token
    return true
  }

  /// Whether the timer tagged `tag`, which is firing, is current; if so its token is dropped
  /// (a fired one-shot timer has nothing left to cancel).
  @inlinable mutating func fire(_ tag: UInt64) -> Bool {
    guard !closed, tag == generation, !fired else { return false }
    fired = true
    spent = token
    token = nil
    return true
  }

  /// The token of the timer that fired last, once: a repeating timer armed to fire once is
  /// cancelled with it (a one-shot timer's token cancels nothing).
  @inlinable mutating func takeSpent() -> (any Cancellable)? {
    defer { spent = nil }
    return spent
  }

  /// Whether the repeating timer tagged `tag`, which is firing, is current; its token is kept,
  /// since it fires again.
  @inlinable func isCurrent(_ tag: UInt64) -> Bool {
    !closed && tag == generation
  }

  /// Stops the current timer: it goes stale. Returns its token, which the caller cancels after
  /// unlocking.
  @inlinable mutating func stop() -> (any Cancellable)? {
    generation &+= 1
    defer { token = nil }
    return token
  }

  /// Stops the current timer and keeps no timer from now on (the owner completed or was
  /// cancelled). Returns the token to cancel after unlocking.
  @inlinable mutating func close() -> (any Cancellable)? {
    closed = true
    return stop()
  }
}

/// An operator state that owns a `TimerSlot` inside its lock. The dance "bump the generation,
/// schedule outside the lock, keep the token only if still current" is written here once.
@usableFromInline
protocol TimerSlotOwner: ScheduledWorkTarget {
  /// The owner's lock, which guards `timerSlot`.
  var lock: Lock { get }
  /// The owner's timer; touch it only inside `lock`.
  var timerSlot: TimerSlot { get set }
}

extension TimerSlotOwner {
  /// Arms the timer tagged `tag` as Combine's `debounce` and `timeout` arm theirs: a repeating
  /// timer (`schedule(after:interval:tolerance:options:)`, every `interval`, with the minimum
  /// tolerance and `options`) that fires once, since its first firing (`timerSlot.fire`) hands
  /// its token to `cancelSpentTimer()`. Its token cancels it, options or not. Schedule it
  /// from the lock's outside, with the tag taken inside (`timerSlot.next()`) together with
  /// the state that decided to arm it; its token is kept only if the timer is still current.
  ///
  /// As Combine's, the timer holds the owner strongly until it fires or is cancelled: a
  /// subscription waiting for its timer stays alive even when nothing else holds it. Every
  /// timer is cancelled when the owner ends (`closeTimer()`), and a scheduler lets go of a
  /// cancelled repeating action.
  @inlinable func armTimer<S: Scheduler>(
    tag: UInt64, at date: SchedulerTime, repeatingEvery interval: SchedulerTime.Stride, on scheduler: S,
    options: S.SchedulerOptions?
  ) {
    let token = scheduler.schedule(
      after: date, interval: interval, tolerance: scheduler.minimumTolerance, options: options
    ) { [self] in scheduledWorkDue(tag) }
    if !lock.withLock({ timerSlot.keep(token, tag: tag) }) { token.cancel() }
  }

  /// Cancels the timer that fired last, if it was armed with `armTimer(tag:at:repeatingEvery:on:options:)`.
  @inlinable func cancelSpentTimer() {
    lock.withLock { timerSlot.takeSpent() }?.cancel()
  }

  /// Schedules a repeating timer at `date` and every `interval` after, replacing the current
  /// one; each firing calls `scheduledWorkDue` with its tag.
  @inlinable func startRepeatingTimer<S: Scheduler>(
    at date: SchedulerTime, interval: SchedulerTime.Stride, on scheduler: S, options: S.SchedulerOptions?
  ) {
    let (tag, replaced) = lock.withLock { timerSlot.next() }
    replaced?.cancel()
    let token = scheduleRepeatingWork(on: scheduler, at: date, interval: interval, options: options, tag: tag)
    if !lock.withLock({ timerSlot.keep(token, tag: tag) }) { token.cancel() }
  }

  /// Stops the current timer and keeps none from now on.
  @inlinable func closeTimer() {
    lock.withLock { timerSlot.close() }?.cancel()
  }
}
