/// An element of a `SubscriberList`: it carries its own id, so the list keeps no array of ids.
@usableFromInline
protocol ListedByID: AnyObject {
  /// The id the element was appended under; never changes.
  var id: UInt64 { get }
}

/// An ordered set of subscribers keyed by increasing ids, for the types that fan out (subjects,
/// `share`, `multicast`).
///
/// Iteration order is subscription order. Removal is O(log n): a search over the slots
/// (`position(of:)`), after which the slot becomes a tombstone that keeps the removed id (so the
/// search still works); the slots are compacted once more than half of them are tombstones and reset once all
/// of them are, so cancelling many subscribers in any order stays linear.
///
/// Each slot is one word: a live element's address (retained by the list) or a tombstone,
/// `id << 1 | 1` (addresses are even). The slots live in memory the list allocates itself, so
/// a reader can walk them in place (`forEach`) with no retain of a buffer, and the list costs 8
/// bytes per subscriber plus the growth slack. Not thread-safe: its owner guards it
/// (`Broadcaster` lets only the thread that delivers change it, and that thread reads it outside
/// its lock).
@usableFromInline
struct SubscriberList<Element: ListedByID>: ~Copyable {
  /// The slots, `slotCount` of them in use, room for `capacity`.
  @usableFromInline var base: UnsafeMutablePointer<UInt>?
  @usableFromInline var slotCount = 0
  @usableFromInline var capacity = 0
  /// How many slots are tombstones.
  @usableFromInline var empty = 0
  @usableFromInline var nextID: UInt64 = 0

  /// Storage this small is kept when the list empties: a subscriber that comes and goes (a
  /// screen shown again and again) costs no reallocation.
  @inlinable static var keptCapacity: Int { 16 }

  @inlinable init() {}

  @inlinable deinit { releaseAll() }

  /// The number of subscribers in the list.
  @inlinable var count: Int { slotCount - empty }

  /// The id the next `append` will use.
  @inlinable mutating func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Appends `element`, whose id must be greater than every id in the list.
  @inlinable mutating func append(_ element: Element) {
    if slotCount == capacity { resize(to: Swift.max(4, capacity &* 2)) }
    base.unsafelyUnwrapped[slotCount] = UInt(bitPattern: Unmanaged.passRetained(element).toOpaque())
    slotCount &+= 1
  }

  /// Calls `body` with each element in order, unretained: the list keeps it alive for the call
  /// as long as nobody changes the list meanwhile (the owner's rule).
  @inlinable func forEach(_ body: (Unmanaged<Element>) throws -> Void) rethrows {
    guard let base else { return }
    for index in 0..<slotCount {
      if let element = Self.element(in: base[index]) { try body(element) }
    }
  }

  /// The live element a slot holds, or `nil` for a tombstone.
  @inlinable static func element(in slot: UInt) -> Unmanaged<Element>? {
    guard slot & 1 == 0, let address = UnsafeRawPointer(bitPattern: slot) else { return nil }
    return Unmanaged.fromOpaque(address)
  }

  /// The id of the slot at `index`, live or removed.
  @inlinable func id(at index: Int) -> UInt64 {
    let slot = base.unsafelyUnwrapped[index]
    guard let element = Self.element(in: slot) else { return UInt64(slot >> 1) }
    return element._withUnsafeGuaranteedRef { $0.id }
  }

  /// The index of `id`'s slot, or where it would go: the first slot whose id is not less.
  ///
  /// Ids grow by one per subscriber, so they are spread almost evenly over the slots: the search
  /// guesses where `id` lies from the ids at both ends of the range (interpolation), and halves
  /// the range every other step, so that an uneven spread costs at most twice a binary search.
  /// A cancel among 100,000 neighbours reads a few handles, not 17 (each read can miss the
  /// cache, since the ids are kept in the handles).
  @inlinable func position(of id: UInt64) -> Int {
    guard slotCount > 0 else { return 0 }
    var low = 0
    var high = slotCount &- 1
    var lowID = self.id(at: low)
    if id <= lowID { return 0 }
    var highID = self.id(at: high)
    if id > highID { return slotCount }
    // From here: lowID < id <= highID, so the answer is in (low, high].
    var halves = false
    while high &- low > 1 {
      var mid = (low &+ high) >> 1
      if !halves {
        let span = UInt64(high &- low)
        let product = (id &- lowID).multipliedFullWidth(by: span)
        let guess = Int((highID &- lowID).dividingFullWidth(product).quotient)
        mid = Swift.min(Swift.max(low &+ guess, low &+ 1), high &- 1)
      }
      halves.toggle()
      let midID = self.id(at: mid)
      if midID < id {
        low = mid
        lowID = midID
      } else {
        high = mid
        highID = midID
      }
    }
    return high
  }

  /// The slot and the element under `id`, or `nil` if it is not in the list.
  @inlinable func find(_ id: UInt64) -> (index: Int, element: Unmanaged<Element>)? {
    let index = position(of: id)
    guard index < slotCount, let element = Self.element(in: base.unsafelyUnwrapped[index]),
      element._withUnsafeGuaranteedRef({ $0.id == id })
    else { return nil }
    return (index, element)
  }

  /// The element under `id`, or `nil` if it is not in the list.
  @inlinable func element(id: UInt64) -> Element? {
    find(id)?.element.takeUnretainedValue()
  }

  /// Removes and returns the element under `id`, or `nil` if it is not in the list.
  /// Release what it returns after unlocking.
  @inlinable mutating func remove(id: UInt64) -> Element? {
    guard let (index, element) = find(id) else { return nil }
    base.unsafelyUnwrapped[index] = UInt(truncatingIfNeeded: id) << 1 | 1
    empty &+= 1
    if empty == slotCount {
      reset()
    } else if empty > 8 && empty &* 2 > slotCount {
      compact()
    }
    return element.takeRetainedValue()
  }

  /// Drops the tombstones, keeping the live slots in order, and shrinks the storage to twice
  /// their number.
  @inlinable mutating func compact() {
    let slots = base.unsafelyUnwrapped
    var kept = 0
    for index in 0..<slotCount where slots[index] & 1 == 0 {
      slots[kept] = slots[index]
      kept &+= 1
    }
    slotCount = kept
    empty = 0
    resize(to: Swift.max(Self.keptCapacity, kept &* 2))
  }

  /// Empties the list and returns what it held, in order. Release it after unlocking.
  @inlinable mutating func removeAll() -> ContiguousArray<Element> {
    var all = ContiguousArray<Element>()
    all.reserveCapacity(count)
    forEach { all.append($0.takeRetainedValue()) }
    base?.deallocate()
    base = nil
    slotCount = 0
    capacity = 0
    empty = 0
    return all
  }

  /// Every slot is a tombstone: forgets them, keeping small storage.
  @inlinable mutating func reset() {
    slotCount = 0
    empty = 0
    guard capacity > Self.keptCapacity else { return }
    base?.deallocate()
    base = nil
    capacity = 0
  }

  /// Moves the slots to storage with room for `newCapacity` (at least `slotCount`).
  @inlinable mutating func resize(to newCapacity: Int) {
    guard newCapacity != capacity else { return }
    let storage = UnsafeMutablePointer<UInt>.allocate(capacity: newCapacity)
    if let base {
      storage.initialize(from: base, count: slotCount)
      base.deallocate()
    }
    base = storage
    capacity = newCapacity
  }

  /// Releases every live element and frees the slots.
  @inlinable func releaseAll() {
    forEach { $0.release() }
    base?.deallocate()
  }
}
