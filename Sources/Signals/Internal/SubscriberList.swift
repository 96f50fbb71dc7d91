/// An ordered set of subscribers keyed by increasing ids, for the types that fan out (subjects,
/// `share`, `multicast`).
///
/// Iteration order is subscription order. Removal is O(log n): the slot becomes empty, the
/// storage is compacted once more than half of it is empty and reset once all of it is, so
/// cancelling many subscribers in any order stays linear. `snapshot` shares storage with the
/// list (copy-on-write), so taking one per value costs a retain, not a copy. Not thread-safe: its owner guards it with its lock.
@usableFromInline
struct SubscriberList<Element> {
  @usableFromInline var ids: ContiguousArray<UInt64> = []
  @usableFromInline var slots: ContiguousArray<Element?> = []
  @usableFromInline var empty = 0
  @usableFromInline var nextID: UInt64 = 0

  @inlinable init() {}

  /// The number of subscribers in the list.
  @inlinable var count: Int { slots.count - empty }

  /// The id the next `append` will use.
  @inlinable mutating func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Appends `element` under `id`, which must be greater than every id in the list.
  @inlinable mutating func append(_ element: Element, id: UInt64) {
    ids.append(id)
    slots.append(element)
  }

  /// The element under `id`, or `nil` if it is not in the list.
  @inlinable func element(id: UInt64) -> Element? {
    let index = position(of: id)
    guard index < ids.count, ids[index] == id else { return nil }
    return slots[index]
  }

  /// The index of `id` in `ids`, or where it would go.
  @inlinable func position(of id: UInt64) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let mid = (low &+ high) >> 1
      if ids[mid] < id { low = mid &+ 1 } else { high = mid }
    }
    return low
  }

  /// Removes and returns the element under `id`, or `nil` if it is not in the list.
  /// Release what it returns after unlocking.
  @inlinable mutating func remove(id: UInt64) -> Element? {
    var low = 0
    var high = ids.count
    while low < high {
      let mid = (low &+ high) >> 1
      if ids[mid] < id { low = mid &+ 1 } else { high = mid }
    }
    guard low < ids.count, ids[low] == id, let element = slots[low] else { return nil }
    slots[low] = nil
    empty &+= 1
    if empty == slots.count {
      // Empty now. Small storage is kept, so a subscriber that comes and goes (a screen shown
      // again and again) costs no reallocation; large storage is released.
      if slots.count == 1 && slots.capacity <= 16 {
        // The one subscriber left (a subscription made and cancelled again and again): cheaper
        // than `removeAll`, which goes through a general range replacement.
        ids.removeLast()
        slots.removeLast()
      } else {
        let keep = slots.capacity <= 16
        ids.removeAll(keepingCapacity: keep)
        slots.removeAll(keepingCapacity: keep)
      }
      empty = 0
    } else if empty > 8 && empty &* 2 > slots.count {
      compact()
    }
    return element
  }

  @usableFromInline mutating func compact() {
    var keptIDs = ContiguousArray<UInt64>()
    var kept = ContiguousArray<Element?>()
    keptIDs.reserveCapacity(count)
    kept.reserveCapacity(count)
    for index in slots.indices where slots[index] != nil {
      keptIDs.append(ids[index])
      kept.append(slots[index])
    }
    ids = keptIDs
    slots = kept
    empty = 0
  }

  /// Empties the list and returns what it held, in order. Release it after unlocking.
  @inlinable mutating func removeAll() -> ContiguousArray<Element?> {
    let all = slots
    ids = []
    slots = []
    empty = 0
    return all
  }

  /// The current subscribers, with empty slots, sharing storage with the list.
  @inlinable var snapshot: ContiguousArray<Element?> { slots }
}
