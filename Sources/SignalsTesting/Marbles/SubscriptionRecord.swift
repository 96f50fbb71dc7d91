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
  /// before `start` count as its first frame.
  public func marbles(from start: SchedulerTime = .zero, frameDuration: SchedulerTime.Stride) -> String {
    let frame = max(frameDuration.nanoseconds, 1)
    func index(_ instant: SchedulerTime) -> Int {
      Int(max(instant.nanoseconds - start.nanoseconds, 0) / frame)
    }
    let subscribedFrame = index(subscribed)
    let lead = String(repeating: "-", count: subscribedFrame)
    guard let cancelled else { return lead + "^" }
    let gap = index(cancelled) - subscribedFrame
    guard gap > 0 else { return lead + "(^!)" }
    return lead + "^" + String(repeating: "-", count: gap - 1) + "!"
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
  public func subscriptionRecord(
    _ diagram: String, from start: SchedulerTime = .zero
  ) throws(MarbleError) -> SubscriptionRecord {
    try SubscriptionRecord(diagram, frameDuration: frameDuration, from: start)
  }
}

extension TestPublisher {
  /// Each subscription so far as a subscription diagram in its scheduler's frames, measured
  /// from `start` (the clock's zero by default): `["--^---!", "----^"]`.
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
