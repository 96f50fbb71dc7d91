import Signals
import Testing

/// One step of a statechart exploration: an event sent, or the virtual clock advanced to the
/// next timer due (a delayed transition's).
public enum ExplorationStep<Event> {
  /// The event was sent.
  case send(Event)
  /// The machine's `TestScheduler` advanced to its next due time.
  case advanceToNextTimer
}

extension ExplorationStep: Equatable where Event: Equatable {}
extension ExplorationStep: Sendable where Event: Sendable {}

/// What exploring a statechart with example events (and time) reached: the shortest way to
/// each state, the ways that cover every configuration found, and which states and transitions
/// were and were not covered.
///
/// Transitions are titled `source --label--> target`: `label` is the event's case (`go`), with
/// its guard's name in brackets (`go [online]`); `always` or `[guard]` for an eventless one;
/// `after 2s` (the delay as `SchedulerTime.Stride` prints it, or `after <label>` for a delay read
/// from the context) for a delayed one; `done` (or `done <state>` when an ancestor takes a
/// descendant's done event) for a done one. A wildcard's source is `*`; a targetless
/// transition names its source twice.
public struct StatechartCoverage<State: CaseKeyed, Event: CaseKeyed> {
  /// The shortest way found to each state's case (the first that made it active), waits for
  /// timers included.
  public let shortestSteps: [State.Case: [ExplorationStep<Event>]]
  /// The steps that together reach every configuration found, one per configuration, shortest
  /// first.
  public let coveringSteps: [[ExplorationStep<Event>]]
  /// The states no explored way made active, in the graph's order (ignored ones left out).
  public let missedStates: [State.Case]
  /// The transitions taken (eventless, delayed and done ones included), in document order.
  public let coveredTransitions: [String]
  /// The transitions never taken, in document order.
  public let missedTransitions: [String]

  /// The shortest event sequence found to each state reached by events alone.
  public var shortestPaths: [State.Case: [Event]] {
    var paths: [State.Case: [Event]] = [:]
    for (key, steps) in shortestSteps {
      if let events = eventsOnly(steps) { paths[key] = events }
    }
    return paths
  }
  /// The covering ways that need no wait, as event sequences.
  public var coveringPaths: [[Event]] {
    var paths: [[Event]] = []
    for steps in coveringSteps {
      if let events = eventsOnly(steps) { paths.append(events) }
    }
    return paths
  }

  /// The shortest event sequence found that makes `key` active by events alone, or `nil`.
  ///
  /// - Parameter key: A state's case.
  /// - Returns: The events to send from the initial state, in order; empty for an initially
  ///   active state; `nil` when exploring never made it active, or only by waiting.
  public func shortestEvents(to key: State.Case) -> [Event]? { shortestPaths[key] }
}

/// The events of `steps`, or `nil` when one of them is a wait.
func eventsOnly<Event>(_ steps: [ExplorationStep<Event>]) -> [Event]? {
  var events: [Event] = []
  for step in steps {
    guard case .send(let event) = step else { return nil }
    events.append(event)
  }
  return events
}

/// The transition titles a model-based exploration saw taken.
final class TakenTitles {
  var titles: Set<String> = []
}

/// Explores `graph` breadth first: from each configuration reached, tries each of `events`
/// and, when a timer is pending, advancing the virtual clock to it, each on a fresh machine
/// that replays the way there, and keeps the configurations that are new. Guards see the
/// example events; a refused event is skipped.
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
///   - makeMachine: Makes a fresh machine on the given `TestScheduler`; by default
///     `StateMachine(graph:scheduler:)`.
/// - Returns: The coverage.
public func exploreStatechart<State, Event>(
  of graph: StateGraph<State, Event>, events: [Event], limit: Int = 1_000,
  makeMachine: (StateGraph<State, Event>, TestScheduler) -> StateMachine<State, Event> = {
    StateMachine(graph: $0, scheduler: $1)
  }
) -> StatechartCoverage<State, Event> {
  explore(graph, events: events, limit: limit) {
    let scheduler = TestScheduler()
    return (makeMachine(graph, scheduler), scheduler)
  }
}

