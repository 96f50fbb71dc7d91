/// One line of a statechart's `chart:` block: a state with its children, a final or history
/// state, an eventless, delayed or done transition, or a publisher invoked for a state's
/// lifetime. Made by `Compound`, `Parallel`, `Leaf`, `Final`, `History`, `Always`, `After`,
/// `Done` and `Invoke`.
public struct ChartElement<State: CaseKeyed, Event: CaseKeyed> {
  enum Kind {
    case node(NodeSpec)
    case edge(EdgeSpec)
    case invoke(in: State.Case, start: InvokeStart, label: String?)
  }

  typealias NodeKind = ChartNodeKind

  struct NodeSpec {
    let kind: NodeKind
    /// The state's case.
    let key: State.Case
    /// The value it takes when entered without one of its own (`nil` for a state declared by
    /// its case: it takes its target's, or the first entered below it).
    let value: State?
    /// A compound state's initial state, or a history state's default.
    let initial: State?
    let entry: ChartAction<State, Event>?
    let exit: ChartAction<State, Event>?
    let children: [ChartElement]
  }

  /// What takes a transition written in the chart block.
  enum Trigger {
    case eventless
    case delayed(DelayPart<State, Event>, label: String)
    /// The done event of the state of this case.
    case done(State.Case)
  }

  /// An eventless, delayed or done transition, with its guard and action.
  struct EdgeSpec {
    let trigger: Trigger
    let from: State.Case
    /// The target; `nil` for a targetless transition.
    let to: State?
    var conditions: [GuardPart<State, Event>] = []
    var conditionName: String?
    var actions: [ChartAction<State, Event>] = []
    var isInternal = false

    /// The spec with `condition` added (after any guard it has: both must hold).
    func guarded(_ name: String?, _ condition: GuardPart<State, Event>) -> EdgeSpec {
      var copy = self
      copy.conditions.append(condition)
      copy.conditionName = [conditionName, name ?? "guard"].compactMap { $0 }.joined(separator: " && ")
      return copy
    }

    /// The spec as an internal transition.
    func internalized() -> EdgeSpec {
      var copy = self
      copy.isInternal = true
      return copy
    }

    /// The spec with `body` run after any action it has.
    func acting(_ body: @escaping ChartAction<State, Event>) -> EdgeSpec {
      var copy = self
      copy.actions.append(body)
      return copy
    }
  }

  /// Subscribes an invoked publisher for the state's value; its results go to `send`.
  @usableFromInline typealias InvokeStart = (State, @escaping (Event) -> Void) -> AnyCancellable

  let kind: Kind
}

/// One guard of a transition, as it was written: the transition holds when all of its guards
/// do. Kept apart (not chained into one closure) so that the model can combine them without
/// making a `@Sendable` closure in generic code.
@usableFromInline enum GuardPart<State: CaseKeyed, Event: CaseKeyed> {
  /// A chart guard: reads the extended state and the configuration.
  case chart(ChartGuard<State, Event>)
  /// An `Always` guard of the source state's value.
  case state(@Sendable (State) -> Bool)
  /// A flat transition's guard of the source state and the event (no event: it fails).
  case event(@Sendable (State, Event) -> Bool)

  /// Whether the guard holds in `context`.
  @inlinable func holds(_ context: ChartContext<State, Event>) -> Bool {
    switch self {
    case .chart(let body): body(context)
    case .state(let body): body(context.state)
    case .event(let body): context.event.map { body(context.state, $0) } ?? false
    }
  }
}

/// How long a delayed transition waits: fixed, or read from the extended state on entry.
@usableFromInline enum DelayPart<State: CaseKeyed, Event: CaseKeyed> {
  case fixed(SchedulerTime.Stride)
  case computed(@Sendable (ChartContext<State, Event>) -> SchedulerTime.Stride)

