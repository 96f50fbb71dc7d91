import Observation
import Synchronization

/// The subscription of `Observed`: runs the expression under Observation's tracking, schedules
/// the next run on the scheduler when what it read changes, and delivers each value through a
/// `SerialDelivery` that keeps the latest one for demand.
///
/// Lifetime: Observation holds only a `TrackingToken` (a weak reference to this subscription and
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
  /// The thread inside `scheduler.schedule(_:)` for a run, while that call lasts.
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
    deliver(run())
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

  /// Runs the expression under tracking, as the next generation.
  ///
  /// The token lives until the value is delivered: when the run installed no tracking (it read
  /// nothing observable), the token's end then finishes the publisher after that value.
  func run() -> (Run, TrackingToken?) {
    let next = lock.withLock { () -> (read: () -> Value?, generation: UInt64)? in
      runScheduled = false
      guard let read else { return nil }
      generation &+= 1
      return (read, generation)
    }
    guard let next else { return (.ended, nil) }
    let token = TrackingToken(owner: self, generation: next.generation)
    let value = withObservationTracking(next.read, onChange: token.changed)
    return (value.map(Run.value) ?? .gone, token)
  }

  /// Delivers what a run gave; finishes when what it reads is gone.
  func deliver(_ outcome: (Run, TrackingToken?)) {
    withExtendedLifetime(outcome.1) {
      switch outcome.0 {
      case .value(let value): delivery.receive(value)
      case .gone: finish()
      case .ended: break
      }
    }
  }

  func finish() {
    let read = end()
    delivery.receive(completion: .finished)
    withExtendedLifetime(read) {}
  }

  /// A change of what the run of `generation` read: schedules the next run, unless one is.
  func trackedValueWillChange(generation: UInt64) {
    let schedules = lock.withLock { () -> Bool in
      guard read != nil, generation == self.generation, !runScheduled else { return false }
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
      runDue()
    } else {
      finishDue(generation: tag)
    }
  }

  /// The scheduled run. A scheduler that runs it inside `schedule(_:)` runs it inside the
  /// change, before the new value is stored: the run then goes to the main queue.
  func runDue() {
    let inline = lock.withLock { schedulingThread == currentThreadID() }
    if inline {
      MainScheduler.shared.schedule(weak: self, tag: Self.runTag)
      return
    }
    deliver(run())
  }

  /// The tracking of `generation` was dropped without a change: every object it watched is
  /// gone, or it watched none. Nothing can change any more, so the publisher finishes, on the
  /// scheduler.
  func trackingEnded(generation: UInt64) {
    let ends = lock.withLock { read != nil && generation == self.generation && !runScheduled }
    guard ends else { return }
    scheduler.schedule(weak: self, tag: generation)
  }

  func finishDue(generation: UInt64) {
    let ends = lock.withLock { read != nil && generation == self.generation && !runScheduled }
    if ends { finish() }
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
  /// Something the run of `generation` read is about to change.
  func trackedValueWillChange(generation: UInt64)
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

  /// Observation's change handler.
  @Sendable func changed() {
    reported.store(true, ordering: .releasing)
    owner?.trackedValueWillChange(generation: generation)
  }

  deinit {
    if !reported.load(ordering: .acquiring) { owner?.trackingEnded(generation: generation) }
  }
}
