/// THE table: every difference between Signals and OpenCombine that a run accepts. Any other
/// difference fails the run.
///
/// Each entry quotes the README text it comes from (`readme`; the run checks at start that the
/// text is still in `../README.md`, so an entry cannot outlive its documentation), says when it
/// can apply (`applies`, on the case's structure) and, where the difference is only an order of
/// events, how to put both traces into one order (`normalize`). An entry without `normalize`
/// accepts any difference in a case it applies to, so those are kept as narrow as the structure
/// allows; the run reports how many cases each entry accepted and a shrunk example of each.
///
/// Groups:
/// - `documented`: differences the README lists as Signals' choices.
/// - `pendingIssue21`: known differences that issue 21 is fixing (the `demand` branch). When that
///   lands, delete the group (its entries are marked in one block below) and re-run.
/// - `foundHere`: differences this package found that are neither documented nor being fixed
///   yet; reported to the lead, to be fixed (then deleted here) or documented (then moved to
///   `documented` with the README text).
/// - `openCombineDefect`: OpenCombine's own defects and unspecified behaviour, set aside. Its
///   traps are set aside in `Batch.swift` (a trap takes down only the child process running that
///   case, and only a pipeline with `zip` is a known trap).
struct KnownDifference: Sendable {
  enum Group: String {
    case documented = "documented"
    case pendingIssue21 = "pending issue 21 fix"
    case foundHere = "open: found here, not yet documented or fixed"
    case openCombineDefect = "OpenCombine defect"
  }

  let id: String
  let group: Group
  /// The README text the entry comes from, quoted exactly (line breaks as spaces); empty for the
  /// groups that are not Signals' documented choices.
  let readme: String
  let summary: String
  let applies: @Sendable (Case) -> Bool
  let normalize: (@Sendable ([TraceEvent]) -> [TraceEvent])?
  /// For an entry that names an operator and has no normalization: the operator. Such an entry
  /// accepts a difference only where it can come from that operator: at the first differing
  /// position (after the other entries' normalizations) one of the two traces shows an event
  /// seen downstream of it (at the sink or at a probe above it), or a cancel or subscription
  /// (which travel upstream). Two different upstream values or completions at that position
  /// cannot come from the operator, so no entry of this kind accepts them.
  let operatorNode: (@Sendable (Pipeline) -> Bool)?
  /// For an operator entry: whether the events of the operator's inner publishers (probes in a
  /// `flatMap` body) count as the operator's too, for an operator whose difference is when it
  /// asks those publishers for values.
  let includesBody: Bool
  /// For a lifetime entry: whether it accepts a difference in when a site's objects are
  /// released (given the node whose closures they are, `nil` for the sink or subscriber). Such
  /// an entry judges nothing else.
  let acceptsLifetime: (@Sendable (Case, Pipeline?, LifetimeDifference) -> Bool)?

  /// A lifetime entry (see `acceptsLifetime`).
  init(
    _ id: String, _ group: Group, readme: String = "", _ summary: String,
    lifetime accepts: @escaping @Sendable (Case, Pipeline?, LifetimeDifference) -> Bool
  ) {
    self.id = id
    self.group = group
    self.readme = readme
    self.summary = summary
    applies = { _ in true }
    normalize = nil
    operatorNode = nil
    includesBody = false
    acceptsLifetime = accepts
  }

  init(
    _ id: String, _ group: Group, readme: String = "", _ summary: String,
    applies: @escaping @Sendable (Case) -> Bool,
    normalize: (@Sendable ([TraceEvent]) -> [TraceEvent])? = nil
  ) {
    self.id = id
    self.group = group
    self.readme = readme
    self.summary = summary
    self.applies = applies
    self.normalize = normalize
    operatorNode = nil
    includesBody = false
    acceptsLifetime = nil
  }

