import Foundation
import SignalsFoundation
import SignalsTesting
import Testing

/// Combine code that names the publishers operators return, scheduler types included, as a
/// stored property or a return type does. That it compiles is half the test.
struct TypedPipelines {
  let search: Publishers.Debounce<Published<String>.Publisher, DispatchQueue>
  let results: Publishers.ReceiveOn<Publishers.Map<Published<String>.Publisher, Int>, DispatchQueue>
  let pacing: Publishers.Throttle<PassthroughSubject<Int, Never>, OperationQueue>
  let late: Publishers.Delay<Just<Int>, DispatchQueue>
  let guarded: Publishers.Timeout<PassthroughSubject<Int, URLError>, DispatchQueue>
  let background: Publishers.SubscribeOn<Just<Int>, DispatchQueue>
  let onMainLoop: Publishers.ReceiveOn<Just<Int>, RunLoopScheduler>

  init(query: Published<String>.Publisher, ticks: PassthroughSubject<Int, Never>) {
    search = query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    results = query.map(\.count).receive(on: DispatchQueue.main)
    pacing = ticks.throttle(for: .seconds(1), scheduler: OperationQueue.main, latest: true)
    late = Just(1).delay(for: .seconds(1), scheduler: DispatchQueue.global())
    guarded = PassthroughSubject<Int, URLError>().timeout(.seconds(5), scheduler: DispatchQueue.main)
    background = Just(1).subscribe(on: DispatchQueue.global())
    onMainLoop = Just(1).receive(on: RunLoop.main)
  }
}

@Suite struct PortedTypeNamesTests {
  final class Form {
    @Published var query = ""
  }

  @Test func theTimeOperatorsNameTheirSchedulerTypeAsCombineDoes() {
    let form = Form()
    let pipelines = TypedPipelines(query: form.$query, ticks: PassthroughSubject())
    #expect(pipelines.search.dueTime == .milliseconds(300))
    #expect(pipelines.search.scheduler.label == DispatchQueue.main.label)
    #expect(pipelines.pacing.scheduler === OperationQueue.main)
    #expect(pipelines.onMainLoop.scheduler.runLoop === RunLoop.main)
  }

  @Test func aSchedulerKnownOnlyAsAnySchedulerIsErasedAndStillTimesTheSame() {
    let scheduler = TestScheduler()
    let existential: any Scheduler = scheduler
    let subject = PassthroughSubject<Int, Never>()
    let typed = subject.debounce(for: .milliseconds(3), scheduler: scheduler)
    let erased = subject.debounce(for: .milliseconds(3), scheduler: existential)
    #expect(type(of: typed) == Publishers.Debounce<PassthroughSubject<Int, Never>, TestScheduler>.self)
    #expect(type(of: erased) == Publishers.Debounce<PassthroughSubject<Int, Never>, AnyScheduler>.self)
    #expect(
      type(of: subject.receive(on: existential))
        == Publishers.ReceiveOn<PassthroughSubject<Int, Never>, AnyScheduler>.self)
    let typedRecorder = typed.record(on: scheduler)
    let erasedRecorder = erased.record(on: scheduler)
    subject.send(1)
    scheduler.advance(by: .milliseconds(1))
    subject.send(2)
    scheduler.advance(by: .milliseconds(3))
    #expect(typedRecorder.values == [2] && erasedRecorder.values == [2])
    #expect(typedRecorder.timedEvents.map(\.time) == erasedRecorder.timedEvents.map(\.time))
  }
}
