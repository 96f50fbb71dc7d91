/// What an entry, exit or transition action of a statechart is given: the state it runs for,
/// the event being processed, and a way to send the machine another event.
///
/// Threading: actions run on the thread processing the event, outside the machine's lock. An
/// event sent from an action is queued and processed after the current macrostep (the event
/// and every eventless and internal step it leads to), as SCXML's run-to-completion says.
public struct ChartContext<State: CaseKeyed, Event: CaseKeyed> {
  /// The state the action belongs to (for a transition action, the transition's source), with
  /// its payload.
  public let state: State
  /// The event being processed; `nil` at the machine's start, on an eventless, delayed or done
  /// transition.
  public let event: Event?
  let sender: (Event) -> Void

  /// Sends `event` to the machine; it is processed after the current macrostep.
  ///
  /// - Parameter event: The event to queue.
  public func send(_ event: Event) { sender(event) }
}

/// An entry, exit or transition action.
public typealias ChartAction<State: CaseKeyed, Event: CaseKeyed> =
  @Sendable (ChartContext<State, Event>) -> Void

/// One line of a statechart's `chart:` block: a state with its children, a final or history
/// state, an eventless, delayed or done transition, or a publisher invoked for a state's
/// lifetime. Made by `Compound`, `Parallel`, `Leaf`, `Final`, `History`, `Always`, `After`,
/// `Done` and `Invoke`.
public struct ChartElement<State: CaseKeyed, Event: CaseKeyed> {
  enum Kind {
    case node(NodeSpec)
    case always(from: State.Case, to: State, name: String?, condition: (@Sendable (State) -> Bool)?)
    case after(delay: SchedulerTime.Stride, from: State.Case, to: State)
    case done(from: State.Case, to: State)
    case invoke(in: State.Case, start: InvokeStart, label: String?)
  }

  typealias NodeKind = ChartNodeKind

  struct NodeSpec {
    let kind: NodeKind
    let value: State
    /// A compound state's initial state, or a history state's default.
    let initial: State?
    let entry: ChartAction<State, Event>?
    let exit: ChartAction<State, Event>?
    let children: [ChartElement]
  }

  /// Subscribes an invoked publisher for the state's value; its results go to `send`.
  typealias InvokeStart = (State, @escaping (Event) -> Void) -> AnyCancellable

  let kind: Kind
}

/// What a statechart's state is (not generic, so that the machine's walks over the hierarchy
/// run specialized code).
enum ChartNodeKind: Equatable, Sendable {
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
        .init(kind: .compound, value: state, initial: initial, entry: entry, exit: exit, children: children())
      ))
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
        .init(kind: .parallel, value: state, initial: nil, entry: entry, exit: exit, children: regions())))
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
      kind: .node(.init(kind: .atomic, value: state, initial: nil, entry: entry, exit: exit, children: [])))
  }
}

/// A final state: entering it makes its parent done (a `Done` transition from the parent may
/// then be taken); a parallel state is done when every region is in a final state. A final
/// state at the top level ends the machine: it takes no more events.
public struct Final<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A final state.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - entry: Run when the state is entered.
  public init(_ state: State, entry: ChartAction<State, Event>? = nil) {
    element = ChartElement(
      kind: .node(.init(kind: .final, value: state, initial: nil, entry: entry, exit: nil, children: [])))
  }
}

/// A history pseudo-state: a transition to it re-enters the states its parent was in when it
/// was last left: the parent's active children (shallow) or its active leaves (deep). Before
/// the parent was ever left, it enters `default`, or the parent's initial state.
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
          kind: .history(deep: deep), value: state, initial: `default`, entry: nil, exit: nil, children: [])))
  }
}

/// An eventless transition: taken, without an event, as soon as its source is active and its
/// guard holds, before the next event is processed (SCXML's transition without `event`).
public struct Always<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

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
    element = ChartElement(
      kind: .always(
        from: from, to: to, name: condition == nil ? nil : conditionName ?? "guard", condition: condition))
  }
}

/// A delayed transition: `delay` after its source is entered, on the machine's scheduler, it is
/// taken unless the source was left meanwhile (leaving cancels the timer).
public struct After<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A transition taken `delay` after `from` is entered.
  ///
  /// - Parameters:
  ///   - delay: How long after entry; on the machine's scheduler.
  ///   - from: The source state's case.
  ///   - to: The target.
  public init(_ delay: SchedulerTime.Stride, from: State.Case, to: State) {
    element = ChartElement(kind: .after(delay: delay, from: from, to: to))
  }
}

/// A done transition: taken when its compound source reaches a final child, or its parallel
/// source has every region in a final state (SCXML's `done.state.id` event).
public struct Done<State: CaseKeyed, Event: CaseKeyed> {
  let element: ChartElement<State, Event>

  /// A transition from `from` taken when `from` is done.
  ///
  /// - Parameters:
  ///   - from: The compound or parallel state's case.
  ///   - to: The target.
  public init(from: State.Case, to: State) {
    element = ChartElement(kind: .done(from: from, to: to))
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
