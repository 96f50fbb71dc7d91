import Signals
import Testing

/// Drives a fresh machine along each of `graph.coveringPaths()` (together they take every
/// transition at least once) and records a test issue for each step that is refused or that
/// lands in another state than the transition names. Returns how many transitions were taken.
///
/// ```swift
/// #expect(authGraph.problems() == [])
/// #expect(expectEveryTransition(of: authGraph) >= authGraph.transitions.count)
/// ```
///
/// `makeMachine` builds the machine for each path (to give guards what they need); by default,
/// a plain `StateMachine(graph:)`.
@discardableResult
public func expectEveryTransition<State, Event>(
  of graph: StateGraph<State, Event>,
  makeMachine: (StateGraph<State, Event>) -> StateMachine<State, Event> = { StateMachine(graph: $0) },
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  expectEveryTransition(
    of: graph,
    driving: {
      let machine = makeMachine(graph)
      return { event in try machine.send(event) }
    }, sourceLocation: sourceLocation)
}

/// Drives anything that walks `graph` (a coordinator, a view model) along each of
/// `graph.coveringPaths()`: `start` sets up a fresh one for each path and returns the function
/// that sends it an event and answers the state it is in after. Records a test issue for each
/// step that throws or lands in another state than the transition names; returns how many
/// transitions were taken.
///
/// ```swift
/// expectEveryTransition(of: flow) {
///   let coordinator = Coordinator(graph: flow, navigator: RecordingNavigator())
///   coordinator.start()
///   return { try coordinator.send($0) }
/// }
/// ```
@discardableResult
public func expectEveryTransition<State, Event>(
  of graph: StateGraph<State, Event>,
  driving start: () -> (Event) throws -> State,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  var taken = 0
  for path in graph.coveringPaths() {
    let send = start()
    let route = path.map { "\($0.fromName) --\($0.eventName)--> \($0.toName)" }.joined(separator: ", ")
    for transition in path {
      do {
        let state = try send(transition.event)
        taken += 1
        if graph.name(of: state) != transition.toName {
          Issue.record(
            "\(transition.eventName) led to \(graph.name(of: state)), not \(transition.toName), on path \(route)",
            sourceLocation: sourceLocation)
          break
        }
      } catch {
        Issue.record("\(error), on path \(route)", sourceLocation: sourceLocation)
        break
      }
    }
  }
  return taken
}

extension RejectionPolicy {
  /// Records each rejected event as a test issue: for tests where every event should be allowed.
  public static var recordIssue: RejectionPolicy {
    .report { rejection in Issue.record("\(rejection)") }
  }
}
