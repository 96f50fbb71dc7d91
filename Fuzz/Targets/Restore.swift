import Coordinators
import Foundation
import Signals
import SignalsFoundation

/// Saved-state restore on arbitrary bytes, for a state machine and for a coordinator, each first
/// driven to a state chosen by the first byte.
///
/// Invariants: a refused restore is a `StateRestoreError` and changes nothing (the state, what
/// was published, the coordinator's stack and what its navigator was asked to do), and its
/// description is at most 4 KiB; an accepted one lands on a state of the graph, and saving and
/// restoring again gives the same state and stack. Oversized input is refused: the input padded
/// past the byte limit (one input in sixteen, by its first byte), and a stack of more than 64
/// entries made from the input's length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRestore(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = bytes(data, count)
  let steps = Int(input.first ?? 0)
  let saved = Data(input.dropFirst())
  checkMachine(saved, steps: steps)
  MainActor.assumeIsolated {
    checkCoordinator(saved, steps: steps)
    checkOversized(saved, steps: steps)
  }
  return 0
}

/// Input the limits refuse is refused, and changes nothing, whatever it holds.
@MainActor
func checkOversized(_ saved: Data, steps: Int) {
  let entry = Data(#"{"modal":false,"screen":"splash"}"#.utf8)
  var deep = Data(#"{"stack":["#.utf8)
  for index in 0..<(Coordinator<Screen, Action>.maximumRestoredDepth + 1 + saved.count % 200) {
    if index > 0 { deep.append(UInt8(ascii: ",")) }
    deep.append(entry)
  }
  deep.append(contentsOf: #"],"version":1}"#.utf8)
  require(checkCoordinator(deep, steps: steps) == false, "a stack of more than 64 entries was restored")
  guard steps % 16 == 0 else { return }
  let padded =
    saved + Data(repeating: UInt8(ascii: " "), count: Coordinator<Screen, Action>.maximumRestoredBytes)
  require(checkCoordinator(padded, steps: steps) == false, "a save of \(padded.count) bytes was restored")
  require(checkMachine(padded, steps: steps) == false, "a machine save of \(padded.count) bytes was restored")
}

/// A refused restore's description stays short, however large the input.
func requireBounded(_ error: StateRestoreError) {
  require(error.description.utf8.count <= 4096, "a description of \(error.description.utf8.count) bytes")
}

enum Screen: String, Hashable, Codable, Sendable, CaseIterable, CaseKeyed {
  case splash, login, home, profile, settings
}

enum Action: Hashable, Sendable, CaseIterable, CaseKeyed {
  case loaded, loggedIn, open, settings, back, logout
}

let graph = StateGraph<Screen, Action>(initial: .splash) {
  Transition(from: .splash, on: .loaded, to: .login, presentation: .root)
  Transition(from: .login, on: .loggedIn, to: .home, presentation: .root)
  Transition(from: .home, on: .open, to: .profile, presentation: .push)
  Transition(from: .profile, on: .settings, to: .settings, presentation: .modal)
  Transition(from: .settings, on: .back, to: .profile)
  Transition(from: .profile, on: .back, to: .home)
  Transition(fromAny: .logout, to: .login)
}

/// The events the first byte picks: a prefix of one path through the graph.
func events(_ steps: Int) -> [Action] {
  let path: [Action] = [.loaded, .loggedIn, .open, .settings, .back, .back, .logout]
  return Array(path.prefix(steps % (path.count + 1)))
}

@discardableResult
func checkMachine(_ saved: Data, steps: Int) -> Bool {
  let machine = StateMachine(graph: graph, policy: .ignore)
  for event in events(steps) { machine.send(event) }
  let before = machine.state
  var published: [Screen] = []
  let watch = machine.statePublisher.sink { published.append($0) }
  defer { watch.cancel() }
  let seen = published.count
  do {
    try machine.restore(from: saved)
  } catch {
    require(machine.state == before, "a refused restore (\(error)) moved the machine to \(machine.state)")
    require(published.count == seen, "a refused restore (\(error)) published \(published[seen...])")
    requireBounded(error)
    return false
  }
  require(graph.states.contains(machine.state), "restored to \(machine.state), not in the graph")
  let restored = machine.state
  do {
    let again = StateMachine(graph: graph, policy: .ignore)
    try again.restore(from: try machine.savedState())
    require(again.state == restored, "saved \(restored), restored \(again.state)")
  } catch {
    require(false, "the saved state of \(restored) does not restore: \(error)")
  }
  return true
}

@MainActor
final class RecordingNavigator: Navigator {
  var calls: [String] = []
  func setRoot(_ screen: Screen) { calls.append("root \(screen)") }
  func push(_ screen: Screen) { calls.append("push \(screen)") }
  func pop() { calls.append("pop") }
  func present(_ screen: Screen) { calls.append("present \(screen)") }
  func dismiss() { calls.append("dismiss") }
}

/// Whether the restore was accepted.
@MainActor
@discardableResult
func checkCoordinator(_ saved: Data, steps: Int) -> Bool {
  let navigator = RecordingNavigator()
  let coordinator = Coordinator(graph: graph, navigator: navigator, backEvent: .back)
  coordinator.start()
  for event in events(steps) { coordinator.send(event) }
  let before = (state: coordinator.state, stack: describe(coordinator.stack), calls: navigator.calls)
  do {
    try coordinator.restoreNavigation(from: saved)
  } catch {
    require(coordinator.state == before.state, "a refused restore (\(error)) moved to \(coordinator.state)")
    require(describe(coordinator.stack) == before.stack, "a refused restore (\(error)) changed the stack")
    require(navigator.calls == before.calls, "a refused restore (\(error)) drove the navigator")
    requireBounded(error)
    return false
  }
  require(coordinator.stack.last?.screen == coordinator.state, "the top of the stack is not the state")
  let stack = describe(coordinator.stack)
  do {
    let again = Coordinator(graph: graph, navigator: RecordingNavigator(), backEvent: .back)
    again.start()
    try again.restoreNavigation(from: try coordinator.savedNavigation())
    require(describe(again.stack) == stack, "saved \(stack), restored \(describe(again.stack))")
  } catch {
    require(false, "the saved navigation \(stack) does not restore: \(error)")
  }
  return true
}

@MainActor
func describe(_ stack: [Coordinator<Screen, Action>.Entry]) -> [String] {
  stack.map { "\($0.screen)\($0.modal ? " modal" : "")" }
}
