import Signals
import SignalsTesting
import Testing

/// `prefix(untilOutputFrom:)` (one frame = 1 ms).
@Suite struct PrefixUntilOutputTests {
  let scheduler = TestScheduler()

  @Test func deliversUntilTheTriggerThenFinishesAndCancelsBoth() throws {
    let upstream = try scheduler.hot("-a-b-c-d-|")
    let trigger = try scheduler.hot("----x----|")
    expectMarbles(scheduler.run(upstream.prefix(untilOutputFrom: trigger)), "-a-b|")
    let fourFrames = SchedulerTime.zero.advanced(by: .milliseconds(4))
    #expect(upstream.subscriptions.first?.cancelled == fourFrames)
    // Combine leaves the trigger subscribed; here nothing outlives the flow.
    #expect(trigger.subscriptions.first?.cancelled == fourFrames)
  }

  /// What the doubles below were asked, in order.
  final class Log: @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    var entries: [String] = []
    var requests: [String: [Subscribers.Demand]] = [:]
  }

  /// A publisher driven by hand whose subscription writes its cancel into the log.
  final class Logged: Publisher, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Output = Int
    typealias Failure = Never
    final class Handle: Subscription, @unchecked Sendable {
      // @unchecked: a test double used on the test's one thread.
      let name: String
      let log: Log
      init(_ name: String, _ log: Log) {
        self.name = name
        self.log = log
      }
      func request(_ demand: Subscribers.Demand) { log.requests[name, default: []].append(demand) }
      func cancel() { log.entries.append("\(name) cancelled") }
    }
    let name: String
    let log: Log
    var send: ((Int) -> Subscribers.Demand)?
    var finish: (() -> Void)?
    var subscriberID: CombineIdentifier?
    init(_ name: String, _ log: Log) {
      self.name = name
      self.log = log
    }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      send = subscriber.receive(_:)
      finish = { subscriber.receive(completion: .finished) }
      subscriberID = subscriber.combineIdentifier
      subscriber.receive(subscription: Handle(name, log))
    }
  }

  @Test func theTriggersValueCancelsTheUpstreamBeforeTheFinishArrives() {
    let log = Log()
    let upstream = Logged("upstream", log)
    let trigger = Logged("trigger", log)
    let cancellable = upstream.prefix(untilOutputFrom: trigger)
      .sink(receiveCompletion: { _ in log.entries.append("finished") }, receiveValue: { _ in })
    _ = trigger.send?(1)
    #expect(log.entries == ["trigger cancelled", "upstream cancelled", "finished"])
    cancellable.cancel()
  }

  @Test func theUpstreamsFinishCancelsTheTriggerBeforeTheFinishArrives() {
    let log = Log()
    let upstream = Logged("upstream", log)
    let trigger = Logged("trigger", log)
    let cancellable = upstream.prefix(untilOutputFrom: trigger)
      .sink(receiveCompletion: { _ in log.entries.append("finished") }, receiveValue: { _ in })
    upstream.finish?()
    #expect(log.entries == ["trigger cancelled", "finished"])
    cancellable.cancel()
  }

  @Test func aRequestForNothingReachesTheUpstream() {
    let log = Log()
    let upstream = Logged("upstream", log)
    let subscriber = ProtocolEdgeTests.Tracking()
    let publisher = upstream.map(String.init).prefix(untilOutputFrom: Logged("trigger", log))
    publisher.setFailureType(to: (any Error).self).subscribe(subscriber)
    subscriber.subscription?.request(.none)
    #expect(log.requests["upstream"] == [.none])
    #expect(log.requests["trigger"] == [.max(1)])
  }

  @Test func theUpstreamAndTheTriggerSeeOneSubscriber() {
    let log = Log()
    let upstream = Logged("upstream", log)
    let trigger = Logged("trigger", log)
    let cancellable = upstream.prefix(untilOutputFrom: trigger).sink { _ in }
    #expect(upstream.subscriberID != nil)
    #expect(upstream.subscriberID == trigger.subscriberID)
    cancellable.cancel()
  }

  @Test func aTriggerThatEndsWithoutAValueIsIgnored() throws {
    let upstream = try scheduler.cold("-a-b-c-|")
    expectMarbles(scheduler.run(upstream.prefix(untilOutputFrom: try scheduler.cold("--|"))), "-a-b-c-|")
    expectMarbles(scheduler.run(upstream.prefix(untilOutputFrom: try scheduler.cold("--#"))), "-a-b-c-|")
  }

  @Test func theUpstreamsEndEndsItAndCancelsTheTrigger() throws {
    let trigger = try scheduler.hot("------x-|")
    expectMarbles(scheduler.run(try scheduler.hot("-a-#").prefix(untilOutputFrom: trigger)), "-a-#")
    #expect(trigger.subscriptions.first?.cancelled == SchedulerTime.zero.advanced(by: .milliseconds(3)))
  }

  @Test func anImmediateTriggerLetsNothingThrough() {
    #expect([1, 2].publisher.prefix(untilOutputFrom: Just(0)).record().events == [.completion(.finished)])
  }
}
