import Foundation

/// Why saved machine state could not be restored.
public enum StateRestoreError: Error, Equatable, CustomStringConvertible {
  /// The data is not a saved state (not JSON, or not the shape `savedState()` writes).
  case corrupt(String)
  /// The data was saved in another format version.
  case unsupportedVersion(found: Int, supported: Int)
  /// The saved state is not one of the graph's states (the graph changed since it was saved).
  case unknownState(String)

  /// What is wrong, in one line.
  public var description: String {
    switch self {
    case .corrupt(let detail): "saved state is corrupt: \(detail)"
    case .unsupportedVersion(let found, let supported):
      "saved state has format version \(found); this build reads version \(supported)"
    case .unknownState(let name): "saved state \(name) is not a state of this graph"
    }
  }
}

/// The version field alone, read first so that another version's shape is reported as such.
struct SavedVersion: Decodable {
  var version: Int
}

/// The JSON a machine saves: a format version and the state.
struct SavedMachineState<State: Codable>: Codable {
  static var currentVersion: Int { 1 }
  var version: Int
  var state: State
}

extension StateMachine where State: Codable {
  /// The current state as JSON, to save navigation across launches.
  ///
  /// Failure: throws the encoder's error if `State`'s encoding fails.
  public func savedState() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(
      SavedMachineState(version: SavedMachineState<State>.currentVersion, state: state))
  }

  /// Restores a state saved by `savedState()` and publishes it.
  ///
  /// Failure: corrupt data, another format version, or a state the graph does not have (by case)
  /// throws `StateRestoreError` and leaves the machine as it was.
  public func restore(from data: Data) throws(StateRestoreError) {
    let version: Int
    do {
      version = try JSONDecoder().decode(SavedVersion.self, from: data).version
    } catch {
      throw .corrupt("\(error)")
    }
    guard version == SavedMachineState<State>.currentVersion else {
      throw .unsupportedVersion(found: version, supported: SavedMachineState<State>.currentVersion)
    }
    let saved: SavedMachineState<State>
    do {
      saved = try JSONDecoder().decode(SavedMachineState<State>.self, from: data)
    } catch {
      throw .corrupt("\(error)")
    }
    try restore(state: saved.state)
  }
}

extension StateMachine {
  /// Moves the machine to `state` without a transition (restoring saved navigation) and
  /// publishes it; refuses a state the graph does not have.
  package func restore(state: State) throws(StateRestoreError) {
    let name = graph.name(of: state)
    guard graph.states.contains(where: { graph.name(of: $0) == name }) else { throw .unknownState(name) }
    lock.withLock { current = state }
    stateSubject.send(state)
  }
}
