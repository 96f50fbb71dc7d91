import Signals
import Testing

#if DEBUG && canImport(Runtime)
  import Runtime
#endif

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
/// The issue names each live subscription's subscriber type and, in debug builds, the line
/// that created it (the first caller outside Signals and SignalsTesting):
///
/// ```
/// 1 of 2 subscriptions are still alive:
///   Recorder<Int, Never>, created at Tests/AppTests/SearchTests.swift:42
/// ```
///
/// It counts only what `body` creates (on its task), so tests running in parallel do not
/// disturb it. Returns what `body` returns. Cost: in debug builds each subscription `body`
/// creates captures its call stack (symbolicated only for a report); nothing per value.
///
/// - Parameters:
///   - sourceLocation: Where the issue is recorded; the caller's line by default.
///   - body: The code whose subscriptions must all be gone when it returns; it runs at once,
///     on this task.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws; nothing is then checked.
@discardableResult
public func expectAllReleased<R>(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) rethrows -> R {
  let (result, scope) = try LiveSubscriptions.track(capturingSites: LeakReport.captureSite, body)
  if scope.count != 0 {
    Issue.record(Comment(rawValue: LeakReport.describe(scope)), sourceLocation: sourceLocation)
  }
  return result
}

/// How `expectAllReleased` describes what is still alive.
enum LeakReport {
  /// At most this many different (subscriber, site) lines are listed.
  static let maximumLines = 12

  /// The stack capture each tracked subscription makes: in debug builds only.
  static var captureSite: (@Sendable () -> (any Sendable)?)? {
    #if DEBUG && canImport(Runtime)
      { try? Backtrace.capture(limit: 64) }
    #else
      nil
    #endif
  }

  /// `n of m subscriptions are still alive:` and one line per subscriber type and place.
  static func describe(_ scope: LiveSubscriptions.Scope) -> String {
    var lines: [String] = []
    var counts: [String: Int] = [:]
    for alive in scope.alive {
      let subscriber =
        alive.subscriber == Never.self ? "a subscriber of unknown type" : String(describing: alive.subscriber)
      let line = subscriber + (site(of: alive.site).map { ", created at \($0)" } ?? "")
      if counts[line] == nil { lines.append(line) }
      counts[line, default: 0] += 1
    }
    var report = "\(scope.count) of \(scope.totalCreated) subscriptions are still alive:"
    for line in lines.prefix(maximumLines) {
      let count = counts[line] ?? 1
      report += "\n  " + (count > 1 ? "\(count) × " : "") + line
    }
    if lines.count > maximumLines { report += "\n  and \(lines.count - maximumLines) more" }
    return report
  }

  /// The file and line of the first frame outside Signals and SignalsTesting in a captured stack.
  static func site(of captured: (any Sendable)?) -> String? {
    #if DEBUG && canImport(Runtime)
      guard let backtrace = captured as? Backtrace,
        let symbolicated = backtrace.symbolicated(options: [.showSourceLocations, .useSymbolCache])
      else {
        return nil
      }
      for frame in symbolicated.frames {
        guard let location = frame.symbol?.sourceLocation, location.line > 0, isCallerCode(location.path)
        else {
          continue
        }
        return "\(shortened(location.path)):\(location.line)"
      }
    #endif
    return nil
  }

  /// This package's `Sources/` folder, from this file's own path.
  static let sources: Substring = {
    let path = #filePath
    guard let range = path.ranges(of: "/Sources/SignalsTesting/").last else { return "" }
    return path[..<range.lowerBound] + "/Sources/"
  }()

  /// Whether `path` is code that uses the library rather than the library itself.
  static func isCallerCode(_ path: String) -> Bool {
    guard path.hasPrefix("/"), !path.contains("<compiler-generated>") else { return false }
    guard !sources.isEmpty else { return true }
    return !path.hasPrefix(sources + "Signals/") && !path.hasPrefix(sources + "SignalsTesting/")
  }

  /// `path` relative to this package's root when it is inside it.
  static func shortened(_ path: String) -> String {
    let root = sources.dropLast("Sources/".count)
    return !root.isEmpty && path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
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
