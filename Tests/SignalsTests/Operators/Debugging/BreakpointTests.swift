import Signals
import SignalsTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many `SIGTRAP`s the handler the breakpoint tests install has caught.
private let caughtTraps = Atomic<Int>(0)

/// `breakpoint(...)` and `breakpointOnError()`: a `SIGTRAP` handler stands in for the debugger
/// and counts the stops. Serialized: the count is process-wide.
@Suite(.serialized) struct BreakpointTests {
  init() {
    signal(SIGTRAP) { _ in caughtTraps.wrappingAdd(1, ordering: .relaxed) }
  }

  func traps(during body: () -> Void) -> Int {
    let before = caughtTraps.load(ordering: .relaxed)
    body()
    return caughtTraps.load(ordering: .relaxed) - before
  }

  @Test func stopsOnlyWhereAClosureSaysSoAndPassesEverythingOn() {
    var recorder: Recorder<Int, Never>?
    let count = traps {
      recorder = [1, 2, 3, 2].publisher.breakpoint(receiveOutput: { $0 == 2 }).record()
    }
    #expect(count == 2)
    #expect(recorder?.values == [1, 2, 3, 2])
    #expect(recorder?.isFinished == true)
  }

  @Test func subscriptionAndCompletionClosuresDecideToo() {
    let count = traps {
      _ = Just(1).breakpoint(receiveSubscription: { _ in true }, receiveCompletion: { _ in true }).record()
    }
    #expect(count == 2)
    #expect(traps { _ = Just(1).breakpoint().record() } == 0)
  }

  @Test func breakpointOnErrorStopsOnAFailureOnly() {
    #expect(traps { _ = Just(1).setFailureType(to: TestError.self).breakpointOnError().record() } == 0)
    var recorder: Recorder<Int, TestError>?
    let count = traps { recorder = Fail<Int, TestError>(error: TestError(4)).breakpointOnError().record() }
    #expect(count == 1)
    #expect(recorder?.failure == TestError(4))
  }

  @Test func theUpstreamsSubscriptionAndTheSubscribersDemandPassThrough() {
    let source = ProtocolEdgeTests.Manual()
    let upstream = ProtocolEdgeTests.Recorded()
    let tracking = ProtocolEdgeTests.Tracking(returned: .max(3))
    source.breakpoint(receiveOutput: { _ in false }).lawShape().subscribe(tracking)
    source.subscription?(upstream)
    // The subscriber holds the upstream's own subscription, so each call reaches it as made.
    #expect(tracking.subscription === upstream)
    #expect(source.value?(1) == .max(3))
    tracking.subscription?.cancel()
    tracking.subscription?.cancel()
    #expect(upstream.events == ["cancel", "cancel"])
  }
}
