import Synchronization

/// A subscriber's outstanding demand, lock-free: requests add to it from any thread, the one
/// delivering thread takes from it. Stored as `Subscribers.Demand.rawValue`.
@usableFromInline
struct AtomicDemand: ~Copyable, Sendable {
  @usableFromInline let raw = Atomic<UInt>(0)

  @inlinable init() {}

  /// Whether `.unlimited` was requested: then nothing needs counting. One relaxed load.
  @inlinable @inline(__always) var isUnlimited: Bool {
    raw.load(ordering: .relaxed) == Subscribers.Demand.unlimitedRaw
  }

  /// The demand now.
  @inlinable var value: Subscribers.Demand { Subscribers.Demand(rawValue: raw.load(ordering: .acquiring)) }

  /// Adds `more`, saturating at unlimited.
  @inlinable func add(_ more: Subscribers.Demand) {
    guard more.rawValue > 0 else { return }
    var current = raw.load(ordering: .relaxed)
    while current != Subscribers.Demand.unlimitedRaw {
      let next = (Subscribers.Demand(rawValue: current) + more).rawValue
      let (exchanged, original) = raw.compareExchange(
        expected: current, desired: next, ordering: .acquiringAndReleasing)
      if exchanged { return }
      current = original
    }
  }

  /// Takes one; returns `false` if there was none. Only the delivering thread takes, so
  /// nothing else takes meanwhile.
  @inlinable func take() -> Bool {
    var current = raw.load(ordering: .acquiring)
    while true {
      if current == Subscribers.Demand.unlimitedRaw { return true }
      if current == 0 { return false }
      let (exchanged, original) = raw.compareExchange(
        expected: current, desired: current &- 1, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
  }
}
