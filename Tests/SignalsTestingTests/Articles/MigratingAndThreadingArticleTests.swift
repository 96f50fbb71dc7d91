import Dispatch
import Signals
import SignalsTesting
import Testing

// The code of MigratingFromCombine.md and ThreadingAndContracts.md (Sources/Signals/Signals.docc),
// verbatim; DocumentationSnippetTests checks that it stays so.
@Suite struct MigratingFromCombineArticleTests {
  func searches<S: Scheduler>(
    _ queries: AnyPublisher<String, Never>, on scheduler: S
  ) -> AnyPublisher<String, Never> {
    queries
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  final class Profile {
    @Published var name = "Ada"
  }

  @Test func genericSchedulerCodeRunsOnAnyScheduler() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    let queries = try scheduler.cold("ab---b---c|", failureType: Never.self).eraseToAnyPublisher()
    #expect(scheduler.run(searches(queries, on: scheduler)) == "----b-----(c|)")
  }

  @Test func aPortedStrideReadsAsEachOfCombinesStrides() {
    let delay = DispatchQueue.SchedulerTimeType.Stride(.milliseconds(250))
    let seconds: Double = delay.timeInterval
    let nanoseconds: Int = delay.magnitude
    let interval: DispatchTimeInterval = delay.dispatchTimeInterval
    #expect(seconds == 0.25)
    #expect(nanoseconds == 250_000_000)
    #expect(interval == .nanoseconds(250_000_000))
  }

  @Test func publishedDeliversAfterTheStore() {
    let profile = Profile()
    var seen: [String] = []
    let subscription = profile.$name.sink { _ in seen.append(profile.name) }
    profile.name = "Grace"
    #expect(seen == ["Ada", "Grace"])  // Combine: ["Ada", "Ada"]
    subscription.cancel()
  }
}

@Suite struct ThreadingAndContractsArticleTests {
  @MainActor
  final class ClockLabel {
    private(set) var text = ""
    private var subscription: AnyCancellable?

    func show(_ times: some Publisher<String, Never>) {
      subscription =
        times
        .receive(on: MainScheduler.shared)
        .sink { [weak self] time in self?.text = time }
    }
  }

  @Test func aReentrantSendIsDeliveredAfterTheCurrentCall() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let subscription = subject.sink { value in
      received.append(value)
      if value == 1 { subject.send(2) }  // delivered after this call returns
      received.append(value * 10)
    }
    subject.send(1)
    #expect(received == [1, 10, 2, 20])
    subscription.cancel()
  }

  @Test @MainActor func theLabelIsSetOnTheMainActor() async {
    let label = ClockLabel()
    label.show(Just("12:00"))
    #expect(label.text == "")  // the value waits for the main queue's next turn
    await mainQueueTurn()
    #expect(label.text == "12:00")
  }
}
