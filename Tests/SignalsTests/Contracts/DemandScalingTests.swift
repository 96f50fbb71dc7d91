import Signals
import SignalsTesting
import Synchronization
import Testing

/// Stepwise demand through operators with many inputs costs O(1) upstream requests per value,
/// whatever the number of inputs (issue 31 item 1): the demand a subscriber returns for a value
/// goes to the input that sent it, as Combine replenishes the input that delivered, and not to
/// every input.
@Suite struct DemandScalingTests {
  static let inputs = 1_000
  static let values = 200

  /// Counts every `request` made of the inputs, all inputs together.
  final class RequestCounter: Sendable {
    let count = Atomic<Int>(0)
    func add(_ demand: Subscribers.Demand) { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }

  @Test func mergeOfAThousandInputsAsksOneInputPerValueUnderStepwiseDemand() {
    let counter = RequestCounter()
    let subjects = (0..<Self.inputs).map { _ in PassthroughSubject<Int, Never>() }
    let merged = Publishers.MergeMany(subjects.map { $0.handleEvents(receiveRequest: counter.add) })
    let recorder = merged.record(demand: .stepwise)
    let afterSubscribing = counter.value
    #expect(afterSubscribing == Self.inputs)
    for value in 0..<Self.values { subjects[value % 7].send(value) }
    #expect(recorder.values == Array(0..<Self.values))
    // One replenishing request per value (the old engine asked every input: 200,000).
    #expect(counter.value - afterSubscribing <= 2 * Self.values)
  }

  @Test func mergeStillGivesEveryInputWhatTheSubscriberRequests() {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = Publishers.MergeMany(subjects).record(demand: .max(1))
    subjects[0].send(1)
    subjects[1].send(2)  // beyond the demand: waits
    recorder.request(.max(2))
    subjects[2].send(3)
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func flatMapWithAThousandLiveInnersAsksOneInnerPerValueUnderStepwiseDemand() {
    let counter = RequestCounter()
    let upstream = PassthroughSubject<Int, Never>()
    let inners = (0..<Self.inputs).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = upstream.flatMap { inners[$0].handleEvents(receiveRequest: counter.add) }
      .record(demand: .stepwise)
    for index in 0..<Self.inputs { upstream.send(index) }
    let afterStarting = counter.value
    #expect(afterStarting <= Self.inputs)
    for value in 0..<Self.values { inners[(value * 31) % Self.inputs].send(value) }
    #expect(recorder.values == Array(0..<Self.values))
    #expect(counter.value - afterStarting <= 2 * Self.values)
  }

  @Test func combineLatestOfACollectionHandsOnEveryInputsLatestValue() {
    let subjects = (0..<50).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = Publishers.CombineLatestMany(subjects).record()
    for (index, subject) in subjects.enumerated() { subject.send(index) }
    subjects[7].send(100)
    subjects[49].send(200)
    var expected = Array(0..<50)
    #expect(recorder.values.first == expected)
    expected[7] = 100
    #expect(recorder.values.dropFirst().first == expected)
    expected[49] = 200
    #expect(recorder.values.last == expected)
    #expect(recorder.values.count == 3)
  }

  @Test func combineLatestOfACollectionFinishesWhenAnInputFinishesWithoutAValue() {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = Publishers.CombineLatestMany(subjects).record()
    subjects[0].send(1)
    subjects[1].send(completion: .finished)
    #expect(recorder.completion == .finished)
    #expect(recorder.values.isEmpty)
  }
}
