import Signals
import SignalsTesting
import Testing

@Suite struct JustTests {
  @Test func emitsOneValueThenFinishes() {
    #expect(Just(7).record().events == [.value(7), .completion(.finished)])
  }

  @Test func cancelOnSubscriptionStopsEverything() {
    var events: [String] = []
    Just(1).subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: { $0.cancel() },
        receiveValue: {
          events.append("value \($0)")
          return .none
        },
        receiveCompletion: { _ in events.append("completion") }))
    #expect(events.isEmpty)
  }

  @Test func cancelInsideTheValueSkipsTheFinish() {
    var subscription: (any Subscription)?
    var events: [String] = []
    Just(1).subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        },
        receiveValue: {
          events.append("value \($0)")
          subscription?.cancel()
          return .none
        },
        receiveCompletion: { _ in events.append("completion") }))
    #expect(events == ["value 1"])
  }
}

@Suite struct EmptyAndFailTests {
  @Test func emptyFinishesAtOnceOrNever() {
    #expect(Empty<Int, TestError>().record().events == [.completion(.finished)])
    let never = Empty<Int, TestError>(completeImmediately: false).record()
    #expect(never.events.isEmpty)
    #expect(never.subscriptionCount == 1)
  }

  @Test func failFailsAtOnce() {
    #expect(
      Fail<Int, TestError>(error: TestError(3)).record().events == [.completion(.failure(TestError(3)))])
  }
}

@Suite struct DeferredTests {
  @Test func makesAPublisherPerSubscriber() {
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(made)
    }
    #expect(made == 0)
    #expect(deferred.record().values == [1])
    #expect(deferred.record().values == [2])
  }
}

@Suite struct SequencePublisherTests {
  @Test func emitsEveryElementThenFinishes() {
    #expect(
      [1, 2, 3].publisher.record().events == [.value(1), .value(2), .value(3), .completion(.finished)])
    #expect([Int]().publisher.record().events == [.completion(.finished)])
  }

  @Test func anInfiniteSequenceStopsWhenTheSubscriberHasEnough() {
    let recorder = (1...).publisher.prefix(3).record()
    #expect(recorder.events == [.value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test func cancellingFromInsideAValueStopsBeforeTheNext() {
    var seen: [Int] = []
    var subscription: (any Subscription)?
    (1...10).publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        },
        receiveValue: { value in
          seen.append(value)
          if value == 2 { subscription?.cancel() }
          return .none
        }))
    #expect(seen == [1, 2])
  }
}
