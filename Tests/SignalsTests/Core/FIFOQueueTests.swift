import Signals
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// The queue policy (issue 18.6): unbounded, with its memory returned.
@Suite struct FIFOQueueTests {
  @Test func aDrainedQueueReturnsItsMemory() {
    var queue = FIFOQueue<Int>()
    for value in 0..<100_000 { queue.append(value) }
    let filled = queue.capacity * MemoryLayout<Int>.stride
    var sum = 0
    while let value = queue.popFirst() { sum &+= value }
    #expect(sum == 4_999_950_000)
    #expect(filled >= 800_000)
    // Before the policy, the drained queue kept its storage (`keepingCapacity: true`): 800 KB.
    #expect(queue.capacity * MemoryLayout<Int>.stride <= 512)
  }

  @Test func aQueueFilledWhileDrainedHoldsWhatIsQueuedNotWhatPassed() {
    var queue = FIFOQueue<Int>()
    for value in 0..<10 { queue.append(value) }
    var expected = 0
    var outOfOrder = 0
    // A producer as fast as its consumer: ten values are always queued, a million pass.
    for value in 10..<1_000_010 {
      queue.append(value)
      if queue.popFirst() != expected { outOfOrder += 1 }
      expected += 1
    }
    #expect(outOfOrder == 0)
    // Before the policy the consumed prefix stayed until the queue emptied: 8 MB here.
    #expect(queue.capacity * MemoryLayout<Int>.stride <= 32_768)
    while queue.popFirst() != nil {}
    #expect(queue.capacity <= 64)
  }

  @Test func aSubjectsCrossThreadQueueIsReleasedAfterTheBurst() {
    let subject = PassthroughSubject<Int, Never>()
    var received = 0
    var inside = false
    let cancellable = subject.sink { value in
      received += 1
      // A re-entrant burst: 10,000 values queue up behind the one being delivered.
      if value == 0 && !inside {
        inside = true
        for more in 1...10_000 { subject.send(more) }
      }
    }
    subject.send(0)
    #expect(received == 10_001)
    #expect(subject.core.lock.withLock { subject.core.drainQueue.jobs.capacity } <= 64)
    cancellable.cancel()
  }

  /// Keeps the subscription it is given and counts values.
  final class KeepingCounter: Subscriber, Sendable {
    let subscription = Guarded<(any Subscription)?>(nil)
    let count = Atomic<Int>(0)
    func receive(subscription: any Subscription) {
      self.subscription.withLock { $0 = subscription }
      subscription.request(.unlimited)
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      count.add(1, ordering: .relaxed)
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test func receiveOnsQueueIsReleasedOnceTheSchedulerHasDeliveredTheBurst() throws {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let counter = KeepingCounter()
    subject.receive(on: scheduler).subscribe(counter)
    let state = try #require(
      counter.subscription.withLock { $0 } as? ScheduledDelivery<KeepingCounter, TestScheduler>)
    for value in 0..<10_000 { subject.send(value) }
    // Unbounded: the whole burst waits for the scheduler.
    #expect(state.delivery.lock.withLock { state.queue.count } == 10_000)
    scheduler.advance()
    #expect(counter.count.load(ordering: .relaxed) == 10_000)
    // Returned: the drained queue keeps no storage for the burst (80 KB of `Int`s and more).
    #expect(state.delivery.lock.withLock { state.queue.capacity } <= 64)
    state.cancel()
  }
}
