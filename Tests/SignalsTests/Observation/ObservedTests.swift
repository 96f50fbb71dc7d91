import Dispatch
import Observation
import Signals
import SignalsTesting
import Synchronization
import Testing

/// A model in the shape SwiftUI code writes since iOS 17.
@Observable final class ObservedPerson {
  var first = "Ada"
  var last = "Lovelace"
  var showsDetail = false
  var detail = "mathematician"
  var value = "0"
}

/// Something an expression captures, to see it released.
final class CapturedThing {
  let person = ObservedPerson()
}

/// Returns once everything the main queue held when it was called has run.
@MainActor func observationMainQueueTurn() async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { continuation.resume() }
  }
}

@Suite struct ObservedTests {
  @Test func sendsTheValueWhenSubscribedThenTheNewValueAfterEachChangeOnTheScheduler() {
    let scheduler = TestScheduler()
    let person = ObservedPerson()
    let recorder = Observed(on: scheduler) { person.first + " " + person.last }.record()
    #expect(recorder.values == ["Ada Lovelace"])
    person.last = "Byron"
    #expect(recorder.values == ["Ada Lovelace"])  // read on the scheduler, after the store
    scheduler.advance()
    #expect(recorder.values == ["Ada Lovelace", "Ada Byron"])
    person.first = "Augusta Ada"
    scheduler.advance()
    #expect(recorder.values == ["Ada Lovelace", "Ada Byron", "Augusta Ada Byron"])
    #expect(recorder.completion == nil)
    recorder.cancel()
  }

