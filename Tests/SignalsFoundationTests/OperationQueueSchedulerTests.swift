import Dispatch
import Foundation
import SignalsFoundation
import SignalsTesting
import Synchronization
import Testing

@Suite struct OperationQueueSchedulerTests {
  func serialQueue() -> OperationQueue {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
  }

  @Test func actionsRunOnTheQueueInOrder() {
    let queue = serialQueue()
    let log = RunLoopLog()
    for index in 0..<20 { queue.schedule { log.append("\(index)") } }
    queue.waitUntilAllOperationsAreFinished()
    #expect(log.all == (0..<20).map { "\($0)" })
  }

  /// Records what is added to it, as OpenCombine's tests' `TestOperationQueue` does.
  final class RecordingQueue: OperationQueue, @unchecked Sendable {
    // @unchecked: the record is behind a Mutex; OperationQueue's own state is its own.
    let added = Mutex<[String]>([])
    override func addOperation(_ op: Operation) {
      added.withLock { $0.append(op is BlockOperation ? "block operation" : "operation") }
      super.addOperation(op)
    }
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      added.withLock { $0.append("block") }
      super.addOperation(block)
    }
  }

  @Test func anActionIsAddedAsOneBlockOperationAsInCombine() {
    let queue = RecordingQueue()
    let ran = Mutex(0)
    queue.schedule { ran.withLock { $0 += 1 } }
    queue.waitUntilAllOperationsAreFinished()
    #expect(queue.added.withLock { $0 } == ["block operation"])
    #expect(ran.withLock { $0 } == 1)
  }

  @Test func aTimedActionRunsAtItsDateAndACancelledOneNever() {
    let queue = serialQueue()
    let log = RunLoopLog()
    let done = DispatchSemaphore(value: 0)
    let start = queue.now
    let cancelled = queue.schedule(after: start.advanced(by: .milliseconds(200))) { log.append("cancelled") }
    cancelled.cancel()
    queue.schedule(after: start.advanced(by: .milliseconds(300))) {
      log.append("at its date: \(queue.now >= start.advanced(by: .milliseconds(300)))")
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    queue.waitUntilAllOperationsAreFinished()
    #expect(log.all == ["at its date: true"])
  }

  @Test func aRepeatingActionRepeatsUntilCancelled() {
    let queue = serialQueue()
    let ticks = DispatchSemaphore(value: 0)
    let repeating = queue.schedule(after: queue.now, interval: .milliseconds(5)) { ticks.signal() }
    for _ in 0..<3 { #expect(ticks.wait(timeout: .now() + 10) == .success) }
    repeating.cancel()
  }

  @Test func itIsASchedulerForOperators() {
    let queue = serialQueue()
    let subject = PassthroughSubject<Int, Never>()
    let log = RunLoopLog()
    let subscription = subject.receive(on: queue).sink { log.append("\($0)") }
    for value in 1...5 { subject.send(value) }
    // receive(on:) adds one operation per value; wait for them without sleeping.
    let done = DispatchSemaphore(value: 0)
    queue.schedule { done.signal() }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(log.all == ["1", "2", "3", "4", "5"])
    subscription.cancel()
    let test: TestScheduler = OperationQueue.test
    #expect(test.now == .zero)
  }
}
