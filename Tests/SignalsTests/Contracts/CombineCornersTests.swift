import Signals
import SignalsTesting
import Testing

/// Lifetime and demand corners where Signals differed from Combine (Apple's behaviour where
/// documented, OpenCombine 0.14's source where not).
@Suite struct CombineCornersTests {
  /// A subscriber that keeps its subscription for good, as many hand-written ones do: an
  /// operator that lets go of it at completion ends the cycle; one that keeps it (as Combine's
  /// of the same kind) keeps it alive.
  final class Keeper<Input, Failure: Error>: Subscriber {
    var subscription: (any Subscription)?
    var values: [Input] = []
    var completions = 0
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      subscription.request(.unlimited)
    }
    func receive(_ input: Input) -> Subscribers.Demand {
      values.append(input)
      return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { completions += 1 }
  }

  static func releasesTheSubscriberAtCompletion<P: Publisher>(
    _ makeOperator: (PassthroughSubject<Int, TestError>) -> P
  ) -> Bool {
    let subject = PassthroughSubject<Int, TestError>()
    var keeper: Keeper<P.Output, P.Failure>? = Keeper()
    weak let gone = keeper
    makeOperator(subject).subscribe(keeper!)
    subject.send(1)
    keeper = nil
    subject.send(completion: .failure(TestError(0)))
    return gone == nil
  }

  @Test func scanReleasesItsSubscriberAfterCompletion() {
    #expect(Self.releasesTheSubscriberAtCompletion { $0.scan(0, +) })
  }

  @Test func ignoreOutputReleasesItsSubscriberAfterCompletion() {
    #expect(Self.releasesTheSubscriberAtCompletion { $0.ignoreOutput() })
  }

  @Test func mapErrorReleasesItsSubscriberAfterCompletion() {
    #expect(Self.releasesTheSubscriberAtCompletion { $0.mapError { TestError($0.code + 1) } })
  }

  /// Whether a subscriber that keeps its subscription is still alive after the operator failed
  /// and every other reference to it went; the cycle is broken before returning.
  static func keepsTheSubscriberAfterAFailure<P: Publisher>(
    _ makeOperator: (PassthroughSubject<Int, TestError>) -> P
  ) -> Bool {
    let subject = PassthroughSubject<Int, TestError>()
    var keeper: Keeper<P.Output, P.Failure>? = Keeper()
    weak let kept = keeper
    makeOperator(subject).subscribe(keeper!)
    subject.send(1)
    keeper = nil
    subject.send(completion: .failure(TestError(0)))
    defer { kept?.subscription = nil }
    return kept != nil
  }

  // Combine's reducers and its operators with state of their own keep their subscriber for as
  // long as their subscription lives (OpenCombine's `…Lifecycle` tests): a subscriber that keeps
  // its subscription after the end stays alive with it, in Combine and here.
  @Test func reducersAndStatefulOperatorsKeepTheirSubscriberWhileTheirSubscriptionLives() {
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.count() })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.reduce(0, +) })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.first() })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.contains(3) })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.tryMap { $0 } })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.removeDuplicates() })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.dropFirst() })
    #expect(Self.keepsTheSubscriberAfterAFailure { $0.drop { $0 < 0 } })
  }
}

extension CombineCornersTests {
  @Test func makeConnectableDeliversOnlyWhatTheSubscriberRequested() {
    let connectable = [1, 2, 3].publisher.makeConnectable()
    let recorder = connectable.record(demand: .max(1))
    let connection = connectable.connect()
    #expect(recorder.values == [1])
    recorder.request(.max(1))
    #expect(recorder.values == [1])
    connection.cancel()
  }

  @Test func multicastDeliversOnlyWhatEachSubscriberRequested() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
    let limited = multicast.record(demand: .max(1))
    let unlimited = multicast.record()
    let connection = multicast.connect()
    upstream.send(1)
    upstream.send(2)
    limited.request(.max(1))
    upstream.send(3)
    #expect(limited.values == [1, 3])
    #expect(unlimited.values == [1, 2, 3])
    connection.cancel()
  }

  @Test func observableObjectPublisherSendsWhateverTheDemandOnceRequested() {
    let publisher = ObservableObjectPublisher()
    let none = publisher.record(demand: .none)
    let one = publisher.record(demand: .max(1))
    publisher.send()
    publisher.send()
    publisher.send()
    #expect(none.values.count == 0)
    #expect(one.values.count == 3)
    none.request(.max(1))
    publisher.send()
    #expect(none.values.count == 1)
    #expect(one.values.count == 4)
  }

  @Test func emptyCompletesEvenWhenCancelledInReceiveSubscription() {
    var completions = 0
    Empty<Int, Never>().subscribe(
      AnySubscriber(
        receiveSubscription: { $0.cancel() }, receiveValue: { _ in .none },
        receiveCompletion: { _ in completions += 1 }))
    #expect(completions == 1)
  }

  @Test func bufferCustomErrorFailsBehindTheBufferedValues() {
    let upstream = PassthroughSubject<Int, TestError>()
    let recorder = upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { TestError(9) })
      .record(demand: .none)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(recorder.completion == nil)
    #expect(upstream.subscriberCount == 0)
    recorder.request(.max(1))
    #expect(recorder.values == [1])
    #expect(recorder.completion == .failure(TestError(9)))
  }

  @Test func bufferCustomErrorDeliversEveryBufferedValueTheDemandCovers() {
    let upstream = PassthroughSubject<Int, TestError>()
    let recorder = upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { TestError(9) })
      .record(demand: .none)
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    recorder.request(.max(5))
    #expect(recorder.values == [1, 2])
    #expect(recorder.completion == .failure(TestError(9)))
  }
}

extension CombineCornersTests {
  @Test func multicastOverACurrentValueSubjectWaitsForARequest() {
    let upstream = PassthroughSubject<Int, Never>()
    let multicast = upstream.multicast(subject: CurrentValueSubject<Int, Never>(0))
    let recorder = multicast.record(demand: .none)
    let connection = multicast.connect()
    upstream.send(1)
    #expect(recorder.values.isEmpty)
    recorder.request(.max(1))
    upstream.send(2)
    #expect(recorder.values.count == 1)
    connection.cancel()
  }
}
