/// What a transition did to a machine's stack of states (the screens a coordinator shows).
public enum StackChange: Sendable, Hashable {
  /// The stack is now the new state alone.
  case setRoot
  /// The new state was pushed.
  case push
  /// The new state was presented modally.
  case present
  /// The top was replaced by the new state (the same screen, updated).
  case replaceTop
  /// The top was popped; the new state is the entry that was under it, payload included.
  case pop
  /// The modal top was dismissed; the new state is the entry that was under it.
  case dismiss
}

// The stack of screens a machine keeps for a coordinator or a graph with `.previous` targets.

extension StateMachine {
  /// One entry of the machine's stack.
  public struct StackEntry {
    /// The state.
    public let state: State
    /// Whether it was presented modally.
    public let modal: Bool
    @usableFromInline let key: State.Case

    @usableFromInline
    init(_ state: State, modal: Bool) {
      self.state = state
      self.modal = modal
      key = state.caseKey
    }
  }

  /// What moving to `target` does to the stack; a target that is the case under the top goes
  /// back to that entry, payload included (`target` becomes it).
  @usableFromInline
  func stackChange(to target: inout State, _ presentation: Presentation) -> StackChange {
    if keepsStack, entries.count >= 2, entries[entries.count - 2].key == target.caseKey {
      target = entries[entries.count - 2].state
      return entries[entries.count - 1].modal ? .dismiss : .pop
    }
    switch presentation {
    case .root: return .setRoot
    case .push: return .push
    case .modal: return .present
    case .none: return .replaceTop
    }
  }

  /// Moves a machine that keeps a stack to `target`, under the lock (others read both there).
  @usableFromInline
  func record(_ target: State, _ change: StackChange) {
    let released = lock.withLock { () -> (State, [StackEntry]) in
      let old = current
      current = target
      var dropped: [StackEntry] = []
      switch change {
      case .setRoot:
        dropped = entries
        entries = [StackEntry(target, modal: false)]
      case .push: entries.append(StackEntry(target, modal: false))
      case .present: entries.append(StackEntry(target, modal: true))
      case .replaceTop:
        dropped = [entries.removeLast()]
        entries.append(StackEntry(target, modal: dropped[0].modal))
      case .pop, .dismiss:
        dropped = [entries.removeLast()]
      }
      return (old, dropped)
    }
    _ = released  // the replaced state and entries are released here, outside the lock
  }
}
