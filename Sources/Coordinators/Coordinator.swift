import Signals

/// Owns a flow's navigation: a `StateMachine` over the flow's screens, and the screen stack it
/// keeps in step with a `Navigator`.
///
/// Each transition of the machine becomes navigator calls, by the edge's `Presentation`: `.root`
/// sets the root, `.push` pushes, `.modal` presents, `.none` changes the state without moving a
/// screen. A transition whose target is the screen just below the top is a way back: it pops
/// (or dismisses a modal), and the flow returns to that entry, payload included; so does a
/// `.previous` target. The stack is the coordinator's: the machine knows nothing of screens. When the user goes back by a system gesture, report it with
/// `systemDidGoBack()`: the graph validates it like any event, and the navigator hears
/// `systemDidPop()` or `systemDidDismiss()` instead of being asked to pop again.
///
/// A coordinator can run a statechart instead (`screens:` says which states are screens, and
/// how: `ScreenRole`): a nested flow is a compound state, tabs are a parallel state's regions,
/// "back to where the flow was" is a `History` state. After each macrostep it lays out the
/// screens the configuration means (`ScreenLayout`) and tells the navigator the difference
/// from what it shows (`ScreenLayout.calls(from:)`).
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

  /// The machine over this flow's screens; events go through `send(_:)`, on the main actor.
  let machine: StateMachine<Screen, Event>
  /// The screen stack, which the machine's target resolver reads.
  let screens: ScreenStack<Screen, Event>

  /// The graph this flow runs.
  public var graph: StateGraph<Screen, Event> { machine.graph }
  /// The current screen (state).
  public var state: Screen { machine.state }
  /// The current screen, then each new one.
  public var statePublisher: AnyPublisher<Screen, Never> { machine.statePublisher.eraseToAnyPublisher() }
  /// Each transition as it happens (after the navigator was told).
  public var transitions: AnyPublisher<StateMachine<Screen, Event>.Step, Never> {
    machine.transitions.eraseToAnyPublisher()
  }
  /// The event that means "back" in the graph, used by `systemDidGoBack()`.
  public let backEvent: Event?
  /// The screens as the navigator shows them, bottom first; the last is `state`, payload
  /// included (a way back returns to the entry as it was pushed).
  public var stack: [Entry] { screens.entries }
  /// The children running sub-flows, held until they finish.
  public private(set) var children: [AnyObject] = []

  let navigator: any Navigator<Screen>
  var systemInitiated = false
  var started = false
  var observation: AnyCancellable?
  /// What each state of a statechart is on screen; empty for a flat graph.
  let roles: [Screen.Case: ScreenRole]
  /// What the navigator shows, for a statechart.
  var shown = ScreenLayout<Screen>()
  /// Set while a saved configuration is put back: the navigator is then rebuilt, not diffed.
  var restoring = false

  /// A coordinator for `graph` showing screens through `navigator`; `policy` says what `send`
  /// does with an event the graph refuses (`trySend` throws under `.throwError`).
  ///
  /// A transition of `graph` written without a presentation pushes its screen (a wildcard sets
  /// the root): see `StateGraph.flowGraph()`, which `graph` then reads as.
  ///
  /// - Parameters:
  ///   - graph: The screens and the events that move between them.
  ///   - navigator: The front that shows the screens.
  ///   - backEvent: The event a system back gesture stands for; `nil` refuses the gesture.
  ///   - policy: What `send` does with an event the graph refuses.
  ///   - roles: For a statechart, what each state that is a screen is (root, pushed, modal, a
  ///     tab's root, or a tab selector); the navigator then follows the configuration. Ignored
  ///     for a flat graph, whose transitions' presentations say how screens are shown.
  public init(
    graph: StateGraph<Screen, Event>, navigator: any Navigator<Screen>, backEvent: Event? = nil,
    policy: RejectionPolicy = .throwError, screens roles: [Screen.Case: ScreenRole] = [:]
  ) {
    let screens = ScreenStack<Screen, Event>(root: graph.initial)
    self.screens = screens
    machine = StateMachine(
      graph: graph.flowGraph(), policy: policy,
      resolver: { target, name in screens.resolve(target, name == previousName) })
    self.navigator = navigator
    self.backEvent = backEvent
    self.roles = graph.isStatechart ? roles : [:]
    guard !graph.isStatechart else { return }
    // The stack follows every step, before anyone else hears of it; the navigator from `start()`.
    observation = machine.transitions.sink { [weak self] step in
      MainActor.assumeIsolated { self?.apply(step) }
    }
  }

  /// Shows the initial screen as the root and starts telling the navigator each transition.
  /// For a statechart with `screens:`, shows the screens its configuration means instead, then
  /// the difference after each macrostep.
  public func start() {
    started = true
    guard roles.isEmpty else {
      observation = machine.configurationPublisher.sink { [weak self] configuration in
        MainActor.assumeIsolated { self?.show(configuration) }
      }
      return
    }
    navigator.setRoot(machine.state)
  }

  /// Lays out the screens `configuration` means and tells the navigator the difference.
  func show(_ configuration: [Screen.Case]) {
    guard !restoring else { return }
    let layout = ScreenLayout(configuration: configuration, roles: roles, value: machine.activeState)
    let calls = layout.calls(from: shown)
    shown = layout
    let tab =
      layout.tabs.isEmpty ? [] : layout.tabs[layout.selectedTab].map { Entry(screen: $0, modal: false) }
    screens.entries = tab + layout.stack.map { Entry(screen: $0.screen, modal: $0.modal) }
    for call in calls {
      switch call {
      case .setRoot(let screen): navigator.setRoot(screen)
      case .push(let screen): navigator.push(screen)
      case .pop: if systemInitiated { navigator.systemDidPop() } else { navigator.pop() }
      case .present(let screen): navigator.present(screen)
      case .dismiss: if systemInitiated { navigator.systemDidDismiss() } else { navigator.dismiss() }
      case .setTabs(let roots): navigator.setTabs(roots)
      case .selectTab(let index): navigator.selectTab(index)
      }
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
    let change = screens.record(step.to, step.annotation(Presentation.self) ?? .push)
    guard started else { return }
    switch change {
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
    let before = screens.entries
    screens.entries = entries
    do {
      try machine.restore(state: entries[entries.count - 1].screen)
    } catch {
      screens.entries = before
      throw error
    }
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

/// A coordinator's screen stack: what its machine's target resolver reads, and what each step
/// changes. Used by the thread running the machine's events only (a coordinator's main actor).
final class ScreenStack<Screen: CaseKeyed, Event: CaseKeyed> {
  var entries: [Coordinator<Screen, Event>.Entry]
  /// The subscription that keeps a coordinator-less stack in step (`StateMachine.flow(graph:)`).
  var subscription: AnyCancellable?

  init(root: Screen) { entries = [.init(screen: root, modal: false)] }

  /// Where a taken transition leads: for `.previous` (`target` `nil`), the screen under the top
  /// (`nil` when there is none); for a target of the case under the top, that entry, payload
  /// included; else `target` itself.
  func resolve(_ target: Screen?, _ isPrevious: Bool) -> Screen? {
    let under = entries.count >= 2 ? entries[entries.count - 2].screen : nil
    guard let target else { return isPrevious ? under : nil }
    if let under, under.caseKey == target.caseKey { return under }
    return target
  }

  /// Moves the stack to `screen` shown as `presentation`, and says how.
  func record(_ screen: Screen, _ presentation: Presentation) -> StackChange {
    let change = stackChange(
      to: screen.caseKey, presentation, in: entries.map { ($0.screen.caseKey, $0.modal) })
    switch change {
    case .setRoot: entries = [.init(screen: screen, modal: false)]
    case .push: entries.append(.init(screen: screen, modal: false))
    case .present: entries.append(.init(screen: screen, modal: true))
    case .replaceTop:
      entries[entries.count - 1] = .init(screen: screen, modal: entries[entries.count - 1].modal)
    case .pop, .dismiss: entries.removeLast()
    }
    return change
  }
}

/// What moving to a screen of case `target`, shown as `presentation`, does to `stack` (bottom
/// first): a target of the case under the top goes back to it (popped, or dismissed when the
/// top is modal); otherwise `.root` sets the root, `.push` pushes, `.modal` presents, `.none`
/// replaces the top.
func stackChange<Key: Equatable>(
  to target: Key, _ presentation: Presentation, in stack: [(key: Key, modal: Bool)]
) -> StackChange {
  if stack.count >= 2, stack[stack.count - 2].key == target {
    return stack[stack.count - 1].modal ? .dismiss : .pop
  }
  switch presentation {
  case .root: return .setRoot
  case .push: return .push
  case .modal: return .present
  case .none: return .replaceTop
  }
}
