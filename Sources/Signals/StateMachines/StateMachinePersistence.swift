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
