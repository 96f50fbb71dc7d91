import Signals
import Synchronization
import Testing

@testable import Signals

/// The machine's queue hands over after a fair batch (issue 18.6, through `FairDrain`): a thread
/// that sent one event is not kept running other threads' events for as long as they send.
@Suite struct StateMachineHandOverTests {
  // Two cases, though the graph uses one: with a one-case (zero-sized) state, the thread
  // sanitizer reported an access race on the empty `current`, at the machine's own address.
  enum Power: CaseKeyed, CaseIterable { case on, off }
  enum Tick: CaseKeyed, CaseIterable { case tick }

  static let graph = StateGraph<Power, Tick>(initial: .on) {
    Transition(from: .on, on: .tick, to: .on)
  }

  /// The first thread sends one event and, while it runs, the other thread queues `prefill`
  /// events behind it; then the other thread keeps sending. Without the hand-over the first
  /// thread runs the whole prefilled queue (the claim cannot be given back while events wait),
  /// whatever the load; with it, the other thread takes the queue over after a batch. The first
  /// thread's observer waits, from past the batch on, until the other thread waits to take over,
  /// so that a starved other thread cannot let the queue run dry first (the test stays
  /// fail-capable on a loaded machine).
  @Test func aThreadThatSentOnceHandsTheQueueToTheOtherSenderAfterABatch() {
    let machine = StateMachine(graph: Self.graph, policy: .ignore)
    let prefill = FairDrain.batch * 3
    let firstThread = Atomic<UInt>(0)
    let otherThread = Atomic<UInt>(0)
    let onFirst = Atomic<Int>(0)
    let onOther = Atomic<Int>(0)
    let sentByOther = Atomic<Int>(0)
    let firstReturned = Atomic<Bool>(false)
    let gaveUp = Atomic<Bool>(false)
    let cancellable = machine.statePublisher.dropFirst().sink { _ in
      let thread = currentThreadID()
      guard thread == firstThread.load(ordering: .acquiring) else {
        if thread == otherThread.load(ordering: .acquiring) { onOther.add(1, ordering: .relaxed) }
        return
      }
      let delivered = onFirst.add(1, ordering: .relaxed).newValue
      if delivered == 1 {
        // The first event: wait until the other thread has queued `prefill` behind it.
        while sentByOther.load(ordering: .acquiring) < prefill { yieldProcessor() }
      } else if delivered > FairDrain.batch + 1 && !gaveUp.load(ordering: .relaxed) {
        // Past the batch: wait until the other thread waits to take over (bounded, so that a
        // machine without the hand-over fails the test instead of hanging it).
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while machine.lock.withLock({ !machine.drainQueue.fair.hasSuccessor }) {
          if ContinuousClock.now >= deadline {
            gaveUp.store(true, ordering: .relaxed)
            break
          }
          yieldProcessor()
        }
      }
    }
    onThreadsTogether(2) { index in
      if index == 0 {
        firstThread.store(currentThreadID(), ordering: .releasing)
        machine.send(.tick)
        firstReturned.store(true, ordering: .releasing)
      } else {
        otherThread.store(currentThreadID(), ordering: .releasing)
        while onFirst.load(ordering: .acquiring) == 0 { yieldProcessor() }
        var sent = 0
        while sent < 20_000 && onOther.load(ordering: .acquiring) == 0
          && !(sent >= prefill && firstReturned.load(ordering: .acquiring))
        {
          machine.send(.tick)
          sent += 1
          sentByOther.store(sent, ordering: .releasing)
        }
      }
    }
    let first = onFirst.load(ordering: .acquiring)
    let other = onOther.load(ordering: .acquiring)
    let sent = sentByOther.load(ordering: .acquiring)
    let waitedInVain = gaveUp.load(ordering: .acquiring)
    #expect(first + other == 1 + sent)
    #expect(!waitedInVain)
    #expect(other > 0)
    // The first thread ran its own event and part of the prefilled queue, not all of it.
    #expect(first < 1 + prefill)
    cancellable.cancel()
  }

  /// Events an observer sends from the running thread never wait for a hand-over: the running
  /// thread runs them all itself.
  @Test func aReentrantBurstIsRunByTheSendingThread() {
    let machine = StateMachine(graph: Self.graph, policy: .ignore)
    let thread = currentThreadID()
    let received = Atomic<Int>(0)
    let elsewhere = Atomic<Int>(0)
    let cancellable = machine.statePublisher.dropFirst().sink { _ in
      if received.add(1, ordering: .relaxed).newValue == 1 {
        for _ in 0..<(FairDrain.batch * 4) { machine.send(.tick) }
      }
      if currentThreadID() != thread { elsewhere.add(1, ordering: .relaxed) }
    }
    machine.send(.tick)
    let count = received.load(ordering: .relaxed)
    let notHere = elsewhere.load(ordering: .relaxed)
    #expect(count == 1 + FairDrain.batch * 4)
    #expect(notHere == 0)
    #expect(machine.lock.withLock { !machine.drainQueue.fair.hasSuccessor })
    cancellable.cancel()
  }
}
