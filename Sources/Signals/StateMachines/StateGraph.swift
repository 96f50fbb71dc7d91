/// A state machine's graph, as data: states, an initial state, terminal states and transitions
/// `from --event--> to`, each with an optional guard and a presentation style.
///
/// States and events are the user's own enums, adopting `CaseKeyed`; transitions name cases,
/// so payloads (a user id) are never spelled in the graph:
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
/// `dot()`. Making it builds the index a machine looks transitions up in (one hash lookup per
/// send, no reflection). Threading: immutable, safe to share. Bad input: nothing is checked at
/// construction; `problems()` lists what is wrong.
public struct StateGraph<State: CaseKeyed, Event: CaseKeyed> {
  /// One edge of the graph; see `Signals.Transition`.
  public typealias Transition = Signals.Transition<State, Event>

  /// The state a machine starts in.
  public let initial: State
  /// The cases a flow ends in; they need no way out.
  public let terminal: [State.Case]
  /// Every state's case, in declaration order: the initial state, the states given to `init`,
  /// the terminal ones, then those the transitions name.
  public let states: [State.Case]
  /// The transitions, in declaration order.
  public let transitions: [Transition]
  let declaredStates: Set<State.Case>?
  @usableFromInline let index: TransitionIndex<State, Event>

  /// A graph starting in `initial`, ending in `terminal`, with `transitions`.
  ///
  /// Pass `states` to declare every case up front: validation then reports states no
  /// transition reaches, and transitions that name undeclared states.
  public init(
    initial: State, terminal: [State.Case] = [], states declared: [State.Case]? = nil,
    @TransitionBuilder<State, Event> transitions: () -> [Transition]
  ) {
    self.init(initial: initial, terminal: terminal, states: declared, transitions: transitions())
  }

  /// A graph from a plain array of transitions; see the builder form.
  public init(
    initial: State, terminal: [State.Case] = [], states declared: [State.Case]? = nil,
    transitions: [Transition]
  ) {
    self.initial = initial
    self.terminal = terminal
    self.transitions = transitions
    declaredStates = declared.map(Set.init)
    var seen: Set<State.Case> = []
    var ordered: [State.Case] = []
    var named: [State.Case] = [initial.caseKey] + (declared ?? []) + terminal
    for transition in transitions {
      if let from = transition.from { named.append(from) }
      if let to = transition.to { named.append(to) }
    }
    for key in named where seen.insert(key).inserted { ordered.append(key) }
    states = ordered
    index = TransitionIndex(transitions)
  }

  /// Whether any transition goes back to `.previous` (the machine then keeps a stack).
  public var hasHistoryTargets: Bool { transitions.contains(where: \.returnsToPrevious) }

  /// The transitions that may apply in a state of case `state` on an event of case `event`,
  /// in the order they are tried: specific ones, then wildcards.
  public func candidates(from state: State.Case, on event: Event.Case) -> [Transition] {
    index.candidates(state, event).map { index.slots[$0] }
  }

  /// Whether `state` is terminal.
  public func isTerminal(_ state: State.Case) -> Bool { terminal.contains(state) }

  /// The case name the graph gives `state` (`.profile(id: 42)` is `profile`).
  public func name(of state: State) -> String { caseLabel(state.caseKey) }

  /// The name the graph gives the case `key`.
  public func name(ofCase key: State.Case) -> String { caseLabel(key) }

  /// The case name the graph gives `event`.
  public func name(ofEvent event: Event) -> String { caseLabel(event.caseKey) }
}

/// Where each (state case, event case) finds its candidate transitions: built once per graph,
/// looked up with one hash per send (two when only wildcards apply).
@usableFromInline
struct TransitionIndex<State: CaseKeyed, Event: CaseKeyed> {
  @usableFromInline
  struct Pair: Hashable, Sendable {
    @usableFromInline let state: State.Case
    @usableFromInline let event: Event.Case

    @inlinable init(state: State.Case, event: Event.Case) {
      self.state = state
      self.event = event
    }
  }

  /// The transitions, copied in lookup order: each range below is a run of this array.
  @usableFromInline let slots: [Transition<State, Event>]
  /// What the send path needs of each slot, flattened into a reference so that reading it
  /// copies nothing.
  @usableFromInline let rules: [Rule<State, Event>]
  @usableFromInline let specific: [Pair: Range<Int>]
  @usableFromInline let wildcard: [Event.Case: Range<Int>]

  init(_ transitions: [Transition<State, Event>]) {
    var slots: [Transition<State, Event>] = []
    var specific: [Pair: Range<Int>] = [:]
    var wildcard: [Event.Case: Range<Int>] = [:]
    var events: [Event.Case] = []
    var seenEvents: Set<Event.Case> = []
    for transition in transitions where seenEvents.insert(transition.event).inserted {
      events.append(transition.event)
    }
    for event in events {
      let onEvent = transitions.filter { $0.event == event }
      let wildcards = onEvent.filter { $0.from == nil }
      // A wildcard that pushes or presents does not apply in the state it leads to.
      func applies(_ wildcard: Transition<State, Event>, in state: State.Case) -> Bool {
        guard wildcard.presentation == .push || wildcard.presentation == .modal else { return true }
        return wildcard.to != state
      }
      var sources: [State.Case] = []
      for transition in onEvent {
        if let from = transition.from, !sources.contains(from) { sources.append(from) }
      }
      for wildcard in wildcards {
        if let to = wildcard.to, !applies(wildcard, in: to), !sources.contains(to) { sources.append(to) }
      }
      for source in sources {
        let start = slots.count
        slots += onEvent.filter { $0.from == source }
        slots += wildcards.filter { applies($0, in: source) }
        specific[Pair(state: source, event: event)] = start..<slots.count
      }
      if !wildcards.isEmpty {
        let start = slots.count
        slots += wildcards
        wildcard[event] = start..<slots.count
      }
    }
    self.slots = slots
    rules = slots.map { Rule($0) }
    self.specific = specific
    self.wildcard = wildcard
  }

  /// The slots to try, in order; empty when nothing applies.
  @inlinable
  func candidates(_ state: State.Case, _ event: Event.Case) -> Range<Int> {
    if let range = specific[Pair(state: state, event: event)] { return range }
    return wildcard[event] ?? 0..<0
  }
}

/// One slot of the index as the send path reads it.
@usableFromInline
final class Rule<State: CaseKeyed, Event: CaseKeyed> {
  @usableFromInline let condition: (@Sendable (State, Event) -> Bool)?
  @usableFromInline let fixed: State?
  @usableFromInline let make: (@Sendable (Event) -> State?)?
  @usableFromInline let key: State.Case?
  @usableFromInline let presentation: Presentation

  init(_ transition: Transition<State, Event>) {
    condition = transition.condition
    presentation = transition.presentation
    key = transition.to
    switch transition.target.kind {
    case .fixed(let state):
      fixed = state
      make = nil
    case .made(_, let body):
      fixed = nil
      make = body
    case .previous:
      fixed = nil
      make = nil
    }
  }
}

extension Rule: Sendable where State: Sendable {}
extension TransitionIndex: Sendable where State: Sendable {}
extension StateGraph: Sendable where State: Sendable {}
