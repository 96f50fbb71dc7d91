import Signals
import SignalsExtras
import SignalsTesting
import Testing

@Suite struct ShareTests {
  // Combine's `Publishers.Share` is a final class with `upstream` and `init(upstream:)`, equal
  // only to itself.
  @Test func shareIsAClassEqualOnlyToItself() {
    let subject = PassthroughSubject<Int, Never>()
    let shared: Publishers.Share<PassthroughSubject<Int, Never>> = subject.share()
    let other = Publishers.Share(upstream: subject)
    #expect(shared == shared)
    #expect(shared != other)
    #expect(shared.upstream === subject)
    let alias = shared
    let recorder = alias.record()
    subject.send(1)
    #expect(recorder.values == [1])
    #expect(subject.subscriberCount == 1)
  }

  @Test func subscribesUpstreamOnceForAllSubscribers() {
    var subscriptions = 0
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
    let first = shared.record()
    let second = shared.record()
    subject.send(1)
    #expect(subscriptions == 1)
    #expect(first.values == [1] && second.values == [1])
  }

  @Test func disconnectsWhenTheLastSubscriberLeavesAndReconnectsLater() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share()
    let first = shared.record()
    let second = shared.record()
    first.cancel()
    #expect(subject.subscriberCount == 1)
    second.cancel()
    #expect(subject.subscriberCount == 0)
    let third = shared.record()
    subject.send(3)
    #expect(third.values == [3])
  }

  // OpenCombine's `ShareTests.testLateSubscriber`, Combine's behaviour: a completion does not
  // count a subscriber out, so one that comes after the upstream finished joins the kept
  // connection and gets the completion; the upstream is not subscribed again, nor cancelled.
  @Test func aSubscriberAfterTheUpstreamFinishedGetsTheCompletionWithoutSubscribingItAgain() {
    var upstreamEvents: [String] = []
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.handleEvents(
      receiveSubscription: { _ in upstreamEvents.append("subscribed") },
      receiveCancel: { upstreamEvents.append("cancelled") },
      receiveRequest: { upstreamEvents.append("requested \($0)") }
    ).share()
    let early = shared.record()
    subject.send(1)
    subject.send(completion: .finished)
    let late = shared.record()
    #expect(upstreamEvents == ["subscribed", "requested unlimited"])
    #expect(early.events == [.value(1), .completion(.finished)])
    #expect(late.events == [.completion(.finished)])
  }

  @Test func replayGivesLateSubscribersTheLastValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let shared = subject.share(replay: 2)
    let early = shared.record()
    for value in 1...3 { subject.send(value) }
    let late = shared.record()
    subject.send(completion: .finished)
    #expect(early.values == [1, 2, 3])
    #expect(late.events == [.value(2), .value(3), .completion(.finished)])
  }

  @Test func aNegativeReplayCountReplaysNothing() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share(replay: -1)
    let early = shared.record()
    subject.send(1)
    let late = shared.record()
    subject.send(2)
    #expect(early.values == [1, 2])
    #expect(late.values == [2])
  }
}

@Suite struct MulticastTests {
  @Test func nothingFlowsUntilConnect() {
    let multicast = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
    let recorder = multicast.record()
    #expect(recorder.events.isEmpty)
    let connection = multicast.connect()
    #expect(recorder.events == [.value(1), .value(2), .completion(.finished)])
    connection.cancel()
  }

