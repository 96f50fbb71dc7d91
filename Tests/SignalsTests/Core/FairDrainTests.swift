import Signals
import Synchronization
import Testing

@testable import Signals

/// The hand-over policy of a subject's queue and of `SerialDelivery`'s (issue 18.6): the
/// draining thread hands over after a fair batch to a sender from another thread; re-entrant
/// sends never wait; nothing is lost, reordered per sender, or delivered by two threads at once.
///
/// The hand-over tests are driven by handshakes, not by timing: the subscriber holds the first
/// sender until the other thread has queued what the step needs, so they fail without the
/// hand-over however loaded the machine is.
@Suite struct FairDrainTests {
  /// Two threads on one serialized queue. The first sends 0 and so becomes the drainer; while
  /// it delivers 0, the other queues a batch and one more; once the first has delivered the
  /// batch, the other sends one value at a time (each may wait to take over) until the first
  /// returns. The subscriber, on the first thread, holds each value after the batch until the
  /// other thread is registered to take over (or has given up sending), so the drainer cannot
  /// run out of queued values before the hand-over is offered.
  final class HandOverProbe: Sendable {
    /// How many single sends the other thread makes at most, one after the other: each is one
    /// chance to take over (a chance is missed only if the waiting sender's patience runs out).
    static var attempts: Int { 200 }

    /// Whether a sender waits to take over the queue under test (read under its lock).
    let hasSuccessor: @Sendable () -> Bool
    let firstThread = Atomic<UInt>(0)
    let firstIsDelivering = Atomic<Bool>(false)
    let queuedBehindTheFirst = Atomic<Int>(0)
    let batchDelivered = Atomic<Bool>(false)
    let firstReturned = Atomic<Bool>(false)
    let otherIsDone = Atomic<Bool>(false)
    let sent = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let onFirst = Atomic<Int>(0)
    let onOther = Atomic<Int>(0)
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let outOfOrder = Atomic<Int>(0)
    let lastValue = Atomic<Int>(-1)

    init(hasSuccessor: @escaping @Sendable () -> Bool) { self.hasSuccessor = hasSuccessor }

    /// The subscriber's side, for each value.
    func receive(_ value: Int) {
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      defer { inside.subtract(1, ordering: .acquiringAndReleasing) }
      if lastValue.exchange(value, ordering: .relaxed) != value - 1 { outOfOrder.add(1, ordering: .relaxed) }
      received.add(1, ordering: .relaxed)
      guard currentThreadID() == firstThread.load(ordering: .acquiring) else {
        onOther.add(1, ordering: .relaxed)
        return
      }
      onFirst.add(1, ordering: .relaxed)
      if value == 0 {
        // Hold the first send until a batch and one more value wait behind it.
        firstIsDelivering.store(true, ordering: .releasing)
        while queuedBehindTheFirst.load(ordering: .acquiring) < FairDrain.batch + 1 { yieldProcessor() }
      } else if value >= FairDrain.batch {
        // The batch is delivered: hold this value until the other thread waits to take over.
        batchDelivered.store(true, ordering: .releasing)
        while !hasSuccessor() && !otherIsDone.load(ordering: .acquiring) { yieldProcessor() }
      }
    }

    /// Runs both threads; `send` sends a value into the queue under test.
    func run(_ send: @escaping @Sendable (Int) -> Void) {
      onThreadsTogether(2) { [self] index in
        if index == 0 {
          firstThread.store(currentThreadID(), ordering: .releasing)
          send(0)
          firstReturned.store(true, ordering: .releasing)
          return
        }
        while !firstIsDelivering.load(ordering: .acquiring) { yieldProcessor() }
        var value = 1
        // Queued behind the first sender, which has delivered no queued value yet: none waits.
        while value <= FairDrain.batch + 1 {
          send(value)
          value += 1
          queuedBehindTheFirst.add(1, ordering: .releasing)
        }
        while !batchDelivered.load(ordering: .acquiring) { yieldProcessor() }
        let last = FairDrain.batch + 1 + Self.attempts
        while value <= last && !firstReturned.load(ordering: .acquiring) {
          send(value)
          value += 1
        }
        sent.store(value, ordering: .releasing)
        otherIsDone.store(true, ordering: .releasing)
      }
    }

    /// Checks what every hand-over test expects, and prints the figure.
    func expectHandOver(_ queue: String) {
      let total = sent.load(ordering: .acquiring)
      let first = onFirst.load(ordering: .acquiring)
      print(
        "fair drain (\(queue)): the first sender delivered \(first) of \(total) values before it returned")
      #expect(received.load(ordering: .acquiring) == total)
      #expect(overlaps.load(ordering: .acquiring) == 0)
      #expect(outOfOrder.load(ordering: .acquiring) == 0)
      // The first sender returned while the other thread was still sending, and the other
      // delivered the rest: without the hand-over the first delivers all (the other thread
      // stops only after its last attempt, and its values are queued behind the first).
      #expect(onOther.load(ordering: .acquiring) >= 1)
      #expect(first >= FairDrain.batch + 1)
    }
  }

