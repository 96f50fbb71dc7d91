import Synchronization

/// Why saved machine state could not be restored.
///
/// Bad input: the description quotes at most the first 64 characters of a saved name and the
/// first 256 of a detail (control and bidirectional formatting characters written as `\u{...}`),
/// then `…` and the full length in bytes, however large the saved data was.
public enum StateRestoreError: Error, Equatable, CustomStringConvertible {
  /// The data is not a saved state (not JSON, or not the shape `savedState()` writes).
  case corrupt(String)
  /// The data was saved in another format version.
  case unsupportedVersion(found: Int, supported: Int)
  /// The saved state is not one of the graph's states (the graph changed since it was saved).
  case unknownState(String)
  /// The saved state is one a machine cannot be in while it runs: a history pseudo-state, or a
  /// top-level final state (a machine there has stopped).
  case notRestorable(String)

  /// What is wrong, in one line of bounded length.
  public var description: String {
    switch self {
    case .corrupt(let detail): "saved state is corrupt: \(excerpt(detail, limit: 256))"
    case .unsupportedVersion(let found, let supported):
      "saved state has format version \(found); this build reads version \(supported)"
    case .unknownState(let name): "saved state \(excerpt(name)) is not a state of this graph"
    case .notRestorable(let name):
      "saved state \(excerpt(name)) is a history or top-level final state, which a running machine is never in"
    }
  }
}

/// `text` as an error message quotes it: whole when it has at most `limit` Unicode scalars, else
/// its first `limit`, `…` and its full length in UTF-8 bytes. Control and bidirectional
/// formatting characters are written as `\u{...}`, so that a quote cannot break or reorder the
/// line it is in. The work is bounded by `limit`, not by the length of `text`.
package func excerpt(_ text: String, limit: Int = 64) -> String {
  var quoted = ""
  var taken = 0
  for scalar in text.unicodeScalars {
    guard taken < limit else { return quoted + "… (\(text.utf8.count) bytes)" }
    taken += 1
    if scalar.isControlOrBidiFormatting {
      quoted += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      quoted.unicodeScalars.append(scalar)
    }
  }
  return quoted
}

extension Unicode.Scalar {
  /// Whether this is a control character (C0, DEL, C1), a line or paragraph separator, or a
  /// bidirectional formatting character (marks, embeddings, overrides such as U+202E, isolates):
  /// characters that change how the text around them reads, which identifiers and quotes refuse.
  package var isControlOrBidiFormatting: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

extension StateMachine {
  /// Moves the machine to `state` without a transition (restoring saved navigation) and
  /// publishes it; refuses a state the graph does not have. Call it when no send is running.
  package func restore(state: State) throws(StateRestoreError) {
    try restore(state: state, context: nil)
  }

  /// Moves the machine to `state` with the extended state `context` (a statechart's saved
  /// extended state; `nil` keeps the machine's), as `restore(state:)` does.
  package func restore(state top: State, context: State.MachineContext?) throws(StateRestoreError) {
    guard graph.states.contains(top.caseKey) else { throw .unknownState(graph.name(of: top)) }
    guard engine.isRestorable(top.caseKey) else { throw .notRestorable(graph.name(of: top)) }
    // Claimed like a send, so that the next send, on any thread, sees what this one wrote; else
    // run by the thread running a send, right after it.
    guard tryClaim() else { return schedule(.restore(top, context)) }
    var next = engine.restore(to: top, context: context)
    commit(&next)
    release()
  }
}
