import Signals

/// A scheduler on virtual time: nothing runs until the test advances the clock.
///
/// It lives in SignalsVirtualTime, which imports neither Testing nor Foundation, so a shipped
/// program may run on it too (the demos' script mode does); SignalsTesting re-exports it.
///
/// `now` starts at `SchedulerTime.zero`. `advance(by:)` and `advance(to:)` run, in time order,
/// the work due up to the new instant, moving `now` to each action's time as it runs; work due
/// at the same instant runs in the order it was scheduled, including work scheduled by the
/// actions themselves; repeating work keeps the place of its first scheduling (as
/// combine-schedulers' `TestScheduler` does: of two timers due together, the older fires first). Nothing depends on wall-clock time, so tests never sleep and never flake.
///
/// Threading: safe to use from any thread; actions run on the thread that advances the clock,
/// never inside its lock, so they may schedule more work. Bad input: a date in the past runs at
/// `now`; a repeating interval below one nanosecond counts as one nanosecond; repeating work
/// whose next run would fall past the last representable instant stops repeating.
public final class TestScheduler: Scheduler {
  struct Item {
    var time: SchedulerTime
    var sequence: UInt64
    let id: UInt64
    let interval: SchedulerTime.Stride?
    let action: @Sendable () -> Void

    func runsBefore(_ other: Item) -> Bool {
      (time, sequence) < (other.time, other.sequence)
    }
  }

  struct State {
    var now: SchedulerTime
    var heap: [Item] = []
    var nextSequence: UInt64 = 0
    var nextID: UInt64 = 0
  }

  let state: Guarded<State>

  /// The length of one frame (`-`) in a marble diagram on this scheduler.
  public let frameDuration: SchedulerTime.Stride

  /// Makes a scheduler whose clock reads `now` (zero by default), with marble frames of
  /// `frameDuration` (one millisecond by default).
  ///
  /// - Parameters:
  ///   - now: The time the clock starts at.
  ///   - frameDuration: The length of one marble frame; at least `.minimumInterval`.
  public init(now: SchedulerTime = .zero, frameDuration: SchedulerTime.Stride = .milliseconds(1)) {
    state = Guarded(State(now: now))
    self.frameDuration = max(frameDuration, .minimumInterval)
  }

  /// The virtual time.
  public var now: SchedulerTime { state.withLock { $0.now } }

  /// The number of actions waiting to run, repeating ones counted once.
  public var pendingCount: Int { state.withLock { $0.heap.count } }

  /// Whether any action is waiting to run.
  public var hasPendingWork: Bool { pendingCount > 0 }

  /// The instant of the next waiting action, if any.
  public var nextDueTime: SchedulerTime? {
    state.withLock { $0.heap.first?.time }
  }

  /// Runs `action` at the current virtual time, after the work already due then.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    _ = enqueue(at: nil, interval: nil, action)
  }

  /// Runs `action` when the clock reaches `date` (at `now`, if `date` has passed).
  @discardableResult
  public func schedule(after date: SchedulerTime, _ action: @escaping @Sendable () -> Void) -> any Cancellable
  {
    enqueue(at: date, interval: nil, action)
  }

  /// Runs `action` at `date` and then every `interval` until the token is cancelled.
  public func schedule(
    after date: SchedulerTime, interval: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    enqueue(at: date, interval: max(interval, .minimumInterval), action)
  }

  private func enqueue(
    at date: SchedulerTime?, interval: SchedulerTime.Stride?, _ action: @escaping @Sendable () -> Void
  ) -> TestSchedulerToken {
    let id = state.withLock { state in
      state.nextID += 1
      state.nextSequence += 1
      let time = max(date ?? state.now, state.now)
      state.push(
        Item(time: time, sequence: state.nextSequence, id: state.nextID, interval: interval, action: action))
      return state.nextID
    }
    return TestSchedulerToken(scheduler: self, id: id)
  }

  func cancel(id: UInt64) {
    let removed = state.withLock { $0.remove(id: id) }
    withExtendedLifetime(removed) {}
  }

  /// Moves the clock forward by `interval`, running the work due on the way.
  /// A negative interval does nothing.
  ///
  /// - Parameter interval: How far to move the clock.
  public func advance(by interval: SchedulerTime.Stride = .zero) {
    advance(to: now.advanced(by: max(interval, .zero)))
  }

  /// Moves the clock to `instant`, running the work due up to it, in order.
  /// An instant in the past runs only the work due now.
  ///
  /// - Parameter instant: The time to move the clock to.
  public func advance(to instant: SchedulerTime) {
    while let action = state.withLock({ $0.popDue(upTo: instant) }) {
      action()
    }
    state.withLock { $0.now = max($0.now, instant) }
  }

  /// Runs all waiting work, moving the clock to each action's time, until none is left.
  ///
  /// Repeating work never runs out, so this stops after `maxActions` actions and returns how
  /// many it ran; cancel timers first, or use `advance(by:)`, to end a test exactly.
  ///
  /// - Parameter maxActions: The most actions to run.
  /// - Returns: How many actions ran.
  @discardableResult
  public func run(maxActions: Int = 1_000_000) -> Int {
    var ran = 0
    while ran < maxActions, let action = state.withLock({ $0.popDue(upTo: nil) }) {
      action()
      ran += 1
    }
    return ran
  }
}

extension TestScheduler.State {
  /// Removes and returns the next action due by `limit` (any, if `nil`), moving the clock to it.
  mutating func popDue(upTo limit: SchedulerTime?) -> (@Sendable () -> Void)? {
    guard let first = heap.first, limit.map({ first.time <= $0 }) ?? true else { return nil }
    var item = removeFirst()
    now = max(now, item.time)
    // Repeating work whose next time would pass the last representable instant has run for the
    // last time: saturating it there would run it forever without the clock moving.
    if let interval = item.interval {
      let (next, overflow) = item.time.nanoseconds.addingReportingOverflow(interval.nanoseconds)
      if !overflow {
        // It keeps the place of its first scheduling among work due at the same instant, as
        // combine-schedulers' `TestScheduler` does (two timers due together fire in the order
        // they were made).
        item.time = SchedulerTime(nanoseconds: next)
        push(item)
      }
    }
    return item.action
  }

  mutating func push(_ item: TestScheduler.Item) {
    heap.append(item)
    siftUp(heap.count - 1)
  }

  mutating func removeFirst() -> TestScheduler.Item {
    heap.swapAt(0, heap.count - 1)
    let item = heap.removeLast()
    if !heap.isEmpty { siftDown(0) }
    return item
  }

  mutating func remove(id: UInt64) -> TestScheduler.Item? {
    guard let index = heap.firstIndex(where: { $0.id == id }) else { return nil }
    heap.swapAt(index, heap.count - 1)
    let item = heap.removeLast()
    if index < heap.count {
      siftDown(index)
      siftUp(index)
    }
    return item
  }

  mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].runsBefore(heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < heap.count && heap[left].runsBefore(heap[first]) { first = left }
      if right < heap.count && heap[right].runsBefore(heap[first]) { first = right }
      if first == parent { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}

/// Cancels one piece of work scheduled on a `TestScheduler`.
struct TestSchedulerToken: Cancellable {
  let scheduler: TestScheduler
  let id: UInt64
  func cancel() { scheduler.cancel(id: id) }
}
