import Coordinators
import Foundation
import Signals
import SignalsTesting
import Testing

enum Screen: Hashable, Sendable, Codable, CaseKeyed {
  case splash, login, biometric, home
  case profile(id: Int)

  enum Case: Hashable, Sendable { case splash, login, biometric, home, profile }
  var caseKey: Case {
    switch self {
    case .splash: .splash
    case .login: .login
    case .biometric: .biometric
    case .home: .home
    case .profile: .profile
    }
  }
}

enum Action: Hashable, Sendable, CaseKeyed {
  case loaded, useBiometric, cancel, succeeded, back, sessionExpired
  case openProfile(id: Int)

  enum Case: Hashable, Sendable {
    case loaded, useBiometric, cancel, succeeded, back, sessionExpired, openProfile
  }
  var caseKey: Case {
    switch self {
    case .loaded: .loaded
    case .useBiometric: .useBiometric
    case .cancel: .cancel
    case .succeeded: .succeeded
    case .back: .back
    case .sessionExpired: .sessionExpired
    case .openProfile: .openProfile
    }
  }
}

let flow = StateGraph<Screen, Action>(initial: .splash) {
  Transition(from: .splash, on: .loaded, to: .login, presentation: .root)
  Transition(from: .login, on: .useBiometric, to: .biometric, presentation: .modal)
  Transition(from: .biometric, on: .cancel, to: .login)
  Transition(from: .biometric, on: .succeeded, to: .home, presentation: .root)
  Transition(
    from: .home, on: .openProfile,
    to: .make(.profile) { if case .openProfile(let id) = $0 { .profile(id: id) } else { nil } })
  Transition(from: .profile, on: .back, to: .home)
  Transition(fromAny: .sessionExpired, to: .login)
}

/// One example of each action, for the covering-path helpers.
let actions: [Action] = [
  .loaded, .useBiometric, .cancel, .succeeded, .back, .sessionExpired, .openProfile(id: 7),
]

@MainActor
@Suite struct CoordinatorTests {
  @Test func transitionsBecomeNavigatorCallsByPresentation() throws {
    let navigator = RecordingNavigator<Screen>()
    let coordinator = Coordinator(graph: flow, navigator: navigator, backEvent: .back)
    coordinator.start()
    try coordinator.trySend(.loaded)
    try coordinator.trySend(.useBiometric)
    try coordinator.trySend(.cancel)
    try coordinator.trySend(.useBiometric)
    try coordinator.trySend(.succeeded)
    try coordinator.trySend(.openProfile(id: 7))
    try coordinator.trySend(.back)
    #expect(
      navigator.calls == [
        "root splash", "root login", "present biometric", "dismiss", "present biometric", "root home",
        "push profile(id: 7)", "pop",
      ])
    #expect(coordinator.stack.map { flow.name(of: $0.screen) } == ["home"])
  }

  @Test func aSystemBackIsValidatedAndNotPoppedTwice() throws {
    let navigator = RecordingNavigator<Screen>()
    let coordinator = Coordinator(graph: flow, navigator: navigator, backEvent: .back)
    coordinator.start()
    try coordinator.trySend(.loaded)
    try coordinator.trySend(.useBiometric)
    try coordinator.trySend(.succeeded)
    try coordinator.trySend(.openProfile(id: 1))
    try coordinator.systemDidGoBack()
    #expect(navigator.calls.suffix(2) == ["push profile(id: 1)", "system pop"])
    #expect(coordinator.stack.map { flow.name(of: $0.screen) } == ["home"])
    #expect(throws: TransitionRejected(state: "home", event: "back", reason: .noTransition)) {
      try coordinator.systemDidGoBack()
    }
    #expect(coordinator.state == .home)
  }

  @Test func aRefusedEventChangesNeitherStackNorScreens() {
    let navigator = RecordingNavigator<Screen>()
    let coordinator = Coordinator(graph: flow, navigator: navigator)
    coordinator.start()
    #expect(throws: TransitionRejected.self) { try coordinator.trySend(.succeeded) }
    #expect(navigator.calls == ["root splash"])
    #expect(coordinator.stack.count == 1)
  }

  @Test func everyEdgeOfTheFlowIsTakenInOneCall() {
    #expect(expectEveryTransition(of: flow, events: actions) >= flow.transitions.count)
    #expect(flow.flowProblems() == [])
  }

  @Test func aCoordinatorIsDrivenAlongEveryEdgeAndItsScreensFollow() {
    var navigators: [RecordingNavigator<Screen>] = []
    let taken = expectEveryTransition(of: flow, events: actions) {
      let navigator = RecordingNavigator<Screen>()
      navigators.append(navigator)
      let coordinator = Coordinator(graph: flow, navigator: navigator, backEvent: .back)
      coordinator.start()
      return { event in try coordinator.trySend(event) }
    }
    #expect(taken >= flow.transitions.count)
    #expect(navigators.count == flow.flowCoveringPaths().count)
    // Every path drew its first screen, then navigated further.
    #expect(navigators.allSatisfy { $0.calls.first == "root splash" && $0.calls.count > 1 })
  }
}

