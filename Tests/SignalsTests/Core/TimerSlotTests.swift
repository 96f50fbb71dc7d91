import Testing

@testable import Signals

/// The timer slot every timed operator shares: a late timer is harmless, and a closed slot
/// keeps no timer.
@Suite struct TimerSlotTests {
  final class Token: Cancellable, @unchecked Sendable {
    var cancelled = false
    func cancel() { cancelled = true }
  }

  @Test func onlyTheCurrentTimerIsKeptAndFires() {
    var slot = TimerSlot()
    let first = slot.next()
    let second = slot.next()
    #expect(first.replaced == nil)
    #expect(!slot.keep(Token(), tag: first.tag))
    #expect(slot.keep(Token(), tag: second.tag))
    #expect(!slot.fire(first.tag))
    #expect(slot.fire(second.tag))
    #expect(slot.token == nil)
  }

  @Test func aNewTimerHandsBackTheOneItReplaces() {
    var slot = TimerSlot()
    let tag = slot.next().tag
    let token = Token()
    #expect(slot.keep(token, tag: tag))
    #expect(slot.next().replaced as? Token === token)
  }

  @Test func stoppingMakesTheTimerStaleAndClosingKeepsNoneAfter() {
    var slot = TimerSlot()
    let tag = slot.next().tag
    let token = Token()
    _ = slot.keep(token, tag: tag)
    #expect(slot.stop() as? Token === token)
    #expect(!slot.fire(tag))
    let next = slot.next().tag
    #expect(slot.close() == nil)
    #expect(!slot.keep(Token(), tag: next))
    #expect(!slot.fire(next))
  }
}
