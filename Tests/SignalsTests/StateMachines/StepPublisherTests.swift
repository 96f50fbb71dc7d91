import Signals
import SignalsTesting
import Synchronization
import Testing

@testable import Signals

/// `StateMachine.transitions`: the machine calls the subscribers of its steps itself, from its
/// list, with `PassthroughSubject`'s rules (Combine's, as Apple documents them: nothing
/// replayed, a value dropped for a subscriber without demand), after the new state reached the
/// subscribers of `statePublisher` (issue 40: one machine, one way to publish).
@Suite struct StepPublisherTests {
  enum Phase: CaseKeyed, CaseIterable { case idle, working, done }
  enum Signal: CaseKeyed, CaseIterable { case start, finish, reset }

  static let graph = StateGraph<Phase, Signal>(initial: .idle) {
    Transition(from: .idle, on: .start, to: .working)
    Transition(from: .working, on: .finish, to: .done)
    Transition(from: .done, on: .reset, to: .idle)
  }

  /// The same script against the machine and against a `PassthroughSubject` fed the states the
  /// machine takes: the two recorders must agree.
  @Test func demandIsServedAsAPassthroughSubjectServesIt() {
    let machine = StateMachine(graph: Self.graph, policy: .ignore)
    let subject = PassthroughSubject<Phase, Never>()
    let fromMachine = machine.transitions.record(demand: .none)
    let fromSubject = subject.record(demand: .none)
    func send(_ signal: Signal) {
      machine.send(signal)
      subject.send(machine.state)
    }
    func request(_ demand: Subscribers.Demand) {
      fromMachine.request(demand)
      fromSubject.request(demand)
    }
    send(.start)
    send(.finish)
    request(.max(1))
    #expect(fromMachine.values.isEmpty)  // dropped, not kept for the request
    send(.reset)
    send(.start)
    #expect(fromMachine.values.map(\.to) == [.idle])
    request(.max(2))
    send(.finish)
    send(.reset)
    send(.start)
    #expect(fromMachine.values.map(\.to) == [.idle, .done, .idle])
    request(.unlimited)
    send(.finish)
    #expect(fromMachine.values.map(\.to) == [.idle, .done, .idle, .done])
    #expect(fromMachine.values.map(\.to) == fromSubject.values)
    #expect(fromMachine.completion == nil)
  }

  @Test func aSubscriberThatRequestedOneGetsExactlyOneStep() {
    let machine = StateMachine(graph: Self.graph)
    let recorder = machine.transitions.record(demand: .max(1))
    machine.send(.start)
    machine.send(.finish)
    machine.send(.reset)
    #expect(recorder.values.map { "\($0.from)->\($0.to)" } == ["idle->working"])
  }

  @Test func aSubscriberSeesOnlyTheStepsTakenAfterItSubscribed() {
    let machine = StateMachine(graph: Self.graph)
    machine.send(.start)
    let recorder = machine.transitions.record()
    #expect(recorder.values.isEmpty)
    machine.send(.finish)
    #expect(recorder.values.map(\.event) == [.finish])
    #expect(recorder.values.map(\.from) == [.working])
  }

  @Test func aSubscriberThatCancelsInsideReceiveGetsNoMoreStepsAndIsLetGo() {
    final class Owner: Sendable {}
    let machine = StateMachine(graph: Self.graph)
    let count = Guarded(0)
    let holder = Guarded<AnyCancellable?>(nil)
    weak var weakOwner: Owner?
    do {
      let owner = Owner()
      weakOwner = owner
      let cancellable = machine.transitions.sink { _ in
        withExtendedLifetime(owner) { count.withLock { $0 += 1 } }
        holder.withLock { $0?.cancel() }
      }
      holder.withLock { $0 = cancellable }
    }
    let other = machine.transitions.record()
    machine.send(.start)
    #expect(count.withLock { $0 } == 1)
    machine.send(.finish)
    machine.send(.reset)
    #expect(count.withLock { $0 } == 1)
    #expect(other.values.map(\.to) == [.working, .done, .idle])  // the others still get every step
    holder.withLock { $0 = nil }
    #expect(weakOwner == nil)  // the machine let the cancelled subscriber go
  }

  /// A subscriber cancelled by an earlier one while a step is being delivered does not get it:
  /// the cancel stops deliveries at once, though the list drops it only after the event.
  @Test func aSubscriberCancelledDuringADeliveryDoesNotGetTheStepBeingDelivered() {
    let machine = StateMachine(graph: Self.graph)
    let later = Guarded<AnyCancellable?>(nil)
    let count = Guarded(0)
    let first = machine.transitions.sink { _ in later.withLock { $0?.cancel() } }
    let second = machine.transitions.sink { _ in count.withLock { $0 += 1 } }
    later.withLock { $0 = second }
    machine.send(.start)
    machine.send(.finish)
    #expect(count.withLock { $0 } == 0)
    first.cancel()
  }

  /// An event sent from a subscriber waits for the step to reach every subscriber; its own step
  /// comes after.
  @Test func anEventSentFromASubscriberIsQueuedAndItsStepArrivesAfter() {
    let machine = StateMachine(graph: Self.graph)
    let log = Guarded<[String]>([])
    let first = machine.transitions.sink { step in
      log.withLock { $0.append("first \(step.to)") }
      if step.to == .working {
        #expect(machine.send(.finish))  // queued: taken once this step reached everyone
        #expect(machine.state == .working)
      }
    }
    let second = machine.transitions.sink { step in log.withLock { $0.append("second \(step.to)") } }
    machine.send(.start)
    #expect(log.withLock { $0 } == ["first working", "second working", "first done", "second done"])
    #expect(machine.state == .done)
    first.cancel()
    second.cancel()
  }

