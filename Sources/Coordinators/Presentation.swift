import Signals

/// How a coordinator shows the screen a transition leads to: an annotation a `Coordinator`
/// reads from each transition it takes (`Transition.annotated(_:)`, or the `presentation:`
/// initializers below).
///
/// A transition without one pushes in a coordinator (a wildcard, `fromAny`, sets the root).
/// Exports draw `.modal` and `.root` as `(modal)` and `(root)` after the event.
public enum Presentation: String, Sendable, Hashable, TransitionAnnotation {
  /// No navigation (a state that is not a screen of its own, or the same screen updated).
  case none
  /// Pushed onto the current stack.
  case push
  /// Presented modally over the current stack.
  case modal
  /// Replaces the whole stack.
  case root

  /// `modal` and `root`; `nil` (nothing drawn) for `push` and `none`.
  public var diagramLabel: String? {
    switch self {
    case .modal, .root: rawValue
    case .push, .none: nil
    }
  }
}

/// What a transition did to a coordinator's screen stack.
public enum StackChange: Sendable, Hashable {
  /// The stack is now the new screen alone.
  case setRoot
  /// The new screen was pushed.
  case push
  /// The new screen was presented modally.
  case present
  /// The top was replaced by the new screen (the same screen, updated).
  case replaceTop
  /// The top was popped; the new screen is the entry that was under it, payload included.
  case pop
  /// The modal top was dismissed; the new screen is the entry that was under it.
  case dismiss
}

extension Transition.Target {
  /// Back to where the flow came from: the screen under the top of the coordinator's stack,
  /// payload included, popped (or dismissed when the top was modal). With nothing under the
  /// top, the event is refused with `TransitionRejected.Reason.noHistory`; a machine that no
  /// coordinator runs always refuses it.
  ///
  /// It is `.resolved("previous")`: the coordinator resolves it when the transition is taken.
  public static var previous: Self { .resolved(previousName) }
}

/// The name `.previous` resolves by.
let previousName = "previous"

extension Transition {
  /// An edge from the case `from` on the case `event` to the state `to`, shown by a coordinator
  /// as `presentation` says, with an optional guard given as the trailing closure.
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - to: The state it leads to, payload included.
  ///   - presentation: How a coordinator shows `to`: pushed, modal, as the new root, or with
  ///     no navigation (`.none`).
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  public init(
    from: State.Case, on event: Event.Case, to: State, presentation: Presentation,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self = Transition(from: from, on: event, to: to, guard: conditionName, condition).annotated(presentation)
  }

  /// An edge from the case `from` on the case `event` to a made or resolved target
  /// (`.make(.profile) { ... }`, `.previous`), shown by a coordinator as `presentation` says
  /// (ignored for `.previous`, which pops or dismisses).
  ///
  /// - Parameters:
  ///   - from: The case of the state the edge leaves.
  ///   - event: The case of the event that takes it.
  ///   - target: Where it leads: `.make(_:_:)` or `.previous`.
  ///   - presentation: How a coordinator shows the target.
  ///   - conditionName: The guard's name in problems and diagrams; `guard` when omitted.
  ///   - condition: Whether the edge may be taken, given the current state and the event; `nil`
  ///     for always.
  public init(
    from: State.Case, on event: Event.Case, to target: Target, presentation: Presentation,
    guard conditionName: String? = nil, _ condition: (@Sendable (State, Event) -> Bool)? = nil
  ) {
    self = Transition(from: from, on: event, to: target, guard: conditionName, condition)
      .annotated(presentation)
  }

  /// An edge from every state on `event` to `to`, shown by a coordinator as `presentation`
  /// says. A wildcard that pushes or presents does not apply in the state it leads to (a screen
  /// is not opened over itself). Without `presentation:`, a coordinator sets `to` as the root.
  ///
  /// - Parameters:
  ///   - event: The case of the event that takes it, in any state.
  ///   - to: The state it leads to, payload included.
  ///   - presentation: How a coordinator shows `to`.
  public init(fromAny event: Event.Case, to: State, presentation: Presentation) {
    let plain = Transition(fromAny: event, to: to).annotated(presentation)
    self = presentation.opensAScreen ? plain.excludingTarget() : plain
  }

  /// A wildcard edge (see the other `fromAny` form) to a made or resolved target.
  ///
  /// - Parameters:
  ///   - event: The case of the event that takes it, in any state.
  ///   - target: Where it leads: `.make(_:_:)` or `.previous`.
  ///   - presentation: How a coordinator shows the target.
  public init(fromAny event: Event.Case, to target: Target, presentation: Presentation) {
    let plain = Transition(fromAny: event, to: target).annotated(presentation)
    self = presentation.opensAScreen ? plain.excludingTarget() : plain
  }

  /// How a coordinator shows the target: the `Presentation` the transition carries; without
  /// one, `.root` for a wildcard (`fromAny`), `.none` otherwise (a `Coordinator` reads a
  /// missing one on a transition with a source as `.push`: see `StateGraph.flowGraph()`).
  public var presentation: Presentation {
    annotation(Presentation.self) ?? (from == nil ? .root : .none)
  }

  /// Whether the target is `.previous`.
  public var returnsToPrevious: Bool { resolvedTargetName == previousName }

  /// The transition as a coordinator reads it: with a `Presentation` (`.push` when it has none
  /// and a source, `.root` for a wildcard).
  func forScreens() -> Transition {
    guard annotation(Presentation.self) == nil else { return self }
    return annotated(from == nil ? Presentation.root : .push)
  }
}

extension Presentation {
  /// Whether it adds a screen to the stack (push or modal).
  var opensAScreen: Bool { self == .push || self == .modal }
}