  @inlinable func delay(_ context: @autoclosure () -> ChartContext<State, Event>) -> SchedulerTime.Stride {
    switch self {
    case .fixed(let delay): delay
    case .computed(let body): body(context())
    }
  }
}

/// A transition line of a chart block (`Always`, `After`, `Done`): one `EdgeSpec`.
protocol EdgeElement {
  associatedtype State: CaseKeyed
  associatedtype Event: CaseKeyed
  var spec: ChartElement<State, Event>.EdgeSpec { get }
}

extension EdgeElement {
  var element: ChartElement<State, Event> { ChartElement(kind: .edge(spec)) }
}

/// What a statechart's state is (not generic, so that the machine's walks over the hierarchy
/// run specialized code).
@usableFromInline enum ChartNodeKind: Equatable, Sendable {
  case atomic, compound, parallel, final
  case history(deep: Bool)
}

/// A compound state: active while exactly one of its children is, entered through `initial`
/// (SCXML's `<state>` with children).
public struct Compound<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A compound state whose children are declared in `children`.
  ///
  /// - Parameters:
  ///   - state: The state (its case names it in transitions; its value is the one it takes when
  ///     entered through a child).
  ///   - initial: The state entered when a transition targets this one: a child or a deeper
  ///     descendant.
  ///   - entry: Run when the state is entered (after its ancestors' entry actions).
  ///   - exit: Run when the state is left (after its descendants' exit actions).
  ///   - children: The child states, in document order.
  public init(
    _ state: State, initial: State, entry: ChartAction<State, Event>? = nil,
    exit: ChartAction<State, Event>? = nil,
    @ChartBuilder<State, Event> children: () -> [ChartElement<State, Event>]
  ) {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .compound, key: state.caseKey, value: state, initial: initial, entry: entry, exit: exit,
          children: children())
      ))
  }

  /// A compound state declared by its case, without a made-up payload: entered, it takes the
  /// value of the first state entered below it that has one.
  ///
  /// - Parameters:
  ///   - key: The state's case.
  ///   - initial: The state entered when a transition targets this one.
  ///   - entry: Run when the state is entered.
  ///   - exit: Run when the state is left.
  ///   - children: The child states, in document order.
  public init(
    case key: State.Case, initial: State, entry: ChartAction<State, Event>? = nil,
    exit: ChartAction<State, Event>? = nil,
    @ChartBuilder<State, Event> children: () -> [ChartElement<State, Event>]
  ) {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .compound, key: key, value: nil, initial: initial, entry: entry, exit: exit,
          children: children())))
  }
}

/// A parallel state: when active, each of its children (regions) is active (SCXML's
/// `<parallel>`).
public struct Parallel<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A parallel state whose regions are declared in `regions`.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - entry: Run when the state is entered, before its regions' entry actions.
  ///   - exit: Run when the state is left, after its regions' exit actions.
  ///   - regions: The regions (usually `Compound` states), in document order.
  public init(
    _ state: State, entry: ChartAction<State, Event>? = nil, exit: ChartAction<State, Event>? = nil,
    @ChartBuilder<State, Event> regions: () -> [ChartElement<State, Event>]
  ) {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .parallel, key: state.caseKey, value: state, initial: nil, entry: entry, exit: exit,
          children: regions())))
  }

  /// A parallel state declared by its case (see `Compound.init(case:initial:entry:exit:children:)`).
  ///
  /// - Parameters:
  ///   - key: The state's case.
  ///   - entry: Run when the state is entered.
  ///   - exit: Run when the state is left.
  ///   - regions: The regions, in document order.
  public init(
    case key: State.Case, entry: ChartAction<State, Event>? = nil, exit: ChartAction<State, Event>? = nil,
    @ChartBuilder<State, Event> regions: () -> [ChartElement<State, Event>]
  ) {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .parallel, key: key, value: nil, initial: nil, entry: entry, exit: exit, children: regions()))
    )
  }
}

