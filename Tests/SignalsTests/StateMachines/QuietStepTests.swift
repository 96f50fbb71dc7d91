import Signals
import SignalsTesting
import Testing

@testable import Signals

/// The states of the quiet-step charts: a deck of two three-level sides beside a switch.
enum Deck: CaseKeyed, Hashable, Sendable {
  case main, deck, left, l1, l2, tuned(Int), right, r1, side, s1, s2

  enum Case: Hashable, Sendable { case main, deck, left, l1, l2, tuned, right, r1, side, s1, s2 }
  var caseKey: Case {
    switch self {
    case .main: .main
    case .deck: .deck
    case .left: .left
    case .l1: .l1
    case .l2: .l2
    case .tuned: .tuned
    case .right: .right
    case .r1: .r1
    case .side: .side
    case .s1: .s1
    case .s2: .s2
    }
  }
}

enum Knob: CaseKeyed, Hashable, Sendable {
  case cross, tune(Int), flip, stay, reset

  enum Case: Hashable, Sendable { case cross, tune, flip, stay, reset }
  var caseKey: Case {
    switch self {
    case .cross: .cross
    case .tune: .tune
    case .flip: .flip
    case .stay: .stay
    case .reset: .reset
    }
  }
}

/// A state per lamp of a room of parallel regions (more configurations than the memo numbers).
/// Each lamp's states are cases of their own (the payload is part of the case key).
enum Lamp: CaseKeyed, Hashable, Sendable {
  case room, region(Int), off(Int), on(Int)
  var caseKey: Lamp { self }
}

enum Toggle: CaseKeyed, Hashable, Sendable {
  case flip(Int)
  var caseKey: Toggle { self }
}

/// A chart's quiet steps are taken from the engine's memo (issue 40): the memo must end every
/// event exactly where the full algorithm ends it. An inspected machine (`macrosteps` read)
/// always runs the full algorithm, so each test runs the same events through both and compares.
@Suite struct QuietStepTests {
  /// main(deck(left(l1, l2, tuned), right(r1)), side(s1, s2)): quiet transitions between the
  /// sides, a target made from the event (refused for a negative track), a targetless one, a
  /// self-transition of the parallel root; with `bounce`, an eventless l2 -> l1.
  static func deck(bounce: Bool, asked: ChartLog = ChartLog()) -> StateGraph<Deck, Knob> {
    StateGraph<Deck, Knob>(initial: .main) {
      Transition(from: .l1, on: .cross, to: .r1)
      Transition(from: .r1, on: .cross, to: .l1)
      Transition(
        from: .l1, on: .tune,
        to: .make(.tuned) { if case .tune(let track) = $0, track >= 0 { .tuned(track) } else { nil } })
      Transition(from: .tuned, on: .cross, to: .l2)
      Transition(from: .l2, on: .tune, to: .l1).guarded("even") { context in
        asked.add("even")
        guard case .tune(let track) = context.event else { return false }
        return track % 2 == 0
      }
      Transition(from: .s2, on: .reset, to: .s1).guarded("deck on the right") { context in
        asked.add("right")
        return context.isActive(.right)
      }
      Transition(from: .s1, on: .flip, to: .s2)
      Transition(from: .s2, on: .flip, to: .s1)
      Transition(from: .side, on: .stay)
      Transition(from: .main, on: .reset, to: .main)
    } chart: {
      Parallel(.main) {
        Compound(.deck, initial: .left) {
          Compound(.left, initial: .l1) {
            Leaf(.l1)
            Leaf(.l2)
            Leaf(case: .tuned)
          }
          Compound(.right, initial: .r1) { Leaf(.r1) }
        }
        Compound(.side, initial: .s1) {
          Leaf(.s1)
          Leaf(.s2)
        }
      }
      if bounce { Always(from: .l2, to: .l1) }
    }
  }

  /// Eleven lamps in parallel regions, each flipped by its own event: 2,048 configurations.
  static let room = StateGraph<Lamp, Toggle>(initial: .room) {
    for lamp in 0..<11 {
      Transition(from: .off(lamp), on: .flip(lamp), to: .on(lamp))
      Transition(from: .on(lamp), on: .flip(lamp), to: .off(lamp))
    }
  } chart: {
    Parallel(.room) {
      for lamp in 0..<11 {
        Compound(.region(lamp), initial: .off(lamp)) {
          Leaf(.off(lamp))
          Leaf(.on(lamp))
        }
      }
    }
  }

  /// What a machine shows after an event: the outcome, the state, the configuration, the
  /// made value, the snapshot's fields.
  static func look<State, Event>(
    _ machine: StateMachine<State, Event>, _ outcome: Result<State, TransitionRejected>, _ key: State.Case
  ) -> String {
    let snapshot = machine.snapshot
    return
      "\(outcome) \(machine.state) \(machine.configuration) \(String(describing: machine.activeState(key))) \(snapshot.configuration) \(snapshot.state) \(snapshot.isFinished)"
  }

