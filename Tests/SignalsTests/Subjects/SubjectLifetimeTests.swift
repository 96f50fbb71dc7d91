import Signals
import SignalsTesting
import Testing

/// What a subject's subscriptions keep alive, and what the subject lets go at the end, as
/// Combine's subjects do (OpenCombine 0.14's `PassthroughSubject`/`CurrentValueSubject`: each
/// subscription holds its subject until it is cancelled or completed).
@Suite struct SubjectLifetimeTests {
  /// Cancellables by id, as the early Composable Architecture kept its effects'.
  final class Cancellables {
    var byID: [Int: AnyCancellable] = [:]
  }

  /// An effect in the shape of the early Composable Architecture's cancellable effect: a
  /// subject made on subscription, fed by the effect, its token kept by id, and handed
  /// downstream. Only the downstream subscription holds the subject.
  static func cancellable(
    _ effect: PassthroughSubject<Int, Never>, id: Int, in cancellables: Cancellables
  ) -> Deferred<PassthroughSubject<Int, Never>> {
    Deferred {
      let subject = PassthroughSubject<Int, Never>()
      cancellables.byID[id] = effect.subscribe(subject)
      return subject
    }
  }

  @Test func theValuesOfAnEffectFedThroughASubjectMadeOnSubscriptionArrive() {
    let effect = PassthroughSubject<Int, Never>()
    let cancellables = Cancellables()
    let recorder = Self.cancellable(effect, id: 1, in: cancellables).record()
    effect.send(1)
    effect.send(2)
    #expect(recorder.values == [1, 2])
    recorder.cancel()
  }

  @Test func cancellingTheEffectByIDStopsItsValues() {
    let effect = PassthroughSubject<Int, Never>()
    let cancellables = Cancellables()
    let recorder = Self.cancellable(effect, id: 1, in: cancellables).record()
    effect.send(1)
    cancellables.byID[1]?.cancel()
    effect.send(2)
    #expect(recorder.values == [1])
    #expect(effect.subscriberCount == 0)
    recorder.cancel()
  }

  @Test func theEffectsCompletionArrivesThroughTheSubject() {
    let effect = PassthroughSubject<Int, Never>()
    let cancellables = Cancellables()
    let recorder = Self.cancellable(effect, id: 1, in: cancellables).record()
    effect.send(1)
    effect.send(completion: .finished)
    #expect(recorder.values == [1])
    #expect(recorder.completion == .finished)
  }

  @Test func cancellingDownstreamReleasesTheSubjectWhichCancelsTheEffect() {
    let effect = PassthroughSubject<Int, Never>()
    let cancellables = Cancellables()
    let recorder = Self.cancellable(effect, id: 1, in: cancellables).record()
    #expect(effect.subscriberCount == 1)
    recorder.cancel()
    #expect(effect.subscriberCount == 0)
  }

