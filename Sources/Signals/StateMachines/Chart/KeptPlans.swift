/// A chart's steps that run user code but are planned the same way every time, kept: the
/// second half of the engine's memo (`QuietSteps.swift` is the first).
///
/// A step whose one transition is chosen as a quiet step is (every leaf finds it first; a guard
/// only where one leaf reaches it), whose target is not made from the event and whose exit set
/// records no history, has the same plan every time it comes in the same configuration: the
/// same exits, timers and invocations cancelled, actions, entries with the same values, timers
/// armed, entry actions and done events (`MicrostepPlan`). Only the transition's actions are
/// given a value of the moment, their source's. The engine plans such a step once, keeps its
/// effects, and afterwards performs a copy of them with that value put in, skipping selection,
/// the exit and entry sets and the plan; then the macrostep ends as the full one does
/// (eventless transitions, raised and done events, invocations). A made target (whose value
/// decides whether its entry action and timers are planned) and a history recorded on the way
/// out (from the values of the moment) are planned each time.
///
/// Threading: the engine's, its claim holder's only.
extension StatechartEngine {
  /// Plans the step of `edge` (leaving `exits`) with the full algorithm and keeps its effects:
  /// its index in the memo, or `QuietStepCache.loud` when it cannot be kept.
  @usableFromInline func keepPlan(_ edge: Int, exits: [Int]) -> Int32 {
    let loud = QuietStepCache<State>.loud
    guard !tree.edgeMakes[edge], !exits.contains(where: { tree.effects[$0].contains(.histories) }) else {
      return loud
    }
    // The actions' source must have a value now, or the plan would leave them out.
    if tree.edgeActing[edge] && value(of: tree.edgeSource[edge]) == nil { return loud }
    plan.removeAll()
    _ = planMicrostep([Enabled(edge: edge, value: model.edges[edge].fixed)])
    var entered: [Int] = []
    var actionAt = -1
    let start = quiet.effects.count
    for position in 0..<plan.count {
      let effect = plan[position]
      switch effect {
      case .enter(let node, _): entered.append(node)
      case .runTransitionActions: actionAt = quiet.effects.count
      default: break
      }
      quiet.effects.append(effect)
    }
    let after = (configuration.filter { !exits.contains($0) } + entered).sorted()
    let number = quiet.number(of: after)
    guard number >= 0 else { return loud }
    return quiet.keep(
      QuietStep(
        edge: edge, exits: 0..<0, entries: 0..<0, made: -1, madeKey: nil, configuration: 0..<0,
        number: number, leaf: -1, plan: start..<quiet.effects.count, actionAt: actionAt))
  }

  /// Takes `event` by its kept plan `step`: its guard asked (as the full selection asks it),
  /// the plan performed, the macrostep ended.
  ///
  /// - Parameter next: Set to the machine's state after the step.
  @inlinable @inline(never)
  func takeKept(_ step: QuietStep<State>, _ event: Event, _ next: inout State?) -> QuietOutcome {
    // The actions are given their source's value: without one, the full algorithm (which then
    // plans no action) decides, before any guard is asked.
    var source: State?
    if step.actionAt >= 0 {
      source = value(of: tree.edgeSource[step.edge])
      if source == nil { return .loud }
    }
    if let refusal = refusal(ofGuarded: step.edge, event) { return refusal }
    replay(step, source, event)
    next = primary
    return .taken
  }

  /// Performs a kept plan for `event`, its transition's actions given `source`, then ends the
  /// macrostep.
  @inlinable func replay(_ step: QuietStep<State>, _ source: State?, _ event: Event) {
    plan.removeAll()
    for position in step.plan {
      if position == step.actionAt, let source {
        plan.append(.runTransitionActions(edge: step.edge, source: source))
      } else {
        plan.append(quiet.effects[position])
      }
    }
    performPlan(.event(event))
    configurationNumber = step.number
    finishMacrostep()
  }
}
