import Testing

@testable import Signals

/// The ordered list behind every subject: order, removal through tombstones, compaction, reset
/// and the lifetime of what it holds.
@Suite struct SubscriberListTests {
  final class Item: ListedByID {
    let id: UInt64
    init(_ id: UInt64) { self.id = id }
  }

  func ids(_ list: borrowing SubscriberList<Item>) -> [UInt64] {
    var ids: [UInt64] = []
    list.forEach { ids.append($0.takeUnretainedValue().id) }
    return ids
  }

  /// Appends `count` items under fresh ids; returns the ids.
  func fill(_ list: inout SubscriberList<Item>, _ count: Int) -> [UInt64] {
    (0..<count).map { _ in
      let id = list.makeID()
      list.append(Item(id))
      return id
    }
  }

  @Test func removalKeepsTheOthersInSubscriptionOrderThroughCompaction() {
    var list = SubscriberList<Item>()
    _ = fill(&list, 40)
    for id in stride(from: UInt64(1), through: 39, by: 2) { #expect(list.remove(id: id)?.id == id) }
    #expect(list.slotCount == 40)  // half tombstones: not compacted yet
    #expect(list.element(id: 1) == nil)  // a tombstone is not an element
    #expect(list.element(id: 4)?.id == 4)  // found past tombstones
    #expect(list.remove(id: 2) != nil)
    #expect(list.count == 19)
    #expect(list.slotCount == 19)  // more than half tombstones: compacted
    #expect(ids(list) == Array(stride(from: UInt64(4), through: 40, by: 2)))
    #expect(list.remove(id: 1) == nil)  // already gone
    #expect(list.remove(id: 999) == nil)  // never there
    #expect(list.remove(id: 40)?.id == 40)  // ids still found after compaction
  }

  @Test func aSubscriberThatComesAndGoesReusesSmallStorage() {
    var list = SubscriberList<Item>()
    for _ in 0..<100 {
      let id = list.makeID()
      list.append(Item(id))
      #expect(list.remove(id: id)?.id == id)
      #expect(list.count == 0)
      #expect(list.slotCount == 0)
    }
    #expect(list.capacity > 0 && list.capacity <= 16)
  }

  @Test func largeStorageIsReleasedOnceEmpty() {
    var list = SubscriberList<Item>()
    let ids = fill(&list, 1000)
    for id in ids.reversed() { _ = list.remove(id: id) }
    #expect(list.count == 0)
    #expect(list.capacity <= 16)
  }

  @Test func theListHoldsItsElementsUntilRemovedAndReleasesTheRestWhenItGoes() {
    weak var kept: Item?
    weak var removed: Item?
    do {
      var list = SubscriberList<Item>()
      let ids = fill(&list, 40)
      list.forEach { element in
        let item = element.takeUnretainedValue()
        if item.id == ids[0] { removed = item }
        if item.id == ids[39] { kept = item }
      }
      for id in ids.dropLast() { _ = list.remove(id: id) }  // compacts on the way
      #expect(removed == nil)
      #expect(kept?.id == ids[39])
      #expect(self.ids(list) == [ids[39]])
    }
    #expect(kept == nil)
  }

  @Test func removeAllHandsOverEveryElementInOrderAndEmptiesTheList() {
    var list = SubscriberList<Item>()
    _ = fill(&list, 5)
    _ = list.remove(id: 2)
    let all = list.removeAll()
    #expect(all.map(\.id) == [1, 3, 4, 5])
    #expect(list.count == 0)
    #expect(list.slotCount == 0)
    let id = list.makeID()
    list.append(Item(id))
    #expect(ids(list) == [6])
  }
}
