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

  /// The search guesses from the ids at both ends of a range; unevenly spread ids (runs of
  /// removals, compactions, appends after them) must not make it miss an id.
  @Test(arguments: 0..<20)
  func everyIDIsFoundAfterAnyMixOfAppendsAndRemovals(seed: UInt64) {
    var generator = SplitMix64(seed: seed)  // the differential tests' generator
    var list = SubscriberList<Item>()
    var live: [UInt64] = []
    var removed: [UInt64] = []
    for _ in 0..<600 {
      if live.isEmpty || Int.random(in: 0..<3, using: &generator) > 0 {
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
          let id = list.makeID()
          list.append(Item(id))
          live.append(id)
        }
      } else {
        // Remove a run of neighbours, or one anywhere.
        let start = Int.random(in: 0..<live.count, using: &generator)
        let run = Swift.min(live.count - start, Int.random(in: 1...12, using: &generator))
        for id in live[start..<(start + run)] { #expect(list.remove(id: id)?.id == id) }
        removed += live[start..<(start + run)]
        live.removeSubrange(start..<(start + run))
      }
    }
    #expect(ids(list) == live)
    #expect(list.count == live.count)
    for id in live { #expect(list.element(id: id)?.id == id) }
    for id in removed { #expect(list.element(id: id) == nil) }
    #expect(list.element(id: list.makeID()) == nil)
  }
}