/// An atomic state with entry or exit actions, or a child of a compound or parallel state.
/// States named only by transitions are atomic states at the top level.
public struct Leaf<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// An atomic state.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - entry: Run when the state is entered.
  ///   - exit: Run when the state is left.
  public init(_ state: State, entry: ChartAction<State, Event>? = nil, exit: ChartAction<State, Event>? = nil)
  {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .atomic, key: state.caseKey, value: state, initial: nil, entry: entry, exit: exit,
          children: [])))
  }

  /// An atomic state declared by its case, without a made-up payload: it takes the value the
  /// transition that enters it gives (`to: .update(latest)`, or a made target).
  ///
  /// - Parameters:
  ///   - key: The state's case.
  ///   - entry: Run when the state is entered.
  ///   - exit: Run when the state is left.
  public init(
    case key: State.Case, entry: ChartAction<State, Event>? = nil, exit: ChartAction<State, Event>? = nil
  ) {
    element = ChartElement(
      kind: .node(
        .init(kind: .atomic, key: key, value: nil, initial: nil, entry: entry, exit: exit, children: [])))
  }
}

/// A final state: entering it makes its parent done (its done event is raised, which a `Done`
/// transition from the parent or an ancestor may take); a parallel state is done when every
/// region is in a final state. A final state at the top level ends the machine: every state is
/// left (exit actions run, innermost first), the configuration empties, the machine takes no
/// more events and its publishers finish.
public struct Final<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A final state.
  ///
  /// - Parameters:
  ///   - state: The state; its payload is the done data of its parent's done event.
  ///   - entry: Run when the state is entered.
  ///   - exit: Run when the state is left (a top-level final state is left when the machine
  ///     stops, with every other state).
  public init(_ state: State, entry: ChartAction<State, Event>? = nil, exit: ChartAction<State, Event>? = nil)
  {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .final, key: state.caseKey, value: state, initial: nil, entry: entry, exit: exit, children: []
        )))
  }

  /// A final state declared by its case: its value (the done data) is the one the transition
  /// that enters it gives (`to: .done(receipt: id)`).
  ///
  /// - Parameters:
  ///   - key: The state's case.
  ///   - entry: Run when the state is entered.
  ///   - exit: Run when the state is left.
  public init(
    case key: State.Case, entry: ChartAction<State, Event>? = nil, exit: ChartAction<State, Event>? = nil
  ) {
    element = ChartElement(
      kind: .node(
        .init(kind: .final, key: key, value: nil, initial: nil, entry: entry, exit: exit, children: [])))
  }
}

/// A history pseudo-state: a transition to it re-enters the states its parent was in when it
/// was last left: the parent's active children (shallow) or its active leaves (deep). Before
/// the parent was ever left, it enters `default`, or the parent's initial state (every region,
/// for a history inside a parallel state).
public struct History<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A history state; declare it among its parent's children.
  ///
  /// - Parameters:
  ///   - state: The pseudo-state's case (a case of the state enum that is never active itself).
  ///   - deep: Whether it restores the leaves (deep) or the parent's children (shallow).
  ///   - default: What to enter when there is no history yet; the parent's initial state if
  ///     `nil`.
  public init(_ state: State, deep: Bool = false, default: State? = nil) {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .history(deep: deep), key: state.caseKey, value: state, initial: `default`, entry: nil,
          exit: nil,
          children: [])))
  }

  /// A history state declared by its case (it is never active, so it needs no value).
  ///
  /// - Parameters:
  ///   - key: The pseudo-state's case.
  ///   - deep: Whether it restores the leaves (deep) or the parent's children (shallow).
  ///   - default: What to enter when there is no history yet; see the other initializer.
  public init(case key: State.Case, deep: Bool = false, default: State? = nil) {
    element = ChartElement(
      kind: .node(
        .init(
          kind: .history(deep: deep), key: key, value: nil, initial: `default`, entry: nil, exit: nil,
          children: [])))
  }
}