  /// An entry for a difference in what one operator delivers (see `operatorNode` and
  /// `includesBody`), in a case with such an operator that also satisfies `when`.
  init(
    _ id: String, _ group: Group, readme: String = "", _ summary: String,
    operator: @escaping @Sendable (Pipeline) -> Bool, includesBody: Bool = false,
    when condition: @escaping @Sendable (Case) -> Bool = { _ in true }
  ) {
    self.id = id
    self.group = group
    self.readme = readme
    self.summary = summary
    applies = { $0.pipeline.contains(`operator`) && condition($0) }
    normalize = nil
    operatorNode = `operator`
    self.includesBody = includesBody
    acceptsLifetime = nil
  }
}

extension KnownDifference {
  /// Applied to every case before anything else: the requests operators make upstream are not
  /// compared (what each subscriber receives is), so request events are removed from both traces.
  static let noDemand = KnownDifference(
    "requests-upstream", .documented,
    readme: "**Who asks upstream, and when, may differ.**",
    "`receiveRequest` events are removed from both traces: operators deliver what was requested as"
      + " Combine does, but the requests they make upstream are their own.",
    applies: { _ in true },
    normalize: { events in
      events.filter {
        if case .request = $0.kind { false } else { true }
      }
    })

  static let table: [KnownDifference] =
    documented + documentedEdges + documentedLifetimes + pendingIssue21 + foundHere + foundHereEdges
    + openCombineDefects

  static let documented: [KnownDifference] = [
    KnownDifference(
      "debounce-flushes-on-finish", .documented,
      readme: "**`debounce` delivers a pending value before the finish**",
      "A value still waiting in `debounce` when its upstream finishes is delivered, then the finish.",
      operator: isDebounce),
    KnownDifference(
      "throttle-finish-waits", .documented,
      readme: "**`throttle`'s finish waits for its pending value**",
      "`throttle`'s finish waits for (and delivers) its pending value.",
      operator: isThrottle),
    KnownDifference(
      "prefix-finishes-after-last-value", .documented,
      readme: "**`prefix(n)` and `first()` finish right after their last value**",
      "`prefix(n)` finishes right after its n-th value (at once for n = 0) and cancels upstream before"
        + " delivering it; Combine's `prefix(n)` passes the n-th value on and finishes only when a further"
        + " value or the upstream's completion arrives.",
      operator: isPrefix),
    KnownDifference(
      "zip-finishes-when-buffer-used-up", .documented,
      readme: "**`zip` finishes when a finished input's buffer is used up**",
      "`zip` finishes when an input has finished and its buffered values are used up.",
      operator: isZip),
    KnownDifference(
      "throttle-failure-drops-pending", .documented,
      readme: "**A failure drops a pending throttled value**",
      "`throttle` drops a pending value on failure and fails at once (Combine sends the value, then"
        + " the failure). (It sent the first value of a quiet period at once, where Combine schedules"
        + " it; it schedules it now, as Combine does.)",
      operator: isThrottle),
  ]

  /// Lifetimes and protocol violations (see `acceptsLifetime` and `Pipeline.rogue`).
  static let documentedEdges: [KnownDifference] = [
    KnownDifference(
      "delay-keeps-cancelled-subscriber", .documented,
      readme: "`delay`'s pending events keep a cancelled subscriber alive until their time comes",
      "`delay` holds its subscriber (and so the closures of everything below it) until its pending"
        + " events are due, even after a cancel; OpenCombine lets go at the cancel.",
      lifetime: { testCase, _, difference in
        testCase.pipeline.contains(isDelay) && difference.direction == .signalsKeepsLonger
          && difference.signalsReleasesInTheRun && testCase.timeline.contains { $0.action == .cancel }
      }),
    KnownDifference(
      "events-after-the-end-dropped", .documented,
      readme: "Combine's stateless operators pass on what an upstream sends *after* its completion and"
        + " Signals' drop it",
      "An upstream that breaks the protocol (the rogue publisher) sends values or a completion after its"
        + " completion or after a cancel: Signals' operators drop them (\"after a completion nothing more is"
        + " delivered\", and the same after a cancel); OpenCombine's stateless operators and `handleEvents`"
        + " pass them on. Accepts a first difference downstream of the rogue publisher, in a case where it"
        + " sends after the end.",
      operator: isRogue, when: { $0.rogueSendsAfterTheEnd }),
  ]

