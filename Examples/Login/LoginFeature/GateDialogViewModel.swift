import Signals

/// The shared login gate's dialog, presented modally over whichever login screen is up while
/// the gate blocks: no network permission (retry), or an update (later, for an optional one).
/// Threading: main actor, like its screen.
@MainActor
public final class GateDialogViewModel {
  /// What the dialog is about: `.invalidNetwork`, `.forcedUpdate` or `.optionalUpdate`.
  public let state: GateState
  let gate: LoginGate

  /// The dialog for `state`, answering through `gate`.
  public init(state: GateState, gate: LoginGate) {
    self.state = state
    self.gate = gate
  }

  /// No network permission: checks again (the coordinator dismisses the dialog once the gate
  /// lets logins through).
  public func retry() { gate.retry() }

  /// An optional update: skip it for now.
  public func later() { gate.dismissUpdate() }
}
