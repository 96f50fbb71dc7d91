import Signals
import SignalsTesting
import Testing

/// `buffer(size:prefetch:whenFull:)`, checked against Combine's behaviour as OpenCombine 0.14's
/// source has it (one frame = 1 ms; demand given as a timeline of requests).
@Suite struct BufferTests {
  let scheduler = TestScheduler()

  func at(_ milliseconds: Int) -> SchedulerTime { .zero.advanced(by: .milliseconds(milliseconds)) }

  /// Subscribes a recorder that asks for `demand` at the given times, and runs the clock.
  func record<P: Publisher>(
    _ publisher: P, requests: [(Int, Subscribers.Demand)]
  ) -> Recorder<P.Output, P.Failure> {
    let recorder = publisher.record(on: scheduler, demand: .timeline(requests.map { (at($0.0), $0.1) }))
    scheduler.run()
    return recorder
  }

  @Test func holdsWhatWasNotAskedForAndDropsTheNewestWhenFull() throws {
    let input = try scheduler.hot("-a-b-c-d-|")
    let recorder = record(
      input.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest), requests: [(6, .max(3))])
    #expect(recorder.timeline == ["6ms value(a)", "6ms value(b)", "7ms value(d)", "9ms finished"])
  }

  @Test func dropOldestKeepsTheNewestValues() throws {
    let input = try scheduler.hot("-a-b-c-d-|")
    let recorder = record(
      input.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest), requests: [(8, .max(5))])
    #expect(recorder.timeline == ["8ms value(c)", "8ms value(d)", "9ms finished"])
  }

  @Test func customErrorCancelsTheUpstreamAtOnceAndFailsBehindTheHeldValues() throws {
    let input = try scheduler.hot("-a-b-c-d-|")
    let recorder = record(
      input.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { MarbleFailure() }),
      requests: [(8, .max(5))])
    #expect(recorder.values == ["a", "b"])
    #expect(recorder.failure == MarbleFailure())
    #expect(recorder.timedEvents.map(\.time) == [at(8), at(8), at(8)])
    #expect(input.subscriptions.first?.cancelled == at(5))
  }

  @Test func aFinishWaitsForTheHeldValues() throws {
    let input = try scheduler.hot("-a-b|")
    let recorder = record(
      input.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest),
      requests: [(7, .max(1)), (9, .max(1))])
    #expect(recorder.timeline == ["7ms value(a)", "9ms value(b)", "9ms finished"])
  }

  @Test func anEmptyBufferFinishesWithoutDemand() throws {
    let input = try scheduler.hot("---|")
    let recorder = record(input.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest), requests: [])
    #expect(recorder.timeline == ["3ms finished"])
  }

  @Test func aFailureWithoutDemandGoesAtOnceAndDropsTheHeldValues() throws {
    let input = try scheduler.hot("-a-b-#")
    let recorder = record(
      input.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest), requests: [(9, .max(5))])
    #expect(recorder.values.isEmpty)
    #expect(recorder.failure == MarbleFailure())
    #expect(recorder.timedEvents.map(\.time) == [at(5)])
  }

  @Test func aFailureComesAfterTheHeldValuesThatWereAskedFor() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest)
      .record(demand: .max(0))
    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))
    #expect(recorder.values == [1])
    subject.send(completion: .failure(TestError()))
    #expect(recorder.values == [1])
    #expect(recorder.failure != nil)
  }

  @Test func unlimitedDemandPassesEverythingThrough() throws {
    let input = try scheduler.hot("-a-b-c-d-|")
    expectMarbles(
      scheduler.run(input.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest)), "-a-b-c-d-|")
  }

  @Test func keepFullAsksForTheSizeThenOneMorePerDeliveredValue() {
    var requests: [Subscribers.Demand] = []
    let recorder = [1, 2, 3, 4, 5, 6].publisher
      .handleEvents(receiveRequest: { requests.append($0) })
      .buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest)
      .record(demand: .max(0))
    #expect(requests == [.max(3)])
    #expect(recorder.values.isEmpty)
    recorder.request(.max(2))
    #expect(recorder.values == [1, 2])
    #expect(requests == [.max(3), .max(2)])
    recorder.request(.unlimited)
    #expect(recorder.values == [1, 2, 3, 4, 5, 6])
    #expect(recorder.isFinished)
  }

  @Test func byRequestAsksTheUpstreamForEverything() {
    var requests: [Subscribers.Demand] = []
    let recorder = PassthroughSubject<Int, Never>()
      .handleEvents(receiveRequest: { requests.append($0) })
      .buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest)
      .record(demand: .max(1))
    #expect(requests == [.unlimited])
    recorder.cancel()
  }

  @Test func cancellingDropsTheHeldValuesAndCancelsTheUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    var cancelled = false
    let recorder = subject.handleEvents(receiveCancel: { cancelled = true })
      .buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest)
      .record(demand: .max(0))
    subject.send(1)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(cancelled)
    #expect(recorder.values.isEmpty)
    #expect(subject.subscriberCount == 0)
  }

  @Test func aNegativeSizeCountsAsZeroWithoutCrashing() {
    let subject = PassthroughSubject<Int, Never>()
    let dropped = subject.buffer(size: -3, prefetch: .byRequest, whenFull: .dropOldest).record()
    subject.send(1)
    subject.send(completion: .finished)
    #expect(dropped.events == [.completion(.finished)])
    #expect(
      Publishers.Buffer(upstream: subject, size: -1, prefetch: .keepFull, whenFull: .dropNewest).size == 0)
  }

  @Test func aRequestFromInsideADeliveryIsServedInOrder() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var subscription: (any Subscription)?
    subject.buffer(size: 4, prefetch: .byRequest, whenFull: .dropNewest).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription = $0 },
        receiveValue: { value in
          received.append(value)
          subscription?.request(.max(1))
          return .none
        }, receiveCompletion: { _ in }))
    for value in 1...3 { subject.send(value) }
    subscription?.request(.max(1))
    #expect(received == [1, 2, 3])
    subject.send(4)
    #expect(received == [1, 2, 3, 4])
    subscription?.cancel()
  }
}