  /// A subject's senders from another thread first wait for the delivery in progress
  /// (`SubjectSendersWaitTests`); they queue only once that wait has run out. The other thread
  /// here sends as such a sender does after its wait (`mayWait: false`), which is where the
  /// hand-over applies.
  @Test func aSubjectsDrainerFedByAnotherThreadHandsOverAfterAFairBatch() {
    let subject = PassthroughSubject<Int, Never>()
    let core = subject.core
    let probe = HandOverProbe { core.lock.withLock { core.drainQueue.fair.hasSuccessor } }
    let cancellable = subject.sink { probe.receive($0) }
    probe.run { value in
      if currentThreadID() == probe.firstThread.load(ordering: .acquiring) {
        subject.send(value)
      } else {
        core.send(value, mayWait: false)
      }
    }
    probe.expectHandOver("subject")
    cancellable.cancel()
  }

  @Test func aSerialDeliveryDrainerFedByAnotherThreadHandsOverAfterAFairBatch() {
    let holder = Guarded<SerialDelivery<AnySubscriber<Int, Never>>?>(nil)
    let probe = HandOverProbe {
      guard let delivery = holder.withLock({ $0 }) else { return false }
      return delivery.lock.withLock { delivery.drainQueue.fair.hasSuccessor }
    }
    let delivery = SerialDelivery(
      AnySubscriber<Int, Never>(receiveValue: { value in
        probe.receive(value)
        return .none
      }))
    holder.withLock { $0 = delivery }
    delivery.request(.unlimited)
    probe.run { delivery.receive($0) }
    probe.expectHandOver("SerialDelivery")
    holder.withLock { $0 = nil }
  }

  /// How many values a re-entrant chain sends: each value sends the next from inside the
  /// subscriber, so that most of them are queued after the drainer has delivered a batch.
  static var chain: Int { FairDrain.batch * 4 }

  @Test func aReentrantChainIsDeliveredByTheSendingThreadWithoutHandOver() {
    let subject = PassthroughSubject<Int, Never>()
    let core = subject.core
    let thread = currentThreadID()
    var received = 0
    var elsewhere = 0
    var waiting = 0
    let cancellable = subject.sink { value in
      received += 1
      if currentThreadID() != thread { elsewhere += 1 }
      if value < Self.chain { subject.send(value + 1) }
      if core.lock.withLock({ core.drainQueue.fair.hasSuccessor }) { waiting += 1 }
    }
    subject.send(0)
    #expect(received == Self.chain + 1)
    #expect(elsewhere == 0)
    #expect(waiting == 0)
    cancellable.cancel()
  }

  @Test func aReentrantChainThroughASerialDeliveryIsDeliveredByTheSendingThreadWithoutHandOver() {
    let thread = currentThreadID()
    let received = Atomic<Int>(0)
    let elsewhere = Atomic<Int>(0)
    let waiting = Atomic<Int>(0)
    let holder = Guarded<SerialDelivery<AnySubscriber<Int, Never>>?>(nil)
    let delivery = SerialDelivery(
      AnySubscriber<Int, Never>(receiveValue: { value in
        received.add(1, ordering: .relaxed)
        if currentThreadID() != thread { elsewhere.add(1, ordering: .relaxed) }
        if let delivery = holder.withLock({ $0 }) {
          if value < Self.chain { delivery.receive(value + 1) }
          let someoneWaits = delivery.lock.withLock { delivery.drainQueue.fair.hasSuccessor }
          if someoneWaits { waiting.add(1, ordering: .relaxed) }
        }
        return .none
      }))
    holder.withLock { $0 = delivery }
    delivery.request(.unlimited)
    delivery.receive(0)
    #expect(received.load(ordering: .relaxed) == Self.chain + 1)
    #expect(elsewhere.load(ordering: .relaxed) == 0)
    #expect(waiting.load(ordering: .relaxed) == 0)
    holder.withLock { $0 = nil }
  }

  /// The engine's rules on their own: who may wait to take over, and when.
  final class Engine: Sendable {
    let fair = Guarded(FairDrain())
    let granted = Atomic<Bool>(false)

    /// Whether a sender on a new thread would wait to take over.
    func anotherThreadWouldWait() -> Bool {
      let waits = Atomic<Bool>(false)
      onThreadsTogether(1) { [self] _ in
        waits.store(fair.withLock { $0.shouldTakeOver(granted) }, ordering: .releasing)
      }
      return waits.load(ordering: .acquiring)
    }
  }

