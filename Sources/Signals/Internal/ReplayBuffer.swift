/// The last `capacity` values, oldest first, for subjects that replay to new subscribers.
/// Amortized O(1) per value; capacity 0 keeps nothing and costs a branch. Not thread-safe.
@usableFromInline
struct ReplayBuffer<Element> {
  @usableFromInline let capacity: Int
  @usableFromInline var storage: ContiguousArray<Element> = []
  @usableFromInline var start = 0

  @inlinable init(capacity: Int) { self.capacity = Swift.max(0, capacity) }

  /// Keeps `element`, dropping the oldest beyond `capacity`. The capacity check is inlined
  /// where it is called, so a subject that replays nothing pays one branch per value, not a call.
  @inlinable @inline(__always) mutating func append(_ element: Element) {
    guard capacity > 0 else { return }
    keep(element)
  }

  @inlinable mutating func keep(_ element: Element) {
    if capacity == 1 && storage.count == 1 && start == 0 {
      // A current value (`CurrentValueSubject`): replaced in place, with no shifting.
      storage[0] = element
      return
    }
    storage.append(element)
    if storage.count &- start > capacity {
      start &+= 1
      if start > 32 && start &* 2 > storage.count {
        storage.removeFirst(start)
        start = 0
      }
    }
  }

  @inlinable var elements: ArraySlice<Element> { storage[start...].dropFirst(0) }
  @inlinable var isEmpty: Bool { storage.count == start }
  @inlinable var last: Element? { isEmpty ? nil : storage[storage.count &- 1] }
  @inlinable var first: Element? { isEmpty ? nil : storage[start] }
  @inlinable var count: Int { storage.count &- start }

  /// Drops the oldest element; releases the storage once empty.
  @inlinable mutating func removeFirst() {
    guard !isEmpty else { return }
    start &+= 1
    if start == storage.count {
      storage = []
      start = 0
    }
  }
}
