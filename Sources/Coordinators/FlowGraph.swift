import Signals

/// Something wrong with a coordinator's flow, found by `StateGraph.flowProblems()`: a problem
/// of any graph, or one of the screen stack's.
public enum FlowProblem: Hashable, Sendable, CustomStringConvertible {
  /// A problem of the graph itself (`StateGraph.problems()`).
  case graph(StateGraphProblem)
  /// A state entered modally with no transition out of it (no way to dismiss it).
  case modalWithoutWayBack(state: String)
  /// A state goes back to `.previous`, but no transition pushes or presents it, so there is
  /// never anything under it to go back to.
  case nothingToGoBackTo(state: String)

  /// One line that says what and where.
  public var description: String {
    switch self {
    case .graph(let problem): problem.description
    case .modalWithoutWayBack(let state): "state \(state) is presented modally but has no transition out"
    case .nothingToGoBackTo(let state):
      "state \(state) goes back to the previous state, but nothing pushes or presents it"
    }
  }
}

// A flow of screens, as a coordinator reads a flat graph: a transition without a presentation
// pushes (a wildcard sets the root), `.previous` pops back to the screen under the top, and a
// transition to the screen under the top goes back to it.

extension StateGraph {
  /// The graph as a coordinator runs it: each transition of a flat graph carries a
  /// `Presentation` (`.push` where it had none, `.root` for a wildcard without one). A
  /// statechart is returned as it is.
  ///
  /// - Returns: The graph with every presentation spelled out.
  public func flowGraph() -> StateGraph {
    mappingTransitions { $0.forScreens() }
  }

  /// Every problem of the graph as a flow of screens: `problems()`, then modal screens with no
  /// way back, then screens that go back to `.previous` but that nothing pushes or presents.
  ///
  /// - Returns: The problems found, in that order; empty if none.
  public func flowProblems() -> [FlowProblem] {
    let flow = flowGraph()
    let terminalKeys = Set(terminal)
    let sources = Set(flow.transitions.compactMap(\.from))
    var problems = flow.problems().map(FlowProblem.graph)
    var modal: [State.Case] = []
    for transition in flow.transitions
    where transition.presentation == .modal && !transition.returnsToPrevious {
      if let to = transition.to, !modal.contains(to) { modal.append(to) }
    }
    problems += modal.filter { !sources.contains($0) && !terminalKeys.contains($0) }.map {
      .modalWithoutWayBack(state: name(ofCase: $0))
    }
    var goesBack: [State.Case] = []
    for transition in flow.transitions where transition.returnsToPrevious {
      for source in flow.sources(of: transition) where !goesBack.contains(source) { goesBack.append(source) }
    }
    problems += goesBack.filter { flow.openers(of: $0).isEmpty }.map {
      .nothingToGoBackTo(state: name(ofCase: $0))
    }
    return problems
  }

  /// The flow as a Mermaid `stateDiagram-v2`, as `mermaid()` draws it, with each `.previous`
  /// drawn back to every screen that pushes or presents its source, labelled `(previous)`, and
  /// missing presentations read as a coordinator reads them.
  ///
  /// - Returns: The diagram's text, ending in a newline.
  public func flowMermaid() -> String {
    let flow = flowGraph()
    return flow.mermaid(resolving: { flow.openers(of: $1) })
  }

  /// The flow in Graphviz DOT, as `dot(name:)` draws it, with each `.previous` drawn back to
  /// every screen that opens its source.
  ///
  /// - Parameter name: The `digraph`'s name.
  /// - Returns: The graph's text, ending in a newline.
  public func flowDot(name: String = "StateGraph") -> String {
    let flow = flowGraph()
    return flow.dot(name: name, resolving: { flow.openers(of: $1) })
  }

  /// Paths from the initial screen that together take every transition at least once, a
  /// wildcard from every screen it is drawn from, and a `.previous` back to every screen that
  /// opens its source (the way to the opener, the opening edge, then back). Guards are ignored.
  ///
  /// - Returns: One path per transition (per source of a wildcard, per opener of a `.previous`)
  ///   that the initial screen reaches, in declaration order.
  public func flowCoveringPaths() -> [[Transition]] {
    let flow = flowGraph()
    let shortest = flow.shortestPaths()
    var paths: [[Transition]] = []
    for transition in flow.transitions {
      for source in flow.sources(of: transition) {
        guard transition.returnsToPrevious else {
          if transition.resolvedTargetName == nil, let prefix = shortest[source] {
            paths.append(prefix + [transition])
          }
          continue
        }
        for opener in flow.openers(of: source) {
          let opening = flow.transitions.first {
            $0.to == source && $0.presentation.opensAScreen && flow.sources(of: $0).contains(opener)
          }
          if let prefix = shortest[opener], let opening { paths.append(prefix + [opening, transition]) }
        }
      }
    }
    return paths
  }

