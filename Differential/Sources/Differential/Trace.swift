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

  /// Once the run tears the pipeline down, only releases are recorded.
  private var releasesOnly = false

  /// Marks the boundary between two stimuli of the run (see `TraceEvent.Kind.step`).
  func step() { record("", .step) }

  /// Marks the start of the teardown (see `TraceEvent.Kind.teardown`): from now on only
  /// releases are recorded.
  func tearDown() {
    record("", .teardown)
    releasesOnly = true
  }

  func record(_ site: String, _ kind: TraceEvent.Kind) {
    guard !isClosed, !releasesOnly || kind == .released else { return }
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

/// Records `released` under `site` when it is freed. The builders capture one in every closure
/// they give an operator (and the runs one in the sink's closures), so that the trace shows when
/// each library lets go of those closures: at the completion, at the cancel, while the pipeline
/// is still live, when the run lets go of the pipeline at the end (the teardown), or never (a
/// leak: then the log is closed and nothing shows).
final class LifeTracker {
  let site: String
  let log: TraceLog

  init(_ site: String, _ log: TraceLog) {
    self.site = site
    self.log = log
    log.record(site, .made)
  }

  /// Does nothing; a closure calls it so that it captures (and keeps) the tracker.
  @inline(never)
  func keep() {}

  deinit { log.record(site, .released) }
}

/// The closures given to a node at `path` record their release under this site.
func releaseSite(_ pipeline: Pipeline, _ path: String) -> String { "\(pipeline.name)@\(path)" }

/// What two traces' events are compared on: the trace without requests
/// (`KnownDifference.noDemand`), releases and step marks (releases are compared apart, by
/// `releasePoints`).
func comparable(_ events: [TraceEvent]) -> [TraceEvent] {
  (KnownDifference.noDemand.normalize?(events) ?? events).filter {
    $0.kind != .released && $0.kind != .made && $0.kind != .step && $0.kind != .teardown
  }
}

/// When a tracked object was released: the stimulus that caused it (0 while subscribing, then
/// 2k+1 while the scheduler runs up to timeline step k and 2k+2 during step k itself) and the
/// tick. Its place among the other events of that stimulus is not compared: whether a library
/// lets go of a closure just before or just after it passes a completion on is its own affair,
/// but whether it lets go at the completion, at the cancel, while the pipeline is live, or not
/// before the run ends is what the lifetime comparison is about.
struct ReleasePoint: Comparable, CustomStringConvertible {
  var stimulus: Int
  var time: Int
  /// Released only when the run let go of the pipeline after the horizon: kept to the end.
  var atTeardown = false

  static func < (a: ReleasePoint, b: ReleasePoint) -> Bool { (a.stimulus, a.time) < (b.stimulus, b.time) }
  var description: String { atTeardown ? "at teardown" : "@\(time)#\(stimulus)" }
}

/// Every release in a trace, by site, each site's points in order.
func releasePoints(_ events: [TraceEvent]) -> [String: [ReleasePoint]] {
  var result: [String: [ReleasePoint]] = [:]
  var stimulus = 0
  var teardown = false
  for event in events {
    switch event.kind {
    case .step: stimulus += 1
    case .teardown:
      stimulus += 1
      teardown = true
    case .released:
      result[event.site, default: []].append(
        ReleasePoint(stimulus: stimulus, time: event.time, atTeardown: teardown))
    default: break
    }
  }
  return result.mapValues { $0.sorted() }
}

/// How many tracked objects each site made (its closures were given to an operator that many
/// times: once, or once per inner publisher of a body).
func madeCounts(_ events: [TraceEvent]) -> [String: Int] {
  var result: [String: Int] = [:]
  for event in events where event.kind == .made { result[event.site, default: 0] += 1 }
  return result
}

/// One site whose objects the two libraries release at different points.
struct LifetimeDifference: Equatable, CustomStringConvertible {
  enum Direction: String {
    /// The libraries made a different number of them (one built an inner publisher, or ran a
    /// handler, that the other did not): a difference of work, not of lifetime.
    case madeDifferently = "made a different number of times"
    /// Signals releases fewer of them, or later (at teardown, or never).
    case signalsKeepsLonger = "Signals keeps it longer"
    /// Signals releases more of them, or sooner.
    case signalsReleasesSooner = "Signals releases it sooner"
  }

  var site: String
  var direction: Direction
  var signals: [ReleasePoint]
  var openCombine: [ReleasePoint]
  /// How many each library made.
  var made: (signals: Int, openCombine: Int) = (0, 0)

  static func == (a: LifetimeDifference, b: LifetimeDifference) -> Bool {
    a.site == b.site && a.direction == b.direction && a.signals == b.signals && a.openCombine == b.openCombine
      && a.made == b.made
  }

  var description: String {
    func text(_ points: [ReleasePoint]) -> String {
      points.isEmpty ? "never (not even at teardown)" : points.map(\.description).joined(separator: " ")
    }
    return
      "\(site) released: Signals \(text(signals)), OpenCombine \(text(openCombine)) (\(direction.rawValue))"
  }
}

/// The sites whose release points differ, by site.
func lifetimeDifferences(_ signals: [TraceEvent], _ openCombine: [TraceEvent]) -> [LifetimeDifference] {
  let a = releasePoints(signals)
  let b = releasePoints(openCombine)
  let madeA = madeCounts(signals)
  let madeB = madeCounts(openCombine)
  var result: [LifetimeDifference] = []
  for site in Set(a.keys).union(b.keys).union(madeA.keys).union(madeB.keys).sorted() {
    let left = a[site] ?? []
    let right = b[site] ?? []
    let made = (madeA[site] ?? 0, madeB[site] ?? 0)
    guard left != right || made.0 != made.1 else { continue }
    let direction: LifetimeDifference.Direction
    if made.0 != made.1 {
      direction = .madeDifferently
    } else if left.count != right.count {
      direction = left.count < right.count ? .signalsKeepsLonger : .signalsReleasesSooner
    } else {
      let (l, r) = zip(left, right).first { $0.0 != $0.1 }!
      direction = l > r ? .signalsKeepsLonger : .signalsReleasesSooner
    }
    result.append(
      LifetimeDifference(site: site, direction: direction, signals: left, openCombine: right, made: made))
  }
  return result
}

extension LifetimeDifference {
  /// Whether Signals released every one of them while the case ran (not at teardown).
  var signalsReleasesInTheRun: Bool { !signals.isEmpty && !signals.contains(where: \.atTeardown) }

  /// Whether Signals released every one it made, at teardown at the latest: no leak. Only the
  /// entry for a leak accepts a difference where this is false.
  var signalsReleasesAll: Bool { signals.count == made.signals }
}
