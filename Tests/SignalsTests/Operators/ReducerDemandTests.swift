import Signals
import SignalsTesting
import Testing

/// Combine's reducers (OpenCombine's `ReduceProducer`) ask their upstream for everything once
/// their subscriber has the subscription, and hold their one result, and the finish behind it,
/// until the subscriber has requested something; a failure goes at once. `ignoreOutput` asks for
/// everything and passes the completion at once (OpenCombine's `IgnoreOutput`).
@Suite struct ReducerDemandTests {
  typealias Source = AnyPublisher<Int, TestError>

  /// Each reducer, and what it gives for the values 3, 1, 2.
  static let reducers: [String: (make: @Sendable (Source) -> Source, result: Int)] = [
    "count": ({ $0.count().eraseToAnyPublisher() }, 3),
    "reduce": ({ $0.reduce(0, +).eraseToAnyPublisher() }, 6),
    "tryReduce": ({ $0.tryReduce(0, +).mapError { _ in TestError(0) }.eraseToAnyPublisher() }, 6),
    "collect": ({ $0.collect().map(\.count).eraseToAnyPublisher() }, 3),
    "last": ({ $0.last().eraseToAnyPublisher() }, 2),
    "last(where:)": ({ $0.last { $0 > 1 }.eraseToAnyPublisher() }, 2),
    "max": ({ $0.max().eraseToAnyPublisher() }, 3),
    "min": ({ $0.min().eraseToAnyPublisher() }, 1),
    "contains": ({ $0.contains(99).map { $0 ? 1 : 0 }.eraseToAnyPublisher() }, 0),
    "allSatisfy": ({ $0.allSatisfy { $0 > 0 }.map { $0 ? 1 : 0 }.eraseToAnyPublisher() }, 1),
  ]

  @Test(arguments: reducers.keys.sorted())
  func aReducerAsksForEverythingAndHoldsItsResultForARequest(_ name: String) throws {
    let reducer = try #require(Self.reducers[name])
    let subject = PassthroughSubject<Int, TestError>()
    var requests: [Subscribers.Demand] = []
    let recorder = reducer.make(
      subject.handleEvents(receiveRequest: { requests.append($0) })
        .eraseToAnyPublisher()
    ).record(demand: .none)
    subject.send(3)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(requests == [.unlimited], "\(name)")
    #expect(recorder.events.isEmpty, "\(name) delivered before any request")
    recorder.request(.max(1))
    #expect(recorder.values == [reducer.result], "\(name)")
    #expect(recorder.isFinished, "\(name)")
    #expect(requests == [.unlimited], "\(name) passed the request upstream")
  }

  @Test func anEmptyReducerFinishesOnlyWhenRequested() {
    let recorder = Empty<Int, Never>().last().record(demand: .none)
    #expect(recorder.events.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.values.isEmpty)
    #expect(recorder.isFinished)
  }

  @Test func aReducerFailsWithoutARequest() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.count().record(demand: .none)
    subject.send(1)
    subject.send(completion: .failure(TestError(4)))
    #expect(recorder.failure == TestError(4))
    #expect(recorder.values.isEmpty)
  }

  @Test func firstCancelsTheUpstreamAndHoldsTheValueForARequest() {
    let subject = PassthroughSubject<Int, Never>()
    var cancels = 0
    let recorder = subject.handleEvents(receiveCancel: { cancels += 1 }).first().record(demand: .none)
    subject.send(5)
    #expect(cancels == 1)
    #expect(recorder.events.isEmpty)
    subject.send(6)
    recorder.request(.max(1))
    #expect(recorder.values == [5])
    #expect(recorder.isFinished)
  }

  @Test func containsAnswersTrueOnlyWhenRequested() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.contains(2).record(demand: .none)
    subject.send(1)
    subject.send(2)
    #expect(recorder.events.isEmpty)
    recorder.request(.max(3))
    #expect(recorder.values == [true])
    #expect(recorder.isFinished)
  }

  @Test func ignoreOutputFinishesForASubscriberThatRequestsNothing() {
    var requests: [Subscribers.Demand] = []
    let recorder = Just(1).handleEvents(receiveRequest: { requests.append($0) }).ignoreOutput()
      .record(demand: .none)
    #expect(requests == [.unlimited])
    #expect(recorder.isFinished)
  }

  // Combine's `CollectByCount` (OpenCombine's `testBasicBehavior`): a request for n arrays asks
  // the upstream for n × count values, and a value that only fills the array asks for nothing.
  @Test func collectByCountAsksForWholeArrays() {
    let subject = PassthroughSubject<Int, TestError>()
    var requests: [Subscribers.Demand] = []
    var arrays: [[Int]] = []
    var subscription: (any Subscription)?
    let source = subject.handleEvents(receiveRequest: { requests.append($0) }).collect(2)
    source.subscribe(
      AnySubscriber(
        receiveSubscription: {
          subscription = $0
          $0.request(.max(4))
        },
        receiveValue: {
          arrays.append($0)
          return .max(1)
        },
        receiveCompletion: { _ in }))
    for value in 1...3 { subject.send(value) }
    #expect(requests.first == .max(8))
    #expect(arrays == [[1, 2]])
    // The filling value asks for nothing; the one that completes an array returns 2 for the
    // one more array its subscriber returned.
    #expect(requests.dropFirst() == [.max(2)])
    subscription?.cancel()
  }
}
