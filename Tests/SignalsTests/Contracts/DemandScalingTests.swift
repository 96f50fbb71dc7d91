import Signals
import SignalsTesting
import Synchronization
import Testing

/// Stepwise demand through operators with many inputs costs O(1) upstream requests per value,
/// whatever the number of inputs (issue 31 item 1): in `merge` and `flatMap` the demand a
/// subscriber returns for a value goes to the input that sent it, as Combine replenishes the
/// input that delivered; `combineLatest` of a collection passes every request to all inputs at
/// once, as Combine does, but the demand returned for a value reaches an input only once it has
/// used what it had (`DemandSpread`).
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

  /// A publisher that sends its values, 1 to 5, only once the demand requested of it reaches 3
  /// (then one per unit of demand).
  struct SendsAtThree: Publisher {
    typealias Output = Int
    typealias Failure = Never

    final class Link<S: Subscriber>: Subscription, @unchecked Sendable where S.Input == Int {
      // @unchecked: a test double used on the test's one thread.
      let subscriber: S
      var outstanding = 0
      var next = 1
      var started = false
      init(_ subscriber: S) { self.subscriber = subscriber }
      func request(_ demand: Subscribers.Demand) {
        outstanding += demand.max ?? 100
        if outstanding >= 3 { started = true }
        while started, outstanding > 0, next <= 5 {
          outstanding -= 1
          next += 1
          outstanding += subscriber.receive(next - 1).max ?? 100
        }
      }
      func cancel() {}
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: Link(subscriber))
    }
  }

  /// A subscriber that asks for one value at a time with `request(.max(1))`, `initial` times at
  /// first and once after each value, returning `.none`.
  final class Requester<Input>: Subscriber, @unchecked Sendable {
    // @unchecked: a test double used on the test's one thread.
    typealias Failure = Never
    let initial: Int
    var subscription: (any Subscription)?
    var values: [Input] = []
    init(initial: Int = 1) { self.initial = initial }
    func receive(subscription: any Subscription) {
      self.subscription = subscription
      for _ in 0..<initial { subscription.request(.max(1)) }
    }
    func receive(_ input: Input) -> Subscribers.Demand {
      values.append(input)
      subscription?.request(.max(1))
      return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test func combineLatestOfACollectionAsksEveryInputForEachRequestAsCombineDoes() {
    // Combine passes each request to every input: with requests of one at a time, each input is
    // asked one more per value, whichever input sent it (17 each for 16 values).
    let totals = (0..<3).map { _ in DemandTotal() }
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let inputs = subjects.enumerated().map { index, subject in
      subject.handleEvents(receiveRequest: { demand in totals[index].add(demand) })
    }
    let subscriber = Requester<[Int]>()
    Publishers.CombineLatestMany(inputs).subscribe(subscriber)
    for subject in subjects { subject.send(0) }
    for value in 1...10 { subjects[0].send(value) }
    for value in 1...5 { subjects[1].send(value) }
    #expect(subscriber.values.count == 16)
    #expect(subscriber.values.last == [10, 5, 0])
    #expect(totals.map(\.value) == [17, 17, 17])
  }

  @Test func anInputThatSendsOnlyOnceItsDemandReachesThreeDoesNotStallTheCombination() {
    // Requested five times, one at a time, before any value: Combine asks every input for 5,
    // so the input waiting for 3 sends, as it does under the two-input `combineLatest`.
    let pair = Requester<(Int, Int)>(initial: 5)
    Just(0).combineLatest(SendsAtThree()).subscribe(pair)
    #expect(pair.values.map(\.1) == [1, 2, 3, 4, 5])
    let many = Requester<[Int]>(initial: 5)
    Publishers.CombineLatestMany([Just(0).eraseToAnyPublisher(), SendsAtThree().eraseToAnyPublisher()])
      .subscribe(many)
    #expect(many.values == [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5]])
  }
}
