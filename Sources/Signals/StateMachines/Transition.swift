/// How a coordinator shows the screen a transition leads to.
public enum Presentation: String, Sendable, Hashable {
  /// No navigation (a state that is not a screen of its own, or the same screen updated).
  case none
  /// Pushed onto the current stack.
  case push
  /// Presented modally over the current stack.
  case modal
  /// Replaces the whole stack.
  case root
}

/// One edge of a `StateGraph`: from a case of `State` (or from every state), on a case of
/// `Event`, to a target, with an optional guard and the way a coordinator shows the target.
/// Written one per line in a graph's builder block:
///
/// ```swift
/// Transition(from: .failure, on: .press, to: .loading, presentation: .none)
/// Transition(from: .loading, on: .succeeded, to: .make(.success) { event in
///   if case .succeeded(let session) = event { .success(session) } else { nil }
/// })
/// Transition(from: .launch, on: .launched, to: .biometric, guard: "biometric") { _, event in
///   event == .launched(.biometric)
/// }
/// Transition(from: .settings, on: .close, to: .previous)
/// Transition(fromAny: .sessionExpired, to: .login)
/// ```
///
/// A trailing closure is always the guard. Threading: a value; its closures are called on the
/// sending thread, never under the machine's lock. Bad input: see `StateMachine.send(_:)`.
public struct Transition<State: CaseKeyed, Event: CaseKeyed> {
  /// Where a transition leads.
  public struct Target {
    @usableFromInline
    enum Kind {
      case fixed(State)
      case made(State.Case, @Sendable (Event) -> State?)
      case previous
      /// Targetless: the transition's action runs, no state is left or entered.
      case none
    }
    @usableFromInline let kind: Kind

    init(kind: Kind) { self.kind = kind }

    /// A target made from the event, for states that carry the event's payload
    /// (`.openProfile(id: 42)` to `.profile(id: 42)`). `key` names the target's case for
    /// validation and diagrams; `make` returning `nil` or another case refuses the event with
    /// `TransitionRejected.Reason.invalidTarget`.
    ///
    /// - Parameters:
    ///   - key: The case the made state has.
    ///   - make: Makes the target from the event; called on the sending thread, outside the
    ///     machine's lock.
    /// - Returns: The target, for `Transition`'s `to:`.
    public static func make(_ key: State.Case, _ make: @escaping @Sendable (Event) -> State?) -> Target {
      Target(kind: .made(key, make))
    }

    /// Back to where the machine came from (a history target): the entry under the top of the
    /// machine's stack, payload included, popped (or dismissed when the top was modal). With
    /// nothing under the top, the event is refused with `TransitionRejected.Reason.noHistory`.
    public static var previous: Target { Target(kind: .previous) }
  }

  /// The source state's case, or `nil` for an edge from every state (a wildcard).
  public let from: State.Case?
  /// The event's case.
  public let event: Event.Case
  /// Where the transition leads.
  public let target: Target
  /// Whether the transition may be taken now; `nil` means always. It gets the current state and
  /// the event, on the sending thread, outside the machine's lock (it may read `state`).
  public let condition: (@Sendable (State, Event) -> Bool)?
  /// The guard's name, for validation messages and diagrams.
  public private(set) var conditionName: String?
  /// How a coordinator shows the target (ignored for `.previous`, which pops or dismisses).
  /// `.none` when the transition was written without one, except where screens are shown (a
  /// `Coordinator`'s graph, or a graph with `.previous` targets), where that means `.push`.
  public private(set) var presentation: Presentation
  /// Whether the transition was written with a presentation.
  var presentationGiven = true
  /// What the transition does when a statechart takes it (after the exit actions, before the
  /// entry actions), in the order `action(_:)` added them. A graph with actions runs as a
  /// statechart.
  public private(set) var actions: [ChartAction<State, Event>] = []
  /// Guards that read the extended state and the configuration, added with `guarded(_:_:)`;
  /// each must hold, as well as `condition`.
  public private(set) var chartConditions: [ChartGuard<State, Event>] = []
  /// Whether the transition is SCXML's `type="internal"` (set with `internal()`).
  public private(set) var isInternal = false

  /// An edge from the case `from` on the case `event` to the state `to`, with an optional
  /// guard given as the trailing closure.
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - to: The state it leads to, payload included.
  ///   - presentation: How a coordinator shows `to`: pushed, modal, as the new root, or with
  ///     no navigation (`.none`). Leave it out for a graph that is not a flow of screens.
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  public init(
    from: State.Case, on event: Event.Case, to: State, presentation: Presentation,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.init(
      from: from, event: event, target: Target(kind: .fixed(to)), presentation: presentation,
      conditionName: conditionName, condition: condition)
  }

