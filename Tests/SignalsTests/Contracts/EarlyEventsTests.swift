import Signals
import Testing

/// What `catch`, `append` and `prepend` do with events a publisher sends before its
/// subscription: they ignore them, as Combine's `Catch` and `Concatenate` do (OpenCombine 0.14's
/// sources: a value returns `.none`, a completion ends nothing), and the publisher may still
/// subscribe properly afterwards. Where Combine's `catch` traps instead (a value or a failure
/// that early), Signals ignores the event too.
@Suite struct EarlyEventsTests {
  typealias Manual = ProtocolEdgeTests.Manual
  typealias Tracking = ProtocolEdgeTests.Tracking
  typealias Recorded = ProtocolEdgeTests.Recorded

  @Test func catchIgnoresAFinishBeforeItsUpstreamsSubscriptionAndGoesOnWhenItComes() {
    let source = Manual()
    let tracking = Tracking(initial: .max(5))
    source.catch { _ in Just(9).setFailureType(to: TestError.self) }.lawShape().subscribe(tracking)
    source.completion?(.finished)
    #expect(tracking.events.isEmpty)

    let subscription = Recorded()
    source.subscription?(subscription)
    #expect(subscription.events == ["request max(5)"])
    _ = source.value?(1)
    source.completion?(.failure(TestError()))
    #expect(tracking.events == ["subscription", "value 1", "value 9", "completion"])
  }

  @Test func catchIgnoresAValueAndAFailureBeforeItsUpstreamsSubscription() {
    let source = Manual()
    let tracking = Tracking()
    var handled = 0
    source.catch { _ -> Just<Int> in
      handled += 1
      return Just(9)
    }.lawShape().subscribe(tracking)
    #expect(source.value?(1) == Subscribers.Demand.none)
    source.completion?(.failure(TestError()))
    #expect(tracking.events.isEmpty)
    #expect(handled == 0)
  }

  @Test func catchIgnoresACompletionItsReplacementSendsBeforeItsSubscription() {
    let source = Manual()
    let replacement = Manual()
    let tracking = Tracking(initial: .max(5))
    source.catch { _ in replacement }.lawShape().subscribe(tracking)
    source.subscription?(Recorded())
    source.completion?(.failure(TestError()))
    #expect(replacement.value?(2) == Subscribers.Demand.none)
    replacement.completion?(.finished)
    #expect(tracking.events == ["subscription"])

    let subscription = Recorded()
    replacement.subscription?(subscription)
    #expect(subscription.events == ["request max(5)"])
    #expect(replacement.value?(3) == .max(42))
    replacement.completion?(.finished)
    #expect(tracking.events == ["subscription", "value 3", "completion"])
  }

  @Test func appendIgnoresWhatItsFirstPublisherSendsBeforeItsSubscription() {
    let source = Manual()
    let tracking = Tracking(initial: .max(5))
    source.append(7).lawShape().subscribe(tracking)
    #expect(source.value?(12) == Subscribers.Demand.none)
    source.completion?(.finished)
    #expect(tracking.events.isEmpty)

    source.subscription?(Recorded())
    _ = source.value?(1)
    source.completion?(.finished)
    #expect(tracking.events == ["subscription", "value 1", "value 7", "completion"])
  }

  @Test func prependIgnoresWhatItsSecondPublisherSendsBeforeItsSubscription() {
    let source = Manual()
    let tracking = Tracking(initial: .max(5))
    source.prepend(Empty()).lawShape().subscribe(tracking)
    #expect(tracking.events == ["subscription"])
    #expect(source.value?(12) == Subscribers.Demand.none)
    source.completion?(.finished)
    #expect(tracking.events == ["subscription"])

    let subscription = Recorded()
    source.subscription?(subscription)
    #expect(subscription.events == ["request max(5)"])
    #expect(source.value?(1) == .max(42))
    source.completion?(.finished)
    #expect(tracking.events == ["subscription", "value 1", "completion"])
  }
}
