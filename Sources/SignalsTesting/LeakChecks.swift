import Signals
import Testing

/// Runs `body` and records a test issue if any subscription it created is still alive when it
/// returns: the one-line leak check.
///
/// ```swift
/// expectAllReleased {
///   let recorder = viewModel.loginStatus.record()
///   recorder.cancel()
/// }
/// ```
///
/// It counts only what `body` creates (on its task), so tests running in parallel do not
/// disturb it. Returns what `body` returns.
@discardableResult
public func expectAllReleased<R>(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) rethrows -> R {
  let (result, scope) = try LiveSubscriptions.track(body)
  if scope.count != 0 {
    Issue.record(
      "\(scope.count) of \(scope.totalCreated) subscriptions are still alive", sourceLocation: sourceLocation)
  }
  return result
}

extension TestScheduler {
  /// Records a test issue if any action is still scheduled: a timer left running, a debounce
  /// still waiting. Call it at the end of a test.
  public func expectNothingPending(sourceLocation: SourceLocation = #_sourceLocation) {
    let pending = pendingCount
    if pending != 0 {
      let due = nextDueTime.map { " (next at \($0))" } ?? ""
      Issue.record("\(pending) actions are still scheduled\(due)", sourceLocation: sourceLocation)
    }
  }
}
