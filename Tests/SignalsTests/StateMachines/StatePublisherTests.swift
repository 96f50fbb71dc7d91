import Signals
import SignalsTesting
import Testing

/// `StateMachine.statePublisher`: the machine calls its subscribers itself, with
/// `CurrentValueSubject`'s rules (Combine's, as Apple documents them: the current value first,
/// a subscriber without demand skips to the newest value when it asks).
@Suite struct StatePublisherTests {
  enum Phase: CaseKeyed, CaseIterable { case idle, working, done }
  enum Step: CaseKeyed, CaseIterable { case start, finish, reset }

  static let graph = StateGraph<Phase, Step>(initial: .idle) {
    Transition(from: .idle, on: .start, to: .working)
    Transition(from: .working, on: .finish, to: .done)
    Transition(from: .done, on: .reset, to: .idle)
  }

  /// The same script against the machine and against a `CurrentValueSubject` fed the states the
  /// machine takes: the two recorders must agree.
  @Test func demandIsServedAsACurrentValueSubjectServesIt() {
    let machine = StateMachine(graph: Self.graph, policy: .ignore)
    let subject = CurrentValueSubject<Phase, Never>(.idle)
    let fromMachine = machine.statePublisher.record(demand: .none)
    let fromSubject = subject.record(demand: .none)
    func send(_ step: Step) {
      machine.send(step)
      subject.send(machine.state)
    }
    func request(_ demand: Subscribers.Demand) {
      fromMachine.request(demand)
      fromSubject.request(demand)
    }
    send(.start)
    send(.finish)
    #expect(fromMachine.values == [])
    request(.max(1))
    #expect(fromMachine.values == [.done])
    send(.reset)
    send(.start)
    request(.max(2))
    #expect(fromMachine.values == [.done, .working])
    send(.finish)
    send(.reset)
    #expect(fromMachine.values == [.done, .working, .done])
    request(.unlimited)
    send(.start)
    #expect(fromMachine.values == [.done, .working, .done, .idle, .working])
    #expect(fromMachine.values == fromSubject.values)
    #expect(fromMachine.completion == nil)
  }

  @Test func aSubscriberGetsTheCurrentStateFirst() {
    let machine = StateMachine(graph: Self.graph)
    machine.send(.start)
    let recorder = machine.statePublisher.record()
    machine.send(.finish)
    #expect(recorder.values == [.working, .done])
  }

  /// A subscriber that comes while an event runs (here from inside another subscriber) is served
  /// after it, with the state as it is then, once.
  @Test func aSubscriberThatComesDuringASendIsServedAfterIt() {
    let machine = StateMachine(graph: Self.graph)
    let late = Guarded<Recorder<Phase, Never>?>(nil)
    let first = machine.statePublisher.sink { phase in
      if phase == .working {
        let recorder = machine.statePublisher.record()
        late.withLock { $0 = recorder }
        #expect(recorder.values == [])  // not yet: the send of .start is still running
      }
    }
    machine.send(.start)
    let recorder = late.withLock { $0 }
    #expect(recorder?.values == [.working])
    machine.send(.finish)
    #expect(recorder?.values == [.working, .done])
    first.cancel()
  }

  @Test func aCancelledSubscriberReceivesNothingMoreAndIsLetGo() {
    final class Owner: Sendable {}
    let machine = StateMachine(graph: Self.graph)
    let count = Guarded(0)
    weak var weakOwner: Owner?
    var cancellable: AnyCancellable?
    do {
      let owner = Owner()
      weakOwner = owner
      cancellable = machine.statePublisher.sink { _ in
        withExtendedLifetime(owner) { count.withLock { $0 += 1 } }
      }
    }
    machine.send(.start)
    #expect(count.withLock { $0 } == 2)
    #expect(weakOwner != nil)
    cancellable?.cancel()
    machine.send(.finish)
    #expect(count.withLock { $0 } == 2)
    #expect(weakOwner == nil)
  }

  /// A subscriber cancelling itself from inside a delivery: the others still get every state.
  @Test func aSubscriberThatCancelsDuringADeliveryDoesNotDisturbTheOthers() {
    let machine = StateMachine(graph: Self.graph)
    let holder = Guarded<AnyCancellable?>(nil)
    let cancelling = machine.statePublisher.sink { phase in
      if phase == .working { holder.withLock { $0?.cancel() } }
    }
    holder.withLock { $0 = cancelling }
    let other = machine.statePublisher.record()
    machine.send(.start)
    machine.send(.finish)
    #expect(other.values == [.idle, .working, .done])
  }
}
