import Foundation
import Signals
import SignalsFoundation
import SignalsTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The shapes Combine's subscriptions and the subscribers its operators put upstream show to
/// `String(describing:)`, `Mirror(reflecting:)` and the playground, and their combine
/// identifiers: the facts OpenCombine 0.14's reflection and identity tests check (the branch
/// they take under `OPENCOMBINE_COMPATIBILITY_TEST`, Combine's own behaviour).
@Suite struct SubscriptionMirrorTests {
  /// A publisher that keeps the subscriber it is given and, when told, gives it a
  /// subscription, a value or a completion.
  final class Upstream<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    var subscriber: Any?
    var subscribe: ((any Subscription) -> Void)?
    var send: ((Output) -> Subscribers.Demand)?
    var finish: (() -> Void)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      self.subscriber = subscriber
      subscribe = { subscriber.receive(subscription: $0) }
      send = { subscriber.receive($0) }
      finish = { subscriber.receive(completion: .finished) }
    }

    /// Gives the subscriber a subscription that ignores what it is asked.
    func sendSubscription() { subscribe?(Silent()) }
  }

  /// A subscription that ignores requests and cancels, and describes nothing of its own.
  final class Silent: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
  }

  /// A subscription that describes and reflects itself.
  final class Described: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
  {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    var description: String { "Described" }
    var customMirror: Mirror { Mirror(self, children: ["shown": 1]) }
    var playgroundDescription: Any { description }
  }

  /// Keeps the subscription it is given, requests what it is told, and records the values.
  final class Catcher<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    var subscription: (any Subscription)?
    var initial = Subscribers.Demand.none
    var values: [Input] = []
    var onValue: (() -> Void)?
    var onCompletion: (() -> Void)?
    init(requesting initial: Subscribers.Demand = .none) { self.initial = initial }
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if initial > .none { subscription.request(initial) }
    }
    func receive(_ input: Input) -> Subscribers.Demand {
      values.append(input)
      onValue?()
      return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { onCompletion?() }
  }

  /// What `subject` shows: its description, its mirror's children (`label: value`) and its
  /// playground description, each `nil` where it does not conform.
  struct Shape: Equatable {
    var description: String?
    var children: [String]?
    var playground: String?
  }

  func shape(_ subject: Any?) -> Shape {
    guard let subject else { return Shape() }
    return Shape(
      description: (subject as? any CustomStringConvertible)?.description,
      children: (subject as? any CustomReflectable)?.customMirror.children.map {
        "\($0.label ?? "_"): \($0.value)"
      },
      playground: (subject as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String)
  }

  func identifier(_ subject: Any?) -> CombineIdentifier? {
    (subject as? any CustomCombineIdentifierConvertible)?.combineIdentifier
  }

  /// Whether `subscription` and `subscriber` are one object.
  func isOneObject(_ subscription: (any Subscription)?, _ subscriber: Any?) -> Bool {
    guard let subscription, let object = subscriber as? any Subscription else { return false }
    return subscription === object
  }

  /// Subscribes a `Catcher` to what `makeOperator` builds on an `Upstream`, and gives the
  /// upstream's subscriber a subscription.
  func attach<P: Publisher>(
    _ makeOperator: (Upstream<Int, TestError>) -> P
  ) -> (upstream: Upstream<Int, TestError>, catcher: Catcher<P.Output, P.Failure>) {
    let upstream = Upstream<Int, TestError>()
    let catcher = Catcher<P.Output, P.Failure>()
    makeOperator(upstream).subscribe(catcher)
    upstream.sendSubscription()
    return (upstream, catcher)
  }

  // OpenCombine's CatchTests.testCatchReflection, testTryCatchReflection.
  @Test func catchsSubscribersToBothPublishersShowItsSubscription() {
    let expected = { (name: String) in
      Shape(description: name, children: ["downstream: Catcher", "demand: max(0)"], playground: name)
    }
    func normalized(_ shape: Shape) -> Shape {
      var shape = shape
      shape.children = shape.children?.map {
        $0.hasPrefix("downstream: ") && $0.contains("Catcher") ? "downstream: Catcher" : $0
      }
      return shape
    }
    let caught = attach { $0.catch { _ in Empty<Int, Never>() } }
    #expect(normalized(shape(caught.upstream.subscriber)) == expected("Catch"))
    #expect(normalized(shape(caught.catcher.subscription)) == expected("Catch"))
    #expect(identifier(caught.upstream.subscriber) == caught.catcher.subscription?.combineIdentifier)
    let replacement = Upstream<Int, TestError>()
    let catcher = Catcher<Int, TestError>()
    Fail<Int, TestError>(error: TestError()).catch { _ in replacement }.subscribe(catcher)
    #expect(normalized(shape(replacement.subscriber)) == expected("Catch"))
    let tried = attach { $0.tryCatch { _ in Empty<Int, Never>() } }
    #expect(normalized(shape(tried.upstream.subscriber)) == expected("TryCatch"))
    let tryReplacement = Upstream<Int, TestError>()
    let tryCatcher = Catcher<Int, any Error>()
    Fail<Int, TestError>(error: TestError()).tryCatch { _ in tryReplacement }.subscribe(tryCatcher)
    // Combine's `tryCatch` subscribes the replacement itself, not through a `mapError`.
    #expect(normalized(shape(tryReplacement.subscriber)) == expected("TryCatch"))
  }

  // OpenCombine's ConcatenateTests.testCombineIdentifier.
  @Test func appendSubscribesBothPublishersUnderItsSubscriptionsIdentifierWithDistinctTypes() {
    let prefix = Upstream<Int, Never>()
    let suffix = Upstream<Int, Never>()
    let catcher = Catcher<Int, Never>()
    prefix.append(suffix).subscribe(catcher)
    prefix.sendSubscription()
    let subscription = catcher.subscription
    #expect(identifier(prefix.subscriber) == subscription?.combineIdentifier)
    #expect(suffix.subscriber == nil)
    prefix.finish?()
    #expect(identifier(suffix.subscriber) == subscription?.combineIdentifier)
    let prefixType = prefix.subscriber.map { ObjectIdentifier(type(of: $0)) }
    let suffixType = suffix.subscriber.map { ObjectIdentifier(type(of: $0)) }
    #expect(prefixType != suffixType)
  }

  // OpenCombine's DebounceTests.testDebounceReflection.
  @Test func debounceShowsItsSubscriberDemandAndWaitingValue() {
    let scheduler = TestScheduler()
    let debounced = attach { $0.debounce(for: 5, scheduler: scheduler) }
    let subscriber = shape(debounced.upstream.subscriber)
    #expect(subscriber.description == "Debounce")
    #expect(subscriber.playground == "Debounce")
    #expect(subscriber.children?.count == 3)
    #expect(subscriber.children?.first?.hasPrefix("downstream: ") == true)
    #expect(subscriber.children?.dropFirst().map { $0 } == ["downstreamDemand: max(0)", "currentValue: nil"])
    #expect(shape(debounced.catcher.subscription) == subscriber)
    #expect(identifier(debounced.upstream.subscriber) == debounced.catcher.subscription?.combineIdentifier)
    debounced.catcher.subscription?.request(.max(2))
    _ = debounced.upstream.send?(7)
    #expect(
      shape(debounced.catcher.subscription).children?.dropFirst().map { $0 } == [
        "downstreamDemand: max(2)", "currentValue: Optional(7)",
      ])
    debounced.catcher.subscription?.cancel()
  }

  // OpenCombine's DelayTests.testDelayReflection, PrefixUntilOutputTests.testPrefixUntilOutputReflection.
  @Test func delayAndPrefixUntilOutputDescribeNothingOfTheirOwn() {
    let scheduler = TestScheduler()
    let plain = Shape()
    let delayed = attach { $0.delay(for: 1, scheduler: scheduler) }
    #expect(shape(delayed.upstream.subscriber) == plain)
    #expect(shape(delayed.catcher.subscription) == plain)
    #expect(delayed.catcher.subscription.map { $0 is any CustomDebugStringConvertible } == false)
    let trigger = Upstream<Int, TestError>()
    let prefixed = attach { $0.prefix(untilOutputFrom: trigger) }
    #expect(shape(prefixed.upstream.subscriber) == plain)
    #expect(shape(trigger.subscriber) == plain)
    #expect(shape(prefixed.catcher.subscription) == plain)
    // `String(describing:)` shows the type, which names the operator, as Combine's `Inner` does;
    // one object is the subscription and the upstream's subscriber.
    #expect(delayed.catcher.subscription.map { "\($0)".contains("Delay") } == true)
    #expect(prefixed.catcher.subscription.map { "\($0)".contains("PrefixUntilOutput") } == true)
    #expect(isOneObject(delayed.catcher.subscription, delayed.upstream.subscriber))
    #expect(isOneObject(prefixed.catcher.subscription, prefixed.upstream.subscriber))
    // As in Combine, the upstream and the trigger see one subscriber.
    #expect(identifier(trigger.subscriber) == identifier(prefixed.upstream.subscriber))
    // `drop(untilOutputFrom:)` still describes itself, as Combine's does.
    let dropped = attach { $0.drop(untilOutputFrom: Empty<Int, TestError>(completeImmediately: false)) }
    #expect(shape(dropped.upstream.subscriber).description == "DropUntilOutput")
    #expect(shape(dropped.catcher.subscription).description == "DropUntilOutput")
  }

  // OpenCombine's FlatMapTests.testFlatMapReflection.
  @Test func flatMapsInnerSubscriberShowsTheIdentifierOfItsOuterOne() {
    let inner = Upstream<Int, TestError>()
    let outer = attach { $0.flatMap { _ in inner } }
    #expect(
      shape(outer.upstream.subscriber) == Shape(description: "FlatMap", children: [], playground: "FlatMap"))
    let outerIdentifier = identifier(outer.upstream.subscriber)
    #expect(outerIdentifier == outer.catcher.subscription?.combineIdentifier)
    _ = outer.upstream.send?(0)
    #expect(
      shape(inner.subscriber)
        == Shape(
          description: "FlatMap",
          children: ["parentSubscription: \(outerIdentifier.map { "\($0)" } ?? "none")"],
          playground: "FlatMap"))
    outer.catcher.subscription?.cancel()
  }

  struct Numbers {
    var value: Int
    var doubled: Int { value * 2 }
    var tripled: Int { value * 3 }
  }

  // OpenCombine's MapKeyPathTests.testMapKeyPathReflection.
  @Test func keyPathMapsAreNamedValueForKeyAndShowTheirKeyPaths() {
    func subscriberShape<P: Publisher>(_ makeOperator: (Upstream<Numbers, Never>) -> P) -> Shape {
      let upstream = Upstream<Numbers, Never>()
      makeOperator(upstream).subscribe(Catcher<P.Output, P.Failure>())
      return shape(upstream.subscriber)
    }
    let one = subscriberShape { $0.map(\.doubled) }
    #expect(one.description == "ValueForKey")
    #expect(one.playground == "ValueForKey")
    #expect(one.children?.map { $0.prefix { $0 != ":" } } == ["keyPath"])
    let two = subscriberShape { $0.map(\.doubled, \.tripled) }
    #expect(two.description == "ValueForKeys")
    #expect(two.children?.map { $0.prefix { $0 != ":" } } == ["keyPath0", "keyPath1"])
    let three = subscriberShape { $0.map(\.doubled, \.tripled, \.value) }
    #expect(three.children?.map { $0.prefix { $0 != ":" } } == ["keyPath0", "keyPath1", "keyPath2"])
    // The values still take `map`'s path.
    let upstream = Upstream<Numbers, Never>()
    let catcher = Catcher<(Int, Int), Never>(requesting: .unlimited)
    upstream.map(\.doubled, \.tripled).subscribe(catcher)
    upstream.sendSubscription()
    _ = upstream.send?(Numbers(value: 2))
    #expect(catcher.values.map { [$0.0, $0.1] } == [[4, 6]])
  }

  // OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesReflection, testTryRemoveDuplicatesReflection,
  // ScanTests.testTryScanReflection.
  @Test func removeDuplicatesShowsItsLastValueAndTryScanItsResult() {
    let removed = attach { $0.removeDuplicates() }
    #expect(shape(removed.catcher.subscription).children?.last == "last: nil")
    removed.catcher.subscription?.request(.unlimited)
    _ = removed.upstream.send?(3)
    #expect(shape(removed.catcher.subscription).children?.last == "last: Optional(3)")
    let tried = attach { $0.tryRemoveDuplicates { $0 == $1 } }
    #expect(shape(tried.upstream.subscriber).children?.last == "last: nil")
    let scanned = attach { $0.tryScan(0, +) }
    #expect(shape(scanned.upstream.subscriber).children?.last == "result: 0")
    scanned.catcher.subscription?.request(.unlimited)
    _ = scanned.upstream.send?(4)
    _ = scanned.upstream.send?(5)
    #expect(shape(scanned.catcher.subscription).children?.last == "result: 9")
  }

  /// The `parent` a `Future` subscription's mirror shows: `"future"` for `future` (read as a
  /// `Future?`, as OpenCombine's test reads it), `"nil"`, or `"missing"`.
  func parent(of subscription: (any Subscription)?, is future: Future<Int, TestError>) -> String {
    guard let subscription,
      let child = Mirror(reflecting: subscription).children.first(where: { $0.label == "parent" }),
      let parent = child.value as? Future<Int, TestError>?
    else { return "missing" }
    guard let parent else { return "nil" }
    return parent === future ? "future" : "another"
  }

  // OpenCombine's FutureTests.testFutureSuccess, testFutureFailure, testWaitsForDemandSuccess.
  @Test func aFutureSubscriptionShowsItsFutureUntilTheResultItDeliveredOnArrivalHasGone() {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    let catcher = Catcher<Int, TestError>(requesting: .unlimited)
    future.subscribe(catcher)
    #expect(parent(of: catcher.subscription, is: future) == "future")
    var seenWhileDelivering = ""
    catcher.onValue = { seenWhileDelivering = self.parent(of: catcher.subscription, is: future) }
    promise?(.success(42))
    #expect(seenWhileDelivering == "future")
    #expect(parent(of: catcher.subscription, is: future) == "nil")

    var failing: Future<Int, TestError>.Promise?
    let failed = Future<Int, TestError> { failing = $0 }
    let failedCatcher = Catcher<Int, TestError>(requesting: .unlimited)
    failed.subscribe(failedCatcher)
    var seenAtFailure = ""
    failedCatcher.onCompletion = { seenAtFailure = self.parent(of: failedCatcher.subscription, is: failed) }
    failing?(.failure(TestError()))
    #expect(seenAtFailure == "future")
    #expect(parent(of: failedCatcher.subscription, is: failed) == "nil")

    // A result that waited for a request: Combine's subscription keeps showing its future.
    var waiting: Future<Int, TestError>.Promise?
    let patient = Future<Int, TestError> { waiting = $0 }
    let patientCatcher = Catcher<Int, TestError>()
    patient.subscribe(patientCatcher)
    waiting?(.success(1))
    patientCatcher.subscription?.request(.max(1))
    #expect(patientCatcher.values == [1])
    #expect(parent(of: patientCatcher.subscription, is: patient) == "future")
    #expect(
      shape(patientCatcher.subscription).children?[1...2].map { $0 } == [
        "downstream: nil", "hasAnyDemand: false",
      ])
  }

  /// A connectable publisher that gives each subscriber the subscription it was made with.
  final class Connectable: ConnectablePublisher, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    typealias Output = Int
    typealias Failure = Never
    let subscription: any Subscription
    init(_ subscription: any Subscription) { self.subscription = subscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: subscription)
    }
    func connect() -> any Cancellable { AnyCancellable {} }
  }

  // OpenCombine's AutoconnectTests.testAutoconnectReflection.
  @Test func autoconnectsSubscriptionDescribesItselfAsItsUpstreamsAndShowsNoMirror() {
    let silent = Silent()
    let catcher = Catcher<Int, Never>()
    Connectable(silent).autoconnect().subscribe(catcher)
    let name = String(describing: silent)
    #expect(shape(catcher.subscription) == Shape(description: name, children: nil, playground: name))
    #expect(catcher.subscription?.combineIdentifier == silent.combineIdentifier)
    let described = Described()
    let describedCatcher = Catcher<Int, Never>()
    Connectable(described).autoconnect().subscribe(describedCatcher)
    #expect(
      shape(describedCatcher.subscription)
        == Shape(description: "Described", children: nil, playground: "Described"))
    #expect(describedCatcher.subscription?.combineIdentifier == described.combineIdentifier)
  }

  // OpenCombine's TimerPublisherTests.testConnectionReflection.
  @Test func aTimersSubscriptionDescribesNothing() {
    let timer = Timer.publish(every: 60, on: .main, in: .default)
    let catcher = Catcher<Date, Never>()
    timer.subscribe(catcher)
    #expect(shape(catcher.subscription) == Shape())
    #expect(catcher.subscription.map { $0 is any CustomDebugStringConvertible } == false)
    catcher.subscription?.cancel()
  }

  // OpenCombine's URLSessionTests.testURLSessionSubscriptionReflection. Nothing is requested, so
  // no request is made.
  @Test func aDataTaskSubscriptionShowsItsTaskSubscriberPublisherAndDemand() throws {
    let url = try #require(URL(string: "http://127.0.0.1:9/never"))
    let publisher = URLSession.shared.dataTaskPublisher(for: url)
    let catcher = Catcher<URLSession.DataTaskPublisher.Output, URLError>()
    publisher.subscribe(catcher)
    let children = try #require(shape(catcher.subscription).children)
    #expect(children.count == 4)
    #expect(children.first == "task: nil")
    #expect(children.dropFirst().first?.hasPrefix("downstream: ") == true)
    #expect(children.dropFirst(2).first == "parent: \(String(describing: Optional(publisher)))")
    #expect(children.last == "demand: max(0)")
    catcher.subscription?.cancel()
    #expect(
      shape(catcher.subscription).children?.prefix(3).map { $0 } == [
        "task: nil", "downstream: nil", "parent: nil",
      ])
  }
}