  /// Lifetime consequences of the documented differences above.
  static let documentedLifetimes: [KnownDifference] = [
    KnownDifference(
      "documented-differences-change-the-work", .documented,
      readme: "Combine's stateless operators pass on what an upstream sends *after* its completion and"
        + " Signals' drop it",
      "A documented difference in what an operator delivers (a value `debounce` or `throttle` flushes, the"
        + " further event Combine's `prefix` waits for, a value the rogue sends after the end that"
        + " Combine's `map` passes on, `zip`'s own choices) makes one library build an"
        + " inner publisher or run a handler the other does not, although what reaches the subscriber"
        + " is the same: a site made a different number of times, in a case such an entry applies to.",
      lifetime: { testCase, _, difference in
        difference.direction == .madeDifferently
          && (testCase.rogueSendsAfterTheEnd
            || KnownDifference.documented.contains { $0.operatorNode != nil && $0.applies(testCase) })
      })
  ]

  /// Issue 21 items 1-3 are fixed (Combine's order), item 4 is documented above: none left.
  static let pendingIssue21: [KnownDifference] = []

  // MARK: - found here, not yet documented or fixed

  /// Open: found by the lifetime and protocol-violation cases, for the lead to decide (fix in
  /// Signals, then delete here; or document, then move to `documented` with the README text).
  static let foundHere: [KnownDifference] = [
    KnownDifference(
      "open-zip-leaks-when-an-input-fails-while-subscribing", .foundHere,
      "A Signals leak (a retain cycle; DESIGN: no retain cycles): when `zip`'s first input fails while"
        + " `zip` subscribes and its second input is `dropFirst` over a publisher erased to `AnyPublisher`,"
        + " Signals never releases the pipeline, not even once everything is let go of: the subscriber"
        + " below it and the closures around it stay alive. OpenCombine releases them at the failure."
        + " `[6].publisher.append(Fail(error: E(3))).zip([4, 2].publisher.eraseToAnyPublisher().dropFirst(1))"
        + ".map { $0 * 10 + $1 }.sink` (seeds 11377, 19892); checked apart from the harness: with"
        + " `[4, 2].publisher.dropFirst(1)` (no erasure) the pipeline is released.",
      lifetime: { testCase, _, difference in
        difference.direction == .signalsKeepsLonger && difference.signals.count < difference.made.signals
          && testCase.pipeline.contains(isZip)
      }),
    KnownDifference(
      "open-handleEvents-keeps-blocks-after-end", .foundHere,
      "Signals' `handleEvents` keeps its blocks (and what they capture) after its completion or cancel,"
        + " until its subscription object is freed: when everything below it has ended too"
        + " (`[].publisher.handleEvents(...).timeout(1)` lets go of them when the timeout's scheduled finish"
        + " runs, `[9].publisher.handleEvents(...)` as the other input of a `zip` that has not finished"
        + " keeps them to the end), or never while an upstream that ignores the protocol holds it, or"
        + " while a `flatMap` above it stays subscribed to its upstream after an inner failure (Combine's"
        + " and OpenCombine's `flatMap` do too, and keep everything below them with it; OpenCombine's"
        + " `handleEvents` has let go of its blocks by then: `s0.flatMap { s0.timeout(1, customError: f) }`"
        + " keeps p0's blocks for good, seed 371)."
        + " OpenCombine's drops them at its completion and at cancel, as both libraries' `sink` does.",
      lifetime: { testCase, node, difference in
        node.map(isProbe) == true && difference.direction == .signalsKeepsLonger
          && (difference.signalsReleasesAll || testCase.pipeline.contains(isFlatMap))
      }),
    KnownDifference(
      "open-scheduled-work-keeps-pipeline", .foundHere,
      "After a completion or cancel, work a Signals time operator still has on the scheduler (a `timeout`"
        + " timer, a `delay`ed inner value under `switchToLatest`; no longer `throttle`, whose scheduled"
        + " work holds it weakly and which lets go of its subscriber at its end) keeps its"
        + " subscriber, the closures of the operators around it and what is below it until that work runs"
        + " or the scheduler next runs: `[2].publisher.compactMap(f).retry(0).timeout(6)` lets go of `f`"
        + " when the scheduler runs, OpenCombine as the sequence finishes. Accepts a site Signals releases"
        + " later, but releases, in a case with a time operator.",
      lifetime: { testCase, _, difference in
        difference.direction == .signalsKeepsLonger && difference.signalsReleasesInTheRun
          && testCase.pipeline.contains(isTimeOperator)
      }),
    KnownDifference(
      "open-retry-keeps-finished-attempt", .foundHere,
      "Signals' `retry` keeps its finished attempt's subscription (and the closures of the operators in"
        + " it) until its own subscription object is freed, which under a `zip` whose other input has not"
        + " finished is the end of the run: `[].publisher.append(5).flatMap { Just($0) }.retry(0).zip(s0)`"
        + " keeps `flatMap`'s transform; OpenCombine's lets go when the attempt finishes.",
      lifetime: { testCase, node, difference in
        difference.direction == .signalsKeepsLonger && node != nil && difference.signalsReleasesAll
          && testCase.pipeline.contains { if case .retry = $0 { true } else { false } }
      }),
    KnownDifference(
      "open-subscriber-kept-after-end-while-upstream-holds", .foundHere,
      "Under an upstream that does not let go of its subscriber (the rogue publisher), Signals keeps the"
        + " bottom subscriber and the closures of the operators below the rogue alive after the end (until"
        + " the rogue sends a completion, or to the end of the run): its"
        + " `sink` keeps its closures after a cancel for as long as something holds the sink, and its"
        + " operators keep their closures and their subscriber after their completion or cancel for as"
        + " long as their own subscription object lives (`rogue.retry(0).compactMap(f)`: `f` is kept). OpenCombine's `Sink` drops its"
        + " closures at cancel and its operators drop their subscriber at completion and cancel. (With a"
        + " well-behaved upstream the two let go at the same point.)",
      lifetime: { testCase, _, difference in
        difference.direction == .signalsKeepsLonger && difference.signalsReleasesAll
          && testCase.pipeline.contains(isRogue)
      }),
  ]

