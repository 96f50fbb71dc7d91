import Synchronization
import Testing

@testable import Signals

/// A subject and `SerialDelivery` end an uncontended delivery with one compare-and-swap instead
/// of a second lock round. These tests aim at the window that opens: another thread queues a
/// value, a completion or demand just as the delivering thread stops. Nothing may be stranded
/// in the queue, delivered twice or delivered while another call is inside the subscriber.
@Suite struct DrainHandOffTests {
  /// Counts and sums what it receives, notes overlapping calls, and yields inside each value so
  /// that other threads queue while it delivers, even on one core.
  final class YieldingCounter: Subscriber, Sendable {
    let initial: Subscribers.Demand
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let count = Atomic<Int>(0)
    let sum = Atomic<Int>(0)
    let completions = Atomic<Int>(0)
    let subscription = Guarded<(any Subscription)?>(nil)

    init(requesting initial: Subscribers.Demand) { self.initial = initial }

    func receive(subscription: any Subscription) {
      self.subscription.withLock { $0 = subscription }
      if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      count.add(1, ordering: .relaxed)
      sum.add(input, ordering: .relaxed)
      yieldThread()
      inside.subtract(1, ordering: .acquiringAndReleasing)
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
      completions.add(1, ordering: .relaxed)
    }
  }

  @Test func valuesSentAsTheSubjectsDrainerStopsAreAllDelivered() {
    let subject = PassthroughSubject<Int, Never>()
    let counters = (0..<2).map { _ in YieldingCounter(requesting: .unlimited) }
    counters.forEach(subject.subscribe)
    onThreadsTogether(4) { sender in
      for value in 1...1_000 { subject.send(value * (sender + 1)) }
    }
    subject.send(completion: .finished)
    for counter in counters {
      #expect(counter.overlaps.load(ordering: .relaxed) == 0)
      #expect(counter.count.load(ordering: .relaxed) == 4_000)
      #expect(counter.sum.load(ordering: .relaxed) == 1_000 * 1_001 / 2 * (1 + 2 + 3 + 4))
      #expect(counter.completions.load(ordering: .relaxed) == 1)
    }
  }

  @Test func aCompletionSentAsTheSubjectsDrainerStopsIsDeliveredOnce() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let counter = YieldingCounter(requesting: .unlimited)
      subject.subscribe(counter)
      onThreadsTogether(2) { thread in
        if thread == 0 {
          for value in 1...20 { subject.send(value) }
        } else {
          subject.send(completion: .finished)
        }
      }
      #expect(counter.completions.load(ordering: .relaxed) == 1)
      #expect(counter.overlaps.load(ordering: .relaxed) == 0)
    }
  }

  @Test func requestsRacingTheSerialDeliveryDrainerStrandNoValue() {
    let counter = YieldingCounter(requesting: .none)
    let delivery = SerialDelivery(counter)
    // Two threads send 1,000 values each while two others request them one at a time: every
    // value is requested, so every value must arrive, however the requests and the sends meet.
    onThreadsTogether(4) { thread in
      if thread < 2 {
        for value in 1...1_000 { delivery.receive(value) }
      } else {
        for _ in 1...1_000 { delivery.request(.max(1)) }
      }
    }
    #expect(counter.overlaps.load(ordering: .relaxed) == 0)
    #expect(counter.count.load(ordering: .relaxed) == 2_000)
    #expect(counter.sum.load(ordering: .relaxed) == 1_000 * 1_001)
  }

  @Test func aFinishSentAsTheSerialDeliveryDrainerStopsFollowsEveryValue() {
    for _ in 0..<200 {
      let counter = YieldingCounter(requesting: .none)
      let delivery = SerialDelivery(counter)
      delivery.request(.unlimited)
      onThreadsTogether(2) { thread in
        if thread == 0 {
          for value in 1...20 { delivery.receive(value) }
        } else {
          delivery.receive(completion: .finished)
        }
      }
      #expect(counter.completions.load(ordering: .relaxed) == 1)
      #expect(counter.overlaps.load(ordering: .relaxed) == 0)
      #expect(counter.count.load(ordering: .relaxed) <= 20)
    }
  }
}
