import Signals

/// Owns a flow's navigation: a `StateMachine` over the flow's screens, and the screen stack it
/// keeps in step with a `Navigator`.
///
/// Each transition of the machine becomes navigator calls, by the edge's presentation: `.root`
/// sets the root, `.push` pushes, `.modal` presents, `.none` changes the state without moving a
/// screen. A transition whose target is the screen just below the top is a way back: it pops
/// (or dismisses a modal). When the user goes back by a system gesture, report it with
/// `systemDidGoBack()`: the graph validates it like any event, and the navigator hears
/// `systemDidPop()` or `systemDidDismiss()` instead of being asked to pop again.
///
/// Threading: main actor. Bad input: events the graph refuses are `TransitionRejected` errors and
/// change nothing.
@MainActor
public final class Coordinator<Screen: CaseKeyed, Event: CaseKeyed> {
  /// One entry of the screen stack.
  public struct Entry {
    /// The screen.
    public let screen: Screen
    /// Whether it was presented modally.
    public let modal: Bool
  }

  /// The machine over this flow's screens (it keeps the stack); events go through `send(_:)`,
  /// on the main actor.
  let machine: StateMachine<Screen, Event>

  /// The graph this flow runs.
  public var graph: StateGraph<Screen, Event> { machine.graph }
  /// The current screen (state).
  public var state: Screen { machine.state }
  /// The current screen, then each new one.
  public var statePublisher: AnyPublisher<Screen, Never> { machine.statePublisher.eraseToAnyPublisher() }
  /// Each transition as it happens (after the navigator was told).
  public var transitions: AnyPublisher<StateMachine<Screen, Event>.Step, Never> { machine.transitions }
  /// The event that means "back" in the graph, used by `systemDidGoBack()`.
  public let backEvent: Event?
  /// The screens as the navigator shows them, bottom first; the last is `state`, payload
  /// included (a way back returns to the entry as it was pushed).
  public var stack: [Entry] { machine.stack.map { Entry(screen: $0.state, modal: $0.modal) } }
  /// The children running sub-flows, held until they finish.
  public private(set) var children: [AnyObject] = []

  let navigator: any Navigator<Screen>
  var systemInitiated = false
  var observation: AnyCancellable?

  /// A coordinator for `graph` showing screens through `navigator`; `policy` says what `send`
  /// does with an event the graph refuses (`trySend` throws under `.throwError`).
  ///
  /// A transition of `graph` written without a presentation pushes its screen (the generic
  /// machine's default is no presentation; screens are this type's concern).
  ///
  /// - Parameters:
  ///   - graph: The screens and the events that move between them.
  ///   - navigator: The front that shows the screens.
  ///   - backEvent: The event a system back gesture stands for; `nil` refuses the gesture.
  ///   - policy: What `send` does with an event the graph refuses.
  public init(
    graph: StateGraph<Screen, Event>, navigator: any Navigator<Screen>, backEvent: Event? = nil,
    policy: RejectionPolicy = .throwError
  ) {
    machine = StateMachine(graph: graph.forScreens(), policy: policy, keepsStack: true)
    self.navigator = navigator
    self.backEvent = backEvent
  }

  /// Shows the initial screen as the root and starts following the machine.
  public func start() {
    navigator.setRoot(machine.state)
    observation = machine.transitions.sink { [weak self] step in
      MainActor.assumeIsolated { self?.apply(step) }
    }
  }

  /// Whether `event` would be taken now (to enable a button): a transition exists and its guard
  /// passes.
  ///
  /// - Parameter event: The event to ask about.
  /// - Returns: Whether sending `event` now would move the flow.
  public func can(_ event: Event) -> Bool { machine.can(event) }

  /// Sends `event` to the flow; returns whether it was taken. A refused event changes nothing
  /// and goes to the coordinator's policy.
  ///
  /// - Parameter event: The event to send.
  /// - Returns: Whether the graph took the event.
  @discardableResult
  public func send(_ event: Event) -> Bool { machine.send(event) }

