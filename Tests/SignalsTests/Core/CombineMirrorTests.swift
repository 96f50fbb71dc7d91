import Signals
import SignalsTesting
import Testing

/// Subscriptions and subscribers mirror the children Combine's show (labels and order from
/// OpenCombine 0.14's sources, the facts its reflection tests check), built when asked for.
@Suite struct CombineMirrorTests {
  /// Keeps the subscription a publisher gives, and requests what the test says.
  final class Catcher<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
  }

  /// The labels of `subject`'s mirror, and its children's descriptions.
  func children(_ subject: Any?) -> [String] {
    guard let subject else { return [] }
    return Mirror(reflecting: subject).children.map { "\($0.label ?? "_"): \($0.value)" }
  }

  func labels(_ subject: Any?) -> [String] {
    guard let subject else { return [] }
    return Mirror(reflecting: subject).children.map { $0.label ?? "_" }
  }

  @Test func aSubjectsSubscriptionMirrorsItsSubjectSubscriberAndDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let catcher = Catcher<Int, Never>()
    subject.subscribe(catcher)
    catcher.subscription?.request(.max(12))
    subject.send(1)
    let live = children(catcher.subscription)
    #expect(labels(catcher.subscription) == ["parent", "downstream", "demand", "subject"])
    #expect(live[0].contains("PassthroughSubject<Int, Never>"))
    #expect(live[1].contains("Catcher"))
    #expect(live[2] == "demand: max(11)")
    #expect(live[3].contains("PassthroughSubject<Int, Never>"))
    catcher.subscription?.cancel()
    #expect(
      children(catcher.subscription) == ["parent: nil", "downstream: nil", "demand: max(11)", "subject: nil"])
  }

  @Test func aCompletedSubjectsSubscriptionMirrorsNoSubjectAndNoSubscriber() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let catcher = Catcher<Int, Never>()
    subject.subscribe(catcher)
    #expect(children(catcher.subscription).first?.contains("CurrentValueSubject<Int, Never>") == true)
    subject.send(completion: .finished)
    #expect(
      children(catcher.subscription) == ["parent: nil", "downstream: nil", "demand: max(0)", "subject: nil"])
  }

  /// The mirror of the subscription `publisher` gives a subscriber that requested nothing.
  func mirror<P: Publisher>(
    _ publisher: P
  ) -> (labels: [String], children: [String], catcher: Catcher<P.Output, P.Failure>) {
    let catcher = Catcher<P.Output, P.Failure>()
    publisher.subscribe(catcher)
    return (labels(catcher.subscription), children(catcher.subscription), catcher)
  }

  @Test func aReducersSubscriptionMirrorsDownstreamResultInitialAndStatus() {
    let source = PassthroughSubject<Int, Never>()
    let reducerLabels = ["downstream", "result", "initial", "status"]
    #expect(mirror(source.count()).labels == reducerLabels)
    #expect(mirror(source.reduce(0, +)).labels == reducerLabels)
    #expect(mirror(source.tryReduce(0, +)).labels == reducerLabels)
    #expect(mirror(source.min()).labels == reducerLabels)
    #expect(mirror(source.tryMax { $0 < $1 }).labels == reducerLabels)
    #expect(mirror(source.allSatisfy { $0 > 0 }).labels == reducerLabels)
    #expect(mirror(source.contains(3)).labels == reducerLabels)
    #expect(mirror(source.tryContains { $0 > 3 }).labels == reducerLabels)
    #expect(mirror(source.first()).labels == reducerLabels)
    #expect(mirror(source.first { $0 > 1 }).labels == reducerLabels)
    #expect(mirror(source.last()).labels == reducerLabels)
    #expect(mirror(source.tryLast { $0 > 1 }).labels == reducerLabels)
  }

  @Test func aReducersMirrorShowsTheResultSoFarTheStartingResultAndWhereItStands() {
    let source = PassthroughSubject<Int, Never>()
    let counted = mirror(source.count())
    #expect(counted.children[1] == "result: Optional(0)")
    #expect(counted.children[2] == "initial: 0")
    #expect(counted.children[3].hasPrefix("status: subscribed("))
    source.send(1)
    source.send(2)
    #expect(children(counted.catcher.subscription)[1] == "result: Optional(2)")
    let largest = mirror(source.max())
    #expect(largest.children[1] == "result: nil")
    #expect(largest.children[2] == "initial: nil")
    source.send(7)
    #expect(children(largest.catcher.subscription)[1] == "result: Optional(7)")
    #expect(mirror(source.allSatisfy { $0 > 0 }).children[2] == "initial: true")
    #expect(mirror(source.contains(3)).children[2] == "initial: false")
    source.send(completion: .finished)
    #expect(children(counted.catcher.subscription)[3] == "status: terminal")
  }

  @Test func collectMirrorsHowManyValuesItHolds() {
    let source = PassthroughSubject<Int, Never>()
    let collected = mirror(source.collect())
    #expect(collected.children == ["count: 0"])
    source.send(4)
    source.send(5)
    #expect(children(collected.catcher.subscription) == ["count: 2"])
    let batched = mirror(source.collect(3))
    #expect(batched.labels == ["downstream", "upstreamSubscription", "buffer", "count"])
    #expect(batched.children[3] == "count: 3")
  }

  @Test func scanRemoveDuplicatesEncodeAndDecodeMirrorCombinesChildren() {
    let source = PassthroughSubject<Int, Never>()
    // `scan` hands the upstream's subscription through: its children are on the subscriber it
    // puts upstream, as Combine's.
    let scanned = SubscriberCatcher<Int, Never>()
    let running = scanned.scan(5, +).sink { _ in }
    #expect(labels(scanned.subscriber) == ["downstream", "result"])
    #expect(children(scanned.subscriber).last == "result: 5")
    running.cancel()
    #expect(mirror(source.tryScan(0, +)).labels == ["downstream", "status", "result"])
    #expect(mirror(source.removeDuplicates()).labels == ["downstream", "last"])
    #expect(mirror(source.tryRemoveDuplicates { $0 == $1 }).labels == ["downstream", "last"])
    let encoded = mirror(source.encode(encoder: DecimalEncoder()))
    #expect(encoded.labels == ["downstream", "finished", "upstreamSubscription"])
    #expect(encoded.children[1] == "finished: false")
    let documents = PassthroughSubject<String, Never>()
    let decoded = mirror(documents.decode(type: Int.self, decoder: DecimalDecoder()))
    #expect(decoded.labels == ["downstream", "finished", "upstreamSubscription"])
  }

  /// Keeps the subscriber an operator gives its upstream.
  final class SubscriberCatcher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    var subscriber: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      self.subscriber = subscriber
    }
    var described: String { subscriber.map { String(describing: $0) } ?? "none" }
    var childCount: Int? { subscriber.map { Mirror(reflecting: $0).children.count } }
  }

  /// The description of the subscriber `makeOperator` puts upstream, and its mirror's size.
  func upstreamSubscriber<P: Publisher>(
    _ makeOperator: (SubscriberCatcher<Int, TestError>) -> P
  ) -> (String, Int?) {
    let upstream = SubscriberCatcher<Int, TestError>()
    let cancellable = makeOperator(upstream).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    defer { cancellable.cancel() }
    return (upstream.described, upstream.childCount)
  }

  // Where Combine's subscriber stands for the subscription (`catch`, `debounce`), it shows the
  // subscription's mirror; where Combine's describes nothing (`delay`,
  // `prefix(untilOutputFrom:)`), see `SubscriptionMirrorTests`.
  @Test func theSubscribersOperatorsPutUpstreamAreNamedAfterTheOperatorWithNoChildren() {
    let scheduler = TestScheduler()
    let other = PassthroughSubject<Int, TestError>()
    #expect(upstreamSubscriber { $0.zip(other) } == ("Zip", 0))
    #expect(upstreamSubscriber { $0.combineLatest(other) } == ("CombineLatest", 0))
    #expect(upstreamSubscriber { $0.merge(with: other) } == ("Merge", 0))
    #expect(upstreamSubscriber { $0.flatMap { _ in other } } == ("FlatMap", 0))
    #expect(upstreamSubscriber { $0.map { _ in other }.switchToLatest() }.0 == "Map")
    #expect(upstreamSubscriber { $0.catch { _ in other } } == ("Catch", 2))
    #expect(upstreamSubscriber { $0.tryCatch { _ in other } } == ("TryCatch", 2))
    #expect(upstreamSubscriber { $0.append(1) } == ("Concatenate", 0))
    #expect(upstreamSubscriber { $0.drop(untilOutputFrom: other) } == ("DropUntilOutput", 0))
    // The trigger's subscriber too (it shares the gate's combine identifier).
    #expect(upstreamSubscriber { other.drop(untilOutputFrom: $0) } == ("DropUntilOutput", 0))
    #expect(upstreamSubscriber { $0.handleEvents() } == ("HandleEvents", 0))
    #expect(upstreamSubscriber { $0.breakpoint() } == ("Breakpoint", 0))
    #expect(upstreamSubscriber { $0.retry(1) } == ("Retry", 0))
    #expect(upstreamSubscriber { $0.debounce(for: 1, scheduler: scheduler) } == ("Debounce", 3))
    #expect(upstreamSubscriber { $0.receive(on: scheduler) } == ("ReceiveOn", 0))
  }

  @Test func switchToLatestsUpstreamSubscriberIsNamedAfterTheOperatorWithNoChildren() {
    let upstream = SubscriberCatcher<PassthroughSubject<Int, TestError>, TestError>()
    let cancellable = upstream.switchToLatest().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(upstream.described == "SwitchToLatest")
    #expect(upstream.childCount == 0)
    cancellable.cancel()
  }

  @Test func aFlattenedInnerPublishersSubscriberIsNamedAfterTheOperator() {
    let outer = PassthroughSubject<Int, TestError>()
    let inner = SubscriberCatcher<Int, TestError>()
    let switched = SubscriberCatcher<Int, TestError>()
    let first = outer.flatMap { _ in inner }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    let second = outer.map { _ in switched }.switchToLatest()
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    outer.send(1)
    #expect(inner.described == "FlatMap")
    #expect(switched.described == "SwitchToLatest")
    #expect(switched.subscriber.map { labels($0) } == ["parentSubscription"])
    first.cancel()
    second.cancel()
  }

  @Test func futureBufferAndObjectWillChangeSubscriptionsMirrorCombinesChildren() {
    let future = mirror(Future<Int, Never> { _ in })
    #expect(future.labels == ["parent", "downstream", "hasAnyDemand", "subject"])
    #expect(future.children[0].contains("Future"))
    #expect(future.children[2] == "hasAnyDemand: false")
    future.catcher.subscription?.cancel()
    #expect(children(future.catcher.subscription)[0] == "parent: nil")
    let source = PassthroughSubject<Int, Never>()
    let buffered = mirror(source.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest))
    #expect(buffered.labels == ["values", "state", "downstreamDemand", "terminal"])
    #expect(buffered.children[0] == "values: []")
    #expect(buffered.children[2] == "downstreamDemand: max(0)")
    #expect(buffered.children[3] == "terminal: nil")
    #expect(mirror(ObservableObjectPublisher()).labels == ["downstream"])
  }

  @Test func assignMirrorsItsObjectKeyPathAndStatus() {
    final class Box { var value = 0 }
    let box = Box()
    let assign = Subscribers.Assign(object: box, keyPath: \Box.value)
    #expect(labels(assign) == ["object", "keyPath", "status"])
    #expect(children(assign)[2] == "status: awaitingSubscription")
    Just(1).subscribe(assign)
    #expect(children(assign)[2] == "status: terminal")
  }

  /// A connectable publisher that keeps its subscriber.
  final class ConnectableCatcher: ConnectablePublisher, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    typealias Output = Int
    typealias Failure = Never
    var subscriber: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      self.subscriber = subscriber
    }
    func connect() -> any Cancellable { AnyCancellable {} }
  }

  @Test func autoconnectsSubscriberMirrorsItsPublisherAndSubscriber() {
    let upstream = ConnectableCatcher()
    let cancellable = upstream.autoconnect().sink { _ in }
    #expect(labels(upstream.subscriber) == ["parent", "downstream"])
    #expect(children(upstream.subscriber)[0].contains("Autoconnect<"))
    #expect(children(upstream.subscriber)[1].contains("Sink"))
    cancellable.cancel()
  }

  @Test func catchMirrorsItsSubscriberAndDemandAndConcatenateNothing() {
    let failing = PassthroughSubject<Int, TestError>()
    let caught = mirror(failing.catch { _ in Just(0) })
    #expect(caught.labels == ["downstream", "demand"])
    caught.catcher.subscription?.request(.max(3))
    #expect(children(caught.catcher.subscription)[1] == "demand: max(3)")
    #expect(mirror(failing.tryCatch { _ in Just(0) }).labels == ["downstream", "demand"])
    #expect(mirror(failing.append(1)).labels.isEmpty)
  }
}