  /// Open, protocol violations.
  static let foundHereEdges: [KnownDifference] = [
    KnownDifference(
      "open-subscription-after-the-end-passed-on", .foundHere,
      "A subscription that arrives after the completion (or after a cancel, the sink's or an operator's"
        + " such as `first()`): Signals' `handleEvents` runs `receiveSubscription` and passes it on, and its"
        + " subscriber cancels it (so `receiveCancel` runs too); OpenCombine's has let go of its blocks at"
        + " the end and cancels it itself. Accepts a first difference downstream of the rogue publisher in"
        + " a case where it subscribes again.",
      operator: isRogue, when: { $0.rogueSubscribesAgain }),
    KnownDifference(
      "open-values-beyond-demand-dropped", .foundHere,
      "An upstream that sends more values than were requested (the rogue publisher under a subscriber that"
        + " asked for `.max(n)`): Signals' `delay` drops what its subscriber did not request; OpenCombine's"
        + " passes it on. Accepts a first difference downstream of the rogue publisher in a case with"
        + " limited demand.",
      operator: isRogue, when: { $0.limitsDemand }),
  ]

  // MARK: - OpenCombine's own defects and unspecified behaviour

  static let openCombineDefects: [KnownDifference] = [
    KnownDifference(
      "opencombine-keeps-closures-longer", .openCombineDefect,
      "OpenCombine keeps an operator's closures (and the subscriber below it) until its subscription object"
        + " is freed, which can be after the end of the run: `timeout`'s `customError` while its subject"
        + " lives, `map`'s transform under `retry` after a cancel, a custom subscriber below a finished"
        + " pipeline. Signals lets go at the completion or the cancel (DESIGN: \"cancelling releases"
        + " everything the subscription held\"). Accepts any site Signals releases sooner.",
      lifetime: { _, _, difference in difference.direction == .signalsReleasesSooner }),
    KnownDifference(
      "opencombine-replaceEmpty-ignores-demand", .openCombineDefect,
      "OpenCombine 0.14's `replaceEmpty` requests `.unlimited` from its upstream as soon as it is"
        + " subscribed and passes every value on whatever its subscriber requested"
        + " (Publishers.ReplaceEmpty.swift: `subscription.request(.unlimited)` in `receive(subscription:)`,"
        + " `request(_:)` only forwards). Apple: \"a publisher can't send elements until the subscriber"
        + " attaches and asks for them\" (Processing Published Elements with Subscribers). Under limited"
        + " demand the value arrives unrequested and OpenCombine's `append` drops it (Concatenate's"
        + " `pending == .none`): `[3].publisher.replaceEmpty(with: 1).append(4).zip(s0)` loses the 3.",
      operator: isReplaceEmpty, when: { $0.limitsDemand }),
    KnownDifference(
      "opencombine-replaceEmpty-ignores-demand-upstream", .openCombineDefect,
      "The same `replaceEmpty` defect seen upstream of it: because it asks for `.unlimited`, a subject"
        + " above it delivers values that Signals' subject drops for lack of demand (a custom subscriber"
        + " asking for `.max(1)`). `s1.p(1).replaceEmpty(with: 7)` under `.max(1)`, two sends: p1 sees one"
        + " value in Signals, two in OpenCombine. Applies to any first difference in a case with"
        + " `replaceEmpty` and a subscriber asking for a limited demand.",
      applies: { $0.pipeline.contains(isReplaceEmpty) && $0.subscriber.isLimited }),
    KnownDifference(
      "opencombine-switchToLatest-value-after-failure", .openCombineDefect,
      "OpenCombine's `switchToLatest` passes on a value of an inner publisher that arrives (through a"
        + " time operator) after its outer publisher failed, after the failure:"
        + " `[8].publisher.append(Fail(...)).map { Just($0).delay(for: 0) }.switchToLatest()` gives the"
        + " failure, then 8. Signals sends nothing after the failure (\"after a completion nothing more is"
        + " delivered\").",
      operator: isSwitchToLatest, when: { $0.pipeline.contains(isTimeOperator) }),
    KnownDifference(
      "opencombine-zip-unfinished", .openCombineDefect,
      "OpenCombine 0.14 sometimes does not finish a `zip` one of whose inputs has finished (issue 21).",
      operator: isZip),
    KnownDifference(
      "opencombine-subject-delivery-order", .openCombineDefect,
      "A subject with several subscriptions at once delivers a value to them in OpenCombine's Set order"
        + " (by object address, so it changes from run to run); Signals in subscription order. Combine"
        + " does not specify the order. Applies when a subject feeds two subscriptions at once.",
      applies: { $0.pipeline.feedsSubjectTwice }),
  ]
}

