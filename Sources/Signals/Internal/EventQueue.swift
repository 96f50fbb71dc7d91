/// A FIFO queue with amortized O(1) push and pop, for work that arrives while a delivery is in
/// progress. Not thread-safe: its owner guards it with its lock.
@usableFromInline
struct EventQueue<Element> {
  @usableFromInline var storage: ContiguousArray<Element> = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == storage.count }

  @inlinable mutating func append(_ element: Element) { storage.append(element) }

  /// The element `popFirst()` would return.
  @inlinable var first: Element? { head < storage.count ? storage[head] : nil }

  /// The element appended last, if it is still queued.
  @inlinable var last: Element? { head < storage.count ? storage[storage.count &- 1] : nil }

  /// Replaces the element appended last; the queue must not be empty.
  @inlinable mutating func replaceLast(with element: Element) { storage[storage.count &- 1] = element }

  @inlinable mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head &+= 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }
}
