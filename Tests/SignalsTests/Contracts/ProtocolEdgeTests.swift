import Signals
import SignalsExtras
import SignalsVirtualTime
import Testing

/// The edges of the Subscriber protocol, as Combine's operators keep them (Apple's
/// documentation first; OpenCombine 0.14's tests for the facts per operator): what an operator
/// does with events its upstream sends out of order, with a second subscription, and with the
/// demand its subscriber returns from a value.
///
/// Where Combine traps (a value before the subscription to `tryFilter`, `removeDuplicates`,
/// `prefix(while:)`), Signals ignores the event instead: bad input never traps.
@Suite struct ProtocolEdgeTests {
  /// A subscription that records what was asked of it.
  final class Recorded: Subscription, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var events: [String] = []
    func request(_ demand: Subscribers.Demand) { events.append("request \(demand)") }
    func cancel() { events.append("cancel") }
  }

  /// A source the test drives by hand: it keeps its subscriber, so the test can send events in
  /// any order, and gives it as a subscription when it is one (the operator's own object).
  final class Manual: Publisher, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Output = Int
    typealias Failure = TestError
    var value: ((Int) -> Subscribers.Demand)?
    var completion: ((Subscribers.Completion<TestError>) -> Void)?
    var subscription: ((any Subscription) -> Void)?
    var asSubscription: (any Subscription)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
      value = subscriber.receive(_:)
      completion = subscriber.receive(completion:)
      subscription = subscriber.receive(subscription:)
      asSubscription = subscriber as? any Subscription
    }
  }

  /// What the subscriber at the end saw.
  final class Tracking: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Input = String
    typealias Failure = any Error
    var events: [String] = []
    var subscription: (any Subscription)?
    let initial: Subscribers.Demand
    let returned: Subscribers.Demand

    init(initial: Subscribers.Demand = .none, returned: Subscribers.Demand = .max(42)) {
      self.initial = initial
      self.returned = returned
    }

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      events.append("subscription")
      if initial > .none { subscription.request(initial) }
    }
    func receive(_ input: String) -> Subscribers.Demand {
      events.append("value \(input)")
      return returned
    }
    func receive(completion: Subscribers.Completion<any Error>) {
      events.append("completion")
    }
  }

  /// What the Combine operator does at an edge.
  enum Early: Sendable {
    case passes
    case ignored
  }

  enum CancelledEarly: String, Sendable {
    case cancelsIt = "cancel"
    case requestsEverything = "request unlimited"
    case leavesIt = ""
  }

  /// One operator and what Combine's does at each edge.
  struct Edge: CustomTestStringConvertible, Sendable {
    let name: String
    let values: Early
    let completion: Early
    let cancelledEarly: CancelledEarly
    let apply: @Sendable (Manual) -> AnyPublisher<String, any Error>
    var testDescription: String { name }

    init(
      _ name: String, values: Early, completion: Early, cancelledEarly: CancelledEarly,
      _ apply: @escaping @Sendable (Manual) -> AnyPublisher<String, any Error>
    ) {
      self.name = name
      self.values = values
      self.completion = completion
      self.cancelledEarly = cancelledEarly
      self.apply = apply
    }
  }

  /// The relay-based operators, with OpenCombine 0.14's facts (`*Tests.swift`,
  /// `testReceiveValueBeforeSubscription` and its siblings).
  static let edges: [Edge] = [
    Edge("handleEvents", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
      $0.handleEvents().lawShape()
    },
    Edge("tryMap", values: .passes, completion: .ignored, cancelledEarly: .leavesIt) {
      $0.tryMap { $0 }.lawShape()
    },
    Edge("tryScan", values: .passes, completion: .ignored, cancelledEarly: .leavesIt) {
      $0.tryScan(0) { $0 + $1 }.lawShape()
    },
    Edge("drop(while:)", values: .ignored, completion: .ignored, cancelledEarly: .leavesIt) {
      $0.drop(while: { _ in false }).lawShape()
    },
    Edge("output(in:)", values: .ignored, completion: .ignored, cancelledEarly: .leavesIt) {
      $0.output(in: 0..<3).lawShape()
    },
    Edge("replaceError", values: .ignored, completion: .ignored, cancelledEarly: .leavesIt) {
      $0.replaceError(with: 0).lawShape()
    },
    Edge("collect(2)", values: .ignored, completion: .passes, cancelledEarly: .leavesIt) {
      $0.collect(2).lawShape()
    },
    Edge("encode", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
      $0.encode(encoder: DecimalEncoder()).lawShape()
    },
    Edge("count", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.count().lawShape()
    },
    Edge("first", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.first().lawShape()
    },
    Edge("last", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.last().lawShape()
    },
    Edge("collect()", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.collect().lawShape()
    },
    Edge("reduce", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.reduce(0, +).lawShape()
    },
    Edge("min", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.min().lawShape()
    },
    Edge("contains", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.contains(1).lawShape()
    },
    Edge("allSatisfy", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.allSatisfy { $0 > 0 }.lawShape()
    },
    Edge("replaceEmpty", values: .ignored, completion: .ignored, cancelledEarly: .requestsEverything) {
      $0.replaceEmpty(with: 1).lawShape()
    },
    // Combine traps on these early events; Signals ignores them.
    Edge("tryFilter", values: .ignored, completion: .ignored, cancelledEarly: .cancelsIt) {
      $0.tryFilter { _ in true }.lawShape()
    },
    Edge("tryCompactMap", values: .ignored, completion: .ignored, cancelledEarly: .cancelsIt) {
      $0.tryCompactMap { $0 }.lawShape()
    },
    Edge("removeDuplicates", values: .ignored, completion: .ignored, cancelledEarly: .cancelsIt) {
      $0.removeDuplicates().lawShape()
    },
    Edge("prefix(while:)", values: .ignored, completion: .ignored, cancelledEarly: .cancelsIt) {
      $0.prefix(while: { _ in true }).lawShape()
    },
  ]

  /// The operators that, as Combine's, hand the upstream's subscription to their subscriber
  /// (OpenCombine 0.14's `Inner` structs and `Scan`'s class, which are not subscriptions).
  static let handsThrough: [Edge] = [
    Edge("compactMap", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
      $0.compactMap { $0 }.lawShape()
    },
    Edge("scan", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
      $0.scan(0, +).lawShape()
    },
    Edge("mapError", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
      $0.mapError { $0 }.lawShape()
    },
    Edge("ignoreOutput", values: .ignored, completion: .passes, cancelledEarly: .leavesIt) {
      $0.ignoreOutput().lawShape()
    },
  ]

  @Test(arguments: edges + handsThrough)
  func aValueBeforeTheSubscriptionIsIgnored(_ edge: Edge) {
    let source = Manual()
    let tracking = Tracking()
    edge.apply(source).subscribe(tracking)
    let demand = source.value?(1)
    switch edge.values {
    case .passes:
      // A stateless operator passes it on, and the subscriber's demand back (Combine's).
      #expect(tracking.events == ["value 1"])
      #expect(demand == .max(42))
    case .ignored:
      #expect(tracking.events.isEmpty)
      #expect(demand == Subscribers.Demand.none)
    }
  }

  @Test(arguments: edges + handsThrough)
  func aCompletionBeforeTheSubscriptionIsIgnored(_ edge: Edge) {
    let source = Manual()
    let tracking = Tracking()
    edge.apply(source).subscribe(tracking)
    source.completion?(.finished)
    #expect(tracking.events == (edge.completion == .passes ? ["completion"] : []))
  }

  // `handleEvents` subscribes through a wrapper that is not its subscription, so a test cannot
  // reach its cancel before the subscription; its relay is the one the others use.
  @Test(arguments: edges.filter { $0.name != "handleEvents" })
  func aCancelBeforeTheSubscriptionLeavesItAsCombineDoes(_ edge: Edge) throws {
    let source = Manual()
    edge.apply(source).subscribe(Tracking())
    let relay = try #require(source.asSubscription)
    relay.cancel()
    let subscription = Recorded()
    source.subscription?(subscription)
    #expect(subscription.events == (edge.cancelledEarly == .leavesIt ? [] : [edge.cancelledEarly.rawValue]))
  }

  // Combine's `HandleEvents` cancels a second subscription itself, with no `receiveCancel`
  // (`receiveSubscription` sees it while the flow is live, not after its end): found by the
  // Differential run against OpenCombine.
  @Test func handleEventsCancelsASecondSubscriptionWithoutItsCancelHandler() {
    let source = Manual()
    var seen: [String] = []
    let sink = source.handleEvents(
      receiveSubscription: { _ in seen.append("subscription") }, receiveCancel: { seen.append("cancel") }
    )
    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = Recorded()
    let second = Recorded()
    source.subscription?(first)
    source.subscription?(second)
    source.completion?(.finished)
    let late = Recorded()
    source.subscription?(late)
    #expect(seen == ["subscription", "subscription"])
    #expect(second.events == ["cancel"])
    #expect(late.events == ["cancel"])
    #expect(first.events == ["request unlimited"])
    withExtendedLifetime(sink) {}
  }

  // OpenCombine's `testReceiveCompletionBeforeSubscription` for the time operators: Combine's
  // ignore a completion that comes before their subscription.
  @Test func theTimeOperatorsIgnoreACompletionBeforeTheSubscription() {
    let scheduler = TestScheduler()
    let timed: [(String, (Manual) -> AnyPublisher<String, any Error>)] = [
      ("delay", { $0.delay(for: 1, scheduler: scheduler).lawShape() }),
      ("receive(on:)", { $0.receive(on: scheduler).lawShape() }),
      ("debounce", { $0.debounce(for: 1, scheduler: scheduler).lawShape() }),
      ("throttle", { $0.throttle(for: 1, scheduler: scheduler, latest: true).lawShape() }),
    ]
    for (name, apply) in timed {
      let source = Manual()
      let tracking = Tracking()
      apply(source).subscribe(tracking)
      source.completion?(.finished)
      scheduler.run()
      #expect(tracking.events.isEmpty, "\(name)")
    }
  }

  // OpenCombine's `testCatchPreservesDemand` and `ConcatenateTests`: `catch` and `append` return
  // the subscriber's extra demand from `receive(_:)`, rather than requesting it again.
  @Test func catchAndAppendReturnTheSubscribersExtraDemand() {
    let sequenced: [(String, (Manual) -> AnyPublisher<String, any Error>)] = [
      ("catch", { $0.catch { _ in Empty<Int, Never>() }.lawShape() }),
      ("append", { $0.append(Empty<Int, TestError>()).lawShape() }),
    ]
    for (name, apply) in sequenced {
      let source = Manual()
      let tracking = Tracking(initial: .max(1))
      apply(source).subscribe(tracking)
      let subscription = Recorded()
      source.subscription?(subscription)
      let returned = source.value?(1)
      #expect(returned == .max(42), "\(name)")
      #expect(subscription.events == ["request max(1)"], "\(name)")
    }
  }

  // OpenCombine's `ZipTests` (`testIncreasedDemand`, `testChildDemand`): the input whose value
  // completes a pair gets the subscriber's extra demand back from `receive(_:)`; a value that
  // only waits for its partner returns `.none`. The other input is asked for it, so that both
  // keep pace.
  @Test func zipReturnsTheExtraDemandToTheInputThatCompletedThePair() {
    let a = Manual()
    let b = Manual()
    let tracking = Tracking(initial: .max(1))
    a.zip(b).lawShape().subscribe(tracking)
    let (first, second) = (Recorded(), Recorded())
    a.subscription?(first)
    b.subscription?(second)
    #expect(a.value?(1) == Subscribers.Demand.none)
    #expect(b.value?(2) == .max(42))
    #expect(tracking.events == ["subscription", "value (1, 2)"])
    #expect(first.events == ["request max(1)", "request max(42)"])
    #expect(second.events == ["request max(1)"])
  }

  // OpenCombine's `SwitchToLatestTests` and `FlatMapTests`: an inner publisher's value that is
  // delivered at once is answered from `receive(_:)`, rather than by a request: `switchToLatest`
  // returns what the subscriber adds for it, `flatMap` one more (it asks each inner publisher
  // for one value at a time, and counts what the subscriber adds as its demand).
  @Test func switchToLatestAndFlatMapAnswerADeliveredValueFromReceive() {
    typealias Flatten = (PassthroughSubject<Manual, TestError>) -> AnyPublisher<String, any Error>
    let flattened: [(String, Subscribers.Demand, Flatten)] = [
      ("switchToLatest", .max(42), { $0.switchToLatest().lawShape() }),
      ("flatMap", .max(1), { $0.flatMap { $0 }.lawShape() }),
    ]
    for (name, answer, apply) in flattened {
      let outer = PassthroughSubject<Manual, TestError>()
      let tracking = Tracking(initial: .max(1))
      apply(outer).subscribe(tracking)
      let inner = Manual()
      outer.send(inner)
      let subscription = Recorded()
      inner.subscription?(subscription)
      #expect(inner.value?(1) == answer, "\(name)")
      #expect(subscription.events == ["request max(1)"], "\(name)")
      #expect(tracking.events == ["subscription", "value 1"], "\(name)")
    }
  }

  /// `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`, each applied to a source and a
  /// trigger, by name.
  static var untilOutputOperators: [(String, (Manual, Manual) -> AnyPublisher<String, any Error>)] {
    [
      ("prefix(untilOutputFrom:)", { $0.prefix(untilOutputFrom: $1).lawShape() }),
      ("drop(untilOutputFrom:)", { $0.drop(untilOutputFrom: $1).lawShape() }),
    ]
  }

  // OpenCombine's `PrefixUntilOutputTests` and `DropUntilOutputTests`: a value delivered returns
  // what the subscriber adds for it; one dropped before the trigger returns `.none`.
  @Test func theUntilOutputOperatorsReturnTheExtraDemandOfADeliveredValue() {
    for (name, apply) in Self.untilOutputOperators {
      let source = Manual()
      let trigger = Manual()
      let tracking = Tracking(initial: .max(1))
      apply(source, trigger).subscribe(tracking)
      trigger.subscription?(Recorded())
      let subscription = Recorded()
      source.subscription?(subscription)
      if name.hasPrefix("drop") {
        #expect(source.value?(0) == Subscribers.Demand.none, "\(name)")
        _ = trigger.value?(0)
      }
      #expect(source.value?(1) == .max(42), "\(name)")
      #expect(!subscription.events.contains("request max(42)"), "\(name)")
      #expect(tracking.events == ["subscription", "value 1"], "\(name)")
    }
  }

  // OpenCombine's reflection tests (`subscriberIsAlsoSubscription: true`) for
  // `PrefixUntilOutput` and `DropUntilOutput`: the object subscribed upstream is the
  // subscription the subscriber gets.
  @Test func theUntilOutputOperatorsSubscribeUpstreamWithTheSubscriptionTheyGiveDownstream() throws {
    for (name, apply) in Self.untilOutputOperators {
      let source = Manual()
      let trigger = Manual()
      let tracking = Tracking()
      apply(source, trigger).subscribe(tracking)
      trigger.subscription?(Recorded())
      source.subscription?(Recorded())
      let upstreamSubscriber = try #require(source.asSubscription, "\(name)")
      #expect(upstreamSubscriber === tracking.subscription, "\(name)")
    }
  }

  // OpenCombine's `OutputTests` (`testBasicBehavior`): a value before the range returns
  // `.max(1)`, each value in it the subscriber's extra demand, the last one included.
  @Test func outputReturnsTheExtraDemandUpToItsLastValue() {
    let source = Manual()
    let tracking = Tracking(initial: .max(2))
    source.output(in: 1..<3).lawShape().subscribe(tracking)
    let subscription = Recorded()
    source.subscription?(subscription)
    #expect(source.value?(0) == .max(1))
    #expect(source.value?(1) == .max(42))
    #expect(source.value?(2) == .max(42))
    #expect(tracking.events == ["subscription", "value 1", "value 2", "completion"])
    #expect(subscription.events == ["request max(2)", "cancel"])
  }

  // Combine's `Assign` writes nothing before its subscription.
  @Test func assignIgnoresAValueBeforeItsSubscription() {
    final class Box { var value = 0 }
    let box = Box()
    let assign = Subscribers.Assign(object: box, keyPath: \Box.value)
    _ = assign.receive(7)
    #expect(box.value == 0)
    assign.receive(subscription: Recorded())
    _ = assign.receive(8)
    #expect(box.value == 8)
  }

  // Combine's `CurrentValueSubject`: setting `value` after the completion stores it (nothing is
  // sent); `send(_:)` after the completion does not.
  @Test func aCurrentValueSubjectsValueIsStillSetAfterItsCompletion() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = subject.record()
    subject.send(completion: .finished)
    subject.value = 42
    #expect(subject.value == 42)
    subject.send(7)
    #expect(subject.value == 42)
    #expect(recorder.values == [0])
  }

  @Test(arguments: edges)
  func aSecondSubscriptionIsCancelledAndTheFirstKept(_ edge: Edge) {
    let source = Manual()
    let tracking = Tracking(initial: .max(1))
    edge.apply(source).subscribe(tracking)
    let first = Recorded()
    let second = Recorded()
    source.subscription?(first)
    source.subscription?(second)
    #expect(second.events == ["cancel"])
    #expect(!first.events.contains("cancel"))
    #expect(tracking.events == ["subscription"])
  }

  /// The per-value operators that pass a value on as it is.
  static let perValue: [Edge] =
    (edges + handsThrough).filter { $0.values == .passes } + [
      Edge("map", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
        $0.map { $0 }.lawShape()
      },
      Edge("filter", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
        $0.filter { _ in true }.lawShape()
      },
      Edge("print", values: .passes, completion: .passes, cancelledEarly: .leavesIt) {
        $0.print(to: Discard()).lawShape()
      },
      Edge("removeDuplicates", values: .ignored, completion: .ignored, cancelledEarly: .cancelsIt) {
        $0.removeDuplicates().lawShape()
      },
      Edge("tryFilter", values: .ignored, completion: .ignored, cancelledEarly: .cancelsIt) {
        $0.tryFilter { _ in true }.lawShape()
      },
    ]

  struct Discard: TextOutputStream {
    mutating func write(_ string: String) {}
  }

  // OpenCombine's reflection tests (`subscriberIsAlsoSubscription: false`) and demand tests:
  // the subscriber gets the upstream's own subscription, so its requests and cancel reach the
  // upstream directly, and a second subscription is handed through too.
  @Test(arguments: handsThrough)
  func theStatelessOperatorsHandTheUpstreamsSubscriptionThrough(_ edge: Edge) throws {
    let source = Manual()
    let tracking = Tracking()
    edge.apply(source).subscribe(tracking)
    #expect(source.asSubscription == nil)
    let upstream = Recorded()
    source.subscription?(upstream)
    let given = try #require(tracking.subscription)
    #expect(given === upstream)
    given.request(.max(3))
    given.cancel()
    let asked = edge.name == "ignoreOutput" ? ["request unlimited"] : []
    #expect(upstream.events == asked + ["request max(3)", "cancel"])
    source.subscription?(Recorded())
    #expect(tracking.events == ["subscription", "subscription"])
  }

  // OpenCombine's `CompactMapTests`: a value the transform drops is replaced by returning
  // `.max(1)` from `receive(_:)`, not by a request.
  @Test func compactMapReturnsOneMoreForADroppedValue() {
    let source = Manual()
    let tracking = Tracking(initial: .max(1))
    source.compactMap { $0 > 0 ? $0 : nil }.lawShape().subscribe(tracking)
    let upstream = Recorded()
    source.subscription?(upstream)
    #expect(source.value?(0) == .max(1))
    #expect(source.value?(5) == .max(42))
    #expect(upstream.events == ["request max(1)"])
    #expect(tracking.events == ["subscription", "value 5"])
  }

  // OpenCombine's `IgnoreOutputTests`: the subscription goes down first, then everything is
  // requested; the subscriber's own requests still reach the upstream.
  @Test func ignoreOutputGivesTheSubscriptionBeforeAskingForEverything() {
    let source = Manual()
    let tracking = Tracking(initial: .max(4))
    source.ignoreOutput().lawShape().subscribe(tracking)
    let upstream = Recorded()
    source.subscription?(upstream)
    #expect(upstream.events == ["request max(4)", "request unlimited"])
    #expect(source.value?(1) == Subscribers.Demand.none)
  }

  @Test(arguments: perValue)
  func extraDemandIsReturnedSynchronouslyFromReceive(_ edge: Edge) {
    let source = Manual()
    let tracking = Tracking(initial: .max(1), returned: .max(3))
    edge.apply(source).subscribe(tracking)
    source.subscription?(Recorded())
    #expect(source.value?(1) == .max(3))
  }
}
