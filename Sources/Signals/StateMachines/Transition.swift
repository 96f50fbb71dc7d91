/// Something an owner of a machine attaches to a transition and reads back when it is taken
/// (as xstate's `meta`): the machine carries it and never reads it.
///
/// A coordinator attaches how a screen is shown (push, modal, root, in `Coordinators`); an app may
/// attach analytics names or a screen's title. Attach one with `Transition.annotated(_:)`, read
/// it from the graph (`Transition.annotation(_:)`) or from a step the machine publishes
/// (`StateMachine.Step.annotation(_:)`).
///
/// Threading: a value shared between threads, hence `Sendable`. Bad input: none; a transition
/// may carry several annotations of one type, and the last one wins when read by type.
public protocol TransitionAnnotation: Sendable {
  /// The text Mermaid and DOT exports draw in parentheses after the transition's event
  /// (`openSettings (modal)`), or `nil` to draw nothing; `nil` by default.
  var diagramLabel: String? { get }
}

extension TransitionAnnotation {
  /// Draws nothing.
  public var diagramLabel: String? { nil }
}

/// One edge of a `StateGraph`: from a case of `State` (or from every state), on a case of
/// `Event`, to a target, with an optional guard and annotations its machine's owner reads.
/// Written one per line in a graph's builder block:
///
/// ```swift
/// Transition(from: .failure, on: .press, to: .loading)
/// Transition(from: .loading, on: .succeeded, to: .make(.success) { event in
///   if case .succeeded(let session) = event { .success(session) } else { nil }
/// })
/// Transition(from: .launch, on: .launched, to: .biometric, guard: "biometric") { _, event in
///   event == .launched(.biometric)
/// }
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
      /// Named here, resolved by the machine's owner when the transition is taken.
      case resolved(String)
      /// Targetless: the transition's action runs, no state is left or entered.
      case none
    }
    @usableFromInline let kind: Kind

    @inlinable init(kind: Kind) { self.kind = kind }

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

    /// A target the machine's owner resolves when the transition is taken: `name` says which
    /// (`previous`, for a coordinator's way back). The machine asks the resolver its owner gave
    /// it; with none, or when the resolver has no answer now, the event is refused with
    /// `TransitionRejected.Reason.noHistory`. `can(_:)` asks the resolver too. A statechart never
    /// takes such a transition; exports draw it only where the owner says where it leads, and
    /// SCXML leaves it out.
    ///
    /// - Parameter name: What the owner resolves (`previous`); drawn in diagrams as the label
    ///   `(name)`.
    /// - Returns: The target, for `Transition`'s `to:`.
    public static func resolved(_ name: String) -> Target { Target(kind: .resolved(name)) }
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
  public var conditionName: String? { guardName }
  /// `conditionName`, stored (an inlinable initializer cannot call a private setter).
  @usableFromInline var guardName: String?
  /// What the machine's owner attached with `annotated(_:)`, in that order; the machine never
  /// reads them.
  public private(set) var annotations: [any TransitionAnnotation] = []
  /// Whether a wildcard (`fromAny`) applies in the state it leads to; set to `false` by
  /// `excludingTarget()`.
  public private(set) var appliesInTarget = true
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
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  @inlinable
  public init(
    from: State.Case, on event: Event.Case, to: State,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.init(
      from: from, event: event, target: Target(kind: .fixed(to)), conditionName: conditionName,
      condition: condition)
  }

  /// An edge from the case `from` on the case `event` to a made or resolved target
  /// (`.make(.profile) { ... }`, `.resolved("previous")`), with an optional guard as the
  /// trailing closure.
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - target: Where it leads: `.make(_:_:)` or `.resolved(_:)`.
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  @inlinable
  public init(
    from: State.Case, on event: Event.Case, to target: Target,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.init(from: from, event: event, target: target, conditionName: conditionName, condition: condition)
  }

  /// A targetless transition from the case `from` on the case `event`: when taken, its action
  /// runs and no state is left or entered (timers, invocations and regions carry on). Give it
  /// an action with `action(_:)` and a guard with `guarded(_:_:)`.
  ///
  /// - Parameters:
  ///   - from: The case of the state it belongs to.
  ///   - event: The case of the event that takes it.
  @inlinable
  public init(from: State.Case, on event: Event.Case) {
    self.init(from: from, event: event, target: Target(kind: .none), conditionName: nil, condition: nil)
  }

  /// An edge from every state on `event` to `to` (for global events such as "session
  /// expired"). An edge declared for a specific state and the same event is tried first; it
  /// applies in its own target too, unless made with `excludingTarget()`.
  ///
  /// - Parameters:
  ///   - event: The case of the event that takes it, in any state.
  ///   - to: The state it leads to, payload included.
  @inlinable
  public init(fromAny event: Event.Case, to: State) {
    self.init(from: nil, event: event, target: Target(kind: .fixed(to)), conditionName: nil, condition: nil)
  }

  /// A wildcard edge (see the other `fromAny` form) to a made or resolved target.
  ///
  /// - Parameters:
  ///   - event: The case of the event that takes it, in any state.
  ///   - target: Where it leads: `.make(_:_:)` or `.resolved(_:)`.
  @inlinable
  public init(fromAny event: Event.Case, to target: Target) {
    self.init(from: nil, event: event, target: target, conditionName: nil, condition: nil)
  }

  @inlinable
  init(
    from: State.Case?, event: Event.Case, target: Target, conditionName: String?,
    condition: (@Sendable (State, Event) -> Bool)?
  ) {
    self.from = from
    self.event = event
    self.target = target
    self.condition = condition
    guardName = condition == nil ? nil : (conditionName ?? "guard")
  }

  /// This transition carrying `annotation` as well, after those it already carries: data for
  /// the machine's owner (a coordinator's presentation), which the machine never reads.
  /// `StateMachine.Step.annotations` hands them over when the transition is taken, and exports
  /// draw each one's `diagramLabel`.
  ///
  /// - Parameter annotation: What to attach.
  /// - Returns: The annotated transition.
  public func annotated(_ annotation: some TransitionAnnotation) -> Transition {
    var copy = self
    copy.annotations.append(annotation)
    return copy
  }

  /// The last annotation of type `type` the transition carries, or `nil`.
  ///
  /// - Parameter type: The annotation's type.
  /// - Returns: The annotation attached last with that type, or `nil` when there is none.
  public func annotation<Annotation: TransitionAnnotation>(_ type: Annotation.Type) -> Annotation? {
    annotations.lastAnnotation(type)
  }

  /// This wildcard, not applying in the state it leads to (a screen is not opened over
  /// itself): there, the event finds no transition (or the state's own). Changes nothing for a
  /// transition with a source.
  ///
  /// - Returns: The transition, excluded from its target.
  public func excludingTarget() -> Transition {
    var copy = self
    copy.appliesInTarget = false
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
    copy.guardName = [conditionName, name ?? "guard"].compactMap { $0 }.joined(separator: " && ")
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
  @inlinable
  var needsChart: Bool {
    if case .none = target.kind { return true }
    return !actions.isEmpty || !chartConditions.isEmpty || isInternal
  }

  /// Whether the transition has no target.
  public var isTargetless: Bool {
    if case .none = target.kind { true } else { false }
  }

  /// The target's case, or `nil` for a resolved target (its owner decides) and a targetless
  /// transition.
  public var to: State.Case? {
    switch target.kind {
    case .fixed(let state): state.caseKey
    case .made(let key, _): key
    case .resolved, .none: nil
    }
  }

  /// The name of a resolved target (`.resolved("previous")`), or `nil` for any other.
  public var resolvedTargetName: String? {
    if case .resolved(let name) = target.kind { name } else { nil }
  }

  /// The source's case name, or `*` for a wildcard.
  public var fromName: String { from.map(caseLabel) ?? "*" }
  /// The event's case name.
  public var eventName: String { caseLabel(event) }
  /// The target's case name, a resolved target's name (`previous`), or the source's name for a
  /// targetless transition (it stays there).
  public var toName: String { to.map(caseLabel) ?? resolvedTargetName ?? fromName }
}

