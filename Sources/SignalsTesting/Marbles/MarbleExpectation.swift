import Testing

/// Expects the marble timeline `actual` to equal `expected` (spaces ignored); on a mismatch,
/// records an issue showing both timelines aligned frame by frame, with a caret under the first
/// difference:
///
/// ```swift
/// expectMarbles(scheduler.run(viewModel.accountValid), "--------f----t--|")
/// ```
///
/// - Parameters:
///   - actual: The timeline the code produced, such as `TestScheduler.run(_:)`'s.
///   - expected: The timeline the test expects.
///   - sourceLocation: Where the issue is recorded; the caller's line by default.
public func expectMarbles(
  _ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  if let difference = marbleDifference(expected: expected, actual: actual) {
    Issue.record(Comment(rawValue: "marble timelines differ\n" + difference), sourceLocation: sourceLocation)
  }
}
