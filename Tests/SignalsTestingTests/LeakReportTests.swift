import Signals
import SignalsTesting
import Testing

/// A leak report says what is alive: whose subscription, and (debug builds) which line made it.
@Suite struct LeakReportTests {
  @Test func theReportNamesTheSubscriberTypeAndTheLineThatSubscribed() {
    let subject = PassthroughSubject<Int, Never>()
    var kept: Recorder<Int, Never>?
    let line = #line + 2
    withKnownIssue {
      expectAllReleased { kept = subject.record() }
    } matching: { issue in
      let report = "\(issue)"
      #if DEBUG
        let site = report.contains("created at Tests/SignalsTestingTests/LeakReportTests.swift:\(line)")
      #else
        let site = true
      #endif
      return report.contains("1 of 1 subscriptions are still alive:\n  Recorder<Int, Never>") && site
    }
    kept?.cancel()
  }

  @Test func subscriptionsOfOneKindAndPlaceAreListedOnceWithTheirCount() {
    let subject = PassthroughSubject<Int, Never>()
    let timer = TestScheduler()
    var kept: [AnyCancellable] = []
    withKnownIssue {
      expectAllReleased {
        for _ in 0..<2 { kept.append(subject.map { $0 * 2 }.sink { _ in }) }
        kept.append(subject.debounce(for: .seconds(1), scheduler: timer).sink { _ in })
      }
    } matching: { issue in
      let report = "\(issue)"
      return report.contains("4 of 4 subscriptions are still alive")
        && report.contains("\n  2 × MapSubscriber<Int, Sink<Int, Never>>")
        && report.contains("\n  Sink<Int, Never>") && report.contains("\n  LinkedInput<Int, Never>")
    }
    kept.removeAll()
  }

  @Test func aTrackedScopeListsWhatIsAliveOldestFirst() {
    let subject = PassthroughSubject<String, Never>()
    let scheduler = TestScheduler()
    let (recorder, scope) = LiveSubscriptions.track {
      subject.debounce(for: .seconds(1), scheduler: scheduler).record()
    }
    #expect(
      scope.alive.map { String(describing: $0.subscriber) } == [
        "Recorder<String, Never>", "LinkedInput<String, Never>",
      ])
    #expect(scope.alive.allSatisfy { $0.site == nil })  // no capturer: nothing noted
    recorder.cancel()
    #expect(scope.alive.isEmpty)
    #expect(scope.count == 0)
  }
}
