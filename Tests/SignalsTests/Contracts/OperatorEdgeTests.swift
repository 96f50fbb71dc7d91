import Signals
import SignalsVirtualTime
import Testing

/// The protocol edges of the operators whose Combine subscriber is also the subscription it
/// gives downstream (`receive(on:)`, `delay`, `handleEvents`, `retry`, the until-output gates),
/// and the demand they ask of their upstream: OpenCombine 0.14's tests for each operator, where
/// they state Combine's behaviour.
@Suite struct OperatorEdgeTests {
  typealias Manual = ProtocolEdgeTests.Manual
  typealias Recorded = ProtocolEdgeTests.Recorded
  typealias Tracking = ProtocolEdgeTests.Tracking

  /// `receive(on:)` and `delay` on `scheduler`, by name.
  static func scheduling(
    _ scheduler: TestScheduler
  ) -> [(String, (Manual) -> AnyPublisher<String, any Error>)] {
    [
      ("receive(on:)", { $0.receive(on: scheduler).lawShape() }),
      ("delay", { $0.delay(for: 1, scheduler: scheduler).lawShape() }),
    ]
  }

  // OpenCombine's `testReceiveOnRequestBeforeSubscription` and `testDelayRequestBeforeSubscription`:
  // the subscriber put upstream is the subscription the subscriber gets.
  @Test func receiveOnAndDelaySubscribeUpstreamWithTheSubscriptionTheyGiveDownstream() throws {
    let scheduler = TestScheduler()
    for (name, apply) in Self.scheduling(scheduler) {
      let source = Manual()
      let tracking = Tracking()
      apply(source).subscribe(tracking)
      let upstreamSubscriber = try #require(source.asSubscription, "\(name)")
      upstreamSubscriber.request(.max(1))
      source.subscription?(Recorded())
      #expect(upstreamSubscriber === tracking.subscription, "\(name)")
    }
  }

  // OpenCombine's `testReceiveOnCancelBeforeSubscription` and `testDelayCancelBeforeSubscription`:
  // Combine's leaves a subscription that comes after a cancel alone; nothing reaches the
  // subscriber after its cancel.
  @Test func receiveOnAndDelayLeaveASubscriptionThatComesAfterACancel() throws {
    let scheduler = TestScheduler()
    for (name, apply) in Self.scheduling(scheduler) {
      let source = Manual()
      let tracking = Tracking()
      apply(source).subscribe(tracking)
      try #require(source.asSubscription, "\(name)").cancel()
      let late = Recorded()
      source.subscription?(late)
      _ = source.value?(1)
      source.completion?(.finished)
      scheduler.run()
      #expect(late.events.isEmpty, "\(name)")
      #expect(tracking.events.isEmpty, "\(name)")
    }
  }

  // OpenCombine's `testReceiveCompletionImmediatelyAfterValue` (`ReceiveOnTests`, `DelayTests`):
  // what the subscriber returns for a delivered value is asked of the upstream, after it asked
  // for everything and after the upstream completed, until that completion is delivered.
  @Test func receiveOnAndDelayAskTheUpstreamForWhatEachDeliveredValueReturns() {
    let scheduler = TestScheduler()
    for (name, apply) in Self.scheduling(scheduler) {
      let source = Manual()
      let tracking = Tracking(initial: .unlimited, returned: .max(418))
      apply(source).subscribe(tracking)
      let upstream = Recorded()
      source.subscription?(upstream)
      #expect(source.value?(-1) == Subscribers.Demand.none, "\(name)")
      scheduler.run()
      #expect(source.value?(1000) == Subscribers.Demand.none, "\(name)")
      source.completion?(.finished)
      #expect(upstream.events == ["request unlimited", "request max(418)"], "\(name)")
      scheduler.run()
      #expect(tracking.events == ["subscription", "value -1", "value 1000", "completion"], "\(name)")
      #expect(upstream.events == ["request unlimited", "request max(418)", "request max(418)"], "\(name)")
    }
  }

