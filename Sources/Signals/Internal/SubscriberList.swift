/// An ordered set of subscribers keyed by increasing ids, for the types that fan out (subjects,
/// `share`, `multicast`).
///
/// Iteration order is subscription order. Removal is O(log n): the slot becomes empty, the slots
/// are compacted once more than half of them are empty and reset once all of them are, so
/// cancelling many subscribers in any order stays linear.
///
/// The slots live in memory the list allocates itself (`base`), not in an array, so that a
/// reader can walk them in place (`withSlots`) with no retain of a buffer. Not thread-safe: its
/// owner guards it (`Broadcaster` lets only the thread that delivers change it, and that thread
/// reads it outside its lock).
@usableFromInline
struct SubscriberList<Element>: ~Copyable {
  /// The id of each slot, in order.
  @usableFromInline var ids: ContiguousArray<UInt64> = []
  /// The slots, `slotCount` of them initialized (an empty slot is `nil`), room for `capacity`.
  @usableFromInline var base: UnsafeMutablePointer<Element?>?
  @usableFromInline var slotCount = 0
  @usableFromInline var capacity = 0
  @usableFromInline var empty = 0
  @usableFromInline var nextID: UInt64 = 0

  /// Storage this small is kept when the list empties: a subscriber that comes and goes (a
  /// screen shown again and again) costs no reallocation.
  @inlinable static var keptCapacity: Int { 16 }

  @inlinable init() {}

  @inlinable deinit { release() }

  /// The number of subscribers in the list.
  @inlinable var count: Int { slotCount - empty }

  /// The id the next `append` will use.
  @inlinable mutating func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Appends `element` under `id`, which must be greater than every id in the list.
  @inlinable mutating func append(_ element: Element, id: UInt64) {
    if slotCount == capacity { resize(to: Swift.max(4, capacity &* 2)) }
    (base.unsafelyUnwrapped + slotCount).initialize(to: element)
    slotCount &+= 1
    ids.append(id)
  }

  /// Calls `body` with the slots in order, in place (empty slots are `nil`).
  @inlinable func withSlots<R>(_ body: (UnsafeBufferPointer<Element?>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: slotCount))
  }

  /// The element under `id`, or `nil` if it is not in the list.
  @inlinable func element(id: UInt64) -> Element? {
    let index = position(of: id)
    guard index < ids.count, ids[index] == id else { return nil }
    return base.unsafelyUnwrapped[index]
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
    let index = position(of: id)
    guard index < ids.count, ids[index] == id, let element = base.unsafelyUnwrapped[index] else { return nil }
    base.unsafelyUnwrapped[index] = nil
    empty &+= 1
    if empty == slotCount {
      reset()
    } else if empty > 8 && empty &* 2 > slotCount {
      compact()
    }
    return element
  }

  /// Moves the occupied slots together, in order, and shrinks the storage to twice their number.
  @inlinable mutating func compact() {
    let slots = base.unsafelyUnwrapped
    var kept = 0
    for index in 0..<slotCount {
      guard let element = (slots + index).move() else { continue }
      (slots + kept).initialize(to: element)
      ids[kept] = ids[index]
      kept &+= 1
    }
    ids.removeLast(slotCount &- kept)
    slotCount = kept
    empty = 0
    resize(to: Swift.max(Self.keptCapacity, kept &* 2))
  }

  /// Empties the list and returns what it held, in order. Release it after unlocking.
  @inlinable mutating func removeAll() -> ContiguousArray<Element?> {
    let all = withSlots { ContiguousArray($0) }
    release()
    base = nil
    slotCount = 0
    capacity = 0
    empty = 0
    ids = []
    return all
  }

  /// Every slot is empty: forgets them, keeping small storage.
  @inlinable mutating func reset() {
    base?.deinitialize(count: slotCount)
    slotCount = 0
    empty = 0
    if capacity <= Self.keptCapacity {
      ids.removeAll(keepingCapacity: true)
    } else {
      base?.deallocate()
      base = nil
      capacity = 0
      ids = []
    }
  }

  /// Moves the slots to storage with room for `newCapacity` (at least `slotCount`).
  @inlinable mutating func resize(to newCapacity: Int) {
    guard newCapacity != capacity else { return }
    let storage = UnsafeMutablePointer<Element?>.allocate(capacity: newCapacity)
    if let base {
      storage.moveInitialize(from: base, count: slotCount)
      base.deallocate()
    }
    base = storage
    capacity = newCapacity
  }

  /// Deinitializes and frees the slots.
  @inlinable func release() {
    guard let base else { return }
    base.deinitialize(count: slotCount)
    base.deallocate()
  }
}
