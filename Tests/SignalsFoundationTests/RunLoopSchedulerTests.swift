import Dispatch
import Foundation
import SignalsFoundation
import SignalsTesting
import Synchronization
import Testing

/// What the scheduled actions did, and whether each ran on the expected run loop's thread.
final class RunLoopLog: Sendable {
  let entries = Guarded<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

/// Runs `runLoop` in bounded slices (at most 50 ms each) until `done` holds; returns whether it
/// did. The only waiting these tests do: the loop itself runs the work under test, and the run
/// ends as soon as `done` holds. The budget, 60 s in all, is generous on purpose: only a broken
/// scheduler uses it up, while a loaded machine (or the thread sanitizer) may take seconds to
/// give the loop's thread, or the thread that schedules, the core.
func run(_ runLoop: RunLoop, until done: () -> Bool) -> Bool {
  let deadline = Date(timeIntervalSinceNow: 60)
  while !done() && Date() < deadline {
    _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
  }
  return done()
}

@Suite struct RunLoopSchedulerTests {
  @Test func actionsRunOnTheLoopInOrderAndATimedOneAtItsDate() {
    let runLoop = RunLoop.current
    let scheduler = RunLoopScheduler(runLoop)
    let log = RunLoopLog()
    let start = scheduler.now
    scheduler.schedule(after: start.advanced(by: .milliseconds(20))) { log.append("later") }
    for index in 0..<5 { scheduler.schedule { log.append("now \(index)") } }
    let cancelled = scheduler.schedule(after: start.advanced(by: .milliseconds(10))) {
      log.append("cancelled")
    }
    cancelled.cancel()
    #expect(run(runLoop) { log.all.contains("later") })
    #expect(log.all == ["now 0", "now 1", "now 2", "now 3", "now 4", "later"])
    #expect(scheduler.now >= start.advanced(by: .milliseconds(20)))
  }

  @Test func anActionScheduledFromAnotherThreadRunsOnTheLoopsThread() {
    let runLoop = RunLoop.current
    let scheduler = RunLoopScheduler(runLoop)
    let onLoop = Guarded<Bool?>(nil)
    DispatchQueue.global().async {
      scheduler.schedule { onLoop.withLock { $0 = RunLoop.current === scheduler.runLoop } }
    }
    #expect(run(runLoop) { onLoop.withLock { $0 } != nil })
    #expect(onLoop.withLock { $0 } == true)
  }

