/// The storage of a `SubscriberList`, and the only code that knows its encoding: one word per
/// slot, either a live element's address (the slots hold a retain on it) or a tombstone,
/// `id << 1 | 1`, that keeps a removed element's id so the list's search still works (addresses
/// are even). The list's own code, its order, search and compaction, is written against this
/// type and touches no pointer.
///
/// The slots live in memory this type allocates, so a reader can walk them in place with no
/// retain of a buffer (the list costs 8 bytes per subscriber plus the growth slack). It does not
/// know how many slots are in use, nor free anything by itself: the list passes the count and
/// calls `free` (and `releaseLive` first, when it still holds elements). Not thread-safe.
@usableFromInline
struct SubscriberSlots<Element: ListedByID> {
  @usableFromInline var base: UnsafeMutablePointer<UInt>?
  /// How many slots the storage has room for.
  @usableFromInline var capacity = 0

  @inlinable init() {}

  /// The live element in slot `index`, unretained, or `nil` for a tombstone.
  @inlinable func element(at index: Int) -> Unmanaged<Element>? {
    let slot = base.unsafelyUnwrapped[index]
    guard slot & 1 == 0, let address = UnsafeRawPointer(bitPattern: slot) else { return nil }
    return Unmanaged.fromOpaque(address)
  }

  /// The id of slot `index`, live or removed.
  @inlinable func id(at index: Int) -> UInt64 {
    let slot = base.unsafelyUnwrapped[index]
    guard let element = element(at: index) else { return UInt64(slot >> 1) }
    return element._withUnsafeGuaranteedRef { $0.id }
  }

  /// Whether slot `index` holds a live element.
  @inlinable func isLive(at index: Int) -> Bool { base.unsafelyUnwrapped[index] & 1 == 0 }

  /// Puts `element` in slot `index` (below `capacity`), retaining it.
  @inlinable func store(_ element: Element, at index: Int) {
    base.unsafelyUnwrapped[index] = UInt(bitPattern: Unmanaged.passRetained(element).toOpaque())
  }

  /// Turns slot `index` into the tombstone of `id`. The slots' retain on the element it held
  /// passes to the caller.
  @inlinable func bury(at index: Int, id: UInt64) {
    base.unsafelyUnwrapped[index] = UInt(truncatingIfNeeded: id) << 1 | 1
  }

  /// Copies slot `source` to slot `target`, whatever it holds.
  @inlinable func move(from source: Int, to target: Int) {
    base.unsafelyUnwrapped[target] = base.unsafelyUnwrapped[source]
  }

  /// Calls `body` with the live elements of the first `count` slots, in order, unretained.
  @inlinable func forEachLive(count: Int, _ body: (Unmanaged<Element>) throws -> Void) rethrows {
    guard base != nil else { return }
    for index in 0..<count {
      if let element = element(at: index) { try body(element) }
    }
  }

  /// Moves the first `count` slots to storage with room for `newCapacity` (at least `count`).
  @inlinable mutating func resize(to newCapacity: Int, keeping count: Int) {
    guard newCapacity != capacity else { return }
    let storage = UnsafeMutablePointer<UInt>.allocate(capacity: newCapacity)
    if let base {
      storage.initialize(from: base, count: count)
      base.deallocate()
    }
    base = storage
    capacity = newCapacity
  }

  /// Releases the live elements of the first `count` slots (their slots stay as they are).
  @inlinable func releaseLive(count: Int) {
    forEachLive(count: count) { $0.release() }
  }

  /// Releases the live elements of the first `count` slots and frees the storage (the owner's
  /// `deinit`: this value is not used after).
  @inlinable func releaseAndDeallocate(count: Int) {
    releaseLive(count: count)
    base?.deallocate()
  }

  /// Frees the storage; the slots' elements must have been released or handed on.
  @inlinable mutating func free() {
    base?.deallocate()
    base = nil
    capacity = 0
  }
}