  // OpenCombine's `testReceiveInputRecursively`: a value the subscriber sends from inside a
  // delivery (on `ImmediateScheduler`) gets its own request for what the subscriber returns.
  @Test func receiveOnAsksOncePerValueSentFromInsideADelivery() {
    final class Recursing: Subscriber, @unchecked Sendable {
      // @unchecked: a test double used on the test's one thread.
      var send: ((Int) -> Subscribers.Demand)?
      var left = 3
      var values: [Int] = []
      func receive(subscription: any Subscription) { subscription.request(.unlimited) }
      func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        if left > 0 {
          left -= 1
          _ = send?(-1)
        }
        return .max(418)
      }
      func receive(completion: Subscribers.Completion<TestError>) {}
    }
    let source = Manual()
    let recursing = Recursing()
    source.receive(on: ImmediateScheduler.shared).subscribe(recursing)
    recursing.send = source.value
    let upstream = Recorded()
    source.subscription?(upstream)
    _ = source.value?(0)
    #expect(recursing.values == [0, -1, -1, -1])
    #expect(upstream.events == ["request unlimited"] + Array(repeating: "request max(418)", count: 4))
  }

  // OpenCombine's `testTerminatorFinishesWithoutProducingValues`: Combine's
  // `prefix(untilOutputFrom:)` passes every upstream value on, with or without demand, and
  // returns what the subscriber adds for it.
  @Test func prefixUntilOutputPassesAValueOnWithoutDemand() {
    let source = Manual()
    let trigger = Manual()
    let tracking = Tracking(returned: .max(2))
    source.prefix(untilOutputFrom: trigger).lawShape().subscribe(tracking)
    trigger.subscription?(Recorded())
    let upstream = Recorded()
    source.subscription?(upstream)
    trigger.completion?(.finished)
    #expect(source.value?(1) == .max(2))
    #expect(tracking.events == ["subscription", "value 1"])
    #expect(upstream.events.isEmpty)
  }

  // OpenCombine's `testTerminatorEmitsValueBeforeUpstreamSendsSubscription` and
  // `testPrefixUntilOutputReceiveValueBeforeSubscription`: a trigger value before the trigger's
  // subscription is ignored; one before the upstream's subscription finishes the subscriber
  // without giving it a subscription, and the upstream's late one is cancelled.
  @Test func prefixUntilOutputFinishesWithoutASubscriptionWhenTriggeredBeforeTheUpstreamSubscribed() {
    let source = Manual()
    let trigger = Manual()
    let tracking = Tracking()
    source.prefix(untilOutputFrom: trigger).lawShape().subscribe(tracking)
    _ = trigger.value?(0)
    #expect(tracking.events.isEmpty)
    trigger.subscription?(Recorded())
    _ = trigger.value?(0)
    #expect(tracking.events == ["completion"])
    let late = Recorded()
    source.subscription?(late)
    #expect(late.events == ["cancel"])
    #expect(tracking.events == ["completion"])
  }

  // OpenCombine's `testPrefixUntilOutputReceiveCompletionBeforeSubscription`: Combine's passes
  // on no completion that comes before the upstream's subscription; it cancels the trigger.
  @Test func prefixUntilOutputDropsACompletionBeforeTheSubscriptionAndCancelsTheTrigger() {
    let source = Manual()
    let trigger = Manual()
    let tracking = Tracking()
    source.prefix(untilOutputFrom: trigger).lawShape().subscribe(tracking)
    let triggerSubscription = Recorded()
    trigger.subscription?(triggerSubscription)
    source.completion?(.finished)
    #expect(tracking.events.isEmpty)
    #expect(triggerSubscription.events == ["request max(1)", "cancel"])
  }

  // OpenCombine's `DropUntilOutputTests.testLateSubscription` and
  // `testDropUntilOutputReceiveSubscriptionTwice`: when the trigger finishes before the upstream
  // has subscribed, Combine's still keeps the upstream's subscription when it comes, asks it for
  // what the subscriber requested, ignores its values and cancels it at the subscriber's cancel.
  @Test func dropUntilOutputKeepsAnUpstreamSubscriptionThatComesAfterTheTriggerFinished() throws {
    let source = Manual()
    let trigger = Manual()
    let tracking = Tracking(initial: .max(14))
    source.drop(untilOutputFrom: trigger).lawShape().subscribe(tracking)
    trigger.subscription?(Recorded())
    trigger.completion?(.finished)
    #expect(tracking.events == ["subscription", "completion"])
    let late = Recorded()
    source.subscription?(late)
    #expect(source.value?(1) == Subscribers.Demand.none)
    let second = Recorded()
    source.subscription?(second)
    try #require(tracking.subscription).cancel()
    #expect(late.events == ["request max(14)", "cancel"])
    #expect(second.events == ["cancel"])
    #expect(tracking.events == ["subscription", "completion"])
  }

  // OpenCombine's `testHandleEventsRequestBeforeSubscription` and
  // `testHandleEventsCancelBeforeSubscription`: Combine's handler object is the subscription
  // too; a request or cancel made on it before the upstream's subscription reaches the handlers,
  // and a subscription that comes after that cancel is shown to `receiveSubscription` and left
  // alone.
  @Test func handleEventsCallsItsHandlersForARequestOrCancelBeforeTheSubscription() throws {
    let source = Manual()
    var seen: [String] = []
    let tracking = Tracking()
    source.handleEvents(
      receiveSubscription: { _ in seen.append("subscription") },
      receiveCancel: { seen.append("cancel") },
      receiveRequest: { seen.append("request \($0)") }
    )
    .lawShape()
    .subscribe(tracking)
    let upstreamSubscriber = try #require(source.asSubscription)
    upstreamSubscriber.request(.max(1))
    upstreamSubscriber.cancel()
    let late = Recorded()
    source.subscription?(late)
    #expect(seen == ["request max(1)", "cancel", "subscription"])
    #expect(late.events.isEmpty)
    #expect(tracking.events.isEmpty)
  }

  // OpenCombine's `testRetryRequestBeforeSubscription`, `testRetryCancelBeforeSubscription` and
  // `testRetryReceiveCompletionBeforeSubscription`: the attempt's subscriber is a subscription
  // too, a subscription that comes after its cancel is cancelled, and a completion before any
  // subscription goes down alone.
  @Test func retrysSubscriberIsASubscriptionAndACompletionBeforeTheSubscriptionGoesAlone() throws {
    let source = Manual()
    let tracking = Tracking()
    source.retry(3).lawShape().subscribe(tracking)
    let upstreamSubscriber = try #require(source.asSubscription)
    upstreamSubscriber.request(.max(1))
    source.completion?(.finished)
    #expect(tracking.events == ["completion"])

    let again = Manual()
    again.retry(3).lawShape().subscribe(Tracking())
    try #require(again.asSubscription).cancel()
    let late = Recorded()
    again.subscription?(late)
    #expect(late.events == ["cancel"])
  }

  // OpenCombine's `MeasureIntervalTests.testRequest`: what the subscriber returns for an
  // interval is requested from the upstream, and `.none` returned; a request for nothing goes
  // upstream too.
  @Test func measureIntervalRequestsWhatTheSubscriberReturns() {
    let scheduler = TestScheduler()
    let source = Manual()
    let tracking = Tracking(initial: .max(1), returned: .max(1))
    source.measureInterval(using: scheduler).lawShape().subscribe(tracking)
    let upstream = Recorded()
    source.subscription?(upstream)
    #expect(source.value?(0) == Subscribers.Demand.none)
    tracking.subscription?.request(.none)
    #expect(upstream.events == ["request max(1)", "request max(1)", "request max(0)"])
  }
}
