import LoginFeature
import Signals
import SignalsTesting
import Testing

/// Each chart `LoginDemo --graph mermaid --chart NAME` prints, as a snapshot: a change to a
/// chart shows up here as a reviewable diff.
@Suite struct LoginChartDrawingTests {
  @Test(arguments: LoginChart.allCases) func everyChartIsSound(_ chart: LoginChart) {
    #expect(chart.problems.isEmpty, "\(chart): \(chart.problems)")
  }

  /// The gate: two regions, each check a state that invokes it, the update region done once
  /// it is up to date or the app ends; a forced update blocks until its dialog ends the app
  /// (it is not an end like `upToDate`); the foreground re-check from each network state.
  @Test func theGateDrawsAsMermaid() {
    let expected = """
      stateDiagram-v2
          [*] --> gate
          state gate {
              state update {
                  [*] --> waitingForNetwork
                  waitingForNetwork
                  checkingUpdate: invoke updates.check()
                  upToDate --> [*]
                  optionalUpdate
                  forcedUpdate
                  appEnded --> [*]
                  waitingForNetwork --> checkingUpdate: granted
                  checkingUpdate --> upToDate: noUpdate
                  checkingUpdate --> optionalUpdate: optional
                  checkingUpdate --> forcedUpdate: forced
                  optionalUpdate --> upToDate: dismissUpdate
                  optionalUpdate --> appEnded: updateNow
                  forcedUpdate --> appEnded: updateNow
                  forcedUpdate --> appEnded: exitApp
              }
              --
              state network {
                  [*] --> askingPermission
                  askingPermission: invoke permission.isGranted()
                  offline
                  online
                  askingPermission --> online: granted
                  askingPermission --> offline: denied
                  offline --> askingPermission: retry
                  askingPermission --> askingPermission: foreground
                  offline --> askingPermission: foreground
                  online --> askingPermission: foreground
              }
          }

      """
    #expect(LoginChart.gate.mermaid() == expected)
  }

  /// The login status: the request invoked in `loading`, left by its answer or a cancel.
  @Test func theLoginStatusDrawsAsMermaid() {
    let expected = """
      stateDiagram-v2
          [*] --> none
          none
          success
          loading: invoke login()
          failure
          none --> loading: press
          failure --> loading: press
          loading --> success: succeeded
          loading --> failure: failed
          loading --> none: cancel
          success --> [*]

      """
    #expect(LoginChart.loginStatus.mermaid() == expected)
  }

  @Test func theFlowDrawsAsTheAuthGraph() {
    #expect(LoginChart.flow.mermaid() == authGraph.flowMermaid())
    #expect(LoginChart.flow.dot() == authGraph.flowDot(name: "Auth"))
  }
}
