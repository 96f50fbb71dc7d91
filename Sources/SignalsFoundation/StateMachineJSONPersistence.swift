import Foundation
import Signals

/// The version field alone, read first so that another version's shape is reported as such.
struct SavedVersion: Decodable {
  var version: Int
}

/// The format version every save writes and every restore reads.
let savedStateVersion = 1

/// Reads a save: more than `limit` bytes are refused before anything is parsed, then another
/// format version, then anything that does not decode as `Saved`, each as a `StateRestoreError`.
func decodeSave<Saved: Decodable>(
  _ type: Saved.Type, from data: Data, limit: Int
) throws(StateRestoreError) -> Saved {
  guard data.count <= limit else {
    throw .corrupt("the save has \(data.count) bytes; at most \(limit) are read")
  }
  let version: Int
  do {
    version = try JSONDecoder().decode(SavedVersion.self, from: data).version
  } catch {
    throw .corrupt("\(error)")
  }
  guard version == savedStateVersion else {
    throw .unsupportedVersion(found: version, supported: savedStateVersion)
  }
  do {
    return try JSONDecoder().decode(Saved.self, from: data)
  } catch {
    throw .corrupt("\(error)")
  }
}

/// The JSON a machine saves: a format version and the state.
struct SavedMachineState<State: Codable>: Codable {
  static var currentVersion: Int { savedStateVersion }
  var version: Int
  var state: State
}

extension StateMachine where State: Codable {
  /// The current state as JSON, to save navigation across launches. (In SignalsFoundation,
  /// since Signals itself imports no Foundation.)
  ///
  /// - Returns: UTF-8 JSON with sorted keys: `{"state":...,"version":1}`.
  /// - Throws: The encoder's error if `State`'s encoding fails.
  public func savedState() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(
      SavedMachineState(version: SavedMachineState<State>.currentVersion, state: state))
  }

  /// The largest save `restore(from:)` reads, in bytes: 64 KiB, far more than one state that
  /// carries identifiers needs, and little enough to decode in a moment.
  public static var maximumRestoredBytes: Int { 1 << 16 }

  /// Restores a state saved by `savedState()` and publishes it.
  ///
  /// Bad input: data larger than `maximumRestoredBytes` is refused before it is parsed.
  ///
  /// - Parameter data: JSON that `savedState()` wrote, in this or an earlier launch.
  /// - Throws: `StateRestoreError` for corrupt data, another format version, a state the graph
  ///   does not have (by case), or more than `maximumRestoredBytes` bytes; the machine is left as
  ///   it was.
  public func restore(from data: Data) throws(StateRestoreError) {
    let saved = try decodeSave(SavedMachineState<State>.self, from: data, limit: Self.maximumRestoredBytes)
    try restore(state: saved.state)
  }
}

/// The JSON a machine with a `Codable` extended state saves: the version, the state and the
/// context (a save without a context, from before, restores the graph's).
struct SavedChartState<State: Codable, Context: Codable>: Codable {
  var version: Int
  var state: State
  var context: Context?
}

extension StateMachine where State: Codable, State.MachineContext: Codable {
  /// The current state and extended state as JSON, to save a statechart's progress across
  /// launches.
  ///
  /// - Returns: UTF-8 JSON with sorted keys: `{"context":...,"state":...,"version":1}`.
  /// - Throws: The encoder's error if the state's or the context's encoding fails.
  public func savedState() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let snapshot = self.snapshot
    return try encoder.encode(
      SavedChartState(
        version: SavedMachineState<State>.currentVersion, state: snapshot.state, context: snapshot.context))
  }

  /// Restores a state and extended state saved by `savedState()` (a save without a context
  /// keeps the machine's) and publishes them.
  ///
  /// Bad input: data larger than `maximumRestoredBytes` is refused before it is parsed.
  ///
  /// - Parameter data: JSON that `savedState()` wrote.
  /// - Throws: `StateRestoreError` for corrupt data, another format version, a state the graph
  ///   does not have, a history or top-level final state, or more than `maximumRestoredBytes`
  ///   bytes; the machine is left as it was.
  public func restore(from data: Data) throws(StateRestoreError) {
    let saved = try decodeSave(
      SavedChartState<State, State.MachineContext>.self, from: data, limit: Self.maximumRestoredBytes)
    if let context = saved.context {
      try restore(state: saved.state, context: context)
    } else {
      try restore(state: saved.state)
    }
  }
}
