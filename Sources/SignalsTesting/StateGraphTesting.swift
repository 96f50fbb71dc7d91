import Coordinators
import Signals
import Testing

/// Drives a fresh machine along each of `graph.flowCoveringPaths()` (together they take every
/// transition at least once, `.previous` back to each screen that opens its source) and records a test issue for each step that is refused or that
/// lands in another state than the transition names. Returns how many transitions were taken.
///
/// ```swift
/// #expect(authGraph.problems() == [])
/// #expect(expectEveryTransition(of: authGraph, events: [.openProfile(id: 7)]) >= authGraph.transitions.count)
/// ```
///
/// Transitions name event cases; `events` gives the values to send: for each step, the first
/// example of the transition's case that its guard accepts. A payload-free event case needs no
/// example (it is its own value). `makeMachine` builds the machine for each path (to give guards
/// what they need); by default, a plain `StateMachine(graph:)`, or for a graph with `.previous`
/// targets a machine that keeps a coordinator's screen stack.
///
/// A statechart (a graph with a `chart:` block) is explored instead, as
/// `expectFullCoverage(of:events:ignoring:ignoringStates:makeMachine:sourceLocation:)` does, with
/// `examples` and each payload-free event case its transitions name (time included, on a
/// `TestScheduler`): an issue for each state never active and each transition never taken.
///
/// - Parameters:
///   - graph: The graph whose transitions are driven.
///   - examples: Example events for the cases that carry a payload or that guards look at.
///   - makeMachine: Makes a fresh machine for each path; `nil` for the default.
///   - sourceLocation: Where issues are recorded; the caller's line by default.
/// - Returns: How many transitions were taken, over all the paths (for a statechart, how many
///   of its transitions the exploration took).
@discardableResult
public func expectEveryTransition<State, Event>(
  of graph: StateGraph<State, Event>,
  events examples: [Event] = [],
  makeMachine: ((StateGraph<State, Event>) -> StateMachine<State, Event>)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  if graph.isStatechart {
    let events = examples + graph.transitions.compactMap { $0.event as? Event }
    let coverage = expectFullCoverage(
      of: graph, events: events,
      makeMachine: { graph, scheduler in
        makeMachine?(graph) ?? StateMachine(graph: graph, scheduler: scheduler)
      },
      sourceLocation: sourceLocation)
    return coverage.coveredTransitions.count
  }
  return expectEveryTransition(
    of: graph, events: examples,
    driving: {
      let machine =
        makeMachine?(graph)
        ?? (graph.hasResolvedTargets ? StateMachine.flow(graph: graph) : StateMachine(graph: graph))
      return { event in try machine.trySend(event) }
    }, sourceLocation: sourceLocation)
}

/// Drives anything that walks `graph` (a coordinator, a view model) along each of
/// `graph.flowCoveringPaths()`: `start` sets up a fresh one for each path and returns the function
/// that sends it an event and answers the state it is in after. Records a test issue for each
/// step that throws, has no example event, or lands in another state than the transition names
/// (for a `.previous` target, the state under the top of the stack the path built, as
/// `graph.flowStack(after:)` says); returns how
/// many transitions were taken.
///
/// ```swift
/// expectEveryTransition(of: flow, events: [.openProfile(id: 7)]) {
///   let coordinator = Coordinator(graph: flow, navigator: RecordingNavigator())
///   coordinator.start()
///   return { try coordinator.trySend($0) }
/// }
/// ```
///
/// - Parameters:
///   - graph: The graph whose transitions are driven.
///   - examples: Example events for the cases that carry a payload or that guards look at.
///   - start: Sets up a fresh walker for each path and returns its send function, which
///     answers the state after the event (or throws when it is refused).
///   - sourceLocation: Where issues are recorded; the caller's line by default.
/// - Returns: How many transitions were taken, over all the paths.
@discardableResult
public func expectEveryTransition<State, Event>(
  of graph: StateGraph<State, Event>,
  events examples: [Event] = [],
  driving start: () -> (Event) throws -> State,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  var taken = 0
  for path in graph.flowCoveringPaths() {
    let send = start()
    let route = path.map { "\($0.fromName) --\($0.eventName)--> \($0.toName)" }.joined(separator: ", ")
    var state = graph.initial
    for (step, transition) in path.enumerated() {
      let candidates =
        examples.filter { $0.caseKey == transition.event } + [transition.event as? Event].compactMap { $0 }
      guard
        let event = candidates.first(where: { transition.condition?(state, $0) ?? true }) ?? candidates.first
      else {
        Issue.record(
          "no example event of case \(transition.eventName): pass one in events:, on path \(route)",
          sourceLocation: sourceLocation)
        break
      }
      let expected =
        graph.flowStack(after: Array(path[...step]))?.last.map(graph.name(ofCase:)) ?? transition.toName
      do {
        state = try send(event)
        taken += 1
        if graph.name(of: state) != expected {
          Issue.record(
            "\(transition.eventName) led to \(graph.name(of: state)), not \(expected), on path \(route)",
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
