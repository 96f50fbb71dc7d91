import Dispatch
import Signals
import Synchronization
import Testing

/// `receive(on:)` and `delay` on a scheduler that runs actions on several threads at once (a
/// concurrent `DispatchQueue`): each action takes the oldest queued event, and the events still
/// reach the subscriber one at a time, in order, and all of them before the completion.
@Suite struct ReceiveOnConcurrentQueueTests {
  /// Sends `count` values and a finish through `operate` on a fresh subject; returns what
  /// arrived, or `nil` if the finish did not arrive within a generous minute.
  func deliver(
    _ count: Int, through operate: (PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>
  ) -> (values: [Int], overlaps: Int)? {
    let subject = PassthroughSubject<Int, Never>()
    let values = Guarded<[Int]>([])
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let finished = DispatchSemaphore(value: 0)
    let subscription = operate(subject).sink(
      receiveCompletion: { _ in finished.signal() },
      receiveValue: { value in
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
          overlaps.add(1, ordering: .relaxed)
        }
        values.withLock { $0.append(value) }
        inside.subtract(1, ordering: .acquiringAndReleasing)
      })
    for value in 0..<count { subject.send(value) }
    subject.send(completion: .finished)
    let arrived = finished.wait(timeout: .now() + 60) == .success
    subscription.cancel()
    guard arrived else { return nil }
    return (values.withLock { $0 }, overlaps.load(ordering: .relaxed))
  }

  /// Every value once, in order, one call at a time (reported as counts, not whole arrays).
  func expectInOrder(_ outcome: (values: [Int], overlaps: Int), count: Int) {
    let outOfOrder = zip(outcome.values, outcome.values.dropFirst()).filter { $0.0 >= $0.1 }.count
    #expect(outcome.values.count == count, "values lost")
    #expect(outOfOrder == 0, "values out of order")
    #expect(outcome.overlaps == 0)
  }

  /// The same law for `receive(on:)`. Its actions rarely run at once (a concurrent queue runs
  /// short items mostly on one thread), so this one seldom caught the old race; the `delay`
  /// test below, whose timers fire together, did.
  @Test func receiveOnAConcurrentQueueDeliversEveryValueInOrderBeforeTheFinish() throws {
    let queue = DispatchQueue(label: "receive-on-concurrent", attributes: .concurrent)
    for _ in 0..<40 {
      let outcome = try #require(deliver(500) { $0.receive(on: queue).eraseToAnyPublisher() })
      expectInOrder(outcome, count: 500)
    }
  }

  @Test func delayOnAConcurrentQueueDeliversEveryValueInOrderBeforeTheFinish() throws {
    let queue = DispatchQueue(label: "delay-concurrent", attributes: .concurrent)
    // Timers due at once fire on several threads together: before the fix, 4 runs in 5 of 40
    // rounds lost or reordered a value; 100 rounds make a miss unlikely.
    for _ in 0..<100 {
      let outcome = try #require(
        deliver(500) { $0.delay(for: .microseconds(1), scheduler: queue).eraseToAnyPublisher() })
      expectInOrder(outcome, count: 500)
    }
  }
}
