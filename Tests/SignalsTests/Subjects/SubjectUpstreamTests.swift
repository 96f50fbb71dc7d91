import Signals
import SignalsTesting
import Testing

/// What a subject does with the subscriptions it is given as a subscriber
/// (`publisher.subscribe(subject)`, `send(subscription:)`), as Combine's subjects do (facts from
/// OpenCombine 0.14's `PassthroughSubject`, `CurrentValueSubject`, `PublishedSubject` and
/// `SubjectSubscriber`, and their tests).
@Suite struct SubjectUpstreamTests {
  /// A subscription that records what was asked of it.
  typealias Recorded = ProtocolEdgeTests.Recorded

  /// A publisher that keeps its subscriber, so that the test sends events in any order.
  typealias Manual = AsyncPublisherTests.Puppet

  @Test func aPassthroughSubjectAsksItsUpstreamForEverythingOnlyOnceASubscriberHasDemand() {
    let upstream = Recorded()
    let subject = PassthroughSubject<Int, Never>()
    subject.send(subscription: upstream)
    #expect(upstream.events.isEmpty)
    let waiting = subject.record(demand: .none)
    #expect(upstream.events.isEmpty)
    waiting.request(.max(1))
    #expect(upstream.events == ["request unlimited"])
    // Later demand asks nothing more; a later subscription is asked at once.
    waiting.request(.max(2))
    _ = subject.record()
    #expect(upstream.events == ["request unlimited"])
    let later = Recorded()
    subject.send(subscription: later)
    #expect(later.events == ["request unlimited"])
  }

  @Test func aPassthroughSubjectAsksEverySubscriptionItWasGivenEvenTheSameOneTwice() {
    let upstream = Recorded()
    let subject = PassthroughSubject<Int, Never>()
    _ = subject.record()
    subject.send(subscription: upstream)
    subject.send(subscription: upstream)
    #expect(upstream.events == ["request unlimited", "request unlimited"])
  }

  @Test func currentValueAndReplaySubjectsAskTheirUpstreamForEverythingAtOnce() {
    let current = Recorded()
    let replay = Recorded()
    CurrentValueSubject<Int, Never>(0).send(subscription: current)
    ReplaySubject<Int, Never>(bufferSize: 1).send(subscription: replay)
    #expect(current.events.first == "request unlimited")
    #expect(replay.events.first == "request unlimited")
  }

  @Test func aSubjectCancelsTheSubscriptionsItKeepsWhenItIsReleased() {
    let passthrough = Recorded()
    let current = Recorded()
    let replay = Recorded()
    do {
      let first = PassthroughSubject<Int, Never>()
      let second = CurrentValueSubject<Int, Never>(0)
      let third = ReplaySubject<Int, Never>(bufferSize: 1)
      for _ in 0..<2 { first.send(subscription: passthrough) }
      second.send(subscription: current)
      third.send(subscription: replay)
      #expect(passthrough.events.isEmpty)
      #expect(current.events == ["request unlimited"])
    }
    #expect(passthrough.events == ["cancel", "cancel"])
    #expect(current.events == ["request unlimited", "cancel"])
    #expect(replay.events == ["request unlimited", "cancel"])
  }

  @Test func aCompletedSubjectStillCancelsItsUpstreamWhenReleased() {
    let upstream = Recorded()
    do {
      let subject = CurrentValueSubject<Int, Never>(0)
      subject.send(subscription: upstream)
      subject.send(completion: .finished)
    }
    #expect(upstream.events == ["request unlimited", "cancel"])
  }

  @Test func subscribingASubjectAsksUpstreamOnlyWhenTheSubjectHasASubscriberWithDemand() {
    let source = Manual()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = source.subscribe(subject)
    let upstream = Recorded()
    source.subscriber?.receive(subscription: upstream)
    #expect(upstream.events.isEmpty)
    let recorder = subject.record()
    #expect(upstream.events == ["request unlimited"])
    _ = source.subscriber?.receive(1)
    #expect(recorder.values == [1])
    cancellable.cancel()
    cancellable.cancel()
    #expect(upstream.events == ["request unlimited", "cancel"])
  }

  @Test func theSubscriptionASubjectIsGivenDoesNotKeepTheSubjectAlive() {
    let source = Manual()
    let upstream = Recorded()
    var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
    weak let gone = subject
    let cancellable = source.subscribe(subject!)
    source.subscriber?.receive(subscription: upstream)
    subject = nil
    #expect(gone == nil)
    // The released subject cancelled what it was given; the token's cancel is not passed again.
    #expect(upstream.events == ["cancel"])
    cancellable.cancel()
    #expect(upstream.events == ["cancel"])
  }

  @Test func aSubscribedSubjectIgnoresAValueOrCompletionSentBeforeTheSubscription() {
    let source = Manual()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    let cancellable = source.subscribe(subject)
    _ = source.subscriber?.receive(1)
    source.subscriber?.receive(completion: .finished)
    #expect(recorder.events.isEmpty)
    source.subscriber?.receive(subscription: Recorded())
    _ = source.subscriber?.receive(2)
    #expect(recorder.values == [2])
    cancellable.cancel()
  }

  @Test func aSubscribedSubjectForwardsNothingAfterTheCompletionAndPassesNoCancelUpstream() {
    let source = Manual()
    let upstream = Recorded()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    let cancellable = source.subscribe(subject)
    source.subscriber?.receive(subscription: upstream)
    source.subscriber?.receive(completion: .finished)
    _ = source.subscriber?.receive(3)
    cancellable.cancel()
    #expect(recorder.events == [.completion(.finished)])
    #expect(upstream.events == ["request unlimited"])
  }
}
