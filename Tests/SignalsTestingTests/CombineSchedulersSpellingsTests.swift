import Dispatch
import Foundation
import Signals
import SignalsTesting
import Testing

/// A view model as combine-schedulers users write it: an erased main-queue scheduler.
final class SpellingSearchModel {
  @Published var query = ""
  @Published private(set) var echoed: [String] = []

  init(mainQueue: AnySchedulerOf<DispatchQueue> = DispatchQueue.main.eraseToAnyScheduler()) {
    $query.dropFirst().debounce(for: .milliseconds(300), scheduler: mainQueue).receive(on: mainQueue)
      .map { [$0] }
      .scan([]) { $0 + $1 }
      .assign(to: &$echoed)
  }
}

@Suite struct CombineSchedulersSpellingsTests {
  @Test func dispatchQueueTestDrivesAnErasedScheduler() {
    let scheduler: TestSchedulerOf<DispatchQueue> = DispatchQueue.test
    let model = SpellingSearchModel(mainQueue: scheduler.eraseToAnyScheduler())
    model.query = "swift"
    scheduler.advance(by: .milliseconds(299))
    #expect(model.echoed.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(model.echoed == ["swift"])
  }

  @Test func immediateRunsEverythingAtOnce() {
    let mainQueue: AnySchedulerOf<DispatchQueue> = DispatchQueue.immediate.eraseToAnyScheduler()
    let subject = PassthroughSubject<String, Never>()
    let recorder = subject.delay(for: .seconds(1), scheduler: mainQueue).receive(on: mainQueue).record()
    subject.send("a")
    subject.send("b")
    #expect(recorder.values == ["a", "b"])
    let immediate: ImmediateSchedulerOf<DispatchQueue> = DispatchQueue.immediate
    #expect(immediate.now == .zero)
  }

  @Test func eachTestSpellingIsAFreshSchedulerAtZero() {
    let first = DispatchQueue.test
    first.advance(by: .seconds(5))
    let second = RunLoop.test
    #expect(first !== second)
    #expect(first.now == SchedulerTime.zero.advanced(by: .seconds(5)))
    #expect(second.now == .zero)
  }

  @Test func erasingTwiceDoesNotNest() {
    let scheduler = DispatchQueue.test
    let erased = scheduler.eraseToAnyScheduler().eraseToAnyScheduler()
    #expect((erased.base as? TestScheduler) === scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(erased.now == scheduler.now)
  }
}
