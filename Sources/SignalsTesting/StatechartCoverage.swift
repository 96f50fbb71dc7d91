import Signals
import Testing

/// What exploring a statechart with example events reached: the shortest event sequence to
/// each configuration and state, and which states and transitions were and were not covered.
public struct StatechartCoverage<State: CaseKeyed, Event: CaseKeyed> {
  /// The shortest event sequence found to each state's case (the first that made it active).
  public let shortestPaths: [State.Case: [Event]]
  /// The event sequences that together reach every configuration found, one per
  /// configuration, shortest first: the paths that cover every reachable state and transition.
  public let coveringPaths: [[Event]]
  /// The states no explored sequence made active, in the graph's order.
  public let missedStates: [State.Case]
  /// The transitions taken (eventless and done ones included), titled
  /// `source --label--> target`, in document order.
  public let coveredTransitions: [String]
  /// The transitions never taken, in document order (delayed ones stay here: exploring
  /// sends events and does not advance time).
  public let missedTransitions: [String]

  /// The shortest event sequence found that makes `key` active, or `nil`.
  ///
  /// - Parameter key: A state's case.
  /// - Returns: The events to send from the initial state, in order; empty for an initially
  ///   active state; `nil` when exploring never made it active.
  public func shortestEvents(to key: State.Case) -> [Event]? { shortestPaths[key] }
}

/// The transition titles a model-based exploration saw taken.
final class TakenTitles {
  var titles: Set<String> = []
}

/// Explores `graph` breadth first: from each configuration reached, sends each of `events` to
/// a fresh machine that replays the way there, and keeps the configurations that are new.
/// Guards see the example events; a refused event is skipped.
///
/// ```swift
/// let coverage = exploreStatechart(of: chart, events: Cue.allCases)
/// #expect(coverage.missedStates == [])
/// ```
///
/// - Parameters:
///   - graph: The chart (a flat graph works too: its configuration is one state).
///   - events: The events to try in each configuration.
///   - limit: The most configurations to explore.
///   - makeMachine: Makes a fresh machine; by default a plain `StateMachine(graph:)`.
/// - Returns: The coverage.
public func exploreStatechart<State, Event>(
  of graph: StateGraph<State, Event>, events: [Event], limit: Int = 1_000,
  makeMachine: (StateGraph<State, Event>) -> StateMachine<State, Event> = { StateMachine(graph: $0) }
) -> StatechartCoverage<State, Event> {
  let taken = TakenTitles()
  func machine(after path: [Event]) -> StateMachine<State, Event> {
    let machine = makeMachine(graph)
    machine.observeChartTransitions { taken.titles.formUnion($0) }
    for event in path { machine.send(event) }
    return machine
  }
  let first = machine(after: [])
  var seen: Set<[State.Case]> = [first.configuration]
  var queue: [(configuration: [State.Case], path: [Event])] = [(first.configuration, [])]
  var shortest: [State.Case: [Event]] = [:]
  for key in first.configuration { shortest[key] = [] }
  var head = 0
  while head < queue.count, seen.count <= limit {
    let (_, path) = queue[head]
    head += 1
    for event in events {
      let walker = machine(after: path)
      guard walker.can(event), (try? walker.trySend(event)) != nil else { continue }
      let configuration = walker.configuration
      guard seen.insert(configuration).inserted else { continue }
      for key in configuration where shortest[key] == nil { shortest[key] = path + [event] }
      queue.append((configuration, path + [event]))
    }
  }
  let titles = graph.isStatechart ? graph.chartTransitionTitles : []
  return StatechartCoverage(
    shortestPaths: shortest, coveringPaths: queue.map(\.path),
    missedStates: graph.states.filter { shortest[$0] == nil && !graph.chartHistoryStates.contains($0) },
    coveredTransitions: titles.filter { taken.titles.contains($0) },
    missedTransitions: titles.filter { !taken.titles.contains($0) })
}

/// Explores `graph` (see `exploreStatechart(of:events:limit:makeMachine:)`) and records a test
/// issue for each state and each transition it never covered.
///
/// - Parameters:
///   - graph: The chart.
///   - events: The events to try in each configuration.
///   - ignoring: Transition titles not to require (delayed ones, for instance).
///   - sourceLocation: Where issues are recorded; the caller's line by default.
/// - Returns: The coverage.
@discardableResult
public func expectFullCoverage<State, Event>(
  of graph: StateGraph<State, Event>, events: [Event], ignoring: Set<String> = [],
  sourceLocation: SourceLocation = #_sourceLocation
) -> StatechartCoverage<State, Event> {
  let coverage = exploreStatechart(of: graph, events: events)
  for state in coverage.missedStates {
    Issue.record("state \(graph.name(ofCase: state)) was never active", sourceLocation: sourceLocation)
  }
  for title in coverage.missedTransitions where !ignoring.contains(title) {
    Issue.record("transition \(title) was never taken", sourceLocation: sourceLocation)
  }
  return coverage
}