  @Test func autoconnectConnectsOnTheFirstSubscriberAndDisconnectsAfterTheLast() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.multicast { PassthroughSubject<Int, Never>() }.autoconnect()
    #expect(subject.subscriberCount == 0)
    let first = shared.record()
    #expect(subject.subscriberCount == 1)
    let second = shared.record()
    #expect(subject.subscriberCount == 1)  // one connection for both
    subject.send(1)
    first.cancel()
    subject.send(2)
    #expect(subject.subscriberCount == 1)
    second.cancel()
    #expect(subject.subscriberCount == 0)
    #expect(first.values == [1])
    #expect(second.values == [1, 2])
  }

  /// A connectable publisher that records its connections and hands every subscriber the
  /// same subscription, which does nothing.
  final class ConnectionLog: ConnectablePublisher, @unchecked Sendable {
    // @unchecked: the test uses it on one thread.
    typealias Output = Int
    typealias Failure = Never

    final class Connection: Cancellable {
      let log: ConnectionLog
      init(_ log: ConnectionLog) { self.log = log }
      func cancel() { log.history.append("disconnected") }
    }
    final class Idle: Subscription {
      func request(_ demand: Subscribers.Demand) {}
      func cancel() {}
    }

    var history: [String] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: Idle())
    }
    func connect() -> any Cancellable {
      history.append("connected")
      return Connection(self)
    }
  }

  // OpenCombine's `AutoconnectTests.testReentranceWhenConnecting`, Combine's behaviour.
  @Test func aSubscriberFromInsideTheFirstSubscriptionConnectsAgainAndTheLastConnectionIsKept() {
    let log = ConnectionLog()
    let autoconnect = log.autoconnect()
    var inner: (any Subscription)?
    var outer: (any Subscription)?
    let innerSubscriber = AnySubscriber<Int, Never>(receiveSubscription: { inner = $0 })
    autoconnect.subscribe(
      AnySubscriber<Int, Never>(receiveSubscription: {
        outer = $0
        autoconnect.subscribe(innerSubscriber)
      }))
    #expect(log.history == ["connected", "connected"])
    outer?.cancel()
    #expect(log.history == ["connected", "connected", "disconnected"])
    inner?.cancel()
    #expect(log.history == ["connected", "connected", "disconnected"])
    // Disconnected: the next subscriber connects again, and its cancel disconnects.
    var next: (any Subscription)?
    autoconnect.subscribe(AnySubscriber<Int, Never>(receiveSubscription: { next = $0 }))
    next?.cancel()
    #expect(log.history == ["connected", "connected", "disconnected", "connected", "disconnected"])
  }

  // OpenCombine's `MulticastTests` and `ShareTests`: a subscriber gets Combine's `Multicast`
  // subscription (described as "Multicast"), not the subject's.
  @Test func aSubscriberGetsTheMulticastsOwnSubscription() {
    final class Catcher: Subscriber, @unchecked Sendable {
      // @unchecked: the test uses it on one thread.
      var described = ""
      func receive(subscription: any Subscription) { described = String(describing: subscription) }
      func receive(_ input: Int) -> Subscribers.Demand { .none }
      func receive(completion: Subscribers.Completion<Never>) {}
    }
    let subject = PassthroughSubject<Int, Never>()
    let multicasted = Catcher()
    let shared = Catcher()
    subject.multicast { PassthroughSubject<Int, Never>() }.subscribe(multicasted)
    subject.share().subscribe(shared)
    #expect(multicasted.described == "Multicast")
    #expect(shared.described == "Multicast")
  }

  // Combine's `Multicast` asks the subject for what its subscriber returns from a value; a
  // cancel lets go of the subject's subscription (no cycle through it) and stops delivery.
  @Test func theMulticastSubscriptionPassesDemandOnAndReleasesTheSubjectsOnCancel() {
    let subject = PassthroughSubject<Int, Never>()
    let multicast = subject.multicast { PassthroughSubject<Int, Never>() }
    let (recorder, scope) = LiveSubscriptions.track { multicast.record(demand: .stepwise) }
    let connection = multicast.connect()
    subject.send(1)
    subject.send(2)
    #expect(recorder.values == [1, 2])
    recorder.cancel()
    subject.send(3)
    #expect(recorder.values == [1, 2])
    #expect(scope.count == 0)
    connection.cancel()
  }

  @Test func cancellingTheConnectionDetachesTheUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let multicast = subject.multicast(subject: PassthroughSubject())
    let recorder = multicast.record()
    let connection = multicast.connect()
    subject.send(1)
    connection.cancel()
    subject.send(2)
    #expect(recorder.values == [1])
    #expect(subject.subscriberCount == 0)
  }
}

@Suite struct ReplaySubjectTests {
  @Test func replaysTheBufferThenGoesLive() {
    let subject = ReplaySubject<Int, TestError>(bufferSize: 2)
    for value in 1...3 { subject.send(value) }
    let recorder = subject.record()
    subject.send(4)
    #expect(recorder.values == [2, 3, 4])
  }

  @Test func lateSubscribersAfterCompletionGetTheBufferAndTheCompletion() {
    let subject = ReplaySubject<Int, TestError>(bufferSize: 1)
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    subject.send(2)
    #expect(subject.record().events == [.value(1), .completion(.failure(TestError()))])
  }

  @Test func aNegativeBufferSizeReplaysNothing() {
    let subject = ReplaySubject<Int, Never>(bufferSize: -1)
    subject.send(1)
    #expect(subject.record().values.isEmpty)
  }

  @Test func aPublisherCanFeedASubject() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 10)
    let cancellable = [1, 2].publisher.subscribe(subject)
    #expect(subject.record().events == [.value(1), .value(2), .completion(.finished)])
    cancellable.cancel()
  }
}
