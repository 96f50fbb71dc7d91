import Signals
import SignalsTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flatMap`'s demand, failures and cancel as Combine's (OpenCombine's `FlatMapTests`, which
/// state Combine's behaviour): the upstream is asked for `maxPublishers` as given, each inner
/// publisher for one value at a time, and an inner failure leaves the upstream subscribed.
@Suite struct FlatMapDemandTests {
  /// A subscription that records what it is asked, and runs `onRequest` when asked.
  final class Log: Subscription, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var events: [String] = []
    var onRequest: (() -> Void)?
    var onCancel: (() -> Void)?
    func request(_ demand: Subscribers.Demand) {
      events.append("request \(demand)")
      onRequest?()
    }
    func cancel() {
      events.append("cancel")
      onCancel?()
    }
  }

  /// A publisher the test drives by hand: it keeps its one subscriber and gives it `log` as its
  /// subscription, so the test sends in any order and reads what was asked of it.
  final class Driven<Output>: Publisher, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Failure = TestError
    let log = Log()
    var subscriber: AnySubscriber<Output, TestError>?
    var onSubscribe: (() -> Void)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == TestError {
      onSubscribe?()
      self.subscriber = AnySubscriber(subscriber)
      subscriber.receive(subscription: log)
    }
    func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func send(completion: Subscribers.Completion<TestError>) { subscriber?.receive(completion: completion) }
  }

  /// A subscriber that records its events and returns `returning(value)` for each value.
  final class Tracking: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = Int
    typealias Failure = TestError
    var events: [String] = []
    var subscription: (any Subscription)?
    let initial: Subscribers.Demand
    var returning: (Int) -> Subscribers.Demand = { _ in .none }
    var onFailure: (() -> Void)?

    init(initial: Subscribers.Demand) { self.initial = initial }
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      events.append("subscription")
      if initial > 0 { subscription.request(initial) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      events.append("\(input)")
      return returning(input)
    }
    func receive(completion: Subscribers.Completion<TestError>) {
      if case .failure = completion { onFailure?() }
      events.append(completion == .finished ? "finished" : "failure")
    }
  }

  @Test func eachInnerPublisherIsAskedForOneValueAtATimeAndAValueBeyondTheDemandWaits() {
    let upstream = PassthroughSubject<Driven<Int>, TestError>()
    let tracking = Tracking(initial: .max(2))
    upstream.flatMap { $0 }.subscribe(tracking)
    let (first, second) = (Driven<Int>(), Driven<Int>())
    upstream.send(first)
    upstream.send(second)
    #expect(first.log.events == ["request max(1)"])
    #expect(second.log.events == ["request max(1)"])
    // A value that finds demand goes out and its publisher is answered for one more.
    #expect(first.send(1) == .max(1))
    #expect(first.send(2) == .max(1))
    // No demand left: held, and its publisher is asked for nothing.
    #expect(first.send(3) == .none)
    #expect(tracking.events == ["subscription", "1", "2"])
    tracking.subscription?.request(.max(5))
    #expect(tracking.events == ["subscription", "1", "2", "3"])
    // The held value went out: its publisher is asked for the next one.
    #expect(first.log.events == ["request max(1)", "request max(1)"])
    #expect(second.log.events == ["request max(1)"])
  }

  @Test func whatTheSubscriberReturnsAddsToItsDemandAndIsNotAskedOfTheInner() {
    let upstream = PassthroughSubject<Driven<Int>, TestError>()
    let tracking = Tracking(initial: .max(1))
    tracking.returning = { .max($0) }
    upstream.flatMap { $0 }.subscribe(tracking)
    let inner = Driven<Int>()
    upstream.send(inner)
    #expect(inner.send(3) == .max(1))
    #expect(inner.send(0) == .max(1))
    #expect(inner.send(0) == .max(1))
    #expect(inner.send(0) == .max(1))
    #expect(inner.send(0) == .none)
    #expect(inner.log.events == ["request max(1)"])
    #expect(tracking.events == ["subscription", "3", "0", "0", "0"])
  }

  @Test func unlimitedDemandAsksEveryInnerForUnlimited() {
    let upstream = PassthroughSubject<Driven<Int>, TestError>()
    let tracking = Tracking(initial: .max(3))
    upstream.flatMap { $0 }.subscribe(tracking)
    let inner = Driven<Int>()
    upstream.send(inner)
    tracking.subscription?.request(.unlimited)
    #expect(inner.log.events == ["request max(1)", "request unlimited"])
    #expect(inner.send(1) == .none)
    let late = Driven<Int>()
    upstream.send(late)
    #expect(late.log.events == ["request unlimited"])
  }

  @Test func theUpstreamIsAskedForMaxPublishersAsGivenAfterTheSubscriptionWentDownstream() {
    let upstream = Driven<Driven<Int>>()
    var subscribedFirst = false
    let tracking = Tracking(initial: .none)
    upstream.onSubscribe = { subscribedFirst = tracking.events == ["subscription"] }
    upstream.flatMap(maxPublishers: .none) { $0 }.subscribe(tracking)
    #expect(subscribedFirst)
    #expect(upstream.log.events == ["request max(0)"])
    let three = Driven<Driven<Int>>()
    three.flatMap(maxPublishers: .max(3)) { $0 }.subscribe(Tracking(initial: .none))
    #expect(three.log.events == ["request max(3)"])
  }

  @Test func eachFinishOfAnInnerAsksTheUpstreamForOneMoreUnderALimit() {
    let upstream = Driven<Driven<Int>>()
    let tracking = Tracking(initial: .none)
    upstream.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(tracking)
    let inner = Driven<Int>()
    #expect(upstream.send(inner) == .none)
    inner.send(completion: .finished)
    // A publisher that breaks the protocol by finishing again asks again, as in Combine.
    inner.send(completion: .finished)
    #expect(upstream.log.events == ["request max(1)", "request max(1)", "request max(1)"])
    #expect(inner.log.events == ["request max(1)"])
    #expect(tracking.events == ["subscription"])
  }

  @Test func whatAnInnerSendsAfterItsFinishIsPassedOnWhileOthersRun() {
    let upstream = Driven<Driven<Int>>()
    let tracking = Tracking(initial: .unlimited)
    upstream.flatMap { $0 }.subscribe(tracking)
    let (first, second) = (Driven<Int>(), Driven<Int>())
    _ = upstream.send(first)
    _ = upstream.send(second)
    upstream.send(completion: .finished)
    #expect(first.send(6) == .none)
    first.send(completion: .finished)
    #expect(first.send(7) == .none)
    second.send(completion: .finished)
    #expect(tracking.events == ["subscription", "6", "7", "finished"])
    #expect(first.log.events == ["request unlimited"])
  }

  @Test func theFinishWaitsForAHeldValue() {
    let upstream = PassthroughSubject<Void, TestError>()
    let inner = Driven<Int>()
    let tracking = Tracking(initial: .max(1))
    upstream.flatMap { _ in inner }.subscribe(tracking)
    upstream.send()
    #expect(inner.send(1) == .max(1))
    #expect(inner.send(2) == .none)
    upstream.send(completion: .finished)
    inner.send(completion: .finished)
    #expect(tracking.events == ["subscription", "1"])
    tracking.subscription?.request(.unlimited)
    #expect(tracking.events == ["subscription", "1", "2", "finished"])
  }

  @Test func anInnerFailureCancelsTheOtherInnersThenFailsAndLeavesTheUpstreamSubscribed() {
    let upstream = Driven<Driven<Int>>()
    let tracking = Tracking(initial: .unlimited)
    upstream.flatMap { $0 }.subscribe(tracking)
    let (failing, other) = (Driven<Int>(), Driven<Int>())
    _ = upstream.send(failing)
    _ = upstream.send(other)
    tracking.onFailure = { #expect(other.log.events == ["request unlimited", "cancel"]) }
    failing.send(completion: .failure(TestError(3)))
    #expect(tracking.events == ["subscription", "failure"])
    #expect(failing.log.events == ["request unlimited"])
    #expect(upstream.log.events == ["request unlimited"])
    // The upstream stays subscribed; what it sends starts nothing.
    let late = Driven<Int>()
    #expect(upstream.send(late) == .none)
    #expect(late.subscriber == nil)
    // A cancel still lets go of it.
    tracking.subscription?.cancel()
    #expect(upstream.log.events == ["request unlimited", "cancel"])
  }

  @Test func anUpstreamFailureCancelsTheInnersBeforeItGoesDownstream() {
    let upstream = Driven<Driven<Int>>()
    let tracking = Tracking(initial: .max(4))
    upstream.flatMap(maxPublishers: .max(3)) { $0 }.subscribe(tracking)
    let inner = Driven<Int>()
    _ = upstream.send(inner)
    tracking.onFailure = { #expect(inner.log.events == ["request max(1)", "cancel"]) }
    upstream.send(completion: .failure(TestError(1)))
    #expect(tracking.events == ["subscription", "failure"])
    #expect(upstream.log.events == ["request max(3)"])
  }

  @Test func cancelCancelsTheInnersBeforeTheUpstream() {
    let upstream = Driven<Int>()
    let inner = Driven<Int>()
    let tracking = Tracking(initial: .max(42))
    upstream.flatMap { _ in inner }.subscribe(tracking)
    _ = upstream.send(1)
    upstream.log.onCancel = { #expect(inner.log.events == ["request max(1)", "cancel"]) }
    tracking.subscription?.cancel()
    #expect(upstream.log.events == ["request unlimited", "cancel"])
  }

  /// A value an inner sends while another is being delivered finds the demand left: it is
  /// answered at once and goes out right after the delivery in progress, never inside it.
  @Test func aValueSentDuringADeliveryIsAnsweredAndGoesOutAfterIt() {
    let upstream = PassthroughSubject<Driven<Int>, TestError>()
    let (first, second) = (Driven<Int>(), Driven<Int>())
    let tracking = Tracking(initial: .max(2))
    var answer: Subscribers.Demand?
    tracking.returning = { value in
      tracking.events.append("end \(value)")
      if value == 1 { answer = second.send(2) }
      return .none
    }
    upstream.flatMap { $0 }.subscribe(tracking)
    upstream.send(first)
    upstream.send(second)
    #expect(first.send(1) == .max(1))
    #expect(answer == .max(1))
    #expect(tracking.events == ["subscription", "1", "end 1", "2", "end 2"])
    #expect(second.log.events == ["request max(1)"])
  }

  /// A value sent while the operator asks its publisher for the next one waits behind the values
  /// already held, and each held value that goes out asks its publisher again.
  @Test func heldValuesGoOutInOrderUntilTheDemandIsUsed() {
    let upstream = Driven<Driven<Int>>()
    let tracking = Tracking(initial: .none)
    tracking.returning = { $0 > 0 ? .max($0) : .none }
    upstream.flatMap { $0 }.subscribe(tracking)
    let inner = Driven<Int>()
    _ = upstream.send(inner)
    for value in [-3, -4, 2, -5, -6, -7] { #expect(inner.send(value) == .none) }
    inner.log.onRequest = { #expect(inner.send(-42) == .none) }
    tracking.subscription?.request(.max(3))
    #expect(tracking.events == ["subscription", "-3", "-4", "2", "-5", "-6"])
    #expect(inner.log.events == Array(repeating: "request max(1)", count: 6))
  }
}

extension FlatMapDemandTests {
  /// An inner publisher that sends `count` values from its own thread, only against what it was
  /// asked, and records the most it was ever asked for at once.
  final class PacedSource: Publisher, Subscription, @unchecked Sendable {
    // @unchecked: `subscriber` is set once, before `run` starts on another thread (the task
    // group's start orders it); everything else is atomic.
    typealias Output = Int
    typealias Failure = Never
    let outstanding = Atomic<Int>(0)
    let mostAsked = Atomic<Int>(0)
    let unlimited = Atomic<Bool>(false)
    var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      self.subscriber = AnySubscriber(subscriber)
      subscriber.receive(subscription: self)
    }
    func request(_ demand: Subscribers.Demand) { add(demand) }
    func cancel() {}

    func add(_ demand: Subscribers.Demand) {
      guard let count = demand.max else { return unlimited.store(true, ordering: .releasing) }
      let now = outstanding.add(count, ordering: .acquiringAndReleasing).newValue
      mostAsked.max(now, ordering: .relaxed)
    }

    /// Sends `1...count` as demand allows, then finishes.
    func run(_ count: Int) {
      var next = 1
      while next <= count {
        let may =
          unlimited.load(ordering: .acquiring)
          || outstanding.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 0
        guard may else {
          outstanding.wrappingAdd(1, ordering: .relaxed)
          sched_yield()
          continue
        }
        add(subscriber?.receive(next) ?? .none)
        next += 1
      }
      subscriber?.receive(completion: .finished)
    }
  }

  /// A subscriber that asks for three values, and one more for each it receives, and counts
  /// what arrives; `unlimitedAfter` values in, it asks for `.unlimited` (`nil`: never).
  final class Stepwise: Subscriber, @unchecked Sendable {
    // @unchecked: `count` and `sum` are written only inside `receive`, which the contract under
    // test promises is never entered twice at once; `inside` detects it if it is.
    typealias Input = Int
    typealias Failure = Never
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let completions = Atomic<Int>(0)
    let unlimitedAfter: Int?
    var subscription: (any Subscription)?
    private(set) var count = 0
    private(set) var sum = 0

    init(unlimitedAfter: Int?) { self.unlimitedAfter = unlimitedAfter }
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      subscription.request(.max(3))
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
      count += 1
      sum += input
      let more: Subscribers.Demand = count == unlimitedAfter ? .unlimited : .max(1)
      inside.subtract(1, ordering: .acquiringAndReleasing)
      return more
    }
    func receive(completion: Subscribers.Completion<Never>) { completions.add(1, ordering: .relaxed) }
  }

  /// Four inner publishers send from four threads against a subscriber that asks one value at a
  /// time (then, in the second run, for everything): every value arrives once, never two calls
  /// at once, and no inner publisher is ever asked for more than one value at a time while the
  /// demand is limited. Run under the thread sanitizer too.
  @Test(arguments: [nil, 1_000])
  func innersOnSeveralThreadsAreAskedOneValueAtATime(unlimitedAfter: Int?) async {
    let values = 2_000
    let inners = (0..<4).map { _ in PacedSource() }
    let upstream = PassthroughSubject<Int, Never>()
    let subscriber = Stepwise(unlimitedAfter: unlimitedAfter)
    upstream.flatMap { inners[$0] }.subscribe(subscriber)
    for index in inners.indices { upstream.send(index) }
    upstream.send(completion: .finished)
    await withTaskGroup(of: Void.self) { group in
      for inner in inners { group.addTask { inner.run(values) } }
    }
    #expect(subscriber.overlaps.load(ordering: .relaxed) == 0)
    #expect(subscriber.count == 4 * values)
    #expect(subscriber.sum == 4 * values * (values + 1) / 2)
    #expect(subscriber.completions.load(ordering: .relaxed) == 1)
    if unlimitedAfter == nil {
      #expect(inners.allSatisfy { $0.mostAsked.load(ordering: .relaxed) <= 1 })
    }
  }
}
