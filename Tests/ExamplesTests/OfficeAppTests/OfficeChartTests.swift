import Coordinators
import Foundation
import OfficeFeature
import Signals
import SignalsTesting
import Testing

/// The office app's navigation is one statechart (`officeGraph`), run by a `Coordinator` with
/// `officeScreens`. It replaced a flat graph; these tests keep the chart sound, keep it moving
/// the navigator as the flat graph did, and keep its drawing as `OfficeDemo --graph mermaid`
/// prints it.
@MainActor
@Suite struct OfficeChartTests {
  static let events: [OfficeEvent] = [
    .loggedIn, .logout, .back, .openNews, .openFeedback, .openContacts, .newGroupChat, .pickerDone,
    .openContact(id: 1), .sessionExpired,
  ]

  /// The flat graph the chart replaced, as it was: each way a covering path of the chart takes
  /// must move a navigator as this one did.
  static let flatGraph = StateGraph<OfficeScreen, OfficeEvent>(initial: .login) {
    Transition(from: .login, on: .loggedIn, to: .home, presentation: .root)
    Transition(from: .home, on: .openNews, to: .news)
    Transition(from: .home, on: .openFeedback, to: .feedback)
    Transition(from: .home, on: .openContacts, to: .contacts)
    Transition(from: .home, on: .newGroupChat, to: .picker, presentation: .modal)
    Transition(from: .picker, on: .pickerDone, to: .previous)
    Transition(from: .news, on: .back, to: .previous)
    Transition(from: .feedback, on: .back, to: .previous)
    Transition(from: .contacts, on: .back, to: .previous)
    Transition(
      from: .contacts, on: .openContact,
      to: .make(.contact) { if case .openContact(let id) = $0 { .contact(id: id) } else { nil } })
    Transition(from: .contact, on: .back, to: .previous)
    Transition(from: .home, on: .logout, to: .login, presentation: .root)
    Transition(fromAny: .sessionExpired, to: .login)
  }

  @Test func theChartIsSoundAndEveryStateAndTransitionIsReached() {
    #expect(officeGraph.isStatechart)
    #expect(officeGraph.flowProblems() == [])
    let coverage = exploreStatechart(of: officeGraph, events: Self.events)
    #expect(coverage.missedStates == [])
    #expect(coverage.missedTransitions == [])
  }

  @Test func everyWayThroughTheChartMovesTheNavigatorAsTheFlatGraphDid() throws {
    let paths = exploreStatechart(of: officeGraph, events: Self.events).coveringPaths
    #expect(paths.count > 5)
    for path in paths {
      let chartNavigator = RecordingNavigator<OfficeScreen>()
      let chart = Coordinator(
        graph: officeGraph, navigator: chartNavigator, backEvent: .back, screens: officeScreens)
      let flatNavigator = RecordingNavigator<OfficeScreen>()
      let flat = Coordinator(graph: Self.flatGraph, navigator: flatNavigator, backEvent: .back)
      chart.start()
      flat.start()
      for event in path {
        try chart.trySend(event)
        try flat.trySend(event)
        #expect(chart.stack.map(\.screen) == flat.stack.map(\.screen), "after \(path)")
        #expect(chart.stack.map(\.modal) == flat.stack.map(\.modal), "after \(path)")
      }
      #expect(chartNavigator.calls == flatNavigator.calls, "along \(path)")
    }
  }

  @Test func aLinkOpenedFromAContactReplacesItAndBackLeadsToTheList() throws {
    let navigator = RecordingNavigator<OfficeScreen>()
    let flow = Coordinator(graph: officeGraph, navigator: navigator, backEvent: .back, screens: officeScreens)
    flow.start()
    for event: OfficeEvent in [.loggedIn, .openContacts, .openContact(id: 42), .back, .openContact(id: 7)] {
      try flow.trySend(event)
    }
    #expect(flow.stack.map(\.screen) == [.home, .contacts, .contact(id: 7)])
    try flow.trySend(.back)
    try flow.trySend(.back)
    #expect(
      navigator.calls == [
        "root login", "root home", "push contacts", "push contact(id: 42)", "pop", "push contact(id: 7)",
        "pop", "pop",
      ])
  }

  @Test func theChartDrawsAsTheDemoPrintsIt() throws {
    let drawing = """
      stateDiagram-v2
          [*] --> login
          login
          state home {
              [*] --> menu
              menu
              news
              feedback
              state contacts {
                  [*] --> browsing
                  browsing
                  contact
                  browsing --> contact: openContact
                  contact --> browsing: back
              }
              picker
              menu --> news: openNews
              menu --> feedback: openFeedback
              menu --> contacts: openContacts
              menu --> picker: newGroupChat
              picker --> menu: pickerDone
              news --> menu: back
              feedback --> menu: back
              contacts --> menu: back
          }
          login --> home: loggedIn
          menu --> login: logout
          home --> login: sessionExpired

      """
    #expect(officeGraph.flowMermaid() == drawing)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("OfficeDemo")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      Issue.record("OfficeDemo is not built next to the tests at \(executable.path)")
      return
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--graph", "mermaid"]
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output == drawing)
  }
}
