import Coordinators
import Foundation
import Signals
import SignalsTesting
import Testing

/// A list, an item with a payload, a related item pushed over it, and settings presented from
/// either; `close` is written both ways a user writes it: to a case (`.item(id: 0)`, a
/// placeholder) and to `.previous`.
enum Shelf: Hashable, Sendable, Codable, CaseKeyed {
  case list, settings, about
  case item(id: Int)
  case related(id: Int)

  enum Case: Hashable, Sendable { case list, settings, about, item, related }
  var caseKey: Case {
    switch self {
    case .list: .list
    case .settings: .settings
    case .about: .about
    case .item: .item
    case .related: .related
    }
  }
}

enum ShelfEvent: Hashable, Sendable, CaseKeyed {
  case open(id: Int)
  case openRelated(id: Int)
  case openSettings, openAbout, close, back

  enum Case: Hashable, Sendable { case open, openRelated, openSettings, openAbout, close, back }
  var caseKey: Case {
    switch self {
    case .open: .open
    case .openRelated: .openRelated
    case .openSettings: .openSettings
    case .openAbout: .openAbout
    case .close: .close
    case .back: .back
    }
  }
}

let shelf = StateGraph<Shelf, ShelfEvent>(initial: .list) {
  Transition(
    from: .list, on: .open, to: .make(.item) { if case .open(let id) = $0 { .item(id: id) } else { nil } })
  Transition(
    from: .item, on: .openRelated,
    to: .make(.related) { if case .openRelated(let id) = $0 { .related(id: id) } else { nil } })
  Transition(from: .related, on: .back, to: .item(id: 0))
  Transition(from: .item, on: .back, to: .list)
  Transition(from: .item, on: .openSettings, to: .settings, presentation: .modal)
  Transition(from: .settings, on: .close, to: .item(id: 0))
  Transition(fromAny: .openAbout, to: .about, presentation: .modal)
  Transition(from: .about, on: .close, to: .previous)
}

let shelfEvents: [ShelfEvent] = [.open(id: 7), .openRelated(id: 8), .openSettings, .openAbout, .close, .back]

@MainActor
@Suite struct BackNavigationTests {
  func started() -> (Coordinator<Shelf, ShelfEvent>, RecordingNavigator<Shelf>) {
    let navigator = RecordingNavigator<Shelf>()
    let coordinator = Coordinator(graph: shelf, navigator: navigator, backEvent: .back)
    coordinator.start()
    return (coordinator, navigator)
  }

  @Test func closingAModalOverAPayloadScreenKeepsThePayload() throws {
    let (coordinator, navigator) = started()
    try coordinator.trySend(.open(id: 7))
    try coordinator.trySend(.openSettings)
    #expect(try coordinator.trySend(.close) == .item(id: 7))
    #expect(coordinator.state == .item(id: 7))
    #expect(coordinator.stack.map(\.screen) == [.list, .item(id: 7)])
    #expect(navigator.calls == ["root list", "push item(id: 7)", "present settings", "dismiss"])
  }

  @Test func goingBackFromAPushOverAPayloadScreenKeepsThePayload() throws {
    let (coordinator, navigator) = started()
    try coordinator.trySend(.open(id: 7))
    try coordinator.trySend(.openRelated(id: 8))
    #expect(try coordinator.trySend(.back) == .item(id: 7))
    #expect(coordinator.stack.map(\.screen) == [.list, .item(id: 7)])
    #expect(navigator.calls.last == "pop")
    try coordinator.trySend(.openRelated(id: 9))
    try coordinator.systemDidGoBack()
    #expect(coordinator.state == .item(id: 7))
  }

  @Test func aRestoredStackKeepsItsPayloadsWhenGoingBack() throws {
    let (original, _) = started()
    try original.trySend(.open(id: 7))
    try original.trySend(.openSettings)
    let saved = try original.savedNavigation()
    let (restored, navigator) = started()
    try restored.restoreNavigation(from: saved)
    #expect(try restored.trySend(.close) == .item(id: 7))
    #expect(navigator.calls == ["root list", "root list", "push item(id: 7)", "present settings", "dismiss"])
  }

  @Test func aModalOpenedFromSeveralScreensReturnsToWhicheverOpenedIt() throws {
    let (coordinator, navigator) = started()
    try coordinator.trySend(.openAbout)
    #expect(try coordinator.trySend(.close) == .list)
    try coordinator.trySend(.open(id: 7))
    try coordinator.trySend(.openAbout)
    #expect(try coordinator.trySend(.close) == .item(id: 7))
    try coordinator.trySend(.openSettings)
    try coordinator.trySend(.openAbout)  // over the settings modal
    #expect(try coordinator.trySend(.close) == .settings)
    #expect(navigator.calls.suffix(3) == ["present settings", "present about", "dismiss"])
    #expect(shelf.flowProblems() == [])
    #expect(!shelf.flowMermaid().contains("about --> about"))
    #expect(shelf.flowMermaid().contains("about --> settings: close (previous)"))
  }

  @Test func everyEdgeIncludingTheHistoryTargetIsDrivenThroughTheCoordinator() {
    let taken = expectEveryTransition(of: shelf, events: shelfEvents) {
      let coordinator = Coordinator(graph: shelf, navigator: RecordingNavigator<Shelf>())
      coordinator.start()
      return { try coordinator.trySend($0) }
    }
    #expect(taken >= shelf.transitions.count)
  }

