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
/// The issue names the block (its file and line) and each live subscription's subscriber type:
///
/// ```
/// 1 of 2 subscriptions made in the block at AppTests/SearchTests.swift:42 are still alive:
///   Recorder<Int, Never>
/// ```
///
/// It counts only what `body` creates (on its task), so tests running in parallel do not
/// disturb it. It works wherever a test may call it, inside `withKnownIssue` included: it takes
/// no stack traces (the toolchain's backtracer crashes the process when called inside
/// `withKnownIssue`), so the place it reports is the caller's `sourceLocation`. Returns what
/// `body` returns. Cost: a counter per subscription `body` creates; nothing per value.
///
/// - Parameters:
///   - sourceLocation: Where the issue is recorded, and the block the report names; the
///     caller's line by default.
///   - body: The code whose subscriptions must all be gone when it returns; it runs at once,
///     on this task.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws; nothing is then checked.
@discardableResult
public func expectAllReleased<R>(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) rethrows -> R {
  let (result, scope) = try LiveSubscriptions.track(body)
  if scope.count != 0 {
    Issue.record(
      Comment(rawValue: LeakReport.describe(scope, madeAt: sourceLocation)), sourceLocation: sourceLocation)
  }
  return result
}

/// How `expectAllReleased` describes what is still alive.
enum LeakReport {
  /// At most this many different subscriber types are listed.
  static let maximumLines = 12

  /// `n of m subscriptions made in the block at File.swift:line are still alive:` and one line
  /// per subscriber type, with its count when there are several.
  static func describe(_ scope: LiveSubscriptions.Scope, madeAt location: SourceLocation) -> String {
    var lines: [String] = []
    var counts: [String: Int] = [:]
    for alive in scope.alive {
      let line =
        alive.subscriber == Never.self ? "a subscriber of unknown type" : String(describing: alive.subscriber)
      if counts[line] == nil { lines.append(line) }
      counts[line, default: 0] += 1
    }
    var report =
      "\(scope.count) of \(scope.totalCreated) subscriptions made in the block at "
      + "\(location.fileID):\(location.line) are still alive:"
    for line in lines.prefix(maximumLines) {
      let count = counts[line] ?? 1
      report += "\n  " + (count > 1 ? "\(count) × " : "") + line
    }
    if lines.count > maximumLines { report += "\n  and \(lines.count - maximumLines) more" }
    return report
  }
}

extension TestScheduler {
  /// Records a test issue if any action is still scheduled: a timer left running, a debounce
  /// still waiting. Call it at the end of a test.
  ///
  /// - Parameter sourceLocation: Where the issue is recorded; the caller's line by default.
  public func expectNothingPending(sourceLocation: SourceLocation = #_sourceLocation) {
    let pending = pendingCount
    if pending != 0 {
      let due = nextDueTime.map { " (next at \($0))" } ?? ""
      Issue.record("\(pending) actions are still scheduled\(due)", sourceLocation: sourceLocation)
    }
  }
}
