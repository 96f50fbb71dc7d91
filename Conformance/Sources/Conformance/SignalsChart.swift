import Signals
import SignalsVirtualTime
import Synchronization

/// The extended state of every generated chart: the counter the guards read and the actions
/// raise, and the log of entries, exits and transition actions.
struct Tally: Sendable, Equatable {
  var c = 0
  var log: [String] = []
}

/// The states of a generated chart, numbered in document order (a chart uses a prefix of them).
enum StateID: CaseKeyed, CaseIterable, Hashable, Sendable {
  typealias MachineContext = Tally
  case s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21,
    s22, s23, s24, s25, s26, s27, s28, s29, s30, s31, s32, s33, s34, s35, s36, s37, s38, s39, s40, s41, s42,
    s43, s44, s45, s46, s47, s48, s49, s50, s51, s52, s53, s54, s55, s56, s57, s58, s59, s60, s61, s62, s63
}

/// The events: `e0`...`e3` sent from outside, `r0` and `r1` raised by actions.
enum EventID: CaseKeyed, CaseIterable, Hashable, Sendable {
  case e0, e1, e2, e3, r0, r1
}

/// What one side saw after the start and after each external event.
struct Step: Equatable, Sendable {
  var configuration: Set<String>
  var counter: Int
  var log: [String]
}

/// One side's run: a step per event (the first is the start), and whether it stopped on a loop.
struct Run: Sendable {
  var steps: [Step]
  var looped: Bool
  /// States the reference entered while they were active (Appendix D's literal entry set), per
  /// step; Signals never does.
  var reentered: [[String]] = []
  var error: String?
}

/// Builds a chart with the Signals API, closures doing what the SCXML document's executable
/// content does, and runs it on the chart's events.
enum SignalsChart {
  typealias Element = ChartElement<StateID, EventID>

  static func state(_ id: Int) -> StateID { StateID.allCases[id] }

  static func graph(_ chart: ChartSpec) -> StateGraph<StateID, EventID> {
    let edges = chart.liveEdges
    let transitions = edges.compactMap { edge -> Transition<StateID, EventID>? in
      guard case .event(let event) = edge.trigger else { return nil }
      var transition =
        edge.target.map {
          Transition<StateID, EventID>(from: state(edge.source), on: EventID.allCases[event], to: state($0))
        }
        ?? Transition(from: state(edge.source), on: EventID.allCases[event])
      if let condition = edge.condition {
        transition = transition.guarded("g\(edge.label)", check(condition))
      }
      if !edge.actions.isEmpty { transition = transition.action(perform(edge.actions, label: edge.label)) }
      return edge.isInternal ? transition.internal() : transition
    }
    var elements: [Element] = chart.children(of: nil).flatMap { element($0, chart) }
    for edge in edges {
      switch edge.trigger {
      case .event: continue
      case .always:
        var always =
          edge.target.map { Always<StateID, EventID>(from: state(edge.source), to: state($0)) }
          ?? Always(from: state(edge.source))
        if let condition = edge.condition { always = always.guarded("g\(edge.label)", check(condition)) }
        if !edge.actions.isEmpty { always = always.action(perform(edge.actions, label: edge.label)) }
        if edge.isInternal { always = always.internal() }
        elements += ChartBuilder.buildExpression(always)
      case .done(let of):
        var done = Done<StateID, EventID>(of: state(of), from: state(edge.source), to: edge.target.map(state))
        if let condition = edge.condition { done = done.guarded("g\(edge.label)", check(condition)) }
        if !edge.actions.isEmpty { done = done.action(perform(edge.actions, label: edge.label)) }
        if edge.isInternal { done = done.internal() }
        elements += ChartBuilder.buildExpression(done)
      case .after(let seconds):
        var after = After<StateID, EventID>(
          .seconds(seconds), from: state(edge.source), to: edge.target.map(state))
        if let condition = edge.condition { after = after.guarded("g\(edge.label)", check(condition)) }
        if !edge.actions.isEmpty { after = after.action(perform(edge.actions, label: edge.label)) }
        if edge.isInternal { after = after.internal() }
        elements += ChartBuilder.buildExpression(after)
      }
    }
    let transitionList: () -> [Transition<StateID, EventID>] = { transitions }
    let chartList: () -> [Element] = { elements }
    return StateGraph(
      initial: state(chart.initial), context: Tally(), transitions: transitionList, chart: chartList)
  }

  static func element(_ id: Int, _ chart: ChartSpec) -> [Element] {
    let node = chart.nodes[id]
    let name = "s\(id)"
    let counts = node.counts
    let entry: ChartAction<StateID, EventID> = { context in
      context.context.log.append("+" + name)
      if counts { context.context.c += 1 }
    }
    let exit: ChartAction<StateID, EventID> = { context in context.context.log.append("-" + name) }
    let children: () -> [Element] = { chart.children(of: id).flatMap { element($0, chart) } }
    switch node.kind {
    case .atomic:
      return ChartBuilder.buildExpression(Leaf(state(id), entry: entry, exit: exit))
    case .final:
      return ChartBuilder.buildExpression(Final(state(id), entry: entry, exit: exit))
    case .compound:
      return ChartBuilder.buildExpression(
        Compound(state(id), initial: state(node.initial!), entry: entry, exit: exit, children: children))
    case .parallel:
      return ChartBuilder.buildExpression(Parallel(state(id), entry: entry, exit: exit, regions: children))
    case .history(let deep):
      let fallback = node.historyDefault.flatMap { chart.nodes[$0].alive ? state($0) : nil }
      return ChartBuilder.buildExpression(History(state(id), deep: deep, default: fallback))
    }
  }

  static func check(_ condition: ChartSpec.Guard) -> ChartGuard<StateID, EventID> {
    switch condition {
    case .below(let bound): { $0.context.c < bound }
    case .even: { $0.context.c % 2 == 0 }
    case .inState(let id): { $0.isActive(state(id)) }
    case .belowAndIn(let bound, let id): { $0.context.c < bound && $0.isActive(state(id)) }
    case .doneData(let id): { $0.doneData == id.map(state) }
    }
  }

  static func perform(_ actions: [ChartSpec.Action], label: Int) -> ChartAction<StateID, EventID> {
    { context in
      for action in actions {
        switch action {
        case .increment: context.context.c += 1
        case .log: context.context.log.append("t\(label)")
        case .logDone: context.context.log.append("d:" + (context.doneData.map { "\($0)" } ?? "None"))
        case .raise(let event): context.raise(EventID.allCases[event])
        case .send(let event): context.send(EventID.allCases[event])
        }
      }
    }
  }

  static func run(_ chart: ChartSpec) -> Run {
    let loops = Mutex(0)
    let scheduler = TestScheduler()
    let machine = StateMachine(
      graph: graph(chart),
      policy: .report { rejection in
        if case .loopLimit = rejection.reason { loops.withLock { $0 += 1 } }
      }, scheduler: scheduler)
    var steps: [Step] = []
    var logged = 0
    func record() {
      let context = machine.context
      steps.append(
        Step(
          configuration: Set(machine.configuration.map { "\($0)" }), counter: context.c,
          log: Array(context.log[logged...])))
      logged = context.log.count
    }
    if loops.withLock({ $0 }) > 0 { return Run(steps: steps, looped: true) }
    record()
    for event in chart.events {
      if event == ChartSpec.wait {
        scheduler.advance(by: .seconds(1))
      } else {
        _ = machine.send(EventID.allCases[event])
      }
      if loops.withLock({ $0 }) > 0 { return Run(steps: steps, looped: true) }
      record()
    }
    return Run(steps: steps, looped: false)
  }
}
