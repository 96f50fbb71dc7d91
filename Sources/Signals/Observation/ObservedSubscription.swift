import Synchronization

// Observation's `didSet` tracking is SPI (SwiftUI's): the public `withObservationTracking`
// reports a change before the new value is stored, too early for a read on another thread.
// The toolchains of swift.org ship it; Apple's SDKs ship Observation's public interface only,
// so there the bridge uses the public `willSet` tracking (see `Observed`'s "Threading").
#if canImport(Darwin) || SIGNALS_OBSERVATION_PUBLIC_TRACKING
  import Observation
#else
  @_spi(SwiftUI) import Observation
#endif

/// The subscription of `Observed`: runs the expression under Observation's tracking, schedules
/// the next run on the scheduler once a change of what it read is stored, and delivers each
/// value through a `SerialDelivery` that keeps the latest one for demand.
///
/// Every run reads the expression twice: the first read registers what it read, the second
/// runs after that registration and gives the value. A change stored before the registration is
/// seen by the second read; one stored after it is reported. A change is reported after its
/// store (`didSet`; before it with Apple's SDKs, see `Observed`), so the run it schedules, on
/// any thread, reads the stored value. Runs never overlap: a change reported while one runs
/// makes that run go again once it has delivered, so values go out in the order they were read
/// and the last one is the model's last.
///
/// Lifetime: Observation holds only `TrackingToken`s (a weak reference to this subscription and
/// the run's generation); scheduled runs hold this subscription weakly. So the subscriber owns
/// the subscription alone, and cancelling it releases the expression at once.
final class ObservedSubscription<Downstream: Subscriber>: Subscription, ObservationTokenOwner,
  ScheduledWorkTarget, @unchecked Sendable
where Downstream.Failure == Never {
  // @unchecked: the `var`s are touched only inside `lock`; the expression leaves the lock to run.
  typealias Value = Downstream.Input

  /// What a run gave.
  enum Run {
    case value(Value)
    /// What the expression reads is gone: the publisher finishes.
    case gone
    /// The subscription ended (cancelled or finished): nothing to do.
    case ended
  }

  let delivery: SerialDelivery<Downstream>
  let scheduler: any Scheduler
  let lock = Lock()
  /// The expression; `nil` once the subscription ended.
  @exclusivity(unchecked) var read: (() -> Value?)?
  /// Counts the runs; a token reports only for the latest.
  @exclusivity(unchecked) var generation: UInt64 = 0
  /// Whether a run is scheduled and has not started yet (further changes add nothing).
  @exclusivity(unchecked) var runScheduled = false
  /// Whether a run is reading or delivering (on one thread at a time).
  @exclusivity(unchecked) var running = false
  /// Whether a change was reported while a run was running: that run goes again.
  @exclusivity(unchecked) var runsAgain = false
  /// The thread inside `scheduler.schedule(_:)` for a run, while that call lasts (with the
  /// public tracking only, where a change is reported before its store).
  @exclusivity(unchecked) var schedulingThread: UInt = 0
  let live = LiveSubscription(subscriber: Downstream.self)

  init(_ downstream: Downstream, scheduler: any Scheduler, read: @escaping () -> Value?) {
    delivery = SerialDelivery(downstream, overflow: .keepLatest)
    self.scheduler = scheduler
    self.read = read
  }

  /// Gives the subscriber this subscription, then runs the expression for the first value.
  func start() {
    delivery.receive(subscription: self)
    runAndDeliver()
  }

  func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  func cancel() {
    let read = end()
    delivery.cancel()
    withExtendedLifetime(read) {}
  }

  /// Marks the subscription ended; returns the expression, to be released outside the lock.
  func end() -> (() -> Value?)? {
    lock.withLock {
      defer { read = nil }
      return read
    }
  }

  /// Runs the expression and delivers what it gave, again while changes were reported during
  /// the run. The tokens live until the run has ended: when a run installed no tracking (it
  /// read nothing observable), their end then finishes the publisher after that value.
  func runAndDeliver() {
    while true {
      let outcome = run()
      let again = withExtendedLifetime(outcome.tokens) { () -> Bool in
        deliver(outcome.run)
        return lock.withLock {
          if runsAgain, read != nil {
            runsAgain = false
            return true
          }
          running = false
          return false
        }
      }
      if !again { return }
    }
  }

  /// Runs the expression as the next generation: once under tracking, to register what it
  /// reads, then once more under tracking for the value (see the type's comment).
  func run() -> (run: Run, tokens: (TrackingToken, TrackingToken)?) {
    let next = lock.withLock { () -> (read: () -> Value?, generation: UInt64)? in
      runScheduled = false
      guard let read else {
        running = false
        return nil
      }
      running = true
      generation &+= 1
      return (read, generation)
    }
    guard let next else { return (.ended, nil) }
    let registering = TrackingToken(owner: self, generation: next.generation)
    let reading = TrackingToken(owner: self, generation: next.generation)
    #if canImport(Darwin) || SIGNALS_OBSERVATION_PUBLIC_TRACKING
      _ = withObservationTracking(next.read, onChange: registering.changedBeforeStore)
      let value = withObservationTracking(next.read, onChange: reading.changedBeforeStore)
    #else
      _ = withObservationTracking(next.read, didSet: registering.changed)
      let value = withObservationTracking(next.read, didSet: reading.changed)
    #endif
    return (value.map(Run.value) ?? .gone, (registering, reading))
  }

  /// Delivers what a run gave; finishes when what it reads is gone.
  func deliver(_ run: Run) {
    switch run {
    case .value(let value): delivery.receive(value)
    case .gone: finish()
    case .ended: break
    }
  }

  func finish() {
    let read = end()
    delivery.receive(completion: .finished)
    withExtendedLifetime(read) {}
  }

  /// A change of what the run of `generation` read has been stored: schedules the next run,
  /// unless one is scheduled, or makes the running run go again.
  func trackedValueChanged(generation: UInt64) {
    let schedules = lock.withLock { () -> Bool in
      guard read != nil, generation == self.generation else { return false }
      if running {
        runsAgain = true
        return false
      }
      guard !runScheduled else { return false }
      runScheduled = true
      schedulingThread = currentThreadID()
      return true
    }
    guard schedules else { return }
    scheduler.schedule(weak: self, tag: Self.runTag)
    lock.withLock { schedulingThread = 0 }
  }

  /// The tag of a scheduled run; any other tag is the generation a scheduled finish is for
  /// (generations start at 1).
  static var runTag: UInt64 { 0 }

  func scheduledWorkDue(_ tag: UInt64) {
    if tag == Self.runTag {
      #if canImport(Darwin) || SIGNALS_OBSERVATION_PUBLIC_TRACKING
        // With the public tracking a change is reported before its store: a scheduler that runs
        // the action inside `schedule(_:)` would read the old value, so the run goes to the
        // main queue instead.
        if lock.withLock({ schedulingThread == currentThreadID() }) {
          MainScheduler.shared.schedule(weak: self, tag: Self.runTag)
          return
        }
      #endif
      runAndDeliver()
    } else {
      finishDue(generation: tag)
    }
  }

  /// The tracking of `generation` was dropped without a change: every object it watched is
  /// gone, or it watched none. Nothing can change any more, so the publisher finishes, on the
  /// scheduler.
  func trackingEnded(generation: UInt64) {
    let ends = lock.withLock { endsNow(generation) }
    guard ends else { return }
    scheduler.schedule(weak: self, tag: generation)
  }

  func finishDue(generation: UInt64) {
    let ends = lock.withLock { endsNow(generation) }
    if ends { finish() }
  }

  /// Whether the run of `generation` is the last one and nothing will run after it (call
  /// inside `lock`).
  func endsNow(_ generation: UInt64) -> Bool {
    read != nil && generation == self.generation && !runScheduled && !running
  }
}

