import Testing

@testable import Signals

/// The ordered list behind every subject: order, removal, compaction and reset.
@Suite struct SubscriberListTests {
  final class Item {
    let name: String
    init(_ name: String) { self.name = name }
  }

  func names(_ list: borrowing SubscriberList<Item>) -> [String] {
    list.withSlots { $0.compactMap { $0?.name } }
  }

  @Test func removalKeepsTheOthersInSubscriptionOrderThroughCompaction() {
    var list = SubscriberList<Item>()
    for _ in 0..<40 {
      let id = list.makeID()
      list.append(Item("\(id)"), id: id)
    }
    for id in stride(from: UInt64(1), through: 39, by: 2) { #expect(list.remove(id: id) != nil) }
    #expect(list.slotCount == 40)  // half empty: not compacted yet
    #expect(list.remove(id: 2) != nil)
    #expect(list.count == 19)
    #expect(list.slotCount == 19)  // more than half empty: compacted
    #expect(names(list) == stride(from: 4, through: 40, by: 2).map { "\($0)" })
    #expect(list.remove(id: 1) == nil)  // already gone
    #expect(list.remove(id: 999) == nil)  // never there
    #expect(list.remove(id: 40)?.name == "40")  // ids still found after compaction
  }

  @Test func aSubscriberThatComesAndGoesReusesSmallStorage() {
    var list = SubscriberList<Item>()
    for round in 0..<100 {
      let id = list.makeID()
      list.append(Item("\(round)"), id: id)
      #expect(list.remove(id: id)?.name == "\(round)")
      #expect(list.count == 0)
      #expect(list.slotCount == 0)
    }
    #expect(list.capacity > 0 && list.capacity <= 16)
  }

  @Test func largeStorageIsReleasedOnceEmpty() {
    var list = SubscriberList<Item>()
    let ids = (0..<1000).map { index -> UInt64 in
      let id = list.makeID()
      list.append(Item("\(index)"), id: id)
      return id
    }
    for id in ids.reversed() { _ = list.remove(id: id) }
    #expect(list.count == 0)
    #expect(list.capacity <= 16)
  }

  @Test func theListHoldsItsElementsThroughCompactionAndReleasesThemWhenItGoes() {
    weak var kept: Item?
    weak var removed: Item?
    do {
      var list = SubscriberList<Item>()
      var ids: [UInt64] = []
      for index in 0..<40 {
        let id = list.makeID()
        let item = Item("\(index)")
        if index == 0 { removed = item }
        if index == 39 { kept = item }
        list.append(item, id: id)
        ids.append(id)
      }
      for id in ids.dropLast() { _ = list.remove(id: id) }  // compacts on the way
      #expect(removed == nil)
      #expect(kept?.name == "39")
      #expect(list.element(id: ids[39])?.name == "39")
      #expect(names(list) == ["39"])
    }
    #expect(kept == nil)
  }

  @Test func removeAllHandsOverEverySlotInOrderAndEmptiesTheList() {
    var list = SubscriberList<Item>()
    for index in 0..<5 {
      let id = list.makeID()
      list.append(Item("\(index)"), id: id)
    }
    _ = list.remove(id: 2)
    let all = list.removeAll()
    #expect(all.map { $0?.name } == ["0", nil, "2", "3", "4"])
    #expect(list.count == 0)
    #expect(list.slotCount == 0)
    let id = list.makeID()
    list.append(Item("again"), id: id)
    #expect(names(list) == ["again"])
  }
}
