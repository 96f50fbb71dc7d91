internal import Foundation
import Signals

/// The JSON a coordinator saves: a format version and its screen stack.
///
/// Decoding reads the version first and stops at the first stack entry past
/// `maximumDepth` (or before any entry, when the array says how long it is), so a huge save is
/// refused without decoding its screens.
struct SavedNavigation<Screen: Codable>: Codable {
  struct Entry: Codable {
    var screen: Screen
    var modal: Bool
  }

  /// Why decoding stopped before the end: a refusal to report as it is.
  struct Refusal: Error {
    let error: StateRestoreError
  }

  enum CodingKeys: String, CodingKey {
    case stack, version
  }

  static var currentVersion: Int { 1 }
  static var maximumDepth: Int { 64 }
  var version: Int
  var stack: [Entry]

  init(version: Int, stack: [Entry]) {
    self.version = version
    self.stack = stack
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    guard version == Self.currentVersion else {
      throw Refusal(error: .unsupportedVersion(found: version, supported: Self.currentVersion))
    }
    var entries = try container.nestedUnkeyedContainer(forKey: .stack)
    if let count = entries.count, count > Self.maximumDepth { throw Refusal(error: Self.tooDeep(count)) }
    var stack: [Entry] = []
    while !entries.isAtEnd {
      guard stack.count < Self.maximumDepth else { throw Refusal(error: Self.tooDeep(nil)) }
      stack.append(try entries.decode(Entry.self))
    }
    self.stack = stack
  }

  static func tooDeep(_ count: Int?) -> StateRestoreError {
    .corrupt(
      "the saved stack has \(count.map(String.init) ?? "more than \(maximumDepth)") entries; at most \(maximumDepth) are restored"
    )
  }
}

/// The JSON a coordinator running a statechart saves (format version 2; a flat graph's
/// coordinator writes and reads version 1, its stack): every active state, named by its case,
/// with its value, and what each history state recorded.
///
/// ```json
/// {"chart":{"configuration":[{"state":"app","value":"app"}, ...],
///           "history":[{"history":"cartHistory","states":[{"state":"payment","value":"payment"}]}]},
///  "version":2}
/// ```
///
/// Decoding reads the version first, and refuses a list longer than the chart has states (a
/// configuration or a record names each state once at most) before decoding its entries.
struct SavedChartNavigation<Screen: Codable>: Codable {
  /// A state and its value (absent for a state declared by its case that no value reached).
  struct State: Codable {
    var state: String
    var value: Screen?
  }

  /// What a history state recorded.
  struct History: Codable {
    var history: String
    var states: [State]

    enum CodingKeys: String, CodingKey {
      case history, states
    }

    init(history: String, states: [State]) {
      self.history = history
      self.states = states
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      history = try container.decode(String.self, forKey: .history)
      states = try SavedChartNavigation.decodeBounded(
        container, .states, decoder, "history \(excerpt(history))")
    }
  }

  /// The configuration and the histories.
  struct Chart: Codable {
    var configuration: [State]
    var history: [History]

    enum CodingKeys: String, CodingKey {
      case configuration, history
    }

    init(configuration: [State], history: [History]) {
      self.configuration = configuration
      self.history = history
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      configuration = try SavedChartNavigation.decodeBounded(
        container, .configuration, decoder, "configuration")
      history = try SavedChartNavigation.decodeBounded(container, .history, decoder, "history list")
    }
  }

  enum CodingKeys: String, CodingKey {
    case chart, version
  }

  static var currentVersion: Int { 2 }
  /// The decoder's `userInfo` key for the longest list read: the chart's number of states.
  static var limitKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "SavedChartNavigation.limit")! }

  var version: Int
  var chart: Chart

  init(version: Int, chart: Chart) {
    self.version = version
    self.chart = chart
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    guard version == Self.currentVersion else {
      throw SavedNavigation<Screen>.Refusal(
        error: .unsupportedVersion(found: version, supported: Self.currentVersion))
    }
    chart = try container.decode(Chart.self, forKey: .chart)
  }

  /// The array at `key`, refused before its entries are decoded when it has more than the
  /// decoder's limit (or, when the array does not say its length, at the first entry past it).
  static func decodeBounded<Key: CodingKey, Element: Decodable>(
    _ container: KeyedDecodingContainer<Key>, _ key: Key, _ decoder: any Decoder, _ what: String
  ) throws -> [Element] {
    let limit = decoder.userInfo[limitKey] as? Int ?? 0
    func tooLong(_ count: Int?) -> SavedNavigation<Screen>.Refusal {
      SavedNavigation<Screen>.Refusal(
        error: .corrupt(
          "the saved \(what) has \(count.map(String.init) ?? "more than \(limit)") entries; the chart has \(limit) states"
        ))
    }
    var entries = try container.nestedUnkeyedContainer(forKey: key)
    if let count = entries.count, count > limit { throw tooLong(count) }
    var elements: [Element] = []
    while !entries.isAtEnd {
      guard elements.count < limit else { throw tooLong(nil) }
      elements.append(try entries.decode(Element.self))
    }
    return elements
  }
}

