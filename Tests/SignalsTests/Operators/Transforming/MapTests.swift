import Signals
import SignalsTesting
import Testing

@Suite struct MapTests {
  @Test func transformsEachValue() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.map { $0 * 10 }.map(String.init).record()
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(recorder.events == [.value("10"), .value("20"), .completion(.finished)])
  }

  @Test func passesFailureThrough() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.map { $0 + 1 }.record()
    subject.send(completion: .failure(TestError()))
    #expect(recorder.failure == TestError())
  }

  @Test func cancelReachesTheSource() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.map { $0 }.record()
    recorder.cancel()
    subject.send(1)
    #expect(recorder.values.isEmpty)
    #expect(subject.subscriberCount == 0)
  }
}

@Suite struct FilterTests {
  @Test func passesOnlyMatchingValues() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.filter { $0.isMultiple(of: 2) }.record()
    for value in 1...5 { subject.send(value) }
    subject.send(completion: .failure(TestError()))
    #expect(recorder.events == [.value(2), .value(4), .completion(.failure(TestError()))])
  }

  @Test func cancelReachesTheSource() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.filter { _ in true }.record()
    recorder.cancel()
    #expect(subject.subscriberCount == 0)
  }
}
