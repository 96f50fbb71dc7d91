/// An event the graph does not allow from the machine's current state.
public struct TransitionRejected: Error, Equatable, CustomStringConvertible {
  /// Why the event was refused.
  public enum Reason: Equatable, Sendable {
    /// No transition from this state on this event.
    case noTransition
    /// Transitions exist, but their guards (named) all said no.
    case guardsFailed([String])
    /// The transition's `.make` target returned `nil`, or a state of another case than it
    /// declares.
    case invalidTarget
    /// The machine's owner did not resolve the transition's target: a resolved target
    /// (`.resolved(_:)`) with no owner, or one with nothing to go back to now (a coordinator's
    /// `.previous` with nothing under the top of its stack).
    case noHistory
    /// The event was taken, but started a loop (eventless transitions, raised events, or
    /// events sent from actions or answered at once by invocations) that the machine cut after
    /// this many steps; the machine stays where the cut left it.
    case loopLimit(Int)
  }

  /// The current state's case.
  public let state: String
  /// The event's case.
  public let event: String
  /// Why.
  public let reason: Reason

  /// Makes the error.
  ///
  /// - Parameters:
  ///   - state: The name of the current state's case.
  ///   - event: The name of the event's case.
  ///   - reason: Why the event was refused.
  public init(state: String, event: String, reason: Reason) {
    self.state = state
    self.event = event
    self.reason = reason
  }

  /// `event E is not allowed in state S` and, for guards, which ones refused.
  public var description: String {
    switch reason {
    case .noTransition: "event \(event) is not allowed in state \(state)"
    case .guardsFailed(let names):
      "event \(event) in state \(state) was refused by \(names.joined(separator: ", "))"
    case .invalidTarget:
      "event \(event) in state \(state) made a target of another case than its transition names"
    case .noHistory:
      "event \(event) in state \(state) has a target its machine's owner did not resolve (nothing to go back to)"
    case .loopLimit(let steps):
      "event \(event) in state \(state) started a loop that was cut after \(steps) steps"
    }
  }
}

/// What a machine does with an event its graph does not allow.
public enum RejectionPolicy: Sendable {
  /// `trySend` throws `TransitionRejected` (the default); `send` returns `false`.
  case throwError
  /// Nothing happens: `send` returns `false`, `trySend` the current state.
  case ignore
  /// The rejection goes to `handler` (SignalsTesting's `.recordIssue` fails the test): `send`
  /// returns `false`, `trySend` the current state.
  case report(@Sendable (TransitionRejected) -> Void)
}