  /// The screen stack a coordinator holds after taking `path` from the initial screen (the last
  /// is where it stands): a transition to the screen under the top goes back to it; `.root`
  /// resets, `.push`/`.modal` add, `.none` replaces the top, `.previous` pops. `nil` when a
  /// `.previous` has nothing under the top.
  ///
  /// - Parameter path: Transitions taken in order from the initial screen, such as one of
  ///   `flowCoveringPaths()`; their sources are not checked.
  /// - Returns: The stack, bottom first, or `nil` when a `.previous` has nothing to go back to.
  public func flowStack(after path: [Transition]) -> [State.Case]? {
    var stack = [initial.caseKey]
    for transition in path.map({ $0.forScreens() }) {
      guard let to = transition.to else {
        guard transition.returnsToPrevious, stack.count >= 2 else { return nil }
        stack.removeLast()
        continue
      }
      if stack.count >= 2, stack[stack.count - 2] == to {
        stack.removeLast()
        continue
      }
      switch transition.presentation {
      case .root: stack = [to]
      case .push, .modal: stack.append(to)
      case .none: stack[stack.count - 1] = to
      }
    }
    return stack
  }

  /// The screens that push or present `state` (where a `.previous` from it may lead back to).
  func openers(of state: State.Case) -> [State.Case] {
    var result: [State.Case] = []
    for transition in transitions where transition.to == state && transition.presentation.opensAScreen {
      for source in sources(of: transition) where source != state && !result.contains(source) {
        result.append(source)
      }
    }
    return result
  }

  /// Why no sequence of transitions from the initial screen leaves a coordinator with `stack`
  /// (bottom first, each case with whether it was presented modally), or `nil` when one can:
  /// the root is the initial screen or a `.root` target (or reached from one by `.none`
  /// transitions) and not modal; each entry above is pushed (or, modal, presented) from the one
  /// below it (or reached from such a screen by `.none` transitions, which keep the flag). Call
  /// it on a `flowGraph()`.
  func whyCannotProduce(stack: [(key: State.Case, modal: Bool)]) -> String? {
    guard let root = stack.first else { return "the stack is empty" }
    var roots: Set<State.Case> = [initial.caseKey]
    for transition in transitions where transition.presentation == .root {
      if let to = transition.to { roots.insert(to) }
    }
    if root.modal || !replacements(of: roots).contains(root.key) {
      return "\(name(ofCase: root.key)) cannot be the root of the stack"
    }
    for (below, entry) in zip(stack, stack.dropFirst()) {
      let presentation: Presentation = entry.modal ? .modal : .push
      var opened: Set<State.Case> = []
      for transition in transitions
      where transition.presentation == presentation && sources(of: transition).contains(below.key) {
        if let to = transition.to { opened.insert(to) }
      }
      if !replacements(of: opened).contains(entry.key) {
        let how = entry.modal ? "presents" : "pushes"
        return "no transition \(how) \(name(ofCase: entry.key)) over \(name(ofCase: below.key))"
      }
    }
    return nil
  }

  /// `keys` and every state `.none` transitions lead to from them.
  func replacements(of keys: Set<State.Case>) -> Set<State.Case> {
    var reached = keys
    var frontier = Array(keys)
    while let current = frontier.popLast() {
      for transition in transitions
      where transition.presentation == .none && sources(of: transition).contains(current) {
        if let to = transition.to, reached.insert(to).inserted { frontier.append(to) }
      }
    }
    return reached
  }
}

extension StateMachine {
  /// A machine over `graph.flowGraph()` that keeps a coordinator's screen stack without a
  /// navigator, on any thread: `.previous` and the way back to the screen under the top work as
  /// in a `Coordinator` (for tests that drive a flow, such as `expectEveryTransition`).
  package static func flow(
    graph: StateGraph<State, Event>, policy: RejectionPolicy = .throwError
  )
    -> StateMachine
  {
    let screens = ScreenStack<State, Event>(root: graph.initial)
    let machine = StateMachine(
      graph: graph.flowGraph(), policy: policy,
      resolver: { target, name in screens.resolve(target, name == previousName) })
    // The stack keeps the subscription; the subscription holds the stack weakly (no cycle).
    screens.subscription = machine.transitions.sink { [weak screens] step in
      _ = screens?.record(step.to, step.annotation(Presentation.self) ?? .push)
    }
    return machine
  }
}
