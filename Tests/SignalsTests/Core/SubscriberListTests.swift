import Testing

@testable import Signals

/// The ordered list behind every subject: order, removal, compaction and reset.
@Suite struct SubscriberListTests {
  final class Item {
    let name: String
    init(_ name: String) { self.name = name }
  }

  func names(_ list: SubscriberList<Item>) -> [String] { list.snapshot.compactMap { $0?.name } }

  @Test func removalKeepsTheOthersInSubscriptionOrderThroughCompaction() {
    var list = SubscriberList<Item>()
    for _ in 0..<40 {
      let id = list.makeID()
      list.append(Item("\(id)"), id: id)
    }
    for id in stride(from: UInt64(1), through: 39, by: 2) { #expect(list.remove(id: id) != nil) }
    #expect(list.snapshot.count == 40)  // half empty: not compacted yet
    #expect(list.remove(id: 2) != nil)
    #expect(list.count == 19)
    #expect(list.snapshot.count == 19)  // more than half empty: compacted
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
      #expect(list.snapshot.isEmpty)
    }
    #expect(list.slots.capacity > 0 && list.slots.capacity <= 16)
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
    #expect(list.slots.capacity <= 16)
  }
}