  /// The example in `Observed`'s documentation: 0, then a, then b and c in one frame, then d.
  @Test func changesMadeBeforeTheSchedulerRunsGiveOneValueTheLatest() {
    let scheduler = TestScheduler()
    let person = ObservedPerson()
    let recorder = Observed(on: scheduler) { person.value }.record(on: scheduler)
    scheduler.advance(by: .milliseconds(1))
    person.value = "a"
    scheduler.advance(by: .milliseconds(1))
    person.value = "b"
    person.value = "c"
    scheduler.advance(by: .milliseconds(1))
    person.value = "d"
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.values == ["0", "a", "c", "d"])
    #expect(
      recorder.timedEvents.map(\.time)
        == [0, 1, 2, 3].map { SchedulerTime.zero.advanced(by: .milliseconds($0)) })
    recorder.cancel()
  }

  @Test func severalPropertiesChangedInOneTurnGiveOneValue() {
    let scheduler = TestScheduler()
    let person = ObservedPerson()
    let recorder = Observed(on: scheduler) { person.first + " " + person.last }.record()
    person.first = "Grace"
    person.last = "Hopper"
    #expect(scheduler.pendingCount == 1)
    scheduler.advance()
    #expect(recorder.values == ["Ada Lovelace", "Grace Hopper"])
    recorder.cancel()
  }

  @Test func reTracksWhatTheExpressionReadsAfterEachChange() {
    let scheduler = TestScheduler()
    let person = ObservedPerson()
    let recorder = Observed(on: scheduler) { person.showsDetail ? person.detail : "-" }.record()
    person.detail = "poet"  // not read yet: no new value
    scheduler.advance()
    #expect(recorder.values == ["-"])
    person.showsDetail = true
    scheduler.advance()
    person.detail = "analyst"  // read since the last run
    scheduler.advance()
    #expect(recorder.values == ["-", "poet", "analyst"])
    recorder.cancel()
  }

  @Test func anExpressionThatReadsNothingObservableSendsOneValueAndFinishes() {
    let scheduler = TestScheduler()
    let recorder = Observed(on: scheduler) { 42 }.record()
    #expect(recorder.values == [42])
    #expect(recorder.completion == nil)
    scheduler.advance()
    #expect(recorder.isFinished)
  }

  @Test func finishesWhenEveryObjectItReadWeaklyIsReleased() {
    let scheduler = TestScheduler()
    var person: ObservedPerson? = ObservedPerson()
    let recorder = Observed(on: scheduler) { [weak person] in person?.first ?? "gone" }.record()
    person = nil
    scheduler.advance()
    #expect(recorder.values.first == "Ada")
    #expect(recorder.isFinished)
  }

  @Test func cancellingStopsTheRunsAndReleasesTheExpressionAndWhatItCaptured() {
    let scheduler = TestScheduler()
    weak var released: CapturedThing?
    var person: ObservedPerson?
    let runs = Atomic<Int>(0)
    let recorder = expectAllReleased {
      let thing = CapturedThing()
      released = thing
      person = thing.person
      let recorder = Observed(on: scheduler) { () -> String in
        runs.add(1, ordering: .relaxed)
        return thing.person.first
      }.record()
      thing.person.first = "Grace"
      recorder.cancel()
      return recorder
    }
    #expect(released == nil)
    scheduler.advance()
    person?.first = "Hedy"
    scheduler.advance()
    #expect(recorder.values == ["Ada"])
    #expect(runs.load(ordering: .relaxed) == 2)  // the subscription's one run reads twice
    #expect(!scheduler.hasPendingWork)
  }

  @Test func aChangeFromAnotherThreadIsReadAndDeliveredOnTheScheduler() {
    let scheduler = TestScheduler()
    // nonisolated(unsafe): the other thread writes while this one waits in `sync`, so the two
    // never touch the model at once.
    nonisolated(unsafe) let person = ObservedPerson()
    let recorder = Observed(on: scheduler) { person.first }.record()
    DispatchQueue(label: "writer").sync { person.first = "Grace" }
    #expect(recorder.values == ["Ada"])
    scheduler.advance()
    #expect(recorder.values == ["Ada", "Grace"])
    recorder.cancel()
  }

  @Test func theLatestValueWaitsForDemand() {
    let scheduler = TestScheduler()
    let person = ObservedPerson()
    let recorder = Observed(on: scheduler) { person.value }.record(demand: .none)
    person.value = "a"
    scheduler.advance()
    person.value = "b"
    scheduler.advance()
    #expect(recorder.values.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.values == ["b"])
    recorder.request(.max(1))
    #expect(recorder.values == ["b"])
    person.value = "c"
    scheduler.advance()
    #expect(recorder.values == ["b", "c"])
    recorder.cancel()
  }

  @Test func aSubscriberMayChangeTheModelFromItsOwnCallback() {
    let scheduler = TestScheduler()
    let person = ObservedPerson()
    var seen: [String] = []
    let subscription = Observed(on: scheduler) { person.value }.sink { value in
      seen.append(value)
      if value == "a" { person.value = "b" }  // read by a run scheduled for the same instant
      seen.append("end of \(value)")
    }
    person.value = "a"
    scheduler.advance()
    #expect(seen == ["0", "end of 0", "a", "end of a", "b", "end of b"])
    subscription.cancel()
  }

  #if canImport(Darwin) || SIGNALS_OBSERVATION_PUBLIC_TRACKING
    /// With Apple's SDKs a change is reported before its store: an immediate scheduler would
    /// read the old value, so the run goes to the main queue, and reads the new value.
    @Test @MainActor func anImmediateSchedulerReadsTheNewValueOnTheMainQueue() async {
      let person = ObservedPerson()
      let recorder = Observed(on: ImmediateScheduler.shared) { person.value }.record()
      person.value = "a"
      #expect(recorder.values == ["0"])
      await observationMainQueueTurn()
      #expect(recorder.values == ["0", "a"])
      recorder.cancel()
    }
  #else
    /// Observation reports a change once it is stored, so an immediate scheduler runs the read
    /// inside the change, and it reads the new value.
    @Test func anImmediateSchedulerReadsTheNewValueInsideTheChange() {
      let person = ObservedPerson()
      let recorder = Observed(on: ImmediateScheduler.shared) { person.value }.record()
      person.value = "a"
      #expect(recorder.values == ["0", "a"])
      person.value = "b"
      person.value = "c"
      #expect(recorder.values == ["0", "a", "b", "c"])
      recorder.cancel()
    }
  #endif

  @Test @MainActor func theDefaultSchedulerIsTheMainQueue() async {
    let person = ObservedPerson()
    let recorder = Observed { person.first }.record()
    person.first = "Grace"
    person.first = "Hedy"
    #expect(recorder.values == ["Ada"])
    await observationMainQueueTurn()
    #expect(recorder.values == ["Ada", "Hedy"])
    recorder.cancel()
  }
}