/// A trap in OpenCombine that a run sets aside: the case's child process dies, the run goes on,
/// and the seed is reported. A trap in a case no entry covers fails the run.
struct KnownTrap: Sendable {
  let id: String
  let summary: String
  let applies: @Sendable (Case) -> Bool

  static let openCombine: [KnownTrap] = [
    KnownTrap(
      id: "opencombine-zip-trap",
      summary: "OpenCombine 0.14's `zip` traps on some pipelines (reading a destroyed unowned reference,"
        + " or a completion before the subscription); issue 21 found five groups.",
      applies: { $0.pipeline.contains(isZip) }),
    KnownTrap(
      id: "opencombine-replaceError-under-limited-demand",
      summary: "OpenCombine 0.14's `replaceError` sends its value again on every request after the failure;"
        + " under `flatMap(maxPublishers: .max(n))` whose inner publisher completes at once this recurses"
        + " until the stack overflows.",
      applies: { testCase in
        (testCase.pipeline.contains(isLimitedFlatMap) || testCase.subscriber.isLimited)
          && testCase.pipeline.contains(isReplaceError)
      }),
    KnownTrap(
      id: "opencombine-switchToLatest-unrequested-value",
      summary: "OpenCombine 0.14's `switchToLatest` subtracts one from its subscriber's demand for every"
        + " inner value (\"This will crash if we don't have any demand yet\") and traps below zero when an"
        + " inner `replaceEmpty` or `replaceError`, which ignore demand, sends a value its subscriber (a"
        + " `zip` or a limited `flatMap`) has not requested yet; seed 26025.",
      applies: { testCase in
        testCase.pipeline.contains(isSwitchToLatest) && testCase.limitsDemand
          && (testCase.pipeline.contains(isReplaceEmpty) || testCase.pipeline.contains(isReplaceError))
      }),
    KnownTrap(
      id: "opencombine-traps-on-protocol-violation",
      summary: "OpenCombine 0.14, like Combine, may trap when an upstream breaks the Subscriber protocol (a"
        + " value or completion after the completion or cancel, a second subscription): `catch` and"
        + " `retry` under the rogue publisher. Signals never traps on it (DESIGN: bad input never traps;"
        + " README: \"Bad input never traps\").",
      applies: { testCase in
        testCase.pipeline.contains(isRogue)
          && (testCase.rogueSendsAfterTheEnd || testCase.rogueSubscribesAgain || testCase.limitsDemand)
      }),
    KnownTrap(
      id: "opencombine-retry-catch-unrequested-value",
      summary:
        "OpenCombine 0.14's `retry` (and `catch`) subtract one from their subscriber's demand for every"
        + " value and trap below zero (`Subscribers.Demand.max` with a negative count,"
        + " Publishers.Retry.swift) when a `replaceEmpty` or `replaceError` above them, which ignore demand,"
        + " sends a value a subscriber asking for `.max(n)` has not requested; seed 8056.",
      applies: { testCase in
        testCase.pipeline.contains {
          if case .retry = $0 { true } else if case .catch = $0 { true } else { false }
        }
          && testCase.limitsDemand
          && (testCase.pipeline.contains(isReplaceEmpty) || testCase.pipeline.contains(isReplaceError))
      }),
  ]
}

