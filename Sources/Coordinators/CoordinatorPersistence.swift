import Foundation
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
  /// The screen stack as JSON, to restore navigation after a relaunch.
  ///
  /// Failure: throws the encoder's error if a screen's encoding fails.
  public func savedNavigation() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let entries = stack.map { SavedNavigation<Screen>.Entry(screen: $0.screen, modal: $0.modal) }
    return try encoder.encode(
      SavedNavigation(version: SavedNavigation<Screen>.currentVersion, stack: entries))
  }

  /// Rebuilds a saved stack: the navigator gets the root, then each pushed or presented
  /// screen, and the machine moves to the top screen. Call it after `start()`.
  ///
  /// Failure: corrupt data, another version, an empty stack or a screen the graph does not have
  /// throws `StateRestoreError` and leaves the coordinator, machine and navigator as they were.
  public func restoreNavigation(from data: Data) throws(StateRestoreError) {
    let saved: SavedNavigation<Screen>
    do {
      saved = try JSONDecoder().decode(SavedNavigation<Screen>.self, from: data)
    } catch {
      throw .corrupt("\(error)")
    }
    guard saved.version == SavedNavigation<Screen>.currentVersion else {
      throw .unsupportedVersion(found: saved.version, supported: SavedNavigation<Screen>.currentVersion)
    }
    guard let top = saved.stack.last else { throw .corrupt("the saved stack is empty") }
    for entry in saved.stack {
      let name = graph.name(of: entry.screen)
      guard graph.states.contains(where: { graph.name(of: $0) == name }) else { throw .unknownState(name) }
    }
    try rebuild(saved.stack.map { Entry(screen: $0.screen, modal: $0.modal) }, top: top.screen)
  }
}
