/// Collects the events of one run, each stamped with the run's virtual tick.
///
/// One per run and per library; everything happens on the thread that runs the case.
final class TraceLog {
  private(set) var events: [TraceEvent] = []
  /// Reads the run's scheduler clock, in ticks.
  var now: () -> Int = { 0 }
  /// Once closed (when the run is over and its subscriptions are being released), nothing
  /// more is recorded.
  var isClosed = false

  func record(_ site: String, _ kind: TraceEvent.Kind) {
    guard !isClosed else { return }
    events.append(TraceEvent(site: site, time: now(), kind: kind))
  }
}

/// The one `Int` a `collect` pipeline passes on for its array: sum * 100 + count, so that both
/// what was collected and how many values show in the trace.
func encodeCollected(_ values: [Int]) -> Int {
  var sum = 0
  for value in values { sum &+= value }
  return sum &* 100 &+ values.count
}

/// The one `Int` a `zip` pipeline passes on for its pair.
func encodePair(_ first: Int, _ second: Int) -> Int { first &* 10 &+ second }