extension Coordinator where Screen: Codable {
  /// The deepest saved stack `restoreNavigation(from:)` accepts.
  public nonisolated static var maximumRestoredDepth: Int { SavedNavigation<Screen>.maximumDepth }

  /// The largest save `restoreNavigation(from:)` reads, in bytes: 1 MiB, 16 KiB for each of the
  /// `maximumRestoredDepth` screens, far more than screens that carry identifiers need, and
  /// little enough to decode in milliseconds.
  public nonisolated static var maximumRestoredBytes: Int { 1 << 20 }

  /// The navigation as JSON (UTF-8 bytes; `Data(bytes)` where Foundation is used), to restore
  /// it after a relaunch: for a flat graph, the screen stack (format version 1); for a
  /// statechart, its configuration (every active state in every region, with its value) and
  /// what each history state recorded (format version 2), so that "back to where the flow was"
  /// still works after the relaunch. The extended state is not saved.
  ///
  /// Threading: main actor; an observer of the coordinator may call it (a statechart's save is
  /// what the last macrostep left).
  ///
  /// - Returns: The JSON of the screen stack, root first, or of the statechart's configuration.
  /// - Throws: The encoder's error if a screen's encoding fails, or if two of a statechart's
  ///   cases have the same name (a save names each state by its case).
  public func savedNavigation() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let chart = machine.savedChart { return [UInt8](try encoder.encode(try savedChartNavigation(chart))) }
    let entries = stack.map { SavedNavigation<Screen>.Entry(screen: $0.screen, modal: $0.modal) }
    return [UInt8](
      try encoder.encode(SavedNavigation(version: SavedNavigation<Screen>.currentVersion, stack: entries)))
  }

  /// Rebuilds saved navigation. Call it after `start()`.
  ///
  /// For a flat graph, the saved stack: the navigator gets the root, then each pushed or
  /// presented screen, and the machine moves to the top screen, keeping the stack (payloads
  /// included).
  ///
  /// For a statechart, the saved configuration and histories are put back as they were: no
  /// transition is taken and no entry, exit or transition action runs (the states are put back,
  /// not entered; the states left are left without their exit actions), nor does a done event
  /// or an eventless transition; the states put back arm their delayed transitions afresh and
  /// start their invocations. The extended state is kept. The navigator is then rebuilt from the
  /// screens the configuration means, as `ScreenLayout.calls(from:)` shows them from nothing
  /// (`setTabs` or `setRoot` first, which replaces everything shown).
  ///
  /// Bad input: a save larger than `maximumRestoredBytes` is refused before it is parsed; a
  /// stack deeper than `maximumRestoredDepth`, or a statechart's configuration, history list or
  /// history record longer than the chart has states, before its entries are decoded (or, when
  /// the array does not say its length, at the first entry past the limit).
  ///
  /// - Parameter bytes: What `savedNavigation()` returned.
  /// - Throws: `StateRestoreError`, and the coordinator, machine and navigator are left as they
  ///   were. For a flat graph: corrupt data, another version, an empty stack, a screen the graph
  ///   does not have, or a stack the graph cannot produce (a root that is not the initial screen
  ///   or a `.root` target, a screen no transition pushes or presents from the one below it, a
  ///   modal flag that does not match, more than `maximumRestoredDepth` entries, more than
  ///   `maximumRestoredBytes` bytes). For a statechart: corrupt data or another version (a flat
  ///   graph's stack is version 1), a state the chart does not have (`.unknownState`), a history
  ///   pseudo-state or a top-level final state in the configuration (`.notRestorable`), a
  ///   configuration the chart cannot be in (two children of a compound state that is not
  ///   parallel, a parallel state missing a region, a state whose parent is not active, a state
  ///   listed twice), a value of another case than its state, a history that records a state
  ///   outside its parent (`.corrupt`, each saying which states), lists longer than the chart
  ///   has states, more than `maximumRestoredBytes` bytes.
  public func restoreNavigation(from bytes: some Collection<UInt8>) throws(StateRestoreError) {
    guard bytes.count <= Self.maximumRestoredBytes else {
      throw .corrupt("the save has \(bytes.count) bytes; at most \(Self.maximumRestoredBytes) are read")
    }
    if graph.isStatechart { return try restoreChartNavigation(from: bytes) }
    let saved: SavedNavigation<Screen>
    do {
      saved = try JSONDecoder().decode(SavedNavigation<Screen>.self, from: Data(bytes))
    } catch let refusal as SavedNavigation<Screen>.Refusal {
      throw refusal.error
    } catch {
      throw .corrupt("\(error)")
    }
    guard !saved.stack.isEmpty else { throw .corrupt("the saved stack is empty") }
    for entry in saved.stack where !graph.states.contains(entry.screen.caseKey) {
      throw .unknownState(graph.name(of: entry.screen))
    }
    if let problem = graph.whyCannotProduce(stack: saved.stack.map { ($0.screen.caseKey, $0.modal) }) {
      throw .corrupt(problem)
    }
    try rebuild(saved.stack.map { Entry(screen: $0.screen, modal: $0.modal) })
  }
}