/// Explores `graph` with machines made by `makeMachine`, by events alone (the machine's clock is
/// not the exploration's, so no timer is waited for); see the other form.
///
/// - Parameters:
///   - graph: The chart.
///   - events: The events to try in each configuration.
///   - limit: The most configurations to explore.
///   - makeMachine: Makes a fresh machine.
/// - Returns: The coverage.
public func exploreStatechart<State, Event>(
  of graph: StateGraph<State, Event>, events: [Event], limit: Int = 1_000,
  makeMachine: (StateGraph<State, Event>) -> StateMachine<State, Event>
) -> StatechartCoverage<State, Event> {
  explore(graph, events: events, limit: limit) { (makeMachine(graph), nil) }
}

/// The breadth-first walk both forms share.
func explore<State, Event>(
  _ graph: StateGraph<State, Event>, events: [Event], limit: Int,
  make: () -> (StateMachine<State, Event>, TestScheduler?)
) -> StatechartCoverage<State, Event> {
  typealias Step = ExplorationStep<Event>
  let taken = TakenTitles()
  /// A fresh machine after `path`, or `nil` when a step of it is refused now.
  func machine(after path: [Step]) -> (StateMachine<State, Event>, TestScheduler?)? {
    let (machine, scheduler) = make()
    machine.observeChartTransitions { taken.titles.formUnion($0) }
    for step in path {
      switch step {
      case .send(let event):
        guard machine.can(event), (try? machine.trySend(event)) != nil else { return nil }
      case .advanceToNextTimer:
        guard let scheduler, let due = scheduler.nextDueTime else { return nil }
        scheduler.advance(to: due)
      }
    }
    return (machine, scheduler)
  }
  guard let (first, _) = machine(after: []) else {
    return StatechartCoverage(
      shortestSteps: [:], coveringSteps: [], missedStates: graph.states, coveredTransitions: [],
      missedTransitions: [])
  }
  var seen: Set<[State.Case]> = [first.configuration]
  var queue: [(configuration: [State.Case], path: [Step])] = [(first.configuration, [])]
  var shortest: [State.Case: [Step]] = [:]
  for key in first.configuration { shortest[key] = [] }
  var head = 0
  while head < queue.count, seen.count <= limit {
    let (_, path) = queue[head]
    head += 1
    for step in events.map(Step.send) + [.advanceToNextTimer] {
      guard let (walker, _) = machine(after: path + [step]) else { continue }
      let configuration = walker.configuration
      guard seen.insert(configuration).inserted else { continue }
      for key in configuration where shortest[key] == nil { shortest[key] = path + [step] }
      queue.append((configuration, path + [step]))
    }
  }
  let titles = graph.isStatechart ? graph.chartTransitionTitles : []
  return StatechartCoverage(
    shortestSteps: shortest, coveringSteps: queue.map(\.path),
    missedStates: graph.states.filter { shortest[$0] == nil && !graph.chartHistoryStates.contains($0) },
    coveredTransitions: titles.filter { taken.titles.contains($0) },
    missedTransitions: titles.filter { !taken.titles.contains($0) })
}

/// Explores `graph` (see `exploreStatechart(of:events:limit:makeMachine:)`, time included) and
/// records a test issue for each state and each transition it never covered.
///
/// - Parameters:
///   - graph: The chart.
///   - events: The events to try in each configuration.
///   - ignoring: Transition titles not to require (see `StatechartCoverage` for how they read).
///   - ignoringStates: States not to require.
///   - makeMachine: Makes a fresh machine on the given `TestScheduler`.
///   - sourceLocation: Where issues are recorded; the caller's line by default.
/// - Returns: The coverage.
@discardableResult
public func expectFullCoverage<State, Event>(
  of graph: StateGraph<State, Event>, events: [Event], ignoring: Set<String> = [],
  ignoringStates: Set<State.Case> = [],
  makeMachine: (StateGraph<State, Event>, TestScheduler) -> StateMachine<State, Event> = {
    StateMachine(graph: $0, scheduler: $1)
  },
  sourceLocation: SourceLocation = #_sourceLocation
) -> StatechartCoverage<State, Event> {
  let coverage = exploreStatechart(of: graph, events: events, makeMachine: makeMachine)
  for state in coverage.missedStates where !ignoringStates.contains(state) {
    Issue.record("state \(graph.name(ofCase: state)) was never active", sourceLocation: sourceLocation)
  }
  for title in coverage.missedTransitions where !ignoring.contains(title) {
    Issue.record("transition \(title) was never taken", sourceLocation: sourceLocation)
  }
  return coverage
}
