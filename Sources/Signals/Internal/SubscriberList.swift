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
/// search still works); the slots are compacted once more than half of them are tombstones and
/// reset once all of them are, so cancelling many subscribers in any order stays linear.
///
/// The slots and their encoding are `SubscriberSlots`' (one word each, walked in place with no
/// retain); this type keeps their count and decides when they move. Not thread-safe: its owner
/// guards it (`Broadcaster` lets only the thread that delivers change it, and that thread reads it
/// outside its lock).
@usableFromInline
struct SubscriberList<Element: ListedByID>: ~Copyable {
  @usableFromInline var slots = SubscriberSlots<Element>()
  /// How many slots are in use, tombstones included.
  @usableFromInline var slotCount = 0
  /// How many slots are tombstones.
  @usableFromInline var empty = 0
  @usableFromInline var nextID: UInt64 = 0

  /// Storage this small is kept when the list empties: a subscriber that comes and goes (a
  /// screen shown again and again) costs no reallocation.
  @inlinable static var keptCapacity: Int { 16 }

  @inlinable init() {}

  @inlinable deinit { slots.releaseAndDeallocate(count: slotCount) }

  /// The number of subscribers in the list.
  @inlinable var count: Int { slotCount - empty }

  /// How many slots the storage has room for.
  @inlinable var capacity: Int { slots.capacity }

  /// The id the next `append` will use.
  @inlinable mutating func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Appends `element`, whose id must be greater than every id in the list.
  @inlinable mutating func append(_ element: Element) {
    if slotCount == slots.capacity { slots.resize(to: Swift.max(4, slots.capacity &* 2), keeping: slotCount) }
    slots.store(element, at: slotCount)
    slotCount &+= 1
  }

  /// Calls `body` with each element in order, unretained: the list keeps it alive for the call
  /// as long as nobody changes the list meanwhile (the owner's rule).
  @inlinable func forEach(_ body: (Unmanaged<Element>) throws -> Void) rethrows {
    try slots.forEachLive(count: slotCount, body)
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
    var lowID = slots.id(at: low)
    if id <= lowID { return 0 }
    var highID = slots.id(at: high)
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
      let midID = slots.id(at: mid)
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
    guard index < slotCount, let element = slots.element(at: index),
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
    slots.bury(at: index, id: id)
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
    var kept = 0
    for index in 0..<slotCount where slots.isLive(at: index) {
      slots.move(from: index, to: kept)
      kept &+= 1
    }
    slotCount = kept
    empty = 0
    slots.resize(to: Swift.max(Self.keptCapacity, kept &* 2), keeping: kept)
  }

  /// Empties the list and returns what it held, in order. Release it after unlocking.
  @inlinable mutating func removeAll() -> ContiguousArray<Element> {
    var all = ContiguousArray<Element>()
    all.reserveCapacity(count)
    forEach { all.append($0.takeRetainedValue()) }
    slots.free()
    slotCount = 0
    empty = 0
    return all
  }

  /// Every slot is a tombstone: forgets them, keeping small storage.
  @inlinable mutating func reset() {
    slotCount = 0
    empty = 0
    guard slots.capacity > Self.keptCapacity else { return }
    slots.free()
  }
}