/// An eventless transition: taken, without an event, as soon as its source is active and its
/// guard holds, before the next event is processed (SCXML's transition without `event`).
///
/// ```swift
/// Always(from: .checking, to: .approved).guarded("small") { $0.context.total < 100 }
/// ```
public struct Always<State: CaseKeyed, Event: CaseKeyed>: EdgeElement {
  let spec: ChartElement<State, Event>.EdgeSpec

  init(spec: ChartElement<State, Event>.EdgeSpec) { self.spec = spec }

  /// This transition, taken only when `condition` holds too (both must hold).
  ///
  /// - Parameters:
  ///   - name: The guard's name in problems, diagrams and SCXML; `guard` when omitted.
  ///   - condition: Reads the source state, the extended state and the configuration.
  /// - Returns: The guarded transition.
  public func guarded(_ name: String? = nil, _ condition: @escaping ChartGuard<State, Event>) -> Self {
    Self(spec: spec.guarded(name, .chart(condition)))
  }

  /// This transition with `body` as an action (after any it has), run after the exit actions
  /// and before the entry actions of the microstep that takes it.
  ///
  /// - Parameter body: The action; it may change the extended state, raise and send events.
  /// - Returns: The transition with the action.
  public func action(_ body: @escaping ChartAction<State, Event>) -> Self { Self(spec: spec.acting(body)) }

  /// This transition as SCXML's `type="internal"`: from a compound state to its own
  /// descendants, it does not leave and re-enter its source.
  ///
  /// - Returns: The internal transition.
  public func `internal`() -> Self { Self(spec: spec.internalized()) }

  /// An eventless transition from `from` to `to`, with an optional guard as the trailing
  /// closure (given the source state's value).
  ///
  /// - Parameters:
  ///   - from: The source state's case.
  ///   - to: The target.
  ///   - conditionName: The guard's name in diagrams; `guard` when omitted.
  ///   - condition: Whether to take it now; `nil` for always (then it is taken at once).
  public init(
    from: State.Case, to: State, guard conditionName: String? = nil,
    _ condition: (@Sendable (State) -> Bool)? = nil
  ) {
    var spec = ChartElement<State, Event>.EdgeSpec(trigger: .eventless, from: from, to: to)
    if let condition { spec = spec.guarded(conditionName, .state(condition)) }
    self.spec = spec
  }

  /// A targetless eventless transition: its action runs and no state is left or entered. Give
  /// it a guard that its action makes false, or it is taken until the machine's loop limit.
  ///
  /// - Parameter from: The source state's case.
  public init(from: State.Case) {
    spec = .init(trigger: .eventless, from: from, to: nil)
  }
}

/// A delayed transition: `delay` after its source is entered, on the machine's scheduler, it is
/// taken if its source is still active (leaving cancels the timer) and its guard holds.
public struct After<State: CaseKeyed, Event: CaseKeyed>: EdgeElement {
  let spec: ChartElement<State, Event>.EdgeSpec

  init(spec: ChartElement<State, Event>.EdgeSpec) { self.spec = spec }

  /// This transition, taken only when `condition` holds too (both must hold).
  ///
  /// - Parameters:
  ///   - name: The guard's name in problems, diagrams and SCXML; `guard` when omitted.
  ///   - condition: Reads the source state, the extended state and the configuration.
  /// - Returns: The guarded transition.
  public func guarded(_ name: String? = nil, _ condition: @escaping ChartGuard<State, Event>) -> Self {
    Self(spec: spec.guarded(name, .chart(condition)))
  }

  /// This transition with `body` as an action (after any it has), run after the exit actions
  /// and before the entry actions of the microstep that takes it.
  ///
  /// - Parameter body: The action; it may change the extended state, raise and send events.
  /// - Returns: The transition with the action.
  public func action(_ body: @escaping ChartAction<State, Event>) -> Self { Self(spec: spec.acting(body)) }

