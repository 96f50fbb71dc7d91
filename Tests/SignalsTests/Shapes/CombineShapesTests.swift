import Signals
import SignalsTesting
import Testing

/// The overloads and initializers Combine code calls that Signals lacked: each test is one
/// spelling from Combine's documentation, compiled and run.
@Suite struct CombineShapesTests {
  struct Boom: Error, Equatable {}

  @Test func flatMapFromANeverFailingUpstreamIntoFailingInnersTakesTheirFailure() {
    let upstream = PassthroughSubject<Int, Never>()
    let flattened = upstream.flatMap { value in
      value < 2
        ? Just(value).setFailureType(to: Boom.self).eraseToAnyPublisher()
        : Fail(error: Boom()).eraseToAnyPublisher()
    }
    let typed:
      Publishers.FlatMap<
        AnyPublisher<Int, Boom>, Publishers.SetFailureType<PassthroughSubject<Int, Never>, Boom>
      > =
        flattened
    let recorder = typed.record()
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1])
    #expect(recorder.completion == .failure(Boom()))
  }

  @Test func flatMapWhereNeitherSideCanFailIsNotAmbiguous() {
    let upstream = PassthroughSubject<Int, Never>()
    let flattened = upstream.flatMap { Just($0 * 10) }
    let typed: Publishers.FlatMap<Just<Int>, PassthroughSubject<Int, Never>> = flattened
    let recorder = typed.record()
    upstream.send(1)
    #expect(recorder.values == [10])
  }

  @Test func flatMapFromAFailingUpstreamIntoNeverFailingInnersTakesTheUpstreamFailure() {
    let upstream = PassthroughSubject<Int, Boom>()
    let flattened = upstream.flatMap { Just($0 + 1) }
    let typed: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, Boom>, PassthroughSubject<Int, Boom>> =
      flattened
    let recorder = typed.record()
    upstream.send(1)
    upstream.send(completion: .failure(Boom()))
    #expect(recorder.values == [2])
    #expect(recorder.completion == .failure(Boom()))
  }

  @Test func publishedInitialValueIsTheSameAsWrappedValue() {
    final class Model {
      @Published var count: Int
      init() { _count = Published(initialValue: 3) }
    }
    let model = Model()
    let recorder = model.$count.record()
    model.count = 4
    #expect(recorder.values == [3, 4])
  }

  @Test func retryWithNilRetriesResubscribesAfterEveryFailure() {
    var attempts = 0
    let failing = Deferred { () -> AnyPublisher<Int, Boom> in
      attempts += 1
      return attempts < 50
        ? Fail(error: Boom()).eraseToAnyPublisher()
        : Just(attempts).setFailureType(to: Boom.self).eraseToAnyPublisher()
    }
    let retry = Publishers.Retry(upstream: failing, retries: nil)
    #expect(retry.retries == nil)
    let recorder = retry.record()
    #expect(recorder.values == [50])
    #expect(recorder.isFinished)
  }

  @Test func retryWithACountKeepsItsLimit() {
    var attempts = 0
    let failing = Deferred { () -> Fail<Int, Boom> in
      attempts += 1
      return Fail(error: Boom())
    }
    let retry: Publishers.Retry<Deferred<Fail<Int, Boom>>> = failing.retry(2)
    #expect(retry.retries == 2)
    let recorder = retry.record()
    #expect(attempts == 3)
    #expect(recorder.completion == .failure(Boom()))
    let negative = Publishers.Retry(upstream: failing, retries: -1).record()
    #expect(attempts == 4)
    #expect(negative.completion == .failure(Boom()))
  }

  /// A subject of its own that asks for one value at a time through `send(subscription:)`.
  final class OneAtATimeSubject: Subject, @unchecked Sendable {
    // @unchecked: used on the test's thread only.
    typealias Output = Int
    typealias Failure = Never
    let inner = PassthroughSubject<Int, Never>()
    var upstream: (any Subscription)?
    func send(_ value: Int) { inner.send(value) }
    func send(completion: Subscribers.Completion<Never>) { inner.send(completion: completion) }
    func send(subscription: any Subscription) {
      upstream = subscription
      subscription.request(.max(1))
    }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      inner.receive(subscriber: subscriber)
    }
  }

  @Test func subscribingASubjectHandsItTheSubscriptionThroughSendSubscription() {
    let subject = OneAtATimeSubject()
    let recorder = subject.record()
    let cancellable = [1, 2, 3].publisher.subscribe(subject)
    #expect(recorder.values == [1])
    subject.upstream?.request(.max(1))
    #expect(recorder.values == [1, 2])
    cancellable.cancel()
  }

  @Test func signalsSubjectsRequestUnlimitedInSendSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    let cancellable = [1, 2, 3].publisher.subscribe(subject)
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.isFinished)
    cancellable.cancel()
  }

  // Combine's `SubjectSubscriber` holds its subject weakly: the token does not keep it alive.
  @Test func aSubscribedSubjectIsNotKeptAliveByItsToken() {
    let upstream = PassthroughSubject<Int, Never>()
    var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
    weak let gone = subject
    let cancellable = upstream.subscribe(subject!)
    subject = nil
    #expect(gone == nil)
    #expect(upstream.subscriberCount == 0)
    cancellable.cancel()
  }
}
