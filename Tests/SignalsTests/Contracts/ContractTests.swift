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

  /// A subscriber that sends into the source from inside its value callback loses nothing: each
  /// such send reaches the source's other subscribers, and the operator's output equals what the
  /// same operator makes of the same values, at the same virtual times, sent from outside.
  ///
  /// Checked to fail: a `Broadcaster.send` that drops a value sent while it is delivering (instead
  /// of queueing it) loses the echoes, and both expectations below report it.
  @Test(arguments: OperatorCase.all)
  func reentrantSendsAreDeliveredNotLost(_ law: OperatorCase) {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    let delivered = Recorder<Int, TestError>(scheduler: scheduler)
    source.subscribe(delivered)
    // The recorder subscribes before the echo, so that at an instant where both have a timer
    // due the recorder's runs first, as it does in the replay below.
    let recorder = law.apply(source, scheduler).record(on: scheduler)
    var echoes: [Int] = []
    var sourceCompleted = false
    let echo = law.apply(source, scheduler).sink(
      receiveCompletion: { _ in },
      receiveValue: { _ in
        guard echoes.count < 3, !sourceCompleted else { return }
        echoes.append(101 + echoes.count)
        source.send(echoes[echoes.count - 1])
      })
    drive(source, scheduler, values: 1...6)
    let completionTime = scheduler.now
    sourceCompleted = true
    source.send(completion: .finished)
    scheduler.run()
    echo.cancel()

    let deliveredValues = delivered.values
    for value in echoes {
      #expect(deliveredValues.contains(value), "\(law.name): the re-entrant send of \(value) was lost")
    }
    let replayed = replay(law, delivered.timedEvents, finishingAt: completionTime)
    #expect(recorder.values == replayed, "\(law.name): re-entrant sends changed what the operator delivered")
    #expect(recorder.completion != nil)
    #expect(recorder.eventsAfterCompletion.isEmpty)
  }

  /// What `law` delivers when the source sends `events`' values at their times from outside, then
  /// finishes at `finish`.
  func replay(
    _ law: OperatorCase, _ events: [Recorder<Int, TestError>.TimedEvent], finishingAt finish: SchedulerTime
  ) -> [String] {
    let scheduler = TestScheduler()
    let source = OperatorCase.Source()
    let recorder = law.apply(source, scheduler).record(on: scheduler)
    for timed in events {
      guard case .value(let value) = timed.event else { continue }
      scheduler.advance(to: timed.time)
      source.send(value)
    }
    scheduler.advance(to: finish)
    source.send(completion: .finished)
    scheduler.run()
    return recorder.values
  }
}

extension ContractTests {
  /// A subscriber never receives two calls at once, even when the operator's inputs are sent to
  /// from several threads at once. An operator with several inputs gets two separate sources,
  /// each sent to from a thread of its own (one subject would serialize them before the operator
  /// sees them); an operator with one input gets one source sent to from four threads. The
  /// threads start together (a barrier), and the probe gives up its thread while it is inside a
  /// call, so that an unserialized delivery overlaps it even on one core.
  ///
  /// Checked to fail: with `SerialDelivery.send` delivering at once even while another thread is
  /// delivering (its `draining` check taken out), the operators with separate inputs overlap.
  @Test(arguments: OperatorCase.all.filter { $0.threaded })
  func threadedSendsNeverOverlap(_ law: OperatorCase) {
    let first = OperatorCase.Source()
    let second = OperatorCase.Source()
    let probe = YieldingOverlapProbe<String, any Error>()
    let senders: [OperatorCase.Source]
    if let separateInputs = law.separateInputs {
      separateInputs(first, second).subscribe(probe)
      senders = [first, second]
    } else {
      law.apply(first, TestScheduler()).subscribe(probe)
      senders = [first, first, first, first]
    }
    // Every input has a value before the threads start (so that `combineLatest` delivers from
    // both threads), and each thread yields between sends (so that neither runs ahead and leaves
    // the other to complete every pair of `zip`).
    first.send(-1)
    second.send(-2)
    onThreadsTogether(senders.count) { sender in
      for value in 0..<300 {
        senders[sender].send(sender * 1_000 + value)
        yieldThread()
      }
    }
    first.send(completion: .finished)
    second.send(completion: .finished)
    #expect(probe.overlaps == 0, "\(law.name) delivered two calls at once")
    #expect(probe.completions == 1, "\(law.name) completed \(probe.completions) times")
  }
}
