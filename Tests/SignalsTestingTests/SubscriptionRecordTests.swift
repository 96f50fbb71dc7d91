import Signals
import SignalsTesting
import Testing

/// Subscription records made by hand, from subscription diagrams, and compared with diagrams.
@Suite struct SubscriptionRecordTests {
  @Test func aRecordCanBeMadeAndCompared() throws {
    let scheduler = TestScheduler()
    let ticks = try scheduler.hot("-a-b-c-d-e-|")
    _ = try scheduler.run(ticks, subscription: "--^---!")
    #expect(
      ticks.subscriptions == [
        SubscriptionRecord(
          subscribed: SchedulerTime(milliseconds: 2), cancelled: SchedulerTime(milliseconds: 6))
      ])
    #expect(ticks.subscriptions == [try scheduler.subscriptionRecord("--^---!")])
  }

  @Test func diagramsParseToInstantsInTheSchedulersFrames() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    #expect(
      try scheduler.subscriptionRecord("--^---!")
        == SubscriptionRecord(
          subscribed: SchedulerTime(milliseconds: 200), cancelled: SchedulerTime(milliseconds: 600)))
    #expect(
      try scheduler.subscriptionRecord("----^")
        == SubscriptionRecord(subscribed: SchedulerTime(milliseconds: 400)))
    #expect(try scheduler.subscriptionRecord("^ 1s !").cancelled == SchedulerTime(milliseconds: 1_100))
    #expect(try scheduler.subscriptionRecord("-(^!)").cancelled == SchedulerTime(milliseconds: 100))
    #expect(
      try scheduler.subscriptionRecord("--^", from: SchedulerTime(seconds: 1)).subscribed
        == SchedulerTime(milliseconds: 1_200))
  }

  @Test func recordsRenderAsTheDiagramsTheyCameFrom() throws {
    for diagram in ["--^---!", "^!", "----^", "-(^!)", "^"] {
      let record = try SubscriptionRecord(diagram, frameDuration: .milliseconds(10))
      #expect(record.marbles(frameDuration: .milliseconds(10)) == diagram)
    }
  }

  // One dash per frame made an hour-long subscription 3.6 million characters, and a record at
  // the end of time trapped while sizing its dashes.
  @Test func farInstantsRenderAsTimeProgressionsThatParseBack() throws {
    let frame = SchedulerTime.Stride.milliseconds(1)
    let hour = SubscriptionRecord(
      subscribed: SchedulerTime(seconds: 2), cancelled: SchedulerTime(seconds: 3_602))
    let rendered = hour.marbles(frameDuration: frame)
    #expect(rendered == " 2s ^ 3599999ms !")
    #expect(try SubscriptionRecord(rendered, frameDuration: frame) == hour)

    let end = SchedulerTime(nanoseconds: .max)
    let lastMoment = SubscriptionRecord(subscribed: end, cancelled: end)
    let atTheEnd = lastMoment.marbles(frameDuration: frame)
    #expect(atTheEnd.hasSuffix("(^!)"))
    #expect(atTheEnd.count < 40)
    let never = SubscriptionRecord(subscribed: SchedulerTime(nanoseconds: .min)).marbles(
      from: SchedulerTime(nanoseconds: .max), frameDuration: .nanoseconds(1))
    #expect(never == "^")
  }

  @Test(arguments: [
    ("^-a-!", 3, MarbleError.Reason.notInSubscription("a")),
    ("^--|", 4, .notInSubscription("|")),
    ("-#", 2, .notInSubscription("#")),
    ("!-^", 1, .cancellationBeforeSubscription),
    ("^-^", 3, .misplacedMarker("^")),
  ])
  func malformedSubscriptionDiagramsThrowWithTheColumn(
    _ diagram: String, _ column: Int, _ reason: MarbleError.Reason
  ) {
    #expect(throws: MarbleError(diagram: diagram, column: column, reason: reason)) {
      try SubscriptionRecord(diagram, frameDuration: .milliseconds(1))
    }
  }

  @Test func expectSubscriptionsComparesEverySubscriptionWithItsDiagram() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(10))
    let cold = try scheduler.cold("-a-b-c|")
    let first = cold.record(on: scheduler)
    scheduler.advance(by: .milliseconds(20))
    let second = cold.record(on: scheduler)
    scheduler.advance(by: .milliseconds(30))
    first.cancel()
    expectSubscriptions(cold, ["^----!", "--^"])
    #expect(cold.subscriptionMarbles() == ["^----!", "--^"])
    withKnownIssue {
      expectSubscriptions(cold, ["^---!", "--^"])
    } matching: { issue in
      "\(issue)".contains("expected: ^---!") && "\(issue)".contains("actual:   ^----!")
    }
    withKnownIssue {
      expectSubscriptions(cold, ["^-x-!"])
    } matching: { issue in
      "\(issue)".contains("\"x\" in a subscription diagram (only -, ^, ! and times) at column 3")
    }
    second.cancel()
  }
}
