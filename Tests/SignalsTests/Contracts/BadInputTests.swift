import Signals
import SignalsTesting
import Testing

/// The bad input the issue lists: each is documented on its API, ignored or clamped, and never
/// traps.
@Suite struct BadInputTests {
  @Test func sendingAfterTheCompletionIsIgnored() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.map { $0 }.record()
    subject.send(completion: .finished)
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.completion(.finished)])
    #expect(recorder.eventsAfterCompletion.isEmpty)
  }

  @Test func cancellingTwiceIsHarmless() {
    let subject = PassthroughSubject<Int, Never>()
    var cancels = 0
    let cancellable = subject.handleEvents(receiveCancel: { cancels += 1 }).sink { _ in }
    cancellable.cancel()
    cancellable.cancel()
    #expect(cancels == 1)
    #expect(subject.subscriberCount == 0)
  }

  @Test func subscribingTheSameSubscriberTwiceKeepsTheFirstSubscription() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { seen.append($0) })
    first.subscribe(sink)
    second.subscribe(sink)
    first.send(1)
    second.send(2)
    #expect(seen == [1])
    #expect(second.subscriberCount == 0)
    sink.cancel()
  }

  @Test func negativeCountsAndIntervalsAreClamped() {
    let scheduler = TestScheduler()
    #expect([1, 2].publisher.prefix(-1).record().events == [.completion(.finished)])
    #expect([1, 2].publisher.dropFirst(-1).record().values == [1, 2])
    #expect([1, 2].publisher.collect(-1).record().values == [[1], [2]])
    let delayed = [1].publisher.delay(for: .seconds(-1), scheduler: scheduler).record()
    scheduler.advance(by: .zero)
    #expect(delayed.values == [1])
    #expect(Subscribers.Demand.max(-5) == .none)
  }
}