// MARK: - Structure predicates

func isDebounce(_ p: Pipeline) -> Bool { if case .debounce = p { true } else { false } }
func isThrottle(_ p: Pipeline) -> Bool { if case .throttle = p { true } else { false } }
func isZip(_ p: Pipeline) -> Bool { if case .zip = p { true } else { false } }
func isTimeout(_ p: Pipeline) -> Bool { if case .timeout = p { true } else { false } }
func isSwitchToLatest(_ p: Pipeline) -> Bool { if case .switchToLatest = p { true } else { false } }
func isFlatMap(_ p: Pipeline) -> Bool { if case .flatMap = p { true } else { false } }
func isPrefix(_ p: Pipeline) -> Bool { if case .prefix = p { true } else { false } }
func isReplaceError(_ p: Pipeline) -> Bool { if case .replaceError = p { true } else { false } }
func isReplaceEmpty(_ p: Pipeline) -> Bool { if case .replaceEmpty = p { true } else { false } }
/// Operators that ask their upstream for a limited amount although the sink asks for
/// `.unlimited`: `zip`, and `flatMap(maxPublishers: .max(n))`.
func isLimitingDemand(_ p: Pipeline) -> Bool { isZip(p) || isLimitedFlatMap(p) }
func isRogue(_ p: Pipeline) -> Bool { p == .rogue }
func isTimeOperator(_ p: Pipeline) -> Bool {
  switch p {
  case .debounce, .throttle, .delay, .timeout: true
  default: false
  }
}
func isDelay(_ p: Pipeline) -> Bool { if case .delay = p { true } else { false } }
func isProbe(_ p: Pipeline) -> Bool { if case .probe = p { true } else { false } }