  /// Sends `event` to the flow; returns the new screen, or throws if the graph refuses it (under
  /// the default policy `.throwError`).
  ///
  /// - Parameter event: The event to send.
  /// - Returns: The screen the flow moved to.
  /// - Throws: `TransitionRejected` when the graph refuses `event` now, naming the screen, the
  ///   event and the reason.
  @discardableResult
  public func trySend(_ event: Event) throws(TransitionRejected) -> Screen {
    try machine.trySend(event)
  }

  /// The user went back with a system gesture (the screen is already gone): validated by the
  /// graph as `backEvent`; the navigator is not asked to pop again, and hears `systemDidPop()`
  /// (or `systemDidDismiss()` for a modal) instead, so that it lets the screen's state go.
  ///
  /// Bad input: when the graph refuses the gesture, nothing changes here and the navigator hears
  /// nothing; the front, which already removed the screen, must show it again. The back event
  /// should lead to the screen below the top (`.previous`); a back transition that pushes or
  /// sets a root is shown as usual, over a front that has already removed the top.
  ///
  /// - Throws: `TransitionRejected` when there is no `backEvent` or the graph refuses it now.
  public func systemDidGoBack() throws(TransitionRejected) {
    guard let backEvent else {
      throw TransitionRejected(
        state: machine.graph.name(of: machine.state), event: "system back", reason: .noTransition)
    }
    systemInitiated = true
    defer { systemInitiated = false }
    try machine.trySend(backEvent)
  }

  func apply(_ step: StateMachine<Screen, Event>.Step) {
    switch step.change {
    case .setRoot: navigator.setRoot(step.to)
    case .push: navigator.push(step.to)
    case .present: navigator.present(step.to)
    case .replaceTop: break
    case .pop: if systemInitiated { navigator.systemDidPop() } else { navigator.pop() }
    case .dismiss: if systemInitiated { navigator.systemDidDismiss() } else { navigator.dismiss() }
    }
  }

  /// Replaces the stack with `entries` (already validated), showing them through the navigator,
  /// and moves the machine to the top without a transition.
  func rebuild(_ entries: [Entry]) throws(StateRestoreError) {
    try machine.restore(stack: entries.map { ($0.screen, $0.modal) })
    for (index, entry) in entries.enumerated() {
      if index == 0 {
        navigator.setRoot(entry.screen)
      } else if entry.modal {
        navigator.present(entry.screen)
      } else {
        navigator.push(entry.screen)
      }
    }
  }

  /// Starts `child` (a sub-flow) and holds it until it finishes; `onFinish` gets its outcome,
  /// then the child is released. The child does not hold this coordinator.
  ///
  /// - Parameters:
  ///   - child: The sub-flow to start.
  ///   - onFinish: Gets the child's outcome, once.
  public func run<Child: ChildFlow>(_ child: Child, onFinish: @escaping (FlowOutcome<Child.Result>) -> Void) {
    children.append(child)
    child.finishHandler = { [weak self, weak child] outcome in
      guard let self, let child else { return }
      self.children.removeAll { $0 === child }
      onFinish(outcome)
    }
    child.start()
  }
}

/// How a sub-flow ended.
public enum FlowOutcome<Result> {
  /// It completed with a result (the user logged in, picked contacts, ...).
  case finished(Result)
  /// The user abandoned it.
  case cancelled
}

/// A sub-flow run by a parent `Coordinator`: it starts, then finishes once with an outcome.
///
/// Conforming classes keep `finishHandler` as a stored property and call `finish(_:)`; the
/// parent sets the handler and releases the child after it fires.
@MainActor
public protocol ChildFlow: AnyObject {
  /// What the flow produces when it completes.
  associatedtype Result
  /// Set by the parent; called once by `finish(_:)`.
  var finishHandler: ((FlowOutcome<Result>) -> Void)? { get set }
  /// Shows the flow's first screen.
  func start()
}

extension ChildFlow {
  /// Ends the flow with `outcome`; later calls do nothing.
  ///
  /// - Parameter outcome: How the flow ended, for the parent's `onFinish`.
  public func finish(_ outcome: FlowOutcome<Result>) {
    let handler = finishHandler
    finishHandler = nil
    handler?(outcome)
  }
}
