import Signals
import SignalsTesting
import Testing

@Suite struct CurrentValueSubjectTests {
  @Test func newSubscriberGetsTheCurrentValueFirst() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let early = subject.record()
    subject.send(1)
    let late = subject.record()
    subject.value = 2
    #expect(early.values == [0, 1, 2])
    #expect(late.values == [1, 2])
    #expect(subject.value == 2)
  }

  @Test func valueIsUpdatedBeforeSubscribersAreCalled() {
    let subject = CurrentValueSubject<String, Never>("a")
    var seen: [String] = []
    let sink = subject.sink { _ in seen.append(subject.value) }
    subject.send("b")
    #expect(seen == ["a", "b"])
    _ = sink
  }

  @Test func reentrantSetIsVisibleAtOnceAndDeliveredInOrder() {
    let subject = CurrentValueSubject<Int, Never>(0)
    var valueSeenInside = -1
    let normalizer = subject.sink { value in
      if value > 10 {
        subject.value = 10
        valueSeenInside = subject.value
      }
    }
    let recorder = subject.record()
    subject.send(42)
    #expect(valueSeenInside == 10)
    #expect(recorder.values == [0, 42, 10])
    _ = normalizer
  }

  @Test func afterCompletionSendsAreIgnoredAndLateSubscribersGetOnlyTheCompletion() {
    let subject = CurrentValueSubject<Int, TestError>(1)
    subject.send(completion: .finished)
    subject.send(2)
    #expect(subject.value == 1)
    let late = subject.record()
    #expect(late.events == [.completion(.finished)])
  }

  @Test func aSubscriberWithoutDemandGetsTheNewestValueWhenItAsks() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let recorder = subject.record(demand: .none)
    subject.send(1)
    subject.send(2)
    #expect(recorder.values.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.values == [2])
    subject.send(3)
    #expect(recorder.values == [2])
    recorder.request(.max(2))
    #expect(recorder.values == [2, 3])
    subject.send(4)
    #expect(recorder.values == [2, 3, 4])
  }

  @Test func optionalValuesHoldNil() {
    let subject = CurrentValueSubject<Int?, Never>(nil)
    let recorder = subject.record()
    subject.send(3)
    subject.send(nil)
    #expect(recorder.values == [nil, 3, nil])
    #expect(subject.value == nil)
  }
}