  @Test func anActionScheduledFromAnotherThreadWakesASleepingLoop() throws {
    let runLoop = RunLoop.current
    let scheduler = RunLoopScheduler(runLoop)
    // A far timer keeps the loop asleep in `run(mode:before:)` instead of returning at once; a
    // run ends only when its slice does (timers and blocks do not end it), so the test takes
    // one slice.
    let far = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(600))) {}
    let slice: TimeInterval = 4
    // From the moment the other thread schedules the action to the moment it runs.
    let latency = Guarded<SchedulerTime.Stride?>(nil)
    let start = scheduler.now
    // Scheduled 0.1 s into the slice, when the loop sleeps.
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
      let scheduled = scheduler.now
      scheduler.schedule { latency.withLock { $0 = scheduled.distance(to: scheduler.now) } }
    }
    while latency.withLock({ $0 }) == nil && start.distance(to: scheduler.now) < .seconds(120) {
      _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: slice))
    }
    far.cancel()
    // Woken, it runs as soon as the loop's thread gets the core (milliseconds); not woken, only
    // when the slice ends, about 3.9 s later. Measured from the scheduling, not from the start,
    // so a slow start of the other thread on a loaded machine does not count.
    #expect(try #require(latency.withLock { $0 }) < .seconds(2))
  }

  @Test func aRepeatingActionRepeatsUntilCancelled() {
    let runLoop = RunLoop.current
    let log = RunLoopLog()
    let repeating = runLoop.schedule(after: runLoop.now, interval: .milliseconds(5)) { log.append("tick") }
    #expect(run(runLoop) { log.all.count >= 3 })
    repeating.cancel()
    let ticks = log.all.count
    _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.03))
    #expect(log.all.count == ticks)
  }

  @Test func combinesRunLoopSpellingsCompileAndDeliverOnTheLoop() {
    let runLoop = RunLoop.current
    let subject = PassthroughSubject<Int, Never>()
    let log = RunLoopLog()
    let subscription = subject.receive(on: runLoop).sink { value in
      log.append("\(value) on loop: \(RunLoop.current === runLoop)")
    }
    DispatchQueue.global().async { for value in 1...3 { subject.send(value) } }
    #expect(run(runLoop) { log.all.count == 3 })
    #expect(log.all == ["1 on loop: true", "2 on loop: true", "3 on loop: true"])
    subscription.cancel()

    let debounced = PassthroughSubject<String, Never>()
    let quiet = debounced.debounce(for: .milliseconds(10), scheduler: runLoop).sink { log.append($0) }
    debounced.send("a")
    debounced.send("b")
    #expect(run(runLoop) { log.all.last == "b" })
    #expect(!log.all.contains("a"))
    quiet.cancel()

    let intervals = Guarded<[SchedulerTime.Stride]>([])
    let measured = debounced.measureInterval(using: runLoop).sink { interval in
      intervals.withLock { $0.append(interval) }
    }
    debounced.send("c")
    #expect(intervals.withLock { $0.count } == 1)
    #expect(intervals.withLock { $0.allSatisfy { $0 >= .zero } })
    measured.cancel()

    runLoop.schedule(after: runLoop.now, tolerance: .milliseconds(1)) {
      log.append("combine's four arguments")
    }
    #expect(run(runLoop) { log.all.last == "combine's four arguments" })
  }

  @Test func anErasedRunLoopAndItsTestSpellingShareTheTimeType() {
    let erased: AnySchedulerOf<RunLoop> = RunLoop.main.eraseToAnyScheduler()
    #expect(erased.base is RunLoopScheduler)
    let test: TestSchedulerOf<RunLoop> = RunLoop.test
    #expect(test.now == .zero)
    #expect(RunLoop.immediate.now == .zero)
  }
}

@Suite struct TimerPublisherTests {
  @Test func autoconnectedTimerSendsIncreasingDatesWhileTheLoopRuns() {
    let runLoop = RunLoop.current
    let dates = Guarded<[Date]>([])
    let subscription = Timer.publish(every: 0.005, on: runLoop, in: .default).autoconnect()
      .sink { date in dates.withLock { $0.append(date) } }
    #expect(run(runLoop) { dates.withLock { $0.count } >= 3 })
    subscription.cancel()
    let seen = dates.withLock { $0 }
    #expect(seen == seen.sorted())
    let count = seen.count
    _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.02))
    #expect(dates.withLock { $0.count } == count)
  }

  @Test func nothingIsSentBeforeConnectOrAfterTheConnectionIsCancelled() {
    let runLoop = RunLoop.current
    let timer = Timer.publish(every: 0.005, tolerance: 0.001, on: runLoop, in: .default)
    let count = Atomic<Int>(0)
    let subscription = timer.sink { _ in count.add(1, ordering: .relaxed) }
    _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.02))
    #expect(count.load(ordering: .relaxed) == 0)
    let connection = timer.connect()
    #expect(run(runLoop) { count.load(ordering: .relaxed) >= 2 })
    connection.cancel()
    let afterCancel = count.load(ordering: .relaxed)
    _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.02))
    #expect(count.load(ordering: .relaxed) == afterCancel)
    #expect(timer.interval == 0.005)
    subscription.cancel()
  }

  @Test func timerPublishIgnoresItsToleranceAsCombineDoesAndTheInitializerKeepsIt() {
    let published = Timer.publish(every: 0.25, tolerance: 0.02, on: .main, in: .default)
    #expect(published.interval == 0.25)
    #expect(published.tolerance == nil)
    let made = Timer.TimerPublisher(interval: 0.25, tolerance: 0.02, runLoop: .main, mode: .default)
    #expect(made.tolerance == 0.02)
  }
}
