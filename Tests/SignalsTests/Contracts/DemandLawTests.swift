import Signals
import SignalsTesting
import Testing

/// The demand laws, for every operator of the laws table: a subscriber never receives more
/// values than it requested, and one that requests nothing receives no value, only the
/// completion (or nothing, for the operators that owe a value before their finish and wait for
/// a request to send it, as in Combine).
@Suite struct DemandLawTests {
  /// The operators that owe a value before their finish even when the source sent nothing:
  /// the reducers (`reduce`, `collect`, `count`, `contains`, `allSatisfy`, `replaceEmpty`) send
  /// one at the finish; `append`/`prepend` and the flattening cases here run a `Just` or a
  /// sequence, which waits for a request before it finishes.
  static let owesAValueAtTheFinish: Set<String> = [
    "reduce", "collect", "replaceEmpty", "count", "contains", "contains(where:)", "tryContains(where:)",
    "allSatisfy", "tryAllSatisfy", "append", "append(sequence)", "prepend", "prepend(sequence)",
    "prepend(publisher)", "flatMap", "flatMap(max 1)", "switchToLatest", "prefix(untilOutputFrom:)",
    "drop(untilOutputFrom:)", "collect(.byTime)", "collect(.byTimeOrCount)",
  ]

  /// Drives `source` and checks that `recorder` never got more than it asked for; returns the
  /// number of values beyond the demand (0 when the law holds).
  static func excess<P: Publisher>(
    _ publisher: P, driving source: OperatorCase.Source, on scheduler: TestScheduler
  ) -> Int {
    let recorder = publisher.record(on: scheduler, demand: .max(2))
    var worst = 0
    for value in 1...8 {
      source.send(value)
      scheduler.advance(by: .milliseconds(10))
      worst = max(worst, recorder.values.count - 2)
    }
    recorder.request(.max(1))
    for value in 9...14 {
      source.send(value)
      scheduler.advance(by: .milliseconds(10))
      worst = max(worst, recorder.values.count - 3)
    }
    source.send(completion: .finished)
    scheduler.advance(by: .seconds(2))
    worst = max(worst, recorder.values.count - 3)
    recorder.cancel()
    return worst
  }

  @Test(arguments: OperatorCase.all)
  func neverMoreValuesThanRequested(_ law: OperatorCase) {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    let excess = Self.excess(law.apply(source, scheduler), driving: source, on: scheduler)
    #expect(excess <= 0, "\(law.name) sent \(excess) values beyond the demand")
  }

  @Test(arguments: OperatorCase.all)
  func requestingNothingGivesOnlyTheCompletion(_ law: OperatorCase) {
    for completion in [Subscribers.Completion<TestError>.finished, .failure(TestError())] {
      let scheduler = TestScheduler()
      let source = OperatorCase.Source()
      let recorder = law.apply(source, scheduler).record(on: scheduler, demand: .none)
      for value in 1...5 {
        source.send(value)
        scheduler.advance(by: .milliseconds(10))
      }
      source.send(completion: completion)
      scheduler.advance(by: .seconds(2))
      #expect(recorder.values.isEmpty, "\(law.name) sent values nobody requested")
      if case .finished = completion, !Self.owesAValueAtTheFinish.contains(law.name) {
        #expect(recorder.completion != nil, "\(law.name) did not finish without demand")
      }
      recorder.cancel()
    }
  }

  @Test(arguments: OperatorCase.all)
  func aStepwiseSubscriberGetsWhatAnUnlimitedOneGets(_ law: OperatorCase) {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    let unlimited = law.apply(source, scheduler).record(on: scheduler)
    let stepwise = law.apply(source, scheduler).record(on: scheduler, demand: .stepwise)
    for value in 1...6 {
      source.send(value)
      scheduler.advance(by: .milliseconds(10))
    }
    source.send(completion: .finished)
    scheduler.advance(by: .seconds(2))
    #expect(stepwise.values == unlimited.values, "\(law.name) gave a stepwise subscriber other values")
    #expect((stepwise.completion == nil) == (unlimited.completion == nil))
  }

  /// The first law fails for a publisher that ignores demand (so it can fail).
  @Test func theLawCatchesAPublisherThatIgnoresDemand() {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    #expect(Self.excess(IgnoresDemand(upstream: source), driving: source, on: scheduler) > 0)
  }
}

/// A broken operator for the law's own test: it requests everything from its upstream and
/// passes every value on, whatever its subscriber requested.
private struct IgnoresDemand<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure
  let upstream: Upstream

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(
      AnySubscriber<Output, Failure>(
        receiveSubscription: { subscription in
          subscriber.receive(subscription: subscription)
          subscription.request(.unlimited)
        },
        receiveValue: subscriber.receive(_:),
        receiveCompletion: subscriber.receive(completion:)))
  }
}