/// A sub-flow that picks a contact.
@MainActor
final class PickerFlow: ChildFlow {
  var finishHandler: ((FlowOutcome<Int>) -> Void)?
  var started = false
  func start() { started = true }
}

@MainActor
@Suite struct ChildFlowTests {
  @Test func aFinishedChildReportsItsOutcomeAndIsReleased() {
    let coordinator = Coordinator(graph: flow, navigator: RecordingNavigator<Screen>())
    var outcomes: [String] = []
    weak var weakChild: PickerFlow?
    do {
      let child = PickerFlow()
      weakChild = child
      coordinator.run(child) { outcome in
        if case .finished(let id) = outcome {
          outcomes.append("picked \(id)")
        } else {
          outcomes.append("cancelled")
        }
      }
      #expect(child.started)
      #expect(coordinator.children.count == 1)
      child.finish(.finished(42))
      child.finish(.cancelled)
    }
    #expect(outcomes == ["picked 42"])
    #expect(coordinator.children.isEmpty)
    #expect(weakChild == nil)
  }

  @Test func theChildDoesNotKeepTheParentAlive() {
    weak var weakParent: Coordinator<Screen, Action>?
    let child = PickerFlow()
    do {
      let parent = Coordinator(graph: flow, navigator: RecordingNavigator<Screen>())
      weakParent = parent
      parent.run(child) { _ in }
    }
    #expect(weakParent == nil)
    child.finish(.cancelled)
  }
}

@MainActor
@Suite struct NavigationPersistenceTests {
  func coordinatorOnProfile() throws -> Coordinator<Screen, Action> {
    let coordinator = Coordinator(graph: flow, navigator: RecordingNavigator<Screen>(), backEvent: .back)
    coordinator.start()
    try coordinator.trySend(.loaded)
    try coordinator.trySend(.useBiometric)
    try coordinator.trySend(.succeeded)
    try coordinator.trySend(.openProfile(id: 7))
    return coordinator
  }

  @Test func aSavedStackIsRebuiltOnTheNavigator() throws {
    let data = try coordinatorOnProfile().savedNavigation()
    let navigator = RecordingNavigator<Screen>()
    let restored = Coordinator(graph: flow, navigator: navigator, backEvent: .back)
    restored.start()
    try restored.restoreNavigation(from: data)
    #expect(navigator.calls == ["root splash", "root home", "push profile(id: 7)"])
    #expect(restored.state == .profile(id: 7))
    try restored.trySend(.back)
    #expect(navigator.calls.last == "pop")
  }

  @Test func badSavedNavigationChangesNothing() throws {
    let navigator = RecordingNavigator<Screen>()
    let coordinator = Coordinator(graph: flow, navigator: navigator)
    coordinator.start()
    #expect(throws: StateRestoreError.self) { try coordinator.restoreNavigation(from: Data("{}".utf8)) }
    #expect(throws: StateRestoreError.corrupt("the saved stack is empty")) {
      try coordinator.restoreNavigation(from: Data(#"{"stack":[],"version":1}"#.utf8))
    }
    #expect(throws: StateRestoreError.unsupportedVersion(found: 2, supported: 1)) {
      try coordinator.restoreNavigation(from: Data(#"{"stack":[],"version":2}"#.utf8))
    }
    #expect(navigator.calls == ["root splash"])
    #expect(coordinator.state == .splash)
  }

  @Test func aSavedScreenTheGraphNoLongerHasIsRefused() throws {
    // An older release's stack, restored after the profile screen left the graph.
    let data = try coordinatorOnProfile().savedNavigation()
    let withoutProfile = StateGraph<Screen, Action>(initial: .splash) {
      Transition(from: .splash, on: .loaded, to: .login, presentation: .root)
      Transition(from: .login, on: .useBiometric, to: .home, presentation: .root)
    }
    let navigator = RecordingNavigator<Screen>()
    let coordinator = Coordinator(graph: withoutProfile, navigator: navigator)
    coordinator.start()
    #expect(throws: StateRestoreError.unknownState("profile")) {
      try coordinator.restoreNavigation(from: data)
    }
    #expect(navigator.calls == ["root splash"])
    #expect(coordinator.state == .splash)
  }
}
