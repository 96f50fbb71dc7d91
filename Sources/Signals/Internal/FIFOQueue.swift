/// A first-in first-out queue of values (events, buffered outputs) with amortized O(1) push and
/// pop, for what arrives while a delivery is in progress. Not thread-safe: its owner guards it with its lock.
///
/// Memory policy (the queues of subjects, `SerialDelivery` and `receive(on:)`): unbounded, and
/// returned. Once drained, storage above a small size is released; while it is being drained
/// and filled at once (a producer as fast as the consumer), the consumed prefix is dropped
/// once it is over half the storage, so memory follows what is queued, not what passed.
@usableFromInline
struct FIFOQueue<Element> {
  @usableFromInline var storage: ContiguousArray<Element> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == storage.count }

  /// The number of queued elements.
  @inlinable var count: Int { storage.count &- head }

  @inlinable mutating func append(_ element: Element) { storage.append(element) }

  /// The element `popFirst()` would return.
  @inlinable var first: Element? { head < storage.count ? storage[head] : nil }

  /// The element appended last, if it is still queued.
  @inlinable var last: Element? { head < storage.count ? storage[storage.count &- 1] : nil }

  /// Replaces the element appended last; the queue must not be empty.
  @inlinable mutating func replaceLast(with element: Element) { storage[storage.count &- 1] = element }

  @inlinable mutating func popFirst() -> Element? {
    popFirst(where: { _ in true })
  }

  /// Removes and returns the first element if `isTaken` says so; otherwise leaves it.
  @inlinable mutating func popFirst(where isTaken: (Element) -> Bool) -> Element? {
    guard head < storage.count, isTaken(storage[head]) else { return nil }
    let element = storage[head]
    head &+= 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: storage.capacity <= 64)
      head = 0
    } else if head >= 1_024 && head &* 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  /// The storage's capacity, in elements (for the memory tests).
  @inlinable var capacity: Int { storage.capacity }
}
