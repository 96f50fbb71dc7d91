/// A minimal virtual-time scheduler core for the closures and OpenCombine contenders of the
/// debounce scenario (Signals brings its own `TestScheduler`): a binary heap of actions ordered
/// by due time, then by scheduling order.
final class VirtualClock {
  struct Item {
    let due: Int64
    let order: Int
    let action: () -> Void
  }

  private(set) var now: Int64 = 0
  private var heap: [Item] = []
  private var nextOrder = 0
  private var cancelled: Set<Int> = []

  /// Schedules `action` at `due`; returns a token for `cancel`.
  @discardableResult
  func schedule(at due: Int64, _ action: @escaping () -> Void) -> Int {
    nextOrder += 1
    heap.append(Item(due: max(due, now), order: nextOrder, action: action))
    siftUp(heap.count - 1)
    return nextOrder
  }

  func cancel(_ token: Int) { cancelled.insert(token) }

  /// Runs everything due up to `time`, then sets the clock to `time`.
  func advance(to time: Int64) {
    while let first = heap.first, first.due <= time {
      let item = popFirst()
      now = item.due
      if cancelled.remove(item.order) == nil { item.action() }
    }
    now = max(now, time)
  }

  /// Runs everything scheduled, however far ahead.
  func run() {
    while let first = heap.first { advance(to: first.due) }
  }

  private func precedes(_ a: Item, _ b: Item) -> Bool { (a.due, a.order) < (b.due, b.order) }

  private func popFirst() -> Item {
    heap.swapAt(0, heap.count - 1)
    let item = heap.removeLast()
    var index = 0
    while true {
      let left = 2 * index + 1
      let right = left + 1
      var smallest = index
      if left < heap.count, precedes(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count, precedes(heap[right], heap[smallest]) { smallest = right }
      if smallest == index { return item }
      heap.swapAt(index, smallest)
      index = smallest
    }
  }

  private func siftUp(_ start: Int) {
    var index = start
    while index > 0 {
      let parent = (index - 1) / 2
      guard precedes(heap[index], heap[parent]) else { return }
      heap.swapAt(index, parent)
      index = parent
    }
  }
}

/// The debounce scenario's input: bursts of 10 values one tick apart, then 50 quiet ticks.
enum DebounceInput {
  static let burst = 10
  static let gapTicks: Int64 = 50
  static let debounceTicks: Int64 = 20
  /// One tick, in nanoseconds (the schedulers' unit).
  static let tick: Int64 = 1_000_000

  /// Calls `send(value, at:)` for every value of `count`, in time order.
  static func drive(count: Int, _ send: (Int, Int64) -> Void) {
    var time: Int64 = 0
    var value = 0
    while value < count {
      for _ in 0..<burst where value < count {
        send(value, time)
        value += 1
        time += tick
      }
      time += gapTicks * tick
    }
  }
}
