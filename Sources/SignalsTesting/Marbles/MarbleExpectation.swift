import Testing

/// Expects the marble timeline `actual` to equal `expected` (spaces ignored); on a mismatch,
/// records an issue showing both timelines aligned frame by frame, with a caret under the first
/// difference:
///
/// ```swift
/// expectMarbles(scheduler.run(viewModel.accountValid), "--------f----t--|")
/// ```
public func expectMarbles(
  _ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  if let difference = marbleDifference(expected: expected, actual: actual) {
    Issue.record(Comment(rawValue: "marble timelines differ\n" + difference), sourceLocation: sourceLocation)
  }
}