  /// An edge from the case `from` on the case `event` to the state `to`, with no presentation
  /// of its own: none in a plain machine; pushed where screens are shown (a `Coordinator`, or a
  /// graph with `.previous` targets, whose machine keeps a stack).
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - to: The state it leads to, payload included.
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  public init(
    from: State.Case, on event: Event.Case, to: State,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.init(
      from: from, event: event, target: Target(kind: .fixed(to)), presentation: .none,
      conditionName: conditionName, condition: condition)
    presentationGiven = false
  }

  /// An edge from the case `from` on the case `event` to a made or history target
  /// (`.make(.profile) { ... }`, `.previous`), with an optional guard as the trailing closure.
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - target: Where it leads: `.make(_:_:)` or `.previous`.
  ///   - presentation: How a coordinator shows the target (ignored for `.previous`).
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  public init(
    from: State.Case, on event: Event.Case, to target: Target, presentation: Presentation,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.init(
      from: from, event: event, target: target, presentation: presentation, conditionName: conditionName,
      condition: condition)
  }

  /// An edge from the case `from` on the case `event` to a made or history target, with no
  /// presentation of its own (none in a plain machine, pushed where screens are shown).
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - target: Where it leads: `.make(_:_:)` or `.previous`.
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  public init(
    from: State.Case, on event: Event.Case, to target: Target,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.init(
      from: from, event: event, target: target, presentation: .none, conditionName: conditionName,
      condition: condition)
    presentationGiven = false
  }

  /// A targetless transition from the case `from` on the case `event`: when taken, its action
  /// runs and no state is left or entered (timers, invocations and regions carry on). Give it
  /// an action with `action(_:)` and a guard with `guarded(_:_:)`.
  ///
  /// - Parameters:
  ///   - from: The case of the state it belongs to.
  ///   - event: The case of the event that takes it.
  public init(from: State.Case, on event: Event.Case) {
    self.init(
      from: from, event: event, target: Target(kind: .none), presentation: .none, conditionName: nil,
      condition: nil)
    presentationGiven = false
  }

  /// An edge from every state on `event` to `to` (for global events such as "session
  /// expired"). An edge declared for a specific state and the same event is tried first. A
  /// wildcard that pushes or presents does not apply in the state it leads to (a screen is not
  /// opened over itself).
  ///
  /// - Parameters:
  ///   - event: The case of the event that takes it, in any state.
  ///   - to: The state it leads to, payload included.
  ///   - presentation: How a coordinator shows `to`; the new root by default.
  public init(fromAny event: Event.Case, to: State, presentation: Presentation = .root) {
    self.init(
      from: nil, event: event, target: Target(kind: .fixed(to)), presentation: presentation,
      conditionName: nil, condition: nil)
  }

  /// A wildcard edge (see the other `fromAny` form) to a made or history target.
  ///
  /// - Parameters:
  ///   - event: The case of the event that takes it, in any state.
  ///   - target: Where it leads: `.make(_:_:)` or `.previous`.
  ///   - presentation: How a coordinator shows the target; the new root by default.
  public init(fromAny event: Event.Case, to target: Target, presentation: Presentation = .root) {
    self.init(
      from: nil, event: event, target: target, presentation: presentation, conditionName: nil, condition: nil)
  }

  init(
    from: State.Case?, event: Event.Case, target: Target, presentation: Presentation, conditionName: String?,
    condition: (@Sendable (State, Event) -> Bool)?
  ) {
    self.from = from
    self.event = event
    self.target = target
    self.presentation = presentation
    self.condition = condition
    self.conditionName = condition == nil ? nil : (conditionName ?? "guard")
  }

  /// The transition as a flow of screens reads it: written without a presentation, it pushes.
  package func forScreens() -> Transition {
    guard !presentationGiven else { return self }
    var copy = self
    copy.presentation = .push
    copy.presentationGiven = true
    return copy
  }

  /// This transition with `body` as its action, run when a statechart takes it: after the
  /// states it leaves have run their exit actions, before the states it enters run their entry
  /// actions (SCXML's order).
  ///
  /// - Parameter body: The action; it gets the transition's source state and the event.
  /// - Returns: The transition with the action.
  public func action(_ body: @escaping ChartAction<State, Event>) -> Transition {
    var copy = self
    copy.actions.append(body)
    return copy
  }

