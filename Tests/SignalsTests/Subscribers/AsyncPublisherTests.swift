import Dispatch
import Signals
import Synchronization
import Testing

/// `values`: Combine's `AsyncPublisher`/`AsyncThrowingPublisher` types, one value asked for per
/// `next()`, values that need not be `Sendable`, and cancellation from every side.
@Suite struct AsyncPublisherTests {
  /// A value that is not `Sendable`, as `Notification` is not in corelibs Foundation.
  final class Note {
    var text: String
    init(_ text: String) { self.text = text }
  }

  /// A publisher that ignores demand: it sends everything as soon as it is subscribed to.
  struct Unruly: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let count: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: Subscriptions.empty)
      for value in 1...count { _ = subscriber.receive(value) }
      subscriber.receive(completion: .finished)
    }
  }

  // `Output: Sendable` was required: `NotificationCenter.publisher(for:).values` did not compile.
  @Test func valuesThatAreNotSendableReachTheLoop() async {
    let sequence: AsyncPublisher<Publishers.Sequence<[Note], Never>> = [Note("a"), Note("b")].publisher.values
    var texts: [String] = []
    for await note in sequence { texts.append(note.text) }
    #expect(texts == ["a", "b"])
  }

  // Combine's iterator asks for one value per `next()` (OpenCombine's AsyncPublisher does the
  // same); nothing is asked for before the first call.
  @Test func eachNextAsksForOneValue() async {
    let requests = Guarded<[Subscribers.Demand]>([])
    let source = [10, 20, 30].publisher.handleEvents(receiveRequest: { demand in
      requests.withLock { $0.append(demand) }
    })
    var iterator = source.values.makeAsyncIterator()
    #expect(requests.withLock { $0 }.isEmpty)
    #expect(await iterator.next() == 10)
    #expect(await iterator.next() == 20)
    #expect(requests.withLock { $0 } == [.max(1), .max(1)])
    #expect(await iterator.next() == 30)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  // As in Combine: a subject drops what it sends while no `next()` is waiting.
  @Test func aSubjectDropsWhatItSendsWhileTheLoopIsNotAsking() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    #expect(subject.subscriberCount == 1)
    subject.send(1)
    // The sender yields between sends instead of spinning on a thread: a spinning thread could
    // starve the shared pool that the waiting loop, and other tests, need to run.
    let received = Guarded<Bool>(false)
    let sender = Task.detached {
      var value = 1
      while !received.withLock({ $0 }) {
        value += 1
        subject.send(value)
        await Task.yield()
      }
    }
    let first = await iterator.next()
    received.withLock { $0 = true }
    await sender.value
    #expect(first != nil && first != 1)
  }

  @Test func aPublisherThatIgnoresDemandLosesNothing() async {
    var values: [Int] = []
    for await value in Unruly(count: 200).values { values.append(value) }
    #expect(values == Array(1...200))
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
    let source = [Note("a")].publisher.setFailureType(to: TestError.self).append(Fail(error: TestError(3)))
    var iterator = source.values.makeAsyncIterator()
    #expect(try await iterator.next()?.text == "a")
    await #expect(throws: TestError(3)) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func aPublisherThatCannotFailGetsTheNonThrowingSequence() {
    let sequence = Just(1).values
    #expect(type(of: sequence) == AsyncPublisher<Just<Int>>.self)
    let throwing = Just(1).setFailureType(to: TestError.self).values
    // `Just.setFailureType` is Combine's specialisation: a `Result.Publisher`.
    #expect(type(of: throwing) == AsyncThrowingPublisher<Result<Int, TestError>.Publisher>.self)
  }

  // Several threads send while the loop asks, one value at a time: no crash, no race (run under
  // the thread sanitizer in CI), each sender's values in its order, and the loop ends at the
  // finish.
  @Test func sendsFromManyThreadsKeepEachSendersOrder() async {
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
    var last = [Int](repeating: 0, count: senders)
    var inOrder = true
    var count = 0
    while let value = await iterator.next() {
      let sender = (value - 1) / perSender
      inOrder = inOrder && value > last[sender]
      last[sender] = value
      count += 1
    }
    #expect(inOrder)
    #expect(count <= senders * perSender)
    #expect(subject.subscriberCount == 0)
  }

  /// Waits, yielding, until `condition` holds.
  static func yield(until condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }

  /// Two tasks awaiting `next()` on one iterator of `subject.values`, returned once both have
  /// asked for their value.
  static func twoWaitingCalls(
    on subject: PassthroughSubject<Int, Never>
  ) async -> (Task<Int?, Never>, Task<Int?, Never>) {
    let requests = Guarded<Int>(0)
    // nonisolated(unsafe): the iterator's copies share one thread-safe buffer; Combine's
    // iterator is shared between tasks the same way, and it is not Sendable either.
    nonisolated(unsafe) let iterator = subject.handleEvents(receiveRequest: { _ in
      requests.withLock { $0 += 1 }
    }).values.makeAsyncIterator()
    let first = Task {
      var copy = iterator
      return await copy.next()
    }
    let second = Task {
      var copy = iterator
      return await copy.next()
    }
    await yield(until: { requests.withLock { $0 } == 2 })
    return (first, second)
  }

  // Combine's iterator may be awaited by several tasks at once (OpenCombine's AsyncPublisher
  // keeps a list of pending calls): each call asks for one value and each gets one. Before,
  // the second call replaced the first's continuation, which leaked and hung its task; the
  // time limit makes that a failure, not a hang.
  @Test(.timeLimit(.minutes(1))) func severalTasksMayAwaitOneIterator() async {
    let subject = PassthroughSubject<Int, Never>()
    let (first, second) = await Self.twoWaitingCalls(on: subject)
    subject.send(1)
    subject.send(2)
    let received = [await first.value, await second.value].compactMap { $0 }.sorted()
    #expect(received == [1, 2])
  }

  // As in Combine: a task that is already cancelled gets `nil` from `next()` at once, and the
  // subscription is cancelled.
  @Test(.timeLimit(.minutes(1))) func aCancelledTasksNextReturnsNil() async {
    let subject = PassthroughSubject<Int, Never>()
    nonisolated(unsafe) let iterator = subject.values.makeAsyncIterator()
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
      var copy = iterator
      return await copy.next()
    }
    task.cancel()
    #expect(await task.value == nil)
    #expect(subject.subscriberCount == 0)
  }

  // Cancelling one of several waiting tasks cancels the subscription (Combine's iterator
  // cancels its subscription from the task's cancellation handler) and ends every waiting call
  // with `nil`, none left hanging.
  @Test(.timeLimit(.minutes(1))) func cancellingOneWaitingTaskEndsEveryWaitingCall() async {
    let subject = PassthroughSubject<Int, Never>()
    let (first, second) = await Self.twoWaitingCalls(on: subject)
    first.cancel()
    #expect(await first.value == nil)
    #expect(await second.value == nil)
    #expect(subject.subscriberCount == 0)
  }

  // A finish ends every waiting call, not only the first.
  @Test(.timeLimit(.minutes(1))) func aFinishEndsEveryWaitingCall() async {
    let subject = PassthroughSubject<Int, Never>()
    let (first, second) = await Self.twoWaitingCalls(on: subject)
    subject.send(completion: .finished)
    #expect(await first.value == nil)
    #expect(await second.value == nil)
  }

  /// A publisher that keeps its subscriber for the test to drive, subscription and all.
  final class Puppet: Publisher, @unchecked Sendable {
    // @unchecked: `subscriber` is set once, when the iterator subscribes, before the test reads it.
    typealias Output = Int
    typealias Failure = Never
    var subscriber: AnySubscriber<Int, Never>?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      self.subscriber = AnySubscriber(subscriber)
    }
    func send(_ value: Int) -> Subscribers.Demand? { subscriber?.receive(value) }
  }

  /// Counts the `next()` calls that have returned.
  final class EndedCalls: Sendable {
    let count = Atomic<Int>(0)
  }

  /// Records the requests it gets.
  final class RequestLog: Subscription, Sendable {
    let requests = Guarded<[Subscribers.Demand]>([])
    func request(_ demand: Subscribers.Demand) { requests.withLock { $0.append(demand) } }
    func cancel() {}
  }

  // Combine's rule (OpenCombine's PublisherConcurrencyTests): a value that arrives before the
  // subscription ends every waiting `next()` with `nil`, and the demand they asked for goes to
  // the subscription when it comes. Before, the value went to one waiting call and the other
  // waited forever. The value is sent until both calls have ended, since a test cannot see
  // when a call starts waiting.
  @Test(.timeLimit(.minutes(1))) func aValueBeforeTheSubscriptionEndsEveryWaitingCall() async {
    let puppet = Puppet()
    nonisolated(unsafe) let iterator = puppet.values.makeAsyncIterator()
    let ended = EndedCalls()
    let first = Task {
      var copy = iterator
      defer { ended.count.add(1, ordering: .relaxed) }
      return await copy.next()
    }
    let second = Task {
      var copy = iterator
      defer { ended.count.add(1, ordering: .relaxed) }
      return await copy.next()
    }
    while ended.count.load(ordering: .relaxed) < 2 {
      #expect(puppet.send(42) == Subscribers.Demand.none)
      await Task.yield()
    }
    #expect(await first.value == nil)
    #expect(await second.value == nil)
    let log = RequestLog()
    puppet.subscriber?.receive(subscription: log)
    #expect(log.requests.withLock { $0 } == [.max(2)])
  }
}