  /// This transition as SCXML's `type="internal"`: from a compound state to its own
  /// descendants, it does not leave and re-enter its source.
  ///
  /// - Returns: The internal transition.
  public func `internal`() -> Self { Self(spec: spec.internalized()) }

  /// A transition taken `delay` after `from` is entered.
  ///
  /// - Parameters:
  ///   - delay: How long after entry; on the machine's scheduler.
  ///   - from: The source state's case.
  ///   - to: The target; `nil` for a targetless transition (its action runs, nothing is left).
  public init(_ delay: SchedulerTime.Stride, from: State.Case, to: State? = nil) {
    spec = .init(trigger: .delayed(.fixed(delay), label: "after \(delay)"), from: from, to: to)
  }

  /// A transition taken a delay read from the extended state after `from` is entered (the
  /// delay is computed when the state is entered).
  ///
  /// - Parameters:
  ///   - label: How diagrams name the delay (`"backoff"` draws `after backoff`).
  ///   - delay: The delay, from the entered state and the extended state.
  ///   - from: The source state's case.
  ///   - to: The target; `nil` for a targetless transition.
  public init(
    _ label: String, _ delay: @escaping @Sendable (ChartContext<State, Event>) -> SchedulerTime.Stride,
    from: State.Case, to: State? = nil
  ) {
    spec = .init(trigger: .delayed(.computed(delay), label: "after \(label)"), from: from, to: to)
  }
}

/// A done transition: taken when a compound state reaches a final child, or a parallel state
/// has every region in a final state (SCXML's `done.state.id` event, raised inside the
/// macrostep). The transition may belong to the done state itself or to any state active then
/// (usually an ancestor); its guard and action read the final state's value as `doneData`.
public struct Done<State: CaseKeyed, Event: CaseKeyed>: EdgeElement {
  let spec: ChartElement<State, Event>.EdgeSpec

  init(spec: ChartElement<State, Event>.EdgeSpec) { self.spec = spec }

  /// This transition, taken only when `condition` holds too (both must hold).
  ///
  /// - Parameters:
  ///   - name: The guard's name in problems, diagrams and SCXML; `guard` when omitted.
  ///   - condition: Reads the source state, the extended state and the configuration.
  /// - Returns: The guarded transition.
  public func guarded(_ name: String? = nil, _ condition: @escaping ChartGuard<State, Event>) -> Self {
    Self(spec: spec.guarded(name, .chart(condition)))
  }

  /// This transition with `body` as an action (after any it has), run after the exit actions
  /// and before the entry actions of the microstep that takes it.
  ///
  /// - Parameter body: The action; it may change the extended state, raise and send events.
  /// - Returns: The transition with the action.
  public func action(_ body: @escaping ChartAction<State, Event>) -> Self { Self(spec: spec.acting(body)) }

  /// This transition as SCXML's `type="internal"`: from a compound state to its own
  /// descendants, it does not leave and re-enter its source.
  ///
  /// - Returns: The internal transition.
  public func `internal`() -> Self { Self(spec: spec.internalized()) }

  /// A transition from `from` taken when `from` is done.
  ///
  /// - Parameters:
  ///   - from: The compound or parallel state's case.
  ///   - to: The target; `nil` for a targetless transition.
  public init(from: State.Case, to: State? = nil) {
    spec = .init(trigger: .done(from), from: from, to: to)
  }

  /// A transition from `from` taken when the state of case `state` is done: an ancestor (or any
  /// active state) handling a descendant's done event.
  ///
  /// - Parameters:
  ///   - state: The compound or parallel state whose done event it takes.
  ///   - from: The state the transition belongs to.
  ///   - to: The target; `nil` for a targetless transition.
  public init(of state: State.Case, from: State.Case, to: State? = nil) {
    spec = .init(trigger: .done(state), from: from, to: to)
  }
}

