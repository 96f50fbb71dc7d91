import Signals
import SignalsTesting
import Testing

@Suite struct HandleEventsTests {
  @Test func seesEveryEventBeforeItPasses() {
    var log: [String] = []
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.handleEvents(
      receiveSubscription: { _ in log.append("subscription") },
      receiveOutput: { log.append("value \($0)") },
      receiveCompletion: { _ in log.append("completion") },
      receiveCancel: { log.append("cancel") }
    ).record()
    subject.send(1)
    subject.send(completion: .finished)
    recorder.cancel()
    #expect(log == ["subscription", "value 1", "completion"])
    #expect(recorder.events == [.value(1), .completion(.finished)])
  }

  @Test func reportsACancelOnce() {
    var cancels = 0
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.handleEvents(receiveCancel: { cancels += 1 }).record()
    recorder.cancel()
    recorder.cancel()
    #expect(cancels == 1)
    #expect(subject.subscriberCount == 0)
  }
}

/// Requests one value, then returns the given demands from its values, in turn.
final class ReturningSubscriber: Subscriber, @unchecked Sendable {
  // @unchecked: the tests use it on one thread.
  typealias Input = Int
  typealias Failure = Never
  var returned: [Subscribers.Demand]
  var subscription: (any Subscription)?

  init(returning returned: [Subscribers.Demand]) { self.returned = returned }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }
  func receive(_ input: Int) -> Subscribers.Demand { returned.removeFirst() }
  func receive(completion: Subscribers.Completion<Never>) {}
}

extension HandleEventsTests {
  // Combine's (OpenCombine's HandleEventsTests.testBasicBehavior): demand the subscriber returns
  // from a value reaches `receiveRequest` too, as a request does.
  @Test func theDemandReturnedFromAValueIsReportedAsARequest() {
    let subject = PassthroughSubject<Int, Never>()
    var requests: [Subscribers.Demand] = []
    let subscriber = ReturningSubscriber(returning: [.max(2), .none])
    subject.handleEvents(receiveRequest: { requests.append($0) }).subscribe(subscriber)
    subject.send(1)
    subject.send(2)
    #expect(requests == [.max(1), .max(2)])
    subscriber.subscription?.cancel()
  }
}

@Suite struct PrintTests {
  final class Lines: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
  }

  struct Stream: TextOutputStream {
    let lines: Lines
    mutating func write(_ string: String) { lines.write(string) }
  }

  /// The lines with the subscription's description left out: it is the upstream's to choose.
  static func withoutDescription(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.contains("receive subscription: (") ? line.prefix { $0 != "(" } + "(...)" : line
    }.joined(separator: "\n")
  }

  @Test func printsEachEvent() {
    let lines = Lines()
    let failing = PassthroughSubject<Int, TestError>()
    let recorder = failing.print("p", to: Stream(lines: lines)).record()
    failing.send(1)
    failing.send(completion: .failure(TestError(2)))
    recorder.cancel()
    #expect(
      Self.withoutDescription(lines.text)
        == "p: receive subscription: (...)\np: request unlimited\np: receive value: (1)\np: receive error: (TestError(2))\n"
    )
    let cancelled = Just(1).print(to: Stream(lines: lines))
    _ = cancelled
  }

  @Test func printsACancel() {
    let lines = Lines()
    let subject = PassthroughSubject<Int, Never>()
    subject.print("c", to: Stream(lines: lines)).record().cancel()
    #expect(
      Self.withoutDescription(lines.text)
        == "c: receive subscription: (...)\nc: request unlimited\nc: receive cancel\n")
  }

  /// A subscription that names itself, as Combine's do (`Map`, `Just`, ...).
  final class Named: Subscription, CustomStringConvertible {
    var description: String { "Map" }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
  }

  struct NamedPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: Named())
    }
  }

  @Test func printNamesTheSubscriptionByItsDescriptionAndPrintsEachRequest() {
    let lines = Lines()
    let recorder = NamedPublisher().print(to: Stream(lines: lines)).record(demand: .max(2))
    recorder.request(.max(3))
    recorder.request(.unlimited)
    #expect(
      lines.text
        == "receive subscription: (Map)\nrequest max: (2)\nrequest max: (3)\nrequest unlimited\n")
  }

  // Combine's Print prints the demand a subscriber returns from a value, marked
  // `(synchronous)` (OpenCombine's PrintTests), and nothing for `.none` (Apple's example).
  @Test func printsTheDemandReturnedFromAValueAsSynchronous() {
    let lines = Lines()
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = ReturningSubscriber(returning: [.max(2), .none, .unlimited])
    subject.print("p", to: Stream(lines: lines)).subscribe(subscriber)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(
      Self.withoutDescription(lines.text)
        == """
        p: receive subscription: (...)
        p: request max: (1)
        p: receive value: (1)
        p: request max: (2) (synchronous)
        p: receive value: (2)
        p: receive value: (3)
        p: request unlimited (synchronous)

        """)
    withExtendedLifetime(subscriber) {}
  }

  // Combine's `Publishers.Print` is a struct of its own with `upstream`, `prefix` and `stream`,
  // and its subscription describes itself as "Print".
  @Test func printIsItsOwnTypeAndItsSubscriptionIsNamedPrint() {
    let print = Publishers.Print(upstream: Just(1), prefix: "x", to: nil)
    #expect(print.prefix == "x")
    #expect(print.upstream == Just(1))
    var description = ""
    _ = Just(1).print(to: Stream(lines: Lines())).sink(
      receiveCompletion: { _ in }, receiveValue: { _ in })
    print.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: { description = "\($0)" }, receiveValue: { _ in .none },
        receiveCompletion: { _ in }))
    #expect(description == "Print")
  }

  /// A subscription that records whether it was cancelled.
  final class Flagged: Subscription, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var cancelled = false
    var requested: [Subscribers.Demand] = []
    func request(_ demand: Subscribers.Demand) { requested.append(demand) }
    func cancel() { cancelled = true }
  }

  /// A publisher that gives its subscriber two subscriptions, one after the other.
  struct TwoSubscriptions: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let first: Flagged
    let second: Flagged
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: first)
      subscriber.receive(subscription: second)
    }
  }

  // As Combine's: a second subscription is cancelled, the first kept.
  @Test func printCancelsASecondSubscriptionAndKeepsTheFirst() {
    let first = Flagged()
    let second = Flagged()
    let recorder = TwoSubscriptions(first: first, second: second).print(to: Stream(lines: Lines())).record()
    #expect(second.cancelled)
    #expect(!first.cancelled)
    #expect(first.requested == [.unlimited])
    recorder.cancel()
    #expect(first.cancelled)
  }
}