  /// Sends `events` to a machine and to an inspected one (the full algorithm), comparing what
  /// each shows after every event; returns the machine.
  static func compare<State, Event>(
    _ graph: StateGraph<State, Event>, _ events: [Event], watching key: State.Case,
    restoring: (index: Int, state: State)? = nil, fullGraph: StateGraph<State, Event>? = nil
  ) throws -> StateMachine<State, Event> {
    // Virtual clocks, each machine its own: a delayed transition is armed and cancelled, and
    // fires only when the test advances them.
    let (memoClock, fullClock) = (TestScheduler(), TestScheduler())
    let memo = StateMachine(graph: graph, scheduler: memoClock)
    let full = StateMachine(graph: fullGraph ?? graph, scheduler: fullClock)
    let inspection = full.macrosteps.sink { _ in }
    defer { inspection.cancel() }
    for (index, event) in events.enumerated() {
      if let restoring, restoring.index == index {
        try memo.restore(state: restoring.state)
        try full.restore(state: restoring.state)
      }
      if index % 7 == 6 {
        memoClock.advance(by: .seconds(1))
        fullClock.advance(by: .seconds(1))
      }
      let memoOutcome = Result { () throws(TransitionRejected) in try memo.trySend(event) }
      let fullOutcome = Result { () throws(TransitionRejected) in try full.trySend(event) }
      let (seen, expected) = (look(memo, memoOutcome, key), look(full, fullOutcome, key))
      #expect(seen == expected, "after event \(index), \(event)")
      if seen != expected { break }
    }
    #expect(full.engine.quiet.steps.isEmpty)
    return memo
  }

  /// A deterministic sequence of `count` picks below `bound` (a linear congruential generator).
  static func picks(_ count: Int, below bound: Int, seed: UInt64) -> [Int] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let knobs: [Knob] = [.cross, .tune(3), .tune(-1), .tune(8), .flip, .stay, .reset]

  @Test(arguments: [false, true])
  func quietStepsEndWhereTheFullAlgorithmEnds(bounce: Bool) throws {
    for seed in 1...5 as ClosedRange<UInt64> {
      let events = Self.picks(400, below: Self.knobs.count, seed: seed).map { Self.knobs[$0] }
      // Each machine's guards log their calls: the memo asks them as often, in the same order.
      let (memoAsked, fullAsked) = (ChartLog(), ChartLog())
      let memo = try Self.compare(
        Self.deck(bounce: bounce, asked: memoAsked), events, watching: .tuned,
        fullGraph: Self.deck(bounce: bounce, asked: fullAsked))
      #expect(memoAsked.all == fullAsked.all)
      #expect(memoAsked.all.contains("right"))
      // The memo was used: the quiet transitions are kept, and without the bounce (which
      // leaves l2 at once) l2's guarded `tune` among them. s2's guarded `reset` is not: the
      // root's `reset` stands behind it.
      #expect(memo.engine.quiet.steps.count >= 4)
      if !bounce {
        #expect(memoAsked.all.contains("even"))
        #expect(memo.engine.quiet.steps.contains { memo.engine.tree.edgeGuarded[$0.edge] })
      }
    }
  }

