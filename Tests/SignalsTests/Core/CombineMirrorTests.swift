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
}
