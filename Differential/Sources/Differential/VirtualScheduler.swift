import OpenCombine

/// A virtual-time scheduler for OpenCombine (which ships none), written for this package and
/// independent of Signals' `TestScheduler`: time is a count of ticks; work due at the same tick
/// runs in the order it was scheduled; `schedule(options:_:)` runs at the current tick on the
/// next `advance`, not at once. Single-threaded: the case runs on one thread.
final class VirtualScheduler: OpenCombine.Scheduler {
  /// An instant, in ticks.
  struct Time: Strideable, Hashable {
    var ticks: Int64

    func distance(to other: Time) -> Stride { Stride(ticks: other.ticks - ticks) }
    func advanced(by interval: Stride) -> Time { Time(ticks: ticks + interval.ticks) }
  }

  /// A span of ticks. The `SchedulerTimeIntervalConvertible` spellings count one tick per
  /// millisecond (the Signals side's `TestScheduler` runs on milliseconds too).
  struct Stride: SignedNumeric, Comparable, Hashable, SchedulerTimeIntervalConvertible {
    var ticks: Int64

    init(ticks: Int64) { self.ticks = ticks }
    init(integerLiteral value: Int64) { ticks = value }
    init?<T: BinaryInteger>(exactly source: T) {
      guard let value = Int64(exactly: source) else { return nil }
      ticks = value
    }

    var magnitude: Stride { Stride(ticks: Swift.abs(ticks)) }

    static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.ticks < rhs.ticks }
    static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(ticks: lhs.ticks + rhs.ticks) }
    static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(ticks: lhs.ticks - rhs.ticks) }
    static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(ticks: lhs.ticks * rhs.ticks) }
    static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
    static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
    static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

    static func seconds(_ s: Int) -> Stride { Stride(ticks: Int64(s) * 1000) }
    static func seconds(_ s: Double) -> Stride { Stride(ticks: Int64((s * 1000).rounded())) }
    static func milliseconds(_ ms: Int) -> Stride { Stride(ticks: Int64(ms)) }
    static func microseconds(_ us: Int) -> Stride { Stride(ticks: Int64(us / 1000)) }
    static func nanoseconds(_ ns: Int) -> Stride { Stride(ticks: Int64(ns / 1_000_000)) }
  }

  typealias SchedulerTimeType = Time
  typealias SchedulerOptions = Never

  private struct Item {
    var due: Int64
    var order: Int
    let id: Int
    let interval: Int64?
    let action: () -> Void
  }

  private(set) var now = Time(ticks: 0)
  var minimumTolerance: Stride { Stride(ticks: 0) }
  /// Pending work, kept sorted by (due, order); cases schedule a handful of items at most.
  private var items: [Item] = []
  private var nextOrder = 0

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    _ = enqueue(at: now.ticks, interval: nil, action)
  }

  func schedule(after date: Time, tolerance: Stride, options: Never?, _ action: @escaping () -> Void) {
    _ = enqueue(at: date.ticks, interval: nil, action)
  }

  func schedule(
    after date: Time, interval: Stride, tolerance: Stride, options: Never?, _ action: @escaping () -> Void
  ) -> OpenCombine.Cancellable {
    let id = enqueue(at: date.ticks, interval: Swift.max(interval.ticks, 1), action)
    return AnyCancellable { [weak self] in self?.items.removeAll { $0.id == id } }
  }

  private func enqueue(at due: Int64, interval: Int64?, _ action: @escaping () -> Void) -> Int {
    nextOrder += 1
    insert(
      Item(
        due: Swift.max(due, now.ticks), order: nextOrder, id: nextOrder, interval: interval, action: action))
    return nextOrder
  }

  private func insert(_ item: Item) {
    let index = items.firstIndex { ($0.due, $0.order) > (item.due, item.order) } ?? items.count
    items.insert(item, at: index)
  }

  /// Runs everything due up to `ticks` (the clock reads each item's due time while it runs),
  /// then sets the clock to `ticks`.
  func advance(to ticks: Int64) {
    while let first = items.first, first.due <= ticks {
      var item = items.removeFirst()
      now = Time(ticks: Swift.max(now.ticks, item.due))
      if let interval = item.interval {
        nextOrder += 1
        item.due += interval
        item.order = nextOrder
        insert(item)
      }
      item.action()
    }
    now = Time(ticks: Swift.max(now.ticks, ticks))
  }
}
