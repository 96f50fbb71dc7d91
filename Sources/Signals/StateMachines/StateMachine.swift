/// An event the graph does not allow from the machine's current state.
public struct TransitionRejected: Error, Equatable, CustomStringConvertible {
  /// Why the event was refused.
  public enum Reason: Equatable, Sendable {
    /// No transition from this state on this event.
    case noTransition
    /// Transitions exist, but their guards (named) all said no.
    case guardsFailed([String])
  }

  /// The current state's case.
  public let state: String
  /// The event's case.
  public let event: String
  /// Why.
  public let reason: Reason

  /// Makes the error.
  public init(state: String, event: String, reason: Reason) {
    self.state = state
    self.event = event
    self.reason = reason
  }

  /// `event E is not allowed in state S` and, for guards, which ones refused.
  public var description: String {
    switch reason {
    case .noTransition: "event \(event) is not allowed in state \(state)"
    case .guardsFailed(let names):
      "event \(event) in state \(state) was refused by \(names.joined(separator: ", "))"
    }
  }
}

/// What a machine does with an event its graph does not allow.
public enum RejectionPolicy: Sendable {
  /// `send` throws `TransitionRejected` (the default).
  case throwError
  /// `send` returns the current state and nothing happens.
  case ignore
  /// `send` reports the rejection to `handler` (SignalsTesting's `.recordIssue` fails the test)
  /// and returns the current state.
  case report(@Sendable (TransitionRejected) -> Void)
}

/// A state machine running a `StateGraph`: its current state, its changes as publishers, and
/// `send(_:)` that moves it along the graph.
///
/// Threading: `send` may be called from any thread and from inside an observer. The state
/// changes at once, under a lock; the publishers deliver transitions in the order they
/// happened, one at a time: a transition caused by an observer is delivered to every observer
/// after the current one (run to completion), never nested inside it. Failure: an event the
/// graph does not allow changes nothing and is handled by the machine's `RejectionPolicy`.
public final class StateMachine<State, Event>: @unchecked Sendable {
  // @unchecked: `current`, `pending` and `delivering` are touched only inside `lock`; the graph
  // is immutable; guards are called inside the lock and must not call back into the machine.

  /// A transition that happened.
  public struct Step {
    /// The state before.
    public let from: State
    /// The event.
    public let event: Event
    /// The state after.
    public let to: State
    /// How a coordinator shows `to`.
    public let presentation: Presentation
  }

  /// The graph the machine runs.
  public let graph: StateGraph<State, Event>
  /// What happens to events the graph does not allow.
  public let policy: RejectionPolicy

  let lock = Lock()
  @exclusivity(unchecked) var current: State
  @exclusivity(unchecked) var pending: [Step] = []
  @exclusivity(unchecked) var delivering = false
  let stateSubject: CurrentValueSubject<State, Never>
  let stepSubject = PassthroughSubject<Step, Never>()

  /// Starts a machine in `graph`'s initial state.
  public init(graph: StateGraph<State, Event>, policy: RejectionPolicy = .throwError) {
    self.graph = graph
    self.policy = policy
    current = graph.initial
    stateSubject = CurrentValueSubject(graph.initial)
  }

  /// The current state.
  public var state: State { lock.withLock { current } }

  /// The state, first the current one, then each new one, in order.
  public var statePublisher: AnyPublisher<State, Never> { stateSubject.eraseToAnyPublisher() }

  /// Each transition as it happens, in order.
  public var transitions: AnyPublisher<Step, Never> { stepSubject.eraseToAnyPublisher() }

  /// Whether `event` would be accepted now (a transition exists and its guard passes).
  public func can(_ event: Event) -> Bool {
    lock.withLock { if case .success = resolve(event) { true } else { false } }
  }

  /// Applies `event`: returns the new state, or, for an event the graph does not allow, throws
  /// `TransitionRejected` (policy `.throwError`) or returns the unchanged state.
  @discardableResult
  public func send(_ event: Event) throws(TransitionRejected) -> State {
    let outcome = lock.withLock { () -> (Result<State, TransitionRejected>, Bool) in
      let resolved = resolve(event)
      guard case .success(let transition) = resolved else {
        if case .failure(let error) = resolved { return (.failure(error), false) }
        return (.success(current), false)
      }
      let target = transition.destination(from: current, on: event)
      let step = Step(from: current, event: event, to: target, presentation: transition.presentation)
      current = target
      pending.append(step)
      if delivering { return (.success(target), false) }
      delivering = true
      return (.success(target), true)
    }
    switch outcome {
    case (.success(let state), let drains):
      if drains { deliverPending() }
      return state
    case (.failure(let rejection), _):
      switch policy {
      case .throwError: throw rejection
      case .ignore: return state
      case .report(let handler):
        handler(rejection)
        return state
      }
    }
  }

  /// Finds the transition for `event` from the current state. Call inside the lock.
  func resolve(_ event: Event) -> Result<Transition<State, Event>, TransitionRejected> {
    let candidates = graph.candidates(from: current, on: event)
    if let taken = candidates.first(where: { $0.condition?(current, event) ?? true }) {
      return .success(taken)
    }
    let stateName = caseName(of: current)
    let eventName = caseName(of: event)
    if candidates.isEmpty {
      return .failure(TransitionRejected(state: stateName, event: eventName, reason: .noTransition))
    }
    let names = candidates.compactMap(\.conditionName)
    return .failure(TransitionRejected(state: stateName, event: eventName, reason: .guardsFailed(names)))
  }

  func deliverPending() {
    while let step = lock.withLock({ () -> Step? in
      if pending.isEmpty {
        delivering = false
        return nil
      }
      return pending.removeFirst()
    }) {
      stepSubject.send(step)
      stateSubject.send(step.to)
    }
  }
}
