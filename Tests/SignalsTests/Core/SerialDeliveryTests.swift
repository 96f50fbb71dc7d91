import SignalsTesting
import Synchronization
import Testing

@testable import Signals

@Suite struct SerialDeliveryTests {
  @Test func reentrantValuesAreQueuedNotNested() {
    let log = Guarded<[String]>([])
    let holder = Guarded<SerialDelivery<AnySubscriber<Int, Never>>?>(nil)
    let delivery = SerialDelivery(
      AnySubscriber<Int, Never>(receiveValue: { value in
        log.withLock { $0.append("start \(value)") }
        if value == 1 { holder.withLock { $0 }?.receive(2) }
        log.withLock { $0.append("end \(value)") }
        return .none
      }))
    delivery.request(.unlimited)
    holder.withLock { $0 = delivery }
    delivery.receive(1)
    #expect(log.withLock { $0 } == ["start 1", "end 1", "start 2", "end 2"])
    holder.withLock { $0 = nil }
  }

  @Test func firstCompletionWinsAndNothingFollowsIt() {
    let recorder = Recorder<Int, TestError>()
    let delivery = SerialDelivery(recorder)
    delivery.request(.unlimited)
    delivery.receive(1)
    #expect(delivery.receive(completion: .failure(TestError())))
    #expect(!delivery.receive(completion: .finished))
    delivery.receive(2)
    #expect(recorder.events == [.value(1), .completion(.failure(TestError()))])
  }

  @Test func cancelDropsEverything() {
    let recorder = Recorder<Int, Never>()
    let delivery = SerialDelivery(recorder)
    delivery.request(.unlimited)
    delivery.cancel()
    delivery.receive(1)
    delivery.receive(completion: .finished)
    #expect(recorder.events.isEmpty)
  }

  @Test func manyThreadsNeverOverlapAndLoseNothing() async {
    final class Counter: Subscriber, @unchecked Sendable {
      // @unchecked: the test checks that calls never overlap; `inside` detects it if they do.
      let inside = Atomic<Int>(0)
      let overlaps = Atomic<Int>(0)
      var sum = 0
      var count = 0
      func receive(subscription: any Subscription) {}
      func receive(_ input: Int) -> Subscribers.Demand {
        defer { inside.subtract(1, ordering: .acquiringAndReleasing) }
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
          overlaps.add(1, ordering: .relaxed)
        }
        sum += input
        count += 1
        return .none
      }
      func receive(completion: Subscribers.Completion<Never>) {}
    }
    let counter = Counter()
    let delivery = SerialDelivery(counter)
    delivery.request(.unlimited)
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<4 {
        group.addTask {
          for value in 1...2_000 { delivery.receive(value * (thread + 1)) }
        }
      }
    }
    #expect(counter.overlaps.load(ordering: .relaxed) == 0)
    #expect(counter.count == 8_000)
    #expect(counter.sum == 2_000 * 2_001 / 2 * 10)
  }
}
