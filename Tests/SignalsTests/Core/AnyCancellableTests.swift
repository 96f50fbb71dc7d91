import Signals
import Synchronization
import Testing

@Suite struct AnyCancellableTests {
  @Test func runsItsActionOnceWhetherCancelledOrDeallocated() {
    let count = Atomic<Int>(0)
    do {
      let cancellable = AnyCancellable { count.add(1, ordering: .relaxed) }
      cancellable.cancel()
      cancellable.cancel()
    }
    #expect(count.load(ordering: .relaxed) == 1)
    do { _ = AnyCancellable { count.add(1, ordering: .relaxed) } }
    #expect(count.load(ordering: .relaxed) == 2)
  }

  @Test func storesInSetsAndArraysAndCancelsWhenTheyGo() {
    let subject = PassthroughSubject<Int, Never>()
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    subject.sink { _ in }.store(in: &set)
    subject.sink { _ in }.store(in: &array)
    #expect(set.count == 1 && array.count == 1)
    #expect(subject.subscriberCount == 2)
    set.removeAll()
    array.removeAll()
    #expect(subject.subscriberCount == 0)
  }

  @Test func cancelFromManyThreadsRunsOnce() async {
    let count = Atomic<Int>(0)
    let cancellable = AnyCancellable { count.add(1, ordering: .relaxed) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { cancellable.cancel() } }
    }
    #expect(count.load(ordering: .relaxed) == 1)
  }

  @Test func erasedPublisherAndSubscriberBehaveAsTheWrappedOnes() {
    let subject = PassthroughSubject<Int, Never>()
    let erased = subject.map { $0 * 2 }.eraseToAnyPublisher()
    var values: [Int] = []
    subject.send(0)
    erased.subscribe(
      AnySubscriber(
        receiveSubscription: { $0.request(.unlimited) },
        receiveValue: {
          values.append($0)
          return .none
        }))
    subject.send(1)
    subject.send(2)
    #expect(values == [2, 4])
  }
}