/// A publisher invoked for a state's lifetime: subscribed when the state is entered (at the end
/// of the macrostep that entered it), cancelled when it is left or the machine is released. Its
/// values, finish and failure become events, sent to the machine (so processed one at a time,
/// after the macrostep in progress); a result that arrives after the state was left is dropped.
public struct Invoke<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// Invokes `start(state)` while the state of case `key` is active.
  ///
  /// - Parameters:
  ///   - key: The state's case.
  ///   - label: What the state invokes, in words (`"updates.check()"`); the Mermaid and DOT
  ///     exports draw it in the state as `invoke <label>` (`invoke` alone without one).
  ///   - start: Makes the publisher from the state's value.
  ///   - onValue: The event a value becomes, or `nil` to ignore it.
  ///   - onFinish: The event the finish becomes, or `nil`.
  ///   - onFailure: The event a failure becomes, or `nil`.
  public init<P: Publisher>(
    in key: State.Case, label: String? = nil, _ start: @escaping @Sendable (State) -> P,
    onValue: (@Sendable (P.Output) -> Event?)? = nil, onFinish: Event? = nil,
    onFailure: (@Sendable (P.Failure) -> Event?)? = nil
  ) {
    element = ChartElement(
      kind: .invoke(
        in: key,
        start: { state, send in
          start(state).sink(
            receiveCompletion: { completion in
              switch completion {
              case .finished: if let onFinish { send(onFinish) }
              case .failure(let error): if let event = onFailure?(error) { send(event) }
              }
            },
            receiveValue: { value in if let event = onValue?(value) { send(event) } })
        }, label: label))
  }
}

/// Collects a statechart's structure, one element per line.
@resultBuilder
public enum ChartBuilder<State: CaseKeyed, Event: CaseKeyed> {
  /// A compound state.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Compound<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// A parallel state.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Parallel<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// An atomic state.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Leaf<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// A final state.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Final<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// A history state.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: History<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// An eventless transition.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Always<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// A delayed transition.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: After<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// A done transition.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Done<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// An invoked publisher.
  ///
  /// - Parameter part: The line.
  /// - Returns: Its element.
  public static func buildExpression(_ part: Invoke<State, Event>) -> [ChartElement<State, Event>] {
    [part.element]
  }
  /// Several elements (a helper that builds part of a chart and returns them).
  ///
  /// - Parameter elements: The helper's elements.
  /// - Returns: Them, in order.
  public static func buildExpression(_ elements: [ChartElement<State, Event>]) -> [ChartElement<State, Event>]
  {
    elements
  }
  /// The elements of a block, in order.
  ///
  /// - Parameter parts: Each line's elements.
  /// - Returns: All of them.
  public static func buildBlock(_ parts: [ChartElement<State, Event>]...) -> [ChartElement<State, Event>] {
    parts.flatMap { $0 }
  }
  /// Elements under an `if`.
  ///
  /// - Parameter part: The elements, or `nil`.
  /// - Returns: Them, or none.
  public static func buildOptional(_ part: [ChartElement<State, Event>]?) -> [ChartElement<State, Event>] {
    part ?? []
  }
  /// Elements of the first branch of an `if`/`else`.
  ///
  /// - Parameter first: The branch's elements.
  /// - Returns: Them.
  public static func buildEither(first: [ChartElement<State, Event>]) -> [ChartElement<State, Event>] {
    first
  }
  /// Elements of the second branch of an `if`/`else`.
  ///
  /// - Parameter second: The branch's elements.
  /// - Returns: Them.
  public static func buildEither(second: [ChartElement<State, Event>]) -> [ChartElement<State, Event>] {
    second
  }
  /// Elements from a `for` loop.
  ///
  /// - Parameter parts: Each iteration's elements.
  /// - Returns: All of them.
  public static func buildArray(_ parts: [[ChartElement<State, Event>]]) -> [ChartElement<State, Event>] {
    parts.flatMap { $0 }
  }
}