  @Test func onlyAnotherThreadWaitsAndOnlyAfterABatch() {
    let engine = Engine()
    engine.fair.withLock { fair in
      fair.start()
      for _ in 1..<FairDrain.batch { fair.count() }
    }
    #expect(engine.anotherThreadWouldWait() == false)
    engine.fair.withLock { $0.count() }
    // The drainer's own thread (a re-entrant send) never waits; another thread does.
    #expect(engine.fair.withLock { $0.shouldTakeOver(engine.granted) } == false)
    #expect(engine.anotherThreadWouldWait())
    // One successor at a time.
    #expect(engine.anotherThreadWouldWait() == false)
    #expect(engine.fair.withLock { $0.handsOver(engine.granted) })
    let granted = engine.granted.load(ordering: .acquiring)
    #expect(granted)
    #expect(engine.fair.withLock { $0.handsOver(engine.granted) } == false)
    // The successor starts a new batch.
    #expect(engine.anotherThreadWouldWait() == false)
  }

  @Test func aSenderThatGaveUpLeavesNoSuccessorUnlessTheHandOverCameMeanwhile() {
    let engine = Engine()
    engine.fair.withLock { fair in
      fair.start()
      for _ in 0..<FairDrain.batch { fair.count() }
    }
    #expect(engine.anotherThreadWouldWait())
    let handedOver = FairDrain.awaitHandOver(engine.granted)
    #expect(handedOver == false)
    #expect(engine.fair.withLock { $0.withdraw(engine.granted) } == false)
    #expect(engine.fair.withLock { $0.handsOver(engine.granted) } == false)
    #expect(engine.anotherThreadWouldWait())
    #expect(engine.fair.withLock { $0.handsOver(engine.granted) })
    #expect(engine.fair.withLock { $0.withdraw(engine.granted) })
  }

  /// What the several-senders tests check: every value once, in order per sender, never two
  /// calls at once, and the re-entrant sends (one per hundred values) all delivered.
  final class SeveralSendersProbe: Sendable {
    static var senders: Int { 4 }
    static var perSender: Int { 3_000 }
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    // Written only inside the subscriber, which is never entered twice at once (checked).
    let last = Guarded<[Int]>(Array(repeating: -1, count: SeveralSendersProbe.senders))
    let outOfOrder = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let reentrant = Atomic<Int>(0)

    /// The subscriber's side; `send` sends re-entrantly into the same queue.
    func receive(_ value: Int, send: (Int) -> Void) {
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      if value >= 0 {
        let (sender, index) = value.quotientAndRemainder(dividingBy: Self.perSender)
        last.withLock {
          if $0[sender] >= index { outOfOrder.add(1, ordering: .relaxed) }
          $0[sender] = index
        }
        received.add(1, ordering: .relaxed)
        // Now and then a re-entrant send from the subscriber: queued, never waited for.
        if index % 100 == 0 { send(-1) }
      } else {
        reentrant.add(1, ordering: .relaxed)
      }
      inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    func run(_ send: @escaping @Sendable (Int) -> Void) {
      onThreadsTogether(Self.senders) { sender in
        for index in 0..<Self.perSender { send(sender * Self.perSender + index) }
      }
      #expect(received.load(ordering: .acquiring) == Self.senders * Self.perSender)
      #expect(reentrant.load(ordering: .acquiring) == Self.senders * Self.perSender / 100)
      #expect(outOfOrder.load(ordering: .acquiring) == 0)
      #expect(overlaps.load(ordering: .acquiring) == 0)
    }
  }

  @Test func sendsFromSeveralThreadsAreDeliveredOnceInOrderPerSenderAndNeverAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let probe = SeveralSendersProbe()
    let cancellable = subject.sink { value in probe.receive(value) { subject.send($0) } }
    probe.run { subject.send($0) }
    cancellable.cancel()
  }

  @Test func sendsFromSeveralThreadsIntoASerialDeliveryAreDeliveredOnceInOrderPerSenderAndNeverAtOnce() {
    let probe = SeveralSendersProbe()
    let holder = Guarded<SerialDelivery<AnySubscriber<Int, Never>>?>(nil)
    let delivery = SerialDelivery(
      AnySubscriber<Int, Never>(receiveValue: { value in
        probe.receive(value) { more in holder.withLock { $0 }?.receive(more) }
        return .none
      }))
    holder.withLock { $0 = delivery }
    delivery.request(.unlimited)
    probe.run { delivery.receive($0) }
    holder.withLock { $0 = nil }
  }
}
