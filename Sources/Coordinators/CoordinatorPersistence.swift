internal import Foundation
import Signals

/// The JSON a coordinator saves: a format version and its screen stack.
struct SavedNavigation<Screen: Codable>: Codable {
  struct Entry: Codable {
    var screen: Screen
    var modal: Bool
  }

  static var currentVersion: Int { 1 }
  var version: Int
  var stack: [Entry]
}

extension Coordinator where Screen: Codable {
  /// The deepest saved stack `restoreNavigation(from:)` accepts.
  public nonisolated static var maximumRestoredDepth: Int { 64 }

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
  /// - Parameter bytes: What `savedNavigation()` returned.
  /// - Throws: `StateRestoreError` for corrupt data, another version, an empty stack, a screen
  ///   the graph does not have, or a stack the graph cannot produce (a root that is not the
  ///   initial screen or a `.root` target, a screen no transition pushes or presents from the one
  ///   below it, a modal flag that does not match, more than `maximumRestoredDepth` entries); the
  ///   coordinator, machine and navigator are left as they were.
  public func restoreNavigation(from bytes: some Collection<UInt8>) throws(StateRestoreError) {
    let saved: SavedNavigation<Screen>
    do {
      saved = try JSONDecoder().decode(SavedNavigation<Screen>.self, from: Data(bytes))
    } catch {
      throw .corrupt("\(error)")
    }
    guard saved.version == SavedNavigation<Screen>.currentVersion else {
      throw .unsupportedVersion(found: saved.version, supported: SavedNavigation<Screen>.currentVersion)
    }
    guard !saved.stack.isEmpty else { throw .corrupt("the saved stack is empty") }
    guard saved.stack.count <= Self.maximumRestoredDepth else {
      throw .corrupt(
        "the saved stack has \(saved.stack.count) entries; at most \(Self.maximumRestoredDepth) are restored")
    }
    for entry in saved.stack where !graph.states.contains(entry.screen.caseKey) {
      throw .unknownState(graph.name(of: entry.screen))
    }
    if let problem = graph.whyCannotProduce(stack: saved.stack.map { ($0.screen.caseKey, $0.modal) }) {
      throw .corrupt(problem)
    }
    try rebuild(saved.stack.map { Entry(screen: $0.screen, modal: $0.modal) })
  }
}
