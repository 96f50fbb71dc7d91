import Dispatch
import Signals
import Synchronization
import Testing

/// `values`: Combine's `AsyncPublisher`/`AsyncThrowingPublisher` types, values that need not be
/// `Sendable`, nothing lost while the loop is busy, and cancellation from every side.
@Suite struct AsyncPublisherTests {
  /// A value that is not `Sendable`, as `Notification` is not in corelibs Foundation.
  final class Note {
    var text: String
    init(_ text: String) { self.text = text }
  }

  // `Output: Sendable` was required: `NotificationCenter.publisher(for:).values` did not compile.
  @Test func valuesThatAreNotSendableReachTheLoop() async {
    let subject = PassthroughSubject<Note, Never>()
    let sequence: AsyncPublisher<PassthroughSubject<Note, Never>> = subject.values
    var iterator = sequence.makeAsyncIterator()
    #expect(subject.subscriberCount == 1)
    subject.send(Note("a"))
    subject.send(Note("b"))
    #expect(await iterator.next()?.text == "a")
    #expect(await iterator.next()?.text == "b")
    subject.send(completion: .finished)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  @Test func valuesSentWhileTheLoopIsBusyAreKeptInOrder() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    for value in 1...200 { subject.send(value) }
    var seen: [Int] = []
    for _ in 1...150 { seen.append(await iterator.next() ?? -1) }
    for value in 201...300 { subject.send(value) }
    subject.send(completion: .finished)
    while let value = await iterator.next() { seen.append(value) }
    #expect(seen == Array(1...300))
  }

  @Test func aValueThatArrivesWhileTheLoopWaitsWakesIt() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    DispatchQueue.global().async {
      // The loop may or may not be waiting yet: both orders must deliver the value.
      subject.send(7)
    }
    #expect(await iterator.next() == 7)
  }

  @Test func cancellingTheTaskEndsTheLoopAndTheSubscription() async {
    let subject = PassthroughSubject<Int, Never>()
    let started = Guarded<Bool>(false)
    let loop = Task {
      var count = 0
      for await _ in subject.values {
        count += 1
        started.withLock { $0 = true }
      }
      return count
    }
    while !started.withLock({ $0 }) {
      subject.send(1)
      await Task.yield()
    }
    loop.cancel()
    let count = await loop.value
    #expect(count >= 1)
    #expect(subject.subscriberCount == 0)
  }

  @Test func theFailureIsThrownOnceAfterTheValuesBeforeIt() async throws {
    let subject = PassthroughSubject<Note, TestError>()
    let sequence: AsyncThrowingPublisher<PassthroughSubject<Note, TestError>> = subject.values
    var iterator = sequence.makeAsyncIterator()
    subject.send(Note("a"))
    subject.send(completion: .failure(TestError(3)))
    #expect(try await iterator.next()?.text == "a")
    await #expect(throws: TestError(3)) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func aPublisherThatCannotFailGetsTheNonThrowingSequence() {
    let sequence = Just(1).values
    #expect(type(of: sequence) == AsyncPublisher<Just<Int>>.self)
    let throwing = Just(1).setFailureType(to: TestError.self).values
    #expect(
      type(of: throwing) == AsyncThrowingPublisher<Publishers.SetFailureType<Just<Int>, TestError>>.self)
  }

  @Test func valuesFromManyThreadsAllArrive() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    let senders = 4
    let perSender = 2_000
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: senders) { sender in
        for value in 1...perSender { subject.send(sender * perSender + value) }
      }
      subject.send(completion: .finished)
    }
    var sum = 0
    var count = 0
    while let value = await iterator.next() {
      sum += value
      count += 1
    }
    let total = senders * perSender
    #expect(count == total)
    #expect(sum == total * (total + 1) / 2)
  }
}