extension SubscriberKind {
  /// Whether the subscriber asks for less than `.unlimited`.
  var isLimited: Bool { if case .custom(let demand?) = self { demand >= 0 } else { false } }
}

extension Case {
  /// Whether some operator or the subscriber asks its upstream for a limited amount.
  var limitsDemand: Bool { pipeline.contains(isLimitingDemand) || subscriber.isLimited }

  /// Whether the rogue publisher sends something after it completed, or after the subscriber
  /// cancelled: what the Subscriber protocol forbids.
  var rogueSendsAfterTheEnd: Bool {
    guard pipeline.contains(isRogue) else { return false }
    var ended = false
    for step in timeline {
      switch step.action {
      case .rogueSend: if ended { return true }
      case .rogueFinish, .rogueFail:
        if ended { return true }
        ended = true
      case .cancel: ended = true
      default: break
      }
    }
    return false
  }

  /// Whether the rogue publisher hands its subscribers a second subscription.
  var rogueSubscribesAgain: Bool { timeline.contains { $0.action == .rogueSubscribe } }
}

func isLimitedFlatMap(_ p: Pipeline) -> Bool {
  if case .flatMap(_, _, let max) = p { max != nil } else { false }
}

/// The operators of issue 21 item 1 (a cold source that fails or never ends is built with
/// `append`, so it counts).
func hasHandshakeIssue(_ p: Pipeline) -> Bool {
  switch p {
  case .append, .appendValues, .prependValues, .catch, .retry, .delay, .debounce, .timeout, .zip: true
  case .cold(_, let ending): ending != .finished
  default: false
  }
}

extension Pipeline {
  /// Whether some subject can have two subscriptions at once: it appears twice, or inside a
  /// `flatMap` or `switchToLatest` body (one subscription per inner publisher).
  var feedsSubjectTwice: Bool {
    var uses: [Int: Int] = [:]
    func count(_ node: Pipeline, weight: Int) {
      switch node {
      case .subject(let index): uses[index, default: 0] += weight
      case .flatMap(let upstream, let body, _), .switchToLatest(let upstream, let body):
        count(upstream, weight: weight)
        count(body, weight: 2)
      default: for child in node.children { count(child, weight: weight) }
      }
    }
    count(self, weight: 1)
    return uses.values.contains { $0 >= 2 }
  }
}

func isCancelOrFailure(_ event: TraceEvent) -> Bool {
  switch event.kind {
  case .cancel, .failure: true
  default: false
  }
}

/// A normalization that sorts each run of consecutive events matching `member` (at one tick) by
/// site and kind, so that only the order within such runs is ignored.
func sortingRuns(
  of member: @escaping @Sendable (TraceEvent) -> Bool
) -> @Sendable ([TraceEvent]) -> [TraceEvent] {
  { events in
    var result: [TraceEvent] = []
    var run: [TraceEvent] = []
    func flush() {
      result += run.sorted { ($0.site, $0.description) < ($1.site, $1.description) }
      run = []
    }
    for event in events {
      if member(event), run.first.map({ $0.time == event.time }) ?? true {
        run.append(event)
      } else {
        flush()
        if member(event) { run.append(event) } else { result.append(event) }
      }
    }
    flush()
    return result
  }
}
