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

/// A state machine's graph, as data: states, an initial state, terminal states and transitions
/// `from --event--> to`, each with an optional guard and a presentation style.
///
/// States and events are the user's own types, usually enums; transitions match them by case
/// (`caseName(of:)`), so payloads (a user id) do not need to be spelled in the graph.
///
/// ```swift
/// let auth = StateGraph<Screen, Action>(initial: .splash, terminal: [.home]) {
///   Transition(from: .splash, on: .loaded, to: .login, presentation: .root)
///   Transition(from: .login, on: .submit, to: .loading)
///   Transition(fromAny: .sessionExpired, to: .login, presentation: .root)
/// }
/// ```
///
/// A graph is a value: make it once, validate it with `problems()`, draw it with `mermaid()` or
/// `dot()`. Threading: immutable, safe to share. Failure: nothing is checked at construction;
/// `problems()` lists what is wrong.
public struct StateGraph<State, Event> {
  /// One edge of the graph; see `Signals.Transition`.
  public typealias Transition = Signals.Transition<State, Event>

  /// The state a machine starts in.
  public let initial: State
  /// The states a flow ends in; they need no way out.
  public let terminal: [State]
  /// Every state, in declaration order: the initial state, the states given to `init`, then
  /// those the transitions name.
  public let states: [State]
  /// The transitions, in declaration order.
  public let transitions: [Transition]
  let declaredStateNames: Set<String>?

  /// A graph starting in `initial`, ending in `terminal`, with `transitions`.
  ///
  /// Pass `states` to declare every state up front: validation then reports states no
  /// transition reaches, and transitions that name undeclared states.
  public init(
    initial: State, terminal: [State] = [], states declared: [State]? = nil,
    @TransitionBuilder<State, Event> transitions: () -> [Transition]
  ) {
    self.init(initial: initial, terminal: terminal, states: declared, transitions: transitions())
  }

  /// A graph from a plain array of transitions; see the builder form.
  public init(
    initial: State, terminal: [State] = [], states declared: [State]? = nil, transitions: [Transition]
  ) {
    self.initial = initial
    self.terminal = terminal
    self.transitions = transitions
    declaredStateNames = declared.map { Set($0.map { caseName(of: $0) }) }
    var seen: Set<String> = []
    var ordered: [State] = []
    let named =
      [initial] + (declared ?? []) + terminal + transitions.flatMap { [$0.from, $0.to].compactMap { $0 } }
    for state in named where seen.insert(caseName(of: state)).inserted { ordered.append(state) }
    states = ordered
  }

  /// The transitions that may apply to `state` on `event`, specific ones before wildcards.
  public func candidates(from state: State, on event: Event) -> [Transition] {
    let stateName = caseName(of: state)
    let eventName = caseName(of: event)
    let matching = transitions.filter { $0.eventName == eventName }
    return matching.filter { $0.from != nil && $0.fromName == stateName } + matching.filter { $0.from == nil }
  }

  /// Whether `state` is terminal.
  public func isTerminal(_ state: State) -> Bool {
    let name = caseName(of: state)
    return terminal.contains { caseName(of: $0) == name }
  }
}

/// One edge of a `StateGraph`: `from --event--> to`, with an optional guard and the way a
/// coordinator shows the target. Written one per line in a graph's builder block.
public struct Transition<State, Event> {
  /// The source state, or `nil` for an edge from every state (a wildcard).
  public let from: State?
  /// The event, matched by case.
  public let event: Event
  /// The target state.
  public let to: State
  /// Whether the transition may be taken now; `nil` means always.
  public let condition: (@Sendable (State, Event) -> Bool)?
  /// The guard's name, for validation messages and diagrams.
  public let conditionName: String?
  /// How a coordinator shows the target.
  public let presentation: Presentation
  /// Makes the actual target from the event, for targets that carry the event's payload
  /// (`.openProfile(id: 42)` to `.profile(id: 42)`); `nil` means `to` as written.
  public let target: (@Sendable (State, Event) -> State)?

  /// The state the machine moves to when this transition is taken from `state` on `event`.
  ///
  /// A `carrying` closure that returns another case than `to` is a programming error in the
  /// graph; the machine then moves to `to` as written, so the graph stays the truth.
  public func destination(from state: State, on event: Event) -> State {
    guard let target else { return to }
    let made = target(state, event)
    return caseName(of: made) == caseName(of: to) ? made : to
  }

  /// An edge from `from` on `event` to `to`, optionally guarded, optionally `carrying` the
  /// event's payload into the target (`to` then names the target's case for validation and
  /// diagrams).
  public init(
    from: State, on event: Event, to: State, presentation: Presentation = .push,
    carrying target: (@Sendable (State, Event) -> State)? = nil,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self.from = from
    self.event = event
    self.to = to
    self.presentation = presentation
    self.target = target
    self.conditionName = condition == nil ? nil : (conditionName ?? "guard")
    self.condition = condition
  }

  /// An edge from every state on `event` to `to` (for global events such as "session
  /// expired"); an edge declared for a specific state and the same event takes precedence.
  public init(fromAny event: Event, to: State, presentation: Presentation = .root) {
    from = nil
    self.event = event
    self.to = to
    self.presentation = presentation
    condition = nil
    conditionName = nil
    target = nil
  }

  /// The source's case name, or `*` for a wildcard.
  public var fromName: String { from.map { caseName(of: $0) } ?? "*" }
  /// The event's case name.
  public var eventName: String { caseName(of: event) }
  /// The target's case name.
  public var toName: String { caseName(of: to) }
}

/// Collects `StateGraph.Transition`s written one per line.
@resultBuilder
public enum TransitionBuilder<State, Event> {
  /// One transition.
  public static func buildExpression(_ transition: Transition<State, Event>) -> [Transition<State, Event>] {
    [transition]
  }
  /// Several transitions (a helper that returns an array).
  public static func buildExpression(_ transitions: [Transition<State, Event>]) -> [Transition<State, Event>]
  {
    transitions
  }
  /// The transitions of a block, in order.
  public static func buildBlock(_ parts: [Transition<State, Event>]...) -> [Transition<State, Event>] {
    parts.flatMap { $0 }
  }
  /// Transitions under an `if`.
  public static func buildOptional(_ part: [Transition<State, Event>]?) -> [Transition<State, Event>] {
    part ?? []
  }
  /// Transitions under an `if`/`else`.
  public static func buildEither(first: [Transition<State, Event>]) -> [Transition<State, Event>] {
    first
  }
  /// Transitions under an `if`/`else`.
  public static func buildEither(second: [Transition<State, Event>]) -> [Transition<State, Event>] {
    second
  }
  /// Transitions from a `for` loop.
  public static func buildArray(_ parts: [[Transition<State, Event>]]) -> [Transition<State, Event>] {
    parts.flatMap { $0 }
  }
}

extension StateGraph {
  /// The case name the graph matches `state` by (`.profile(id: 42)` is `profile`).
  public func name(of state: State) -> String { caseName(of: state) }

  /// The case name the graph matches `event` by.
  public func name(ofEvent event: Event) -> String { caseName(of: event) }
}

extension Transition: Sendable where State: Sendable, Event: Sendable {}
extension StateGraph: Sendable where State: Sendable, Event: Sendable {}
