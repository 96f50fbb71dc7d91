import Signals
import SignalsTesting
import Testing

@Suite struct HandleEventsTests {
  @Test func seesEveryEventBeforeItPasses() {
    var log: [String] = []
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.handleEvents(
      receiveSubscription: { _ in log.append("subscription") },
      receiveOutput: { log.append("value \($0)") },
      receiveCompletion: { _ in log.append("completion") },
      receiveCancel: { log.append("cancel") }
    ).record()
    subject.send(1)
    subject.send(completion: .finished)
    recorder.cancel()
    #expect(log == ["subscription", "value 1", "completion"])
    #expect(recorder.events == [.value(1), .completion(.finished)])
  }

  @Test func reportsACancelOnce() {
    var cancels = 0
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.handleEvents(receiveCancel: { cancels += 1 }).record()
    recorder.cancel()
    recorder.cancel()
    #expect(cancels == 1)
    #expect(subject.subscriberCount == 0)
  }
}

@Suite struct PrintTests {
  final class Lines: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
  }

  struct Stream: TextOutputStream {
    let lines: Lines
    mutating func write(_ string: String) { lines.write(string) }
  }

  @Test func printsEachEvent() {
    let lines = Lines()
    let failing = PassthroughSubject<Int, TestError>()
    let recorder = failing.print("p", to: Stream(lines: lines)).record()
    failing.send(1)
    failing.send(completion: .failure(TestError(2)))
    recorder.cancel()
    #expect(
      lines.text == "p: receive subscription\np: receive value: (1)\np: receive error: (TestError(2))\n")
    let cancelled = Just(1).print(to: Stream(lines: lines))
    _ = cancelled
  }

  @Test func printsACancel() {
    let lines = Lines()
    let subject = PassthroughSubject<Int, Never>()
    subject.print("c", to: Stream(lines: lines)).record().cancel()
    #expect(lines.text == "c: receive subscription\nc: receive cancel\n")
  }
}