extension Coordinator where Screen: Codable {
  /// Each name a save gives a state (its case's), to its case; the names two cases share.
  func chartNames() -> (cases: [String: Screen.Case], shared: Set<String>) {
    var cases: [String: Screen.Case] = [:]
    var shared = Set<String>()
    for key in graph.states where cases.updateValue(key, forKey: graph.name(ofCase: key)) != nil {
      shared.insert(graph.name(ofCase: key))
    }
    return (cases, shared)
  }

  /// `chart` as the JSON names it.
  func savedChartNavigation(_ chart: SavedChart<Screen>) throws -> SavedChartNavigation<Screen> {
    let shared = chartNames().shared
    func name(_ key: Screen.Case) throws -> String {
      let name = graph.name(ofCase: key)
      guard !shared.contains(name) else {
        throw EncodingError.invalidValue(
          name, .init(codingPath: [], debugDescription: "two states of the chart are named \(excerpt(name))"))
      }
      return name
    }
    func entry(_ state: SavedChartState<Screen>) throws -> SavedChartNavigation<Screen>.State {
      .init(state: try name(state.key), value: state.value)
    }
    return SavedChartNavigation(
      version: SavedChartNavigation<Screen>.currentVersion,
      chart: .init(
        configuration: try chart.configuration.map(entry),
        history: try chart.histories.map {
          .init(history: try name($0.history), states: try $0.states.map(entry))
        }))
  }

  /// `restoreNavigation(from:)` for a statechart.
  func restoreChartNavigation(from bytes: some Collection<UInt8>) throws(StateRestoreError) {
    let decoder = JSONDecoder()
    decoder.userInfo[SavedChartNavigation<Screen>.limitKey] = graph.states.count
    let saved: SavedChartNavigation<Screen>
    do {
      saved = try decoder.decode(SavedChartNavigation<Screen>.self, from: Data(bytes))
    } catch let refusal as SavedNavigation<Screen>.Refusal {
      throw refusal.error
    } catch {
      throw .corrupt("\(error)")
    }
    let (cases, shared) = chartNames()
    func key(_ name: String) throws(StateRestoreError) -> Screen.Case {
      guard !shared.contains(name) else { throw .corrupt("two states of the chart are named \(name)") }
      guard let key = cases[name] else { throw .unknownState(name) }
      return key
    }
    func state(
      _ saved: SavedChartNavigation<Screen>.State
    ) throws(StateRestoreError) -> SavedChartState<Screen> {
      SavedChartState(key: try key(saved.state), value: saved.value)
    }
    var configuration: [SavedChartState<Screen>] = []
    for entry in saved.chart.configuration { configuration.append(try state(entry)) }
    var histories: [SavedChartHistory<Screen>] = []
    for record in saved.chart.history {
      let history = try key(record.history)
      var states: [SavedChartState<Screen>] = []
      for entry in record.states { states.append(try state(entry)) }
      histories.append(SavedChartHistory(history: history, states: states))
    }
    // The machine publishes the configuration it puts back; the navigator is rebuilt after, from
    // nothing, rather than told the difference from what it showed.
    restoring = true
    do {
      try machine.restore(chart: SavedChart(configuration: configuration, histories: histories))
    } catch {
      restoring = false
      throw error
    }
    restoring = false
    guard started, !roles.isEmpty else { return }
    shown = ScreenLayout()
    show(machine.configuration)
  }
}
