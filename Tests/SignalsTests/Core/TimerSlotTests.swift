import Testing

@testable import Signals

/// The timer slot every timed operator shares: a late timer is harmless, and a closed slot
/// keeps no timer. (Mutating calls are taken out of `#expect`, which cannot mutate.)
@Suite struct TimerSlotTests {
  final class Token: Cancellable, @unchecked Sendable {
    var cancelled = false
    func cancel() { cancelled = true }
  }

  @Test func onlyTheCurrentTimerIsKeptAndFires() {
    var slot = TimerSlot()
    let first = slot.next()
    let second = slot.next()
    let keptStale = slot.keep(Token(), tag: first.tag)
    let keptCurrent = slot.keep(Token(), tag: second.tag)
    let firedStale = slot.fire(first.tag)
    let firedCurrent = slot.fire(second.tag)
    #expect(first.replaced == nil)
    #expect(!keptStale && keptCurrent)
    #expect(!firedStale && firedCurrent)
    #expect(slot.token == nil)
  }

  @Test func aNewTimerHandsBackTheOneItReplaces() {
    var slot = TimerSlot()
    let tag = slot.next().tag
    let token = Token()
    let kept = slot.keep(token, tag: tag)
    let replaced = slot.next().replaced
    #expect(kept)
    #expect(replaced as? Token === token)
  }

  @Test func stoppingMakesTheTimerStaleAndClosingKeepsNoneAfter() {
    var slot = TimerSlot()
    let tag = slot.next().tag
    let token = Token()
    _ = slot.keep(token, tag: tag)
    let stopped = slot.stop()
    let firedAfterStop = slot.fire(tag)
    let next = slot.next().tag
    let closed = slot.close()
    let keptAfterClose = slot.keep(Token(), tag: next)
    let firedAfterClose = slot.fire(next)
    #expect(stopped as? Token === token)
    #expect(!firedAfterStop)
    #expect(closed == nil)
    #expect(!keptAfterClose && !firedAfterClose)
  }
}