  /// A subscriber that keeps nothing of its own: it hands its subscription to `onSubscribe`.
  final class Watched: Subscriber {
    typealias Input = Int
    typealias Failure = TestError
    let onSubscribe: (any Subscription) -> Void
    init(onSubscribe: @escaping (any Subscription) -> Void) { self.onSubscribe = onSubscribe }
    func receive(subscription: any Subscription) { onSubscribe(subscription) }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) {}
  }

  enum Termination: CaseIterable { case cancelled, finished, failed }

  /// OpenCombine's `PassthroughSubjectTests.testReleasesEverythingOnTermination`: once the
  /// subscription is cancelled, or the subject finishes or fails, the subscriber and the
  /// subscription are released, and the subject goes with the last reference to it.
  @Test(arguments: Termination.allCases)
  func theSubscriberTheSubscriptionAndTheSubjectAreReleasedOnTermination(_ termination: Termination) {
    weak var weakSubject: PassthroughSubject<Int, TestError>?
    weak var weakSubscriber: Watched?
    weak var weakSubscription: AnyObject?
    do {
      let subject = PassthroughSubject<Int, TestError>()
      weakSubject = subject
      do {
        let subscriber = Watched { weakSubscription = $0 as AnyObject }
        weakSubscriber = subscriber
        subject.subscribe(subscriber)
      }
      #expect(weakSubscriber != nil)
      switch termination {
      case .cancelled: (weakSubscription as? any Subscription)?.cancel()
      case .finished: subject.send(completion: .finished)
      case .failed: subject.send(completion: .failure(TestError()))
      }
      #expect(weakSubscriber == nil)
      #expect(weakSubscription == nil)
    }
    #expect(weakSubject == nil)
  }

  @Test func aSubscriptionKeepsItsSubjectAliveUntilItIsCancelled() {
    weak var weakSubject: CurrentValueSubject<Int, Never>?
    var subscription: (any Subscription)?
    var values: [Int] = []
    do {
      let subject = CurrentValueSubject<Int, Never>(0)
      weakSubject = subject
      subject.subscribe(
        AnySubscriber(
          receiveSubscription: {
            subscription = $0
            $0.request(.unlimited)
          },
          receiveValue: {
            values.append($0)
            return .none
          }))
      subject.send(31)
    }
    #expect(values == [0, 31])
    #expect(weakSubject != nil)
    subscription?.cancel()
    #expect(weakSubject == nil)
  }

  /// A subscriber that keeps its subscription, as OpenCombine's `TrackingSubscriber` does (in
  /// its history), and counts its deinit.
  final class Keeper: Subscriber {
    typealias Input = Int
    typealias Failure = TestError
    var subscription: (any Subscription)?
    var values: [Int] = []
    let demand: Subscribers.Demand
    let onDeinit: () -> Void
    init(demand: Subscribers.Demand = .none, onDeinit: @escaping () -> Void = {}) {
      self.demand = demand
      self.onDeinit = onDeinit
    }
    deinit { onDeinit() }
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if demand > 0 { subscription.request(demand) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
      values.append(input)
      return .none
    }
    func receive(completion: Subscribers.Completion<TestError>) {}
  }

  /// OpenCombine's `testReleasesEverythingOnTermination` as written there: the subscriber keeps
  /// its subscription, and the subscription lets the subscriber go at the end, so the two are
  /// released (no cycle), and the subject after them.
  @Test(arguments: Termination.allCases)
  func aSubscriberThatKeepsItsSubscriptionIsReleasedOnTermination(_ termination: Termination) {
    weak var weakSubject: PassthroughSubject<Int, TestError>?
    weak var weakSubscriber: Keeper?
    weak var weakSubscription: AnyObject?
    do {
      let subject = PassthroughSubject<Int, TestError>()
      weakSubject = subject
      do {
        let subscriber = Keeper()
        weakSubscriber = subscriber
        subject.subscribe(subscriber)
        weakSubscription = subscriber.subscription as AnyObject?
      }
      switch termination {
      case .cancelled: (weakSubscription as? any Subscription)?.cancel()
      case .finished: subject.send(completion: .finished)
      case .failed: subject.send(completion: .failure(TestError()))
      }
      #expect(weakSubscriber == nil)
      #expect(weakSubscription == nil)
    }
    #expect(weakSubject == nil)
  }

  /// OpenCombine's `CurrentValueSubjectTests.testLifecycle`: a completed subscription lets its
  /// subscriber go; a subscription held after its subject is gone keeps its subscriber until it is
  /// cancelled, and lets it go then.
  @Test func aCurrentValueSubjectsSubscriptionKeepsItsSubscriberUntilTheEnd() {
    final class Counter: @unchecked Sendable {
      // @unchecked: used on the test's one thread.
      var deinits = 0
    }
    let counter = Counter()
    do {
      let subject = CurrentValueSubject<Int, TestError>(0)
      let subscriber = Keeper(onDeinit: { counter.deinits += 1 })
      subject.subscribe(subscriber)
      subject.value += 1
      #expect(subscriber.values.isEmpty)
      subject.send(completion: .failure(TestError()))
    }
    #expect(counter.deinits == 1)
    var subscription: (any Subscription)?
    do {
      let subject = CurrentValueSubject<Int, TestError>(0)
      let subscriber = Keeper(demand: .unlimited, onDeinit: { counter.deinits += 1 })
      subject.subscribe(subscriber)
      subject.send(31)
      #expect(subscriber.values == [0, 31])
      subscription = subscriber.subscription
    }
    #expect(counter.deinits == 1)
    subscription?.cancel()
    #expect(counter.deinits == 2)
  }
}
