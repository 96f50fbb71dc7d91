/// What a statechart's guard or action is given: the state it belongs to, the event being
/// processed, the machine's extended state, the configuration (SCXML's `In()`), and, for an
/// action, a way to change the extended state and to raise or send events.
///
/// ```swift
/// Transition(from: .paying, on: .failed, to: .retrying)
///   .guarded("under the limit") { $0.context.attempts < 3 }
///   .action { $0.context.attempts += 1 }
/// ```
///
/// Threading: guards and actions run on the thread processing the event, outside the machine's
/// lock, one at a time. An action's changes to `context` are kept when it returns; a guard gets
/// a copy and can change nothing.
public struct ChartContext<State: CaseKeyed, Event: CaseKeyed> {
  /// The state the guard or action belongs to (for a transition, its source; for a wildcard, the
  /// first active leaf), with its payload.
  public let state: State
  /// The event being processed: the event sent or raised; `nil` at the machine's start and on
  /// an eventless, delayed or done transition.
  public let event: Event?
  /// On a done transition, the value of the final state that made its state done (its payload
  /// is SCXML's done data); `nil` elsewhere, and for a parallel state's done event.
  public let doneData: State?
  /// The machine's extended state. An action may change it; the machine keeps the change.
  public var context: State.MachineContext
  /// The events the action raised, in order (taken by the machine when the action returns).
  @usableFromInline var raised: [Event] = []
  @usableFromInline let engine: StatechartEngine<State, Event>?

  @usableFromInline init(
    state: State, event: Event?, doneData: State?, context: State.MachineContext,
    engine: StatechartEngine<State, Event>?
  ) {
    self.state = state
    self.event = event
    self.doneData = doneData
    self.context = context
    self.engine = engine
  }

  /// Whether the state of case `key` is active now, in the middle of the macrostep (SCXML's
  /// `In()`: a transition taken earlier in the same macrostep is already seen).
  ///
  /// - Parameter key: A state's case.
  /// - Returns: `true` if it is in the configuration at this moment.
  public func isActive(_ key: State.Case) -> Bool { engine?.isActive(key) ?? false }

  /// Raises `event` inside the machine (SCXML's `<raise>`): it is processed in the current
  /// macrostep, after the eventless transitions, before any event sent from outside.
  ///
  /// - Parameter event: The internal event.
  public mutating func raise(_ event: Event) { raised.append(event) }

  /// Sends `event` to the machine as if from outside (SCXML's `<send>` to itself): it is queued
  /// and processed after the current macrostep. A chain of events sent this way is bounded
  /// (see `StateMachine.loopLimit`).
  ///
  /// - Parameter event: The external event.
  public func send(_ event: Event) { engine?.sendExternal(event) }
}

/// An entry, exit or transition action: it may change `context`, raise and send events.
public typealias ChartAction<State: CaseKeyed, Event: CaseKeyed> =
  @Sendable (inout ChartContext<State, Event>) -> Void

/// A statechart guard: whether a transition may be taken, given its source state, the event,
/// the extended state and the configuration.
public typealias ChartGuard<State: CaseKeyed, Event: CaseKeyed> =
  @Sendable (ChartContext<State, Event>) -> Bool
