import Signals
import Testing

/// When a subscriber subscribed to a `TestPublisher`, and when it cancelled, in virtual time.
///
/// Make one from instants, or from a subscription diagram such as `"--^---!"` (`^` is the
/// subscription, `!` the cancellation, `(^!)` both in one frame), and render one back with
/// `marbles(from:frameDuration:)`. A subscription that ended with its publisher's completion
/// has no cancellation.
///
/// Threading: a value type, safe anywhere. Bad input: a malformed diagram throws `MarbleError`.
public struct SubscriptionRecord: Hashable, Sendable, CustomStringConvertible {
  /// When the subscription started.
  public var subscribed: SchedulerTime
  /// When it was cancelled, if it was.
  public var cancelled: SchedulerTime?

  /// A record of a subscription made at `subscribed` and cancelled at `cancelled` (never, if nil).
  ///
  /// - Parameters:
  ///   - subscribed: When the subscription started.
  ///   - cancelled: When it was cancelled; `nil` if it never was.
  public init(subscribed: SchedulerTime, cancelled: SchedulerTime? = nil) {
    self.subscribed = subscribed
    self.cancelled = cancelled
  }

  /// The record a subscription diagram describes, its first column at `start`, in frames of
  /// `frameDuration`: `"--^---!"` subscribes at frame 2 and cancels at frame 6.
  ///
  /// Without `^` the subscription is at the first column; without `!` it is never cancelled.
  /// Throws `MarbleError`: `.notInSubscription` for a value, `|` or `#`;
  /// `.cancellationBeforeSubscription` for a `!` before the `^`; the usual reasons for
  /// malformed text.
  ///
  /// - Parameters:
  ///   - diagram: The subscription diagram: frames, time progressions, `^` and `!`.
  ///   - frameDuration: How long one frame lasts.
  ///   - start: The time of the diagram's first column.
  /// - Throws: `MarbleError`, with the column and the reason, as listed above.
  public init(
    _ diagram: String, frameDuration: SchedulerTime.Stride, from start: SchedulerTime = .zero
  ) throws(MarbleError) {
    let parsed = try SubscriptionDiagram(diagram, frameDuration: frameDuration)
    let subscribed = start.advanced(by: parsed.origin)
    self.init(subscribed: subscribed, cancelled: parsed.cancellation.map { subscribed.advanced(by: $0) })
  }

  /// The record as a subscription diagram from `start` in frames of `frameDuration`:
  /// `"--^---!"`, `"--^"` when never cancelled, `"--(^!)"` when cancelled in the frame it
  /// subscribed. Instants between frame boundaries count in the frame they fall in; instants
  /// before `start` count as its first frame. A quiet stretch longer than 64 frames is written as
  /// the time progression it lasts (`"^ 3600s !"`), which the parser reads back.
  ///
  /// - Parameters:
  ///   - start: The time of the diagram's first frame.
  ///   - frameDuration: How long one frame lasts.
  /// - Returns: The diagram, ending at the cancellation (or at the subscription, if never
  ///   cancelled).
  public func marbles(from start: SchedulerTime = .zero, frameDuration: SchedulerTime.Stride) -> String {
    // The renderer writes a long quiet stretch as a time progression and saturates far
    // instants, so a record at the end of time is a short diagram, not a trap or gigabytes.
    var renderer = MarbleRenderer(frameDuration: frameDuration)
    renderer.add("^", at: max(start.distance(to: subscribed), .zero))
    if let cancelled {
      renderer.add("!", at: max(start.distance(to: cancelled), start.distance(to: subscribed), .zero))
    }
    return renderer.finish()
  }

  /// `subscribed-cancelled`, for failure messages: `2ms-6ms`, or `2ms-…` when not cancelled.
  public var description: String { "\(subscribed)-\(cancelled.map(\.description) ?? "…")" }
}

extension TestScheduler {
  /// The record a subscription diagram describes, in this scheduler's frames, measured from
  /// `start` (the clock's zero by default):
  /// `#expect(cold.subscriptions == [try scheduler.subscriptionRecord("--^---!")])`.
  ///
  /// Throws `MarbleError` as `SubscriptionRecord.init(_:frameDuration:from:)` does.
  ///
  /// - Parameters:
  ///   - diagram: The subscription diagram: frames, time progressions, `^` and `!`.
  ///   - start: The time of the diagram's first column.
  /// - Returns: When the diagram subscribes and cancels.
  /// - Throws: `MarbleError` for a malformed diagram, or one with a value, `|`, `#`, or a `!`
  ///   before the `^`.
  public func subscriptionRecord(
    _ diagram: String, from start: SchedulerTime = .zero
  ) throws(MarbleError) -> SubscriptionRecord {
    try SubscriptionRecord(diagram, frameDuration: frameDuration, from: start)
  }
}

extension TestPublisher {
  /// Each subscription so far as a subscription diagram in its scheduler's frames, measured
  /// from `start` (the clock's zero by default): `["--^---!", "----^"]`.
  ///
  /// - Parameter start: The time of each diagram's first frame.
  /// - Returns: One diagram per subscription, in the order they were made.
  public func subscriptionMarbles(from start: SchedulerTime = .zero) -> [String] {
    subscriptions.map { $0.marbles(from: start, frameDuration: scheduler.frameDuration) }
  }
}

/// Expects `publisher`'s subscriptions, in order, to be those the subscription diagrams
/// `expected` describe (in its scheduler's frames, from `start`), frame by frame:
///
/// ```swift
/// expectSubscriptions(cold, ["--^---!", "----^"])
/// ```
///
/// On a mismatch, records an issue listing both sets of diagrams; a malformed expected
/// diagram records its `MarbleError`. Threading: call it from the test, between advances.
///
/// - Parameters:
///   - publisher: The test publisher whose subscriptions are checked.
///   - expected: One subscription diagram per subscription, in the order they were made.
///   - start: The time of each diagram's first column.
///   - sourceLocation: Where the issue is recorded; the caller's line by default.
public func expectSubscriptions<Output, Failure>(
  _ publisher: TestPublisher<Output, Failure>, _ expected: [String], from start: SchedulerTime = .zero,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let frameDuration = publisher.scheduler.frameDuration
  var wanted: [String] = []
  for diagram in expected {
    do {
      let record = try SubscriptionRecord(diagram, frameDuration: frameDuration, from: start)
      wanted.append(record.marbles(from: start, frameDuration: frameDuration))
    } catch {
      Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
      return
    }
  }
  let actual = publisher.subscriptionMarbles(from: start)
  guard actual != wanted else { return }
  func lines(_ diagrams: [String]) -> String {
    diagrams.isEmpty ? "(none)" : diagrams.joined(separator: "\n          ")
  }
  Issue.record(
    Comment(
      rawValue: """
        subscriptions differ
        expected: \(lines(wanted))
        actual:   \(lines(actual))
        """), sourceLocation: sourceLocation)
}
