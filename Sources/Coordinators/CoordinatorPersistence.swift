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

extension Coordinator where Screen: Codable {
  /// The deepest saved stack `restoreNavigation(from:)` accepts.
  public nonisolated static var maximumRestoredDepth: Int { SavedNavigation<Screen>.maximumDepth }

  /// The largest save `restoreNavigation(from:)` reads, in bytes: 1 MiB, 16 KiB for each of the
  /// `maximumRestoredDepth` screens, far more than screens that carry identifiers need, and
  /// little enough to decode in milliseconds.
  public nonisolated static var maximumRestoredBytes: Int { 1 << 20 }

  /// The screen stack as JSON (UTF-8 bytes; `Data(bytes)` where Foundation is used), to restore
  /// navigation after a relaunch.
  ///
  /// - Returns: The JSON of the screen stack, root first.
  /// - Throws: The encoder's error if a screen's encoding fails.
  public func savedNavigation() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let entries = stack.map { SavedNavigation<Screen>.Entry(screen: $0.screen, modal: $0.modal) }
    return [UInt8](
      try encoder.encode(SavedNavigation(version: SavedNavigation<Screen>.currentVersion, stack: entries)))
  }

  /// Rebuilds a saved stack: the navigator gets the root, then each pushed or presented
  /// screen, and the machine moves to the top screen, keeping the stack (payloads included).
  /// Call it after `start()`.
  ///
  /// Bad input: a save larger than `maximumRestoredBytes` is refused before it is parsed, and a
  /// stack deeper than `maximumRestoredDepth` before its screens are decoded (or, when the array
  /// does not say its length, at the first entry past the limit).
  ///
  /// - Parameter bytes: What `savedNavigation()` returned.
  /// - Throws: `StateRestoreError` for corrupt data, another version, an empty stack, a screen
  ///   the graph does not have, or a stack the graph cannot produce (a root that is not the
  ///   initial screen or a `.root` target, a screen no transition pushes or presents from the one
  ///   below it, a modal flag that does not match, more than `maximumRestoredDepth` entries, more
  ///   than `maximumRestoredBytes` bytes); the coordinator, machine and navigator are left as
  ///   they were.
  public func restoreNavigation(from bytes: some Collection<UInt8>) throws(StateRestoreError) {
    guard bytes.count <= Self.maximumRestoredBytes else {
      throw .corrupt("the save has \(bytes.count) bytes; at most \(Self.maximumRestoredBytes) are read")
    }
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
