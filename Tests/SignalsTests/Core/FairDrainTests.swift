import Signals
import Synchronization
import Testing

@testable import Signals

/// The hand-over policy of a subject's queue (issue 18.6): the draining thread hands over after
/// a fair batch to a sender from another thread; re-entrant sends never wait; nothing is lost,
/// reordered per sender, or delivered by two threads at once.
@Suite struct FairDrainTests {
  /// Work a subscriber does per value: long enough that a sender on another thread fills the
  /// queue faster than it drains (a few yields of the core, no sleeping).
  static func slowWork() { for _ in 0..<4 { yieldProcessor() } }

  @Test func aDrainerFedByAnotherThreadReturnsAfterAFairBatch() {
    let subject = PassthroughSubject<Int, Never>()
    let firstThread = Atomic<UInt>(0)
    let onFirstThread = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let sentByOther = Atomic<Int>(0)
    let firstReturned = Atomic<Bool>(false)
    // The other thread keeps sending until the first sender returns (or this many values).
    let limit = 20_000
    let cancellable = subject.sink { value in
      if currentThreadID() == firstThread.load(ordering: .acquiring) {
        onFirstThread.add(1, ordering: .relaxed)
      }
      received.add(1, ordering: .acquiringAndReleasing)
      // The first value waits until the other thread has started filling the queue.
      if value == 0 {
        while sentByOther.load(ordering: .acquiring) == 0 { yieldProcessor() }
      }
      Self.slowWork()
    }
    onThreadsTogether(2) { index in
      if index == 0 {
        firstThread.store(currentThreadID(), ordering: .releasing)
        subject.send(0)
        firstReturned.store(true, ordering: .releasing)
      } else {
        while received.load(ordering: .acquiring) == 0 { yieldProcessor() }
        var value = 1
        while value <= limit && !firstReturned.load(ordering: .acquiring) {
          subject.send(value)
          sentByOther.add(1, ordering: .releasing)
          value += 1
          // About four times the subscriber's pace: the queue grows while the first drains.
          yieldProcessor()
        }
      }
    }
    let first = onFirstThread.load(ordering: .acquiring)
    let total = sentByOther.load(ordering: .acquiring) + 1
    print("fair drain: the first sender delivered \(first) of \(total) values before it returned")
    #expect(received.load(ordering: .acquiring) == total)
    // A batch and the value it sent; more only when the waiting sender gave up (its patience
    // ran out on a loaded machine) and took over at a later send: still far below `limit`.
    #expect(first <= FairDrain.batch * 16)
    cancellable.cancel()
  }

  @Test func aReentrantBurstIsDeliveredByTheSendingThreadWithoutHandOver() {
    let subject = PassthroughSubject<Int, Never>()
    let thread = currentThreadID()
    var received = 0
    var elsewhere = 0
    let cancellable = subject.sink { value in
      received += 1
      if currentThreadID() != thread { elsewhere += 1 }
      if value == 0 { for more in 1...1_000 { subject.send(more) } }
    }
    subject.send(0)
    #expect(received == 1_001)
    #expect(elsewhere == 0)
    #expect(subject.core.lock.withLock { subject.core.fair.successor } == 0)
    cancellable.cancel()
  }

  @Test func sendsFromSeveralThreadsAreDeliveredOnceInOrderPerSenderAndNeverAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let senders = 4
    let perSender = 3_000
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    // Written only inside the subscriber, which is never entered twice at once (checked).
    let last = Guarded<[Int]>(Array(repeating: -1, count: senders))
    let outOfOrder = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let reentrant = Atomic<Int>(0)
    let cancellable = subject.sink { value in
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      if value >= 0 {
        let (sender, index) = value.quotientAndRemainder(dividingBy: perSender)
        last.withLock {
          if $0[sender] >= index { outOfOrder.add(1, ordering: .relaxed) }
          $0[sender] = index
        }
        received.add(1, ordering: .relaxed)
        // Now and then a re-entrant send from the subscriber: queued, never waited for.
        if index % 100 == 0 { subject.send(-1) }
      } else {
        reentrant.add(1, ordering: .relaxed)
      }
      inside.subtract(1, ordering: .acquiringAndReleasing)
    }
    onThreadsTogether(senders) { sender in
      for index in 0..<perSender { subject.send(sender * perSender + index) }
    }
    #expect(received.load(ordering: .acquiring) == senders * perSender)
    #expect(reentrant.load(ordering: .acquiring) == senders * perSender / 100)
    #expect(outOfOrder.load(ordering: .acquiring) == 0)
    #expect(overlaps.load(ordering: .acquiring) == 0)
    cancellable.cancel()
  }
}