extension Scheduler {
  /// Calls `target.scheduledWorkDue(tag)` as soon as possible, unless `target` is gone by then.
  fileprivate func schedule(weak target: any ScheduledWorkTarget, tag: UInt64) {
    schedule { [weak target] in target?.scheduledWorkDue(tag) }
  }
}

/// What a `TrackingToken` reports to.
protocol ObservationTokenOwner: AnyObject, Sendable {
  /// A change of something the run of `generation` read was reported (after its store, but
  /// with Apple's SDKs before it).
  func trackedValueChanged(generation: UInt64)
  /// Observation dropped the tracking of `generation` without reporting a change.
  func trackingEnded(generation: UInt64)
}

/// What Observation holds for one run of an `Observed` expression: its change handler captures
/// this token and nothing else. The token holds its subscription weakly, and tells it when the
/// tracking is dropped unreported (its last holder, an observed object, went away).
final class TrackingToken: Sendable {
  weak let owner: (any ObservationTokenOwner)?
  let generation: UInt64
  let reported = Atomic<Bool>(false)

  init(owner: any ObservationTokenOwner, generation: UInt64) {
    self.owner = owner
    self.generation = generation
  }

  #if canImport(Darwin) || SIGNALS_OBSERVATION_PUBLIC_TRACKING
    /// Observation's public handler, called before the change is stored; it reports once.
    @Sendable func changedBeforeStore() {
      reported.store(true, ordering: .releasing)
      owner?.trackedValueChanged(generation: generation)
    }
  #else
    /// Observation's handler, called after the change is stored: the tracking reports once.
    @Sendable func changed(_ tracking: ObservationTracking) {
      tracking.cancel()
      reported.store(true, ordering: .releasing)
      owner?.trackedValueChanged(generation: generation)
    }
  #endif

  deinit {
    if !reported.load(ordering: .acquiring) { owner?.trackingEnded(generation: generation) }
  }
}
