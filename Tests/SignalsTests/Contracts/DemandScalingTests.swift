import Signals
import SignalsTesting
import Synchronization
import Testing

/// Stepwise demand through operators with many inputs costs O(1) upstream requests per value,
/// whatever the number of inputs (issue 31 item 1): in `merge` and `flatMap` the demand a
/// subscriber returns for a value goes to the input that sent it, as Combine replenishes the
/// input that delivered; `combineLatest` of a collection passes every request to all inputs, as
/// Combine does, but asks an input only once it has used what it had (`DemandSpread`).
@Suite struct DemandScalingTests {
  static let inputs = 1_000
  static let values = 200

  /// Counts every `request` made of the inputs, all inputs together.
  final class RequestCounter: Sendable {
    let count = Atomic<Int>(0)
    func add(_ demand: Subscribers.Demand) { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// Adds up the demand requested of one input.
  final class DemandTotal: Sendable {
    let total = Atomic<Int>(0)
    func add(_ demand: Subscribers.Demand) { total.add(demand.max ?? Int.max, ordering: .relaxed) }
    var value: Int { total.load(ordering: .relaxed) }
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

  @Test func combineLatestOfAThousandInputsAsksOnlyTheInputThatRanDryUnderStepwiseDemand() {
    let counter = RequestCounter()
    let subjects = (0..<Self.inputs).map { _ in PassthroughSubject<Int, Never>() }
    let combined = Publishers.CombineLatestMany(subjects.map { $0.handleEvents(receiveRequest: counter.add) })
    let recorder = combined.map { $0[0] + $0[1] }.record(demand: .stepwise)
    #expect(counter.value == Self.inputs)  // the first request reaches every input
    for (index, subject) in subjects.enumerated() { subject.send(index) }
    // The first emission's demand tops up every input: each used its one value.
    let afterStarting = counter.value
    #expect(afterStarting == 2 * Self.inputs)
    for value in 0..<Self.values { subjects[value % 2].send(value * 10) }
    // No value was dropped by a subject for want of demand.
    #expect(recorder.values.count == 1 + Self.values)
    #expect(recorder.values.last == (Self.values - 2) * 10 + (Self.values - 1) * 10)
    // One request per value (asking every input would make 200,000).
    #expect(counter.value - afterStarting <= 2 * Self.values)
  }

  @Test func anInputOfCombineLatestThatRanDryCatchesUpWithWhatOthersWereGranted() {
    // Combine passes every request to all inputs. Here an input is asked only once it has used
    // what it had, and then for everything it is behind: `A` sends many values while `B` waits,
    // then `B` sends as many. No value is dropped for want of demand, no input is asked for
    // more than the subscriber granted, and one that runs dry catches up in one request.
    let totals = (0..<2).map { _ in DemandTotal() }
    let subjects = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
    let inputs = subjects.enumerated().map { index, subject in
      subject.handleEvents(receiveRequest: { demand in totals[index].add(demand) })
    }
    let recorder = Publishers.CombineLatestMany(inputs).record(demand: .stepwise)
    subjects[0].send(0)
    subjects[1].send(0)
    for value in 1...20 { subjects[0].send(value) }
    #expect(totals.map(\.value) == [22, 2])  // `A` kept pace; `B` still has its one
    subjects[1].send(1)
    // `B` used its last: it is asked for the 20 it is behind, at once.
    #expect(totals.map(\.value) == [22, 22])
    for value in 2...20 { subjects[1].send(value) }
    subjects[0].send(21)  // `A`'s last: it catches up with the 19 granted meanwhile
    subjects[0].send(22)
    #expect(totals.map(\.value) == [42, 22])
    #expect(recorder.values.count == 43)
    #expect(recorder.values.last == [22, 20])
  }
}