  @Test func canSaysWhetherAnEventWouldBeTaken() throws {
    let (coordinator, _) = started()
    #expect(coordinator.can(.open(id: 1)))
    #expect(!coordinator.can(.close))
    #expect(!coordinator.send(.close))  // refused: nothing changes
    #expect(coordinator.state == .list)
    try coordinator.trySend(.openAbout)
    #expect(coordinator.can(.close))
    #expect(!coordinator.can(.openAbout))
  }
}

/// Screens that count how many of them restores decoded.
enum Tally: String, Hashable, Sendable, Codable, CaseIterable, CaseKeyed {
  case list, item

  @MainActor static var decoded = 0

  init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    MainActor.assumeIsolated { Tally.decoded += 1 }
    guard let screen = Tally(rawValue: name) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: name))
    }
    self = screen
  }
}

let tallied = StateGraph<Tally, ShelfEvent>(initial: .list) {
  Transition(from: .list, on: .openSettings, to: .item)
  Transition(from: .item, on: .back, to: .list)
}

@MainActor
@Suite struct NavigationRestoreValidationTests {
  func restoring(
    _ json: String
  ) -> (StateRestoreError?, RecordingNavigator<Shelf>, Coordinator<Shelf, ShelfEvent>) {
    let navigator = RecordingNavigator<Shelf>()
    let coordinator = Coordinator(graph: shelf, navigator: navigator)
    coordinator.start()
    do {
      try coordinator.restoreNavigation(from: Data(json.utf8))
      return (nil, navigator, coordinator)
    } catch {
      return (error, navigator, coordinator)
    }
  }

  @Test(arguments: [
    // A stack no transition builds: an item cannot be the root.
    #"{"stack":[{"modal":false,"screen":{"item":{"id":1}}},{"modal":false,"screen":{"list":{}}}],"version":1}"#,
    // The root marked modal.
    #"{"stack":[{"modal":true,"screen":{"list":{}}}],"version":1}"#,
    // Settings is presented, never pushed.
    #"{"stack":[{"modal":false,"screen":{"list":{}}},{"modal":false,"screen":{"item":{"id":1}}},{"modal":false,"screen":{"settings":{}}}],"version":1}"#,
    // Nothing pushes a list over a list.
    #"{"stack":[{"modal":false,"screen":{"list":{}}},{"modal":false,"screen":{"list":{}}}],"version":1}"#,
  ])
  func aStackTheGraphCannotProduceIsRefusedAndChangesNothing(json: String) {
    let (error, navigator, coordinator) = restoring(json)
    #expect(error != nil)
    if case .corrupt(let detail) = error {
      #expect(detail.contains("cannot be the root") || detail.contains("no transition"))
    } else {
      Issue.record("expected a corrupt-stack error, got \(String(describing: error))")
    }
    #expect(navigator.calls == ["root list"])
    #expect(coordinator.state == .list)
    #expect(coordinator.stack.map(\.screen) == [.list])
  }

  @Test func aHugeStackIsRefusedBeforeItIsChecked() {
    let entry = #"{"modal":false,"screen":{"list":{}}}"#
    let json =
      #"{"stack":["# + Array(repeating: entry, count: 10_000).joined(separator: ",") + #"],"version":1}"#
    let (error, navigator, _) = restoring(json)
    #expect(error == .corrupt("the saved stack has 10000 entries; at most 64 are restored"))
    #expect(navigator.calls == ["root list"])
  }

  @Test func refusesASaveLargerThanTheByteLimitBeforeDecodingIt() {
    let entry = #"{"modal":false,"screen":"list"}"#
    let json = #"{"stack":["# + String(repeating: entry + ",", count: 2_000_000) + entry + #"],"version":1}"#
    let navigator = RecordingNavigator<Tally>()
    let coordinator = Coordinator(graph: tallied, navigator: navigator)
    coordinator.start()
    Tally.decoded = 0
    #expect(
      throws: StateRestoreError.corrupt("the save has \(json.utf8.count) bytes; at most 1048576 are read")
    ) { try coordinator.restoreNavigation(from: Array(json.utf8)) }
    #expect(Tally.decoded == 0)
    #expect(navigator.calls == ["root list"])
  }

  @Test func refusesAStackDeeperThanTheLimitBeforeDecodingPastIt() {
    let entry = #"{"modal":false,"screen":"list"}"#
    let json =
      #"{"stack":["# + Array(repeating: entry, count: 20_000).joined(separator: ",") + #"],"version":1}"#
    let coordinator = Coordinator(graph: tallied, navigator: RecordingNavigator<Tally>())
    coordinator.start()
    Tally.decoded = 0
    #expect(throws: StateRestoreError.self) { try coordinator.restoreNavigation(from: Array(json.utf8)) }
    #expect(Tally.decoded <= Coordinator<Tally, ShelfEvent>.maximumRestoredDepth)
    #expect(coordinator.stack.map(\.screen) == [.list])
  }

  @Test func aStackTheGraphProducesIsRestored() {
    let json =
      #"{"stack":[{"modal":false,"screen":{"list":{}}},{"modal":false,"screen":{"item":{"id":4}}},{"modal":true,"screen":{"about":{}}}],"version":1}"#
    let (error, navigator, coordinator) = restoring(json)
    #expect(error == nil)
    #expect(navigator.calls == ["root list", "root list", "push item(id: 4)", "present about"])
    #expect(coordinator.state == .about)
  }
}

@Suite struct CoordinatorsImportTests {
  /// `import Coordinators` must not make Foundation's names visible to its importers: every
  /// Foundation import in the module is `internal`.
  @Test func theModuleImportsFoundationOnlyInternally() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Coordinators").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
      $0.hasSuffix(".swift")
    }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("import Foundation") {
        #expect(line.hasPrefix("internal import Foundation"), "\(file): \(line)")
      }
    }
  }
}
