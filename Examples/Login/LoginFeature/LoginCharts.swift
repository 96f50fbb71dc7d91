import Coordinators
import Signals

/// The login app's graphs, by the name `LoginDemo --graph mermaid|dot --chart NAME` takes: the
/// screens' flow, the login gate's checks, and the login status.
///
/// Each is drawn from the graph the app runs (the gate's and the status's charts are made over
/// services that never answer: the drawing needs only their structure), so a diagram cannot
/// drift from the code.
public enum LoginChart: String, CaseIterable, Sendable {
  /// The screens and the ways between them (`authGraph`), which the coordinator follows.
  case flow
  /// The login gate (`LoginGate`): the update check beside the network permission, each
  /// check a state that invokes its request, and the foreground re-check.
  case gate
  /// The login status (`LoginStatus.chart(login:)`), which password, pattern and SMS login
  /// run: the login request invoked in `loading`.
  case loginStatus

  /// The chart as Mermaid's `stateDiagram-v2`. A state that invokes a request says which in
  /// its description (`askingPermission: invoke permission.isGranted()`), from the `Invoke`'s
  /// label.
  ///
  /// - Returns: The diagram, one line per state or transition, ending in a newline.
  public func mermaid() -> String {
    switch self {
    case .flow: authGraph.flowMermaid()
    case .gate: Self.gateGraph.mermaid()
    case .loginStatus: Self.statusDrawing.mermaid()
    }
  }

  /// The chart as Graphviz DOT.
  ///
  /// - Returns: The `digraph`, named after the chart.
  public func dot() -> String {
    switch self {
    case .flow: authGraph.flowDot(name: "Auth")
    case .gate: Self.gateGraph.dot(name: "LoginGate")
    case .loginStatus: Self.statusDrawing.dot(name: "LoginStatus")
    }
  }

  /// What validation finds wrong with the chart (`StateGraph.problems()`, and for the flow of
  /// screens `StateGraph.flowProblems()`); empty when sound.
  public var problems: [FlowProblem] {
    switch self {
    case .flow: authGraph.flowProblems()
    case .gate: Self.gateGraph.problems().map(FlowProblem.graph)
    case .loginStatus: Self.statusDrawing.problems().map(FlowProblem.graph)
    }
  }

  static let gateGraph = gateChart(permission: SilentPermission(), updates: SilentUpdates())
  static let statusDrawing = LoginStatus.chart { _ in
    Empty(completeImmediately: false).eraseToAnyPublisher()
  }
}

/// A permission check that never answers, for drawing the gate's chart.
struct SilentPermission: NetworkPermission {
  func isGranted() -> AnyPublisher<Bool, Never> { Empty(completeImmediately: false).eraseToAnyPublisher() }
}

/// An update check that never answers, for drawing the gate's chart.
struct SilentUpdates: UpdateChecker {
  func check() -> AnyPublisher<UpdateAdvice, Never> {
    Empty(completeImmediately: false).eraseToAnyPublisher()
  }
}