  @Test func aGuardThatRefusesAQuietStepNamesItselfAsTheFullAlgorithmDoes() throws {
    let machine = StateMachine(graph: Self.deck(bounce: false))
    try machine.trySend(.tune(2))
    try machine.trySend(.cross)  // in l2: `tune` is guarded by "even"
    try machine.trySend(.tune(4))  // the memo now knows l2's `tune`
    try machine.trySend(.tune(2))
    try machine.trySend(.cross)
    #expect(machine.engine.quiet.steps.contains { machine.engine.tree.edgeGuarded[$0.edge] })
    #expect(throws: TransitionRejected(state: "l2", event: "tune", reason: .guardsFailed(["even"]))) {
      try machine.trySend(.tune(3))
    }
    #expect(machine.configuration == [.main, .deck, .left, .l2, .side, .s1])
  }

  @Test func aMadeTargetOfAnotherCaseIsRefusedAsTheFullAlgorithmRefusesIt() throws {
    let machine = StateMachine(graph: Self.deck(bounce: false))
    try machine.trySend(.cross)
    try machine.trySend(.cross)  // back in l1: the memo now knows l1's `tune`
    #expect(throws: TransitionRejected.self) { try machine.trySend(.tune(-1)) }
    #expect(machine.configuration == [.main, .deck, .left, .l1, .side, .s1])
    try machine.trySend(.tune(5))
    #expect(machine.activeState(.tuned) == .tuned(5))
    try machine.trySend(.cross)
    try machine.trySend(.tune(0))
    try machine.trySend(.tune(6))
    #expect(machine.activeState(.tuned) == .tuned(6))
    #expect(machine.state == .tuned(6))
  }

  @Test func aRestoredMachineTakesItsQuietStepsFromTheRestoredConfiguration() throws {
    let events = Self.picks(200, below: Self.knobs.count, seed: 9).map { Self.knobs[$0] }
    _ = try Self.compare(Self.deck(bounce: false), events, watching: .tuned, restoring: (100, .r1))
  }

  @Test func pastTheNumberedConfigurationsTheFullAlgorithmRuns() throws {
    let events = Self.picks(6_000, below: 11, seed: 3).map { Toggle.flip($0) }
    let memo = try Self.compare(Self.room, events, watching: .region(0))
    #expect(memo.engine.quiet.numbers.count == QuietStepCache<Lamp>.maximumConfigurations)
  }

  /// The deck with actions everywhere: entry and exit actions on the sides and on r1, an
  /// action on r1's `cross` that counts in the extended state, a final state in the side
  /// region whose done event resets the side, and a timer.
  static func noisyDeck(_ log: ChartLog) -> StateGraph<Noisy, Knob> {
    StateGraph<Noisy, Knob>(initial: .main, context: 0) {
      Transition(from: .l1, on: .cross, to: .r1)
      Transition(from: .r1, on: .cross, to: .l1).action { context in
        context.context += 1
        log.add("cross back \(context.context)")
      }
      Transition(from: .l1, on: .tune, to: .l2)
      Transition(from: .l2, on: .tune, to: .l1).guarded("even") { context in
        log.add("asked even")
        guard case .tune(let track) = context.event else { return false }
        return track % 2 == 0
      }
      Transition(from: .s1, on: .flip, to: .s2)
      Transition(from: .s2, on: .flip, to: .sDone)
      Transition(from: .side, on: .stay).action { _ in log.add("stay") }
      Transition(from: .main, on: .reset, to: .main)
    } chart: {
      Parallel(.main, entry: { _ in log.add("enter main") }, exit: { _ in log.add("exit main") }) {
        Compound(.deck, initial: .left) {
          Compound(
            .left, initial: .l1, entry: { _ in log.add("enter left") }, exit: { _ in log.add("exit left") }
          ) {
            Leaf(.l1)
            Leaf(.l2)
          }
          Compound(.right, initial: .r1, entry: { _ in log.add("enter right") }) {
            Leaf(.r1, entry: { _ in log.add("enter r1") }, exit: { _ in log.add("exit r1") })
          }
        }
        Compound(.side, initial: .s1) {
          Leaf(.s1)
          Leaf(.s2)
          Final(.sDone)
        }
      }
      Done(from: .side, to: .side)
      After(.seconds(1), from: .l2, to: .l1)
    }
  }

  @Test func keptPlansRunTheirUserCodeAsTheFullAlgorithmDoes() throws {
    for seed in 11...15 as ClosedRange<UInt64> {
      let events = Self.picks(300, below: Self.knobs.count, seed: seed).map { Self.knobs[$0] }
      let (memoLog, fullLog) = (ChartLog(), ChartLog())
      let memo = try Self.compare(
        Self.noisyDeck(memoLog), events, watching: .l2, fullGraph: Self.noisyDeck(fullLog))
      #expect(memoLog.all == fullLog.all)
      #expect(memoLog.all.contains("enter r1") && memoLog.all.contains("stay"))
      #expect(memo.context == fullLog.all.filter { $0.hasPrefix("cross back") }.count)
      // Kept: the steps with actions (r1's `cross`, the sides' entries, `stay`).
      #expect(memo.engine.quiet.steps.contains { !$0.plan.isEmpty })
    }
  }

  @Test func aStepWithAnEntryActionIsKeptAndRunsItEachTime() throws {
    let entered = ChartLog()
    let graph = StateGraph<Spot, Cue>(initial: .a) {
      Transition(from: .a1, on: .go, to: .b1)
      Transition(from: .b1, on: .go, to: .a1)
    } chart: {
      Compound(.a, initial: .a1) { Leaf(.a1) }
      Compound(.b, initial: .b1, entry: entered.enter(.b)) { Leaf(.b1) }
    }
    let machine = StateMachine(graph: graph)
    for _ in 0..<6 { try machine.trySend(.go) }
    #expect(entered.all == ["enter b", "enter b", "enter b"])
    // a1 -> b1 enters b (an entry action): a kept plan; b1 -> a1 is quiet.
    #expect(
      machine.engine.quiet.steps.map { $0.plan.isEmpty ? "quiet" : "kept" }.sorted() == ["kept", "quiet"])
  }
}

/// The noisy deck's states (payload-free, so that every step may be kept).
enum Noisy: CaseKeyed, CaseIterable, Hashable, Sendable {
  typealias MachineContext = Int
  case main, deck, left, l1, l2, right, r1, side, s1, s2, sDone
}
