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
    #expect(mirror(source.scan(0, +)).labels == ["downstream", "result"])
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
}
