import Signals
import SignalsTesting
import Testing

/// The laws every operator keeps (the contracts in `Cancellable` and README.md): values then at most one completion;
/// nothing after it; cancellation stops delivery, detaches the source and releases every
/// subscription; re-entrant sends neither deadlock nor get lost; threaded sends never overlap.
@Suite struct ContractTests {
  /// Sends a little of everything, advancing virtual time so time operators flush.
  func drive(_ source: OperatorCase.Source, _ scheduler: TestScheduler, values: ClosedRange<Int>) {
    for value in values {
      source.send(value)
      scheduler.advance(by: .milliseconds(10))
    }
  }

  @Test(arguments: OperatorCase.all)
  func nothingArrivesAfterTheCompletion(_ law: OperatorCase) {
    for completion in [Subscribers.Completion<TestError>.finished, .failure(TestError())] {
      let scheduler = TestScheduler()
      let source = OperatorCase.Source()
      let recorder = law.apply(source, scheduler).record(on: scheduler)
      drive(source, scheduler, values: 1...5)
      source.send(completion: completion)
      scheduler.advance(by: .seconds(10))
      source.send(99)
      scheduler.run()
      #expect(recorder.completion != nil, "\(law.name) did not complete on \(completion)")
      #expect(recorder.eventsAfterCompletion.isEmpty, "\(law.name) delivered after its completion")
      #expect(recorder.subscriptionCount == 1)
    }
  }

  @Test(arguments: OperatorCase.all)
  func cancellingStopsDeliveryDetachesAndReleases(_ law: OperatorCase) {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    let (recorder, scope) = LiveSubscriptions.track {
      law.apply(source, scheduler).record(on: scheduler)
    }
    drive(source, scheduler, values: 1...3)
    let before = recorder.events.count
    recorder.cancel()
    drive(source, scheduler, values: 4...6)
    scheduler.run()
    #expect(recorder.events.count == before, "\(law.name) delivered after cancel")
    #expect(source.subscriberCount == 0, "\(law.name) kept its source attached after cancel")
    #expect(scope.count == 0, "\(law.name) left \(scope.count) subscriptions alive after cancel")
  }

  @Test(arguments: OperatorCase.all)
  func reentrantSendsAreDeliveredNotLost(_ law: OperatorCase) {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    var echoed = 0
    let recorder = Recorder<String, any Error>(scheduler: scheduler)
    let echo = law.apply(source, scheduler).sink(
      receiveCompletion: { _ in },
      receiveValue: { _ in
        if echoed < 3 {
          echoed += 1
          source.send(100 + echoed)
        }
      })
    law.apply(source, scheduler).subscribe(recorder)
    drive(source, scheduler, values: 1...6)
    source.send(completion: .finished)
    scheduler.run()
    #expect(recorder.completion != nil)
    #expect(recorder.eventsAfterCompletion.isEmpty)
    echo.cancel()
  }
}

extension ContractTests {
  @Test(arguments: OperatorCase.all.filter { $0.threaded })
  func threadedSendsNeverOverlap(_ law: OperatorCase) async {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    let probe = OverlapProbe<String, any Error>()
    law.apply(source, scheduler).subscribe(probe)
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<4 {
        group.addTask {
          for value in 0..<500 { source.send(sender * 1_000 + value) }
        }
      }
    }
    source.send(completion: .finished)
    #expect(probe.overlaps == 0, "\(law.name) delivered two calls at once")
    #expect(probe.completions == 1, "\(law.name) completed \(probe.completions) times")
  }
}