  /// The step follows the new state, whatever order the subscribers came in, so that a step's
  /// subscriber reads the new state.
  @Test func aStepIsDeliveredAfterTheNewStateReachedTheStatesSubscribers() {
    let machine = StateMachine(graph: Self.graph)
    let log = Guarded<[String]>([])
    let steps = machine.transitions.sink { step in
      log.withLock { $0.append("step \(step.from)->\(step.to)") }
      #expect(machine.state == step.to)
    }
    let states = machine.statePublisher.sink { state in log.withLock { $0.append("state \(state)") } }
    machine.send(.start)
    machine.send(.finish)
    #expect(
      log.withLock { $0 } == [
        "state idle", "state working", "step idle->working", "state done", "step working->done",
      ])
    steps.cancel()
    states.cancel()
  }

  /// As with the subject it replaces, a subscription does not keep the machine alive; cancelling
  /// it after the machine went is harmless.
  @Test func aSubscriptionDoesNotKeepTheMachineAlive() {
    weak var weakMachine: StateMachine<Phase, Signal>?
    let subscription: AnyCancellable
    do {
      let machine = StateMachine(graph: Self.graph)
      weakMachine = machine
      subscription = machine.transitions.sink { _ in }
      machine.send(.start)
    }
    #expect(weakMachine == nil)
    subscription.cancel()
  }

  /// A send nobody watches builds no step: the flag the send path reads follows the list.
  @Test func stepsAreBuiltOnlyWhileSomeoneSubscribes() {
    let machine = StateMachine(graph: Self.graph)
    _ = machine.transitions  // reading it is not watching
    #expect(!machine.buildsSteps)
    let first = machine.transitions.record()
    let second = machine.transitions.sink { _ in }
    #expect(machine.buildsSteps)
    first.cancel()
    #expect(machine.buildsSteps)
    second.cancel()
    #expect(!machine.buildsSteps)
    machine.send(.start)
    let third = machine.transitions.record()
    machine.send(.finish)
    #expect(third.values.map(\.to) == [.done])
  }

  /// A subscriber attached from a task, asking for more from other tasks while several tasks
  /// send, then cancelled from yet another: it gets exactly what it asked for (the steps that
  /// found no demand are dropped), and nothing after the cancel returned.
  @Test func aSubscriberOnAnotherThreadGetsWhatItRequestsAndNothingAfterItsCancel() async {
    enum Light: CaseKeyed, CaseIterable { case red, green }
    enum Tick: CaseKeyed, CaseIterable { case tick }
    let graph = StateGraph<Light, Tick>(initial: .red) {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .red)
    }
    let machine = StateMachine(graph: graph)
    let recorder = await Task.detached { machine.transitions.record(demand: .none) }.value
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<250 { machine.send(.tick) } }
      }
      for _ in 0..<2 {
        group.addTask { for _ in 0..<100 { recorder.request(.max(1)) } }
      }
    }
    let received = recorder.values.count
    #expect(received <= 200)  // one step per request at most; the rest were dropped
    // The demand still outstanding is served by the next sends, and no more.
    for _ in 0..<(200 - received + 5) { machine.send(.tick) }
    #expect(recorder.values.count == 200)
    // Asked for three more from another thread, it gets exactly three of the next five.
    await Task.detached { recorder.request(.max(3)) }.value
    for _ in 0..<5 { machine.send(.tick) }
    #expect(recorder.values.count == 203)
    await Task.detached {
      recorder.request(.unlimited)
      recorder.cancel()
    }.value
    for _ in 0..<10 { machine.send(.tick) }
    #expect(recorder.values.count == 203)
    #expect(recorder.eventsAfterCompletion.isEmpty)  // the machine sent nothing after the cancel
    #expect(!machine.buildsSteps)
  }

  /// Every step goes to every subscriber while sends come from several threads: each has the
  /// whole sequence, in the order the machine took it.
  @Test func subscribersAttachedFromOtherThreadsSeeEveryStepInOrder() async {
    enum Light: CaseKeyed, CaseIterable { case red, green }
    enum Tick: CaseKeyed, CaseIterable { case tick }
    let graph = StateGraph<Light, Tick>(initial: .red) {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .red)
    }
    let machine = StateMachine(graph: graph)
    let recorders = await withTaskGroup(of: Recorder<StateMachine<Light, Tick>.Step, Never>.self) { group in
      for _ in 0..<3 { group.addTask { machine.transitions.record() } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<200 { machine.send(.tick) } }
      }
    }
    for recorder in recorders {
      let steps = recorder.values.map(\.to)
      #expect(steps.count == 800)
      #expect(steps.enumerated().allSatisfy { $0.element == ($0.offset.isMultiple(of: 2) ? .green : .red) })
      recorder.cancel()
    }
  }
}

extension StateMachine {
  /// Whether a send builds a `Step` now (read between sends, by the test).
  fileprivate var buildsSteps: Bool { stepsWatched.load(ordering: .relaxed) }
}
