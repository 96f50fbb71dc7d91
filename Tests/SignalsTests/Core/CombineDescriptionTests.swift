import Signals
import SignalsTesting
import Testing

/// Subscriptions, `Sink`, `Assign` and `AnyPublisher` describe themselves as Combine's do: by
/// the operator's or source's name, with a mirror and a playground description, never by
/// their Swift type.
@Suite struct CombineDescriptionTests {
  /// Keeps the subscription a publisher gives, and requests nothing.
  final class SubscriptionCatcher<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    var subscription: (any Subscription)?
    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
  }

  /// The description of the subscription `publisher` gives its subscriber.
  func describe<P: Publisher>(_ publisher: P, advancing scheduler: TestScheduler? = nil) -> String {
    let catcher = SubscriptionCatcher<P.Output, P.Failure>()
    publisher.subscribe(catcher)
    scheduler?.advance()
    defer { catcher.subscription?.cancel() }
    return catcher.subscription.map { String(describing: $0) } ?? "none"
  }

  @Test func aPerValueOperatorsSubscriptionIsNamedAfterTheOperator() {
    let source = PassthroughSubject<Int, Never>()
    #expect(describe(source.dropFirst()) == "Drop")
    #expect(describe(source.drop { $0 < 2 }) == "DropWhile")
    #expect(describe(source.prefix(2)) == "Output")
    #expect(describe(source.prefix { $0 < 2 }) == "PrefixWhile")
    #expect(describe(source.tryScan(0, +)) == "TryScan")
    #expect(describe(source.first()) == "First")
    #expect(describe(source.first { $0 > 1 }) == "TryFirst")
    #expect(describe(source.tryFirst { $0 > 1 }) == "TryFirstWhere")
    #expect(describe(source.last()) == "Last")
    #expect(describe(source.collect()) == "Collect")
    #expect(describe(source.collect(2)) == "CollectByCount")
    #expect(describe(source.count()) == "Count")
    #expect(describe(source.min()) == "Comparison")
    #expect(describe(source.contains(1)) == "Contains")
    #expect(describe(source.allSatisfy { $0 > 0 }) == "AllSatisfy")
    #expect(describe(source.removeDuplicates()) == "RemoveDuplicates")
    #expect(describe(source.replaceEmpty(with: 0)) == "ReplaceEmpty")
    #expect(describe(source.tryMap { $0 }) == "TryMap")
    #expect(describe(source.reduce(0, +)) == "Reduce")
    #expect(describe(source.handleEvents()) == "HandleEvents")
    // `breakpoint` hands the upstream's subscription through, as Combine's does.
    #expect(describe(source.breakpoint()) == "PassthroughSubject")
    #expect(describe(source.setFailureType(to: TestError.self).replaceError(with: 0)) == "ReplaceError")
  }

  @Test func multiInputAndSequentialSubscriptionsAreNamedAfterTheOperator() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    #expect(describe(a.zip(b)) == "Zip")
    #expect(describe(a.combineLatest(b)) == "CombineLatest")
    #expect(describe(a.merge(with: b)) == "Merge")
    #expect(describe(a.flatMap { _ in b }) == "FlatMap")
    #expect(describe(a.map { _ in b }.switchToLatest()) == "SwitchToLatest")
    #expect(describe(a.drop(untilOutputFrom: b)) == "DropUntilOutput")
    #expect(describe(a.append(1)) == "Concatenate")
    let failing = PassthroughSubject<Int, TestError>()
    #expect(describe(failing.catch { _ in Just(0) }) == "Catch")
    #expect(describe(failing.tryCatch { _ in Just(0) }) == "TryCatch")
    #expect(describe(a.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)) == "Buffer")
  }

  // OpenCombine's EncodeTests, RetryTests and ShareTests: composed and wrapping operators show
  // Combine's name, never the operator they are built from or a Swift type.
  @Test func composedAndWrappingOperatorsAreNamedAsCombinesAre() {
    let numbers = PassthroughSubject<Int, Never>()
    let documents = PassthroughSubject<String, Never>()
    let failing = PassthroughSubject<Int, TestError>()
    let encoded: String = describe(numbers.encode(encoder: DecimalEncoder()))
    let decoded: String = describe(documents.decode(type: Int.self, decoder: DecimalDecoder()))
    let retried: String = describe(failing.retry(1))
    #expect(encoded == "Encode")
    #expect(decoded == "Decode")
    #expect(retried == "Retry")
  }

  // OpenCombine's subject tests: a subject's subscription is named after the subject, and the
  // operators that hand it through (`map`) show it too.
  @Test func aSubjectsSubscriptionIsNamedAfterTheSubject() {
    final class Model: ObservableObject {
      @Published var name = "Ada"
    }
    let passthrough: String = describe(PassthroughSubject<Int, Never>())
    let current: String = describe(CurrentValueSubject<Int, Never>(0))
    let mapped: String = describe(CurrentValueSubject<Int, Never>(0).map { $0 + 1 })
    let published: String = describe(Model().$name)
    #expect(passthrough == "PassthroughSubject")
    #expect(current == "CurrentValueSubject")
    #expect(mapped == "CurrentValueSubject")
    #expect(published == "PublishedSubject")
  }

  // OpenCombine's `testSubscriptionAfterCompletion`: a subscriber that comes after the subject
  // completed gets the empty subscription, then the completion.
  @Test func aSubscriberAfterTheCompletionGetsTheEmptySubscription() {
    let passthrough = PassthroughSubject<Int, Never>()
    passthrough.send(completion: .finished)
    let current = CurrentValueSubject<Int, Never>(1)
    current.send(completion: .finished)
    let late: String = describe(passthrough)
    let lateToCurrent: String = describe(current)
    #expect(late == "Empty")
    #expect(lateToCurrent == "Empty")
    #expect(passthrough.record().events == [.completion(.finished)])
  }

  /// Keeps the subscriber an operator gives its upstream.
  final class SubscriberCatcher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked: the tests use it on one thread.
    var subscriber: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      self.subscriber = subscriber
    }
    var described: String { subscriber.map { String(describing: $0) } ?? "none" }
  }

  // OpenCombine's reflection tests: the subscriber a stateless operator puts upstream is named
  // after the operator too, though it hands the upstream's subscription through.
  @Test func aStatelessOperatorsSubscriberIsNamedAfterTheOperator() {
    let mapped = SubscriberCatcher<Int, Never>()
    let filtered = SubscriberCatcher<Int, Never>()
    let failing = SubscriberCatcher<Int, Never>()
    let first = mapped.map { $0 + 1 }.sink { _ in }
    let second = filtered.filter { $0 > 1 }.sink { _ in }
    let third = failing.setFailureType(to: TestError.self).sink(
      receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(mapped.described == "Map")
    #expect(filtered.described == "Filter")
    #expect(failing.described == "SetFailureType")
    #expect(mapped.subscriber.map { Mirror(reflecting: $0).children.count } == 0)
    for cancellable in [first, second, third] { cancellable.cancel() }
  }

  // OpenCombine's reflection tests for `compactMap`, `mapError`, `scan` and `ignoreOutput`: the
  // subscriber is named after the operator (`scan`'s mirrors its subscriber and result), and
  // the subscription the subscriber gets is the upstream's.
  @Test func theSubscribersThatHandTheSubscriptionThroughAreNamedAfterTheOperator() {
    let source = PassthroughSubject<Int, Never>()
    #expect(describe(source.compactMap { $0 }) == "PassthroughSubject")
    #expect(describe(source.scan(0, +)) == "PassthroughSubject")
    #expect(describe(source.ignoreOutput()) == "PassthroughSubject")
    #expect(describe(source.setFailureType(to: TestError.self).mapError { $0 }) == "PassthroughSubject")
    let compacted = SubscriberCatcher<Int, Never>()
    let scanned = SubscriberCatcher<Int, Never>()
    let ignored = SubscriberCatcher<Int, Never>()
    let failing = SubscriberCatcher<Int, TestError>()
    let cancellables = [
      compacted.compactMap { $0 }.sink { _ in },
      scanned.scan(0, +).sink { _ in },
      ignored.ignoreOutput().sink { _ in },
      failing.mapError { $0 }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }),
    ]
    #expect(compacted.described == "CompactMap")
    #expect(scanned.described == "Scan")
    #expect(ignored.described == "IgnoreOutput")
    #expect(failing.described == "MapError")
    #expect(
      scanned.subscriber.map { Mirror(reflecting: $0).children.map(\.label) } == ["downstream", "result"])
    #expect(compacted.subscriber.map { Mirror(reflecting: $0).children.count } == 0)
    for cancellable in cancellables { cancellable.cancel() }
  }

  @Test func anAutoconnectedSubscriptionShowsTheOneItWraps() {
    let source = PassthroughSubject<Int, Never>()
    let shared: String = describe(source.share())
    let direct: String = describe(source.multicast { PassthroughSubject<Int, Never>() }.autoconnect())
    #expect(!shared.contains("CancelObserver"))
    #expect(shared == direct)
  }

  @Test func theSubscriptionASubjectIsGivenIsNamedSubject() {
    let subject = RecordingSubject()
    let cancellable = Just(1).subscribe(subject)
    #expect(subject.description == "Subject")
    cancellable.cancel()
  }

  /// Keeps the description of the subscription `subscribe(_:)` gives it.
  final class RecordingSubject: Subject, @unchecked Sendable {
    // @unchecked: the test uses it on one thread.
    typealias Output = Int
    typealias Failure = Never
    var description = ""
    func send(_ value: Int) {}
    func send(completion: Subscribers.Completion<Never>) {}
    func send(subscription: any Subscription) { description = String(describing: subscription) }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
  }

  @Test func timedSubscriptionsAreNamedAfterTheOperator() {
    let scheduler = TestScheduler()
    let source = PassthroughSubject<Int, Never>()
    #expect(describe(source.debounce(for: 1, scheduler: scheduler)) == "Debounce")
    #expect(describe(source.throttle(for: 1, scheduler: scheduler, latest: true)) == "Throttle")
    #expect(describe(source.timeout(1, scheduler: scheduler)) == "Timeout")
    #expect(describe(source.receive(on: scheduler)) == "ReceiveOn")
    #expect(describe(source.subscribe(on: scheduler), advancing: scheduler) == "SubscribeOn")
  }

  @Test func sourcesAreNamedAsCombinesAre() {
    #expect(describe(Just(1)) == "Just")
    #expect(describe(Optional(1).publisher) == "Optional")
    #expect(describe(Result<Int, TestError>.success(1).publisher) == "Once")
    #expect(describe(Empty<Int, Never>(completeImmediately: false)) == "Empty")
    // Combine's: a sequence's subscription describes itself as the sequence.
    #expect(describe([1, 2].publisher) == "[1, 2]")
    #expect(describe((1...3).publisher) == "1...3")
    // Combine's: an empty sequence gives the empty subscription.
    #expect(describe([Int]().publisher) == "Empty")
    #expect(describe(ObservableObjectPublisher()) == "ObservableObjectPublisher")
    #expect(describe(Future<Int, Never> { _ in }) == "Future")
  }

  @Test func mirrorsAndPlaygroundDescriptionsShowTheNameNotTheState() {
    let catcher = SubscriptionCatcher<Int, Never>()
    PassthroughSubject<Int, Never>().dropFirst().subscribe(catcher)
    let subscription = catcher.subscription
    #expect(
      (subscription as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "Drop")
    // OpenCombine's reflection tests: `dropFirst`'s subscription mirrors no children,
    // `removeDuplicates`' its subscriber and the last value.
    #expect(subscription.map { Mirror(reflecting: $0).children.count } == 0)
    let deduplicated = SubscriptionCatcher<Int, Never>()
    PassthroughSubject<Int, Never>().removeDuplicates().subscribe(deduplicated)
    let labels = deduplicated.subscription.map { Mirror(reflecting: $0).children.map(\.label) }
    #expect(labels == ["downstream", "last"])
    deduplicated.subscription?.cancel()
    let just = SubscriptionCatcher<Int, Never>()
    Just(5).subscribe(just)
    #expect(just.subscription.map { Mirror(reflecting: $0).children.map { $0.value as? Int } } == [5])
    subscription?.cancel()
  }

  @Test func sinkAssignAndAnyPublisherDescribeThemselvesAsCombinesDo() {
    final class Box { var value = 0 }
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(sink.description == "Sink")
    #expect(sink.playgroundDescription as? String == "Sink")
    #expect(Mirror(reflecting: sink).children.isEmpty)
    let box = Box()
    let assign = Subscribers.Assign(object: box, keyPath: \Box.value)
    #expect(assign.description == "Assign Box.")
    #expect(Mirror(reflecting: assign).children.map(\.label) == ["object", "keyPath", "status"])
    let erased = Just(1).eraseToAnyPublisher()
    #expect(erased.description == "AnyPublisher")
    #expect("\(erased)" == "AnyPublisher")
    #expect(erased.playgroundDescription as? String == "AnyPublisher")
  }

  @Test func anAnySubscriberDescribesTheSubscriberItWraps() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let wrapped = AnySubscriber(sink)
    #expect(wrapped.description == "Sink")
    #expect(wrapped.playgroundDescription as? String == "Sink")
    let mirrored = ObjectIdentifier(Mirror(reflecting: wrapped).subjectType)
    #expect(mirrored == ObjectIdentifier(Subscribers.Sink<Int, Never>.self))
    let plain = AnySubscriber(SubscriptionCatcher<Int, Never>())
    #expect(plain.description == "SubscriptionCatcher<Int, Never>")
  }

  @Test func anAnySubscriberFromClosuresOrASubjectSaysWhatItIs() {
    let closures = AnySubscriber<Int, Never>(receiveValue: { _ in .none })
    #expect(closures.description == "Anonymous AnySubscriber")
    #expect(closures.playgroundDescription as? String == "Anonymous AnySubscriber")
    let subject = PassthroughSubject<Int, Never>()
    let intoSubject = AnySubscriber(subject)
    #expect(intoSubject.description == "Subject")
    let mirror = Mirror(reflecting: intoSubject)
    #expect(String(describing: mirror.subjectType) == "SubjectSubscriber<PassthroughSubject<Int, Never>>")
    #expect(mirror.children.map(\.label) == ["downstreamSubject", "upstreamSubscription", "subject"])
    #expect(String(describing: Mirror(reflecting: closures).subjectType) == "String")
  }
}