extension Transition.Target: Sendable where State: Sendable {}
extension Transition.Target.Kind: Sendable where State: Sendable {}
extension Transition: Sendable where State: Sendable {}

extension Array where Element == any TransitionAnnotation {
  /// The last element of type `type`, or `nil`.
  func lastAnnotation<Annotation: TransitionAnnotation>(_ type: Annotation.Type) -> Annotation? {
    for annotation in reversed() { if let found = annotation as? Annotation { return found } }
    return nil
  }
}

/// Collects `StateGraph.Transition`s written one per line.
@resultBuilder
public enum TransitionBuilder<State: CaseKeyed, Event: CaseKeyed> {
  /// One transition.
  ///
  /// - Parameter transition: A transition written on its own line.
  /// - Returns: It, alone.
  @inlinable
  public static func buildExpression(_ transition: Transition<State, Event>) -> [Transition<State, Event>] {
    [transition]
  }
  /// Several transitions (a helper that returns an array).
  ///
  /// - Parameter transitions: The helper's transitions.
  /// - Returns: Them, in order.
  @inlinable
  public static func buildExpression(_ transitions: [Transition<State, Event>]) -> [Transition<State, Event>]
  {
    transitions
  }
  /// The transitions of a block, in order.
  ///
  /// - Parameter parts: Each line's transitions.
  /// - Returns: All of them, line after line.
  @inlinable
  public static func buildBlock(_ parts: [Transition<State, Event>]...) -> [Transition<State, Event>] {
    parts.flatMap { $0 }
  }
  /// Transitions under an `if`.
  ///
  /// - Parameter part: The `if`'s transitions, or `nil` when its condition was false.
  /// - Returns: Them, or none.
  @inlinable
  public static func buildOptional(_ part: [Transition<State, Event>]?) -> [Transition<State, Event>] {
    part ?? []
  }
  /// Transitions under an `if`/`else`.
  ///
  /// - Parameter first: The transitions of the branch taken (the first).
  /// - Returns: Them.
  @inlinable
  public static func buildEither(first: [Transition<State, Event>]) -> [Transition<State, Event>] {
    first
  }
  /// Transitions under an `if`/`else`.
  ///
  /// - Parameter second: The transitions of the branch taken (the second).
  /// - Returns: Them.
  @inlinable
  public static func buildEither(second: [Transition<State, Event>]) -> [Transition<State, Event>] {
    second
  }
  /// Transitions from a `for` loop.
  ///
  /// - Parameter parts: Each iteration's transitions.
  /// - Returns: All of them, iteration after iteration.
  @inlinable
  public static func buildArray(_ parts: [[Transition<State, Event>]]) -> [Transition<State, Event>] {
    parts.flatMap { $0 }
  }
}