  /// This transition, taken only when `condition` holds too: a guard that reads the extended
  /// state and the configuration (`$0.context`, `$0.isActive(.online)`). A graph with such a
  /// guard runs as a statechart.
  ///
  /// - Parameters:
  ///   - name: The guard's name in problems, diagrams and SCXML; `guard` when omitted.
  ///   - condition: Whether the transition may be taken.
  /// - Returns: The guarded transition.
  public func guarded(_ name: String? = nil, _ condition: @escaping ChartGuard<State, Event>) -> Transition {
    var copy = self
    copy.chartConditions.append(condition)
    copy.conditionName = [conditionName, name ?? "guard"].compactMap { $0 }.joined(separator: " && ")
    return copy
  }

  /// This transition as SCXML's `type="internal"`: from a compound state to its own
  /// descendants, it does not leave and re-enter its source (an external one does).
  ///
  /// - Returns: The internal transition.
  public func `internal`() -> Transition {
    var copy = self
    copy.isInternal = true
    return copy
  }

  /// Whether only a statechart can run the transition: it has an action, a guard on the
  /// extended state, no target, or is internal.
  var needsChart: Bool {
    if case .none = target.kind { return true }
    return !actions.isEmpty || !chartConditions.isEmpty || isInternal
  }

  /// Whether the transition has no target.
  public var isTargetless: Bool {
    if case .none = target.kind { true } else { false }
  }

  /// The target's case, or `nil` for `.previous` (it depends on the machine's stack).
  public var to: State.Case? {
    switch target.kind {
    case .fixed(let state): state.caseKey
    case .made(let key, _): key
    case .previous, .none: nil
    }
  }

  /// Whether the target is `.previous`.
  public var returnsToPrevious: Bool {
    if case .previous = target.kind { true } else { false }
  }

  /// The source's case name, or `*` for a wildcard.
  public var fromName: String { from.map(caseLabel) ?? "*" }
  /// The event's case name.
  public var eventName: String { caseLabel(event) }
  /// The target's case name, `previous` for a history target, or the source's name for a
  /// targetless transition (it stays there).
  public var toName: String { to.map(caseLabel) ?? (isTargetless ? fromName : "previous") }
}

extension Transition.Target: Sendable where State: Sendable {}
extension Transition.Target.Kind: Sendable where State: Sendable {}
extension Transition: Sendable where State: Sendable {}

/// Collects `StateGraph.Transition`s written one per line.
@resultBuilder
public enum TransitionBuilder<State: CaseKeyed, Event: CaseKeyed> {
  /// One transition.
  ///
  /// - Parameter transition: A transition written on its own line.
  /// - Returns: It, alone.
  public static func buildExpression(_ transition: Transition<State, Event>) -> [Transition<State, Event>] {
    [transition]
  }
  /// Several transitions (a helper that returns an array).
  ///
  /// - Parameter transitions: The helper's transitions.
  /// - Returns: Them, in order.
  public static func buildExpression(_ transitions: [Transition<State, Event>]) -> [Transition<State, Event>]
  {
    transitions
  }
  /// The transitions of a block, in order.
  ///
  /// - Parameter parts: Each line's transitions.
  /// - Returns: All of them, line after line.
  public static func buildBlock(_ parts: [Transition<State, Event>]...) -> [Transition<State, Event>] {
    parts.flatMap { $0 }
  }
  /// Transitions under an `if`.
  ///
  /// - Parameter part: The `if`'s transitions, or `nil` when its condition was false.
  /// - Returns: Them, or none.
  public static func buildOptional(_ part: [Transition<State, Event>]?) -> [Transition<State, Event>] {
    part ?? []
  }
  /// Transitions under an `if`/`else`.
  ///
  /// - Parameter first: The transitions of the branch taken (the first).
  /// - Returns: Them.
  public static func buildEither(first: [Transition<State, Event>]) -> [Transition<State, Event>] {
    first
  }
  /// Transitions under an `if`/`else`.
  ///
  /// - Parameter second: The transitions of the branch taken (the second).
  /// - Returns: Them.
  public static func buildEither(second: [Transition<State, Event>]) -> [Transition<State, Event>] {
    second
  }
  /// Transitions from a `for` loop.
  ///
  /// - Parameter parts: Each iteration's transitions.
  /// - Returns: All of them, iteration after iteration.
  public static func buildArray(_ parts: [[Transition<State, Event>]]) -> [Transition<State, Event>] {
    parts.flatMap { $0 }
  }
}
