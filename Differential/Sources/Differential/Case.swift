/// One differential case: a pipeline over subjects and cold sources, and a timeline of what is
/// sent into the subjects (and when the subscriber cancels), all in virtual ticks.
///
/// Both libraries build the same `Pipeline`, subscribe one sink at tick 0, play the timeline and
/// run the schedulers to `horizon`; every observable event is recorded with its tick.
struct Case: Equatable {
  var pipeline: Pipeline
  var timeline: [Step]
  /// What subscribes at the bottom of the pipeline.
  var subscriber: SubscriberKind = .sink

  /// The tick both runs stop at: late enough for every timer the case can start to have fired.
  var horizon: Int { (timeline.map(\.time).max() ?? 0) + 60 }

  /// Subjects the pipeline reads (timeline steps for others do nothing).
  var subjects: Set<Int> { pipeline.subjects }
}

/// What subscribes at the bottom of a case's pipeline.
enum SubscriberKind: Equatable {
  /// `sink(receiveCompletion:receiveValue:)`, whose closures record under `"sink"` and carry a
  /// lifetime tracker (their release shows as `sink released`).
  case sink
  /// A hand-written subscriber kept only by the subscription it receives (the run holds it
  /// weakly, to cancel it): it asks for `.unlimited` (`demand == nil`) or for `.max(n)` once, at
  /// its subscription, records what it receives under `"sink"` and its own release as
  /// `subscriber released`. It cancels a second subscription, as `sink` does.
  case custom(demand: Int?)
}

/// The failure both libraries send: a code, so that traces can show which failure arrived.
struct DiffError: Error, Equatable {
  let code: Int
}

/// What happens at one tick of a case's timeline.
struct Step: Equatable {
  enum Action: Equatable {
    case send(subject: Int, value: Int)
    case finish(subject: Int)
    case fail(subject: Int, code: Int)
    /// The sink's cancellable is cancelled.
    case cancel
    /// The rogue publisher (`Pipeline.rogue`) sends a value to every subscriber it was ever
    /// given, whatever they requested, completed or cancelled.
    case rogueSend(value: Int)
    /// The rogue publisher sends a completion (again, if it did before) to every subscriber.
    case rogueFinish
    case rogueFail(code: Int)
    /// The rogue publisher hands every subscriber it has another subscription (recorded as
    /// `r<n>`, numbered per run in the order the rogue made them).
    case rogueSubscribe
  }

  var time: Int
  var action: Action
}

/// A pipeline of operators both libraries have. `Output` is `Int` and `Failure` is `DiffError`
/// at every node, so that nodes compose freely; operators with other types are wrapped back
/// into these (`collect` maps the array to an `Int`, `replaceError` sets the failure type back).
indirect enum Pipeline: Equatable {
  // Sources.
  /// A `PassthroughSubject` driven by the timeline.
  case subject(Int)
  /// `Publishers.Sequence(values)`, then the ending: finished, or a failure (through
  /// `append(Fail(...))`), or nothing more (through `append(Empty(completeImmediately: false))`).
  case cold([Int], ending: ColdEnding)
  /// Inside a `flatMap`, `switchToLatest` or `catch` body: `Just(parameter)`.
  case parameter
  /// A hand-written publisher that breaks the Subscriber protocol on the timeline's `rogue...`
  /// steps: it keeps every subscriber it is given (strongly, as a publisher that ignores cancel
  /// would) and sends each of them what the timeline says, ignoring demand, completion and
  /// cancel. Its subscriptions record `request` (removed as every request is) and `cancel` under
  /// `r<n>`. At most one per pipeline, never in a body.
  case rogue

  // Observation.
  /// `handleEvents` recording every event under the probe's number.
  case probe(Int, Pipeline)

  // Per value.
  case map(Pipeline, add: Int)
  case filter(Pipeline, dropMultiplesOf: Int)
  case compactMap(Pipeline, nilForMultiplesOf: Int)
  case scan(Pipeline)
  case removeDuplicates(Pipeline)
  case prefix(Pipeline, Int)
  case dropFirst(Pipeline, Int)
  case first(Pipeline)
  case last(Pipeline)
  case collect(Pipeline)
  case collectCount(Pipeline, Int)
  case reduce(Pipeline)
  case replaceEmpty(Pipeline, Int)
  case replaceError(Pipeline, Int)

  // Errors.
  case `catch`(Pipeline, handler: Pipeline)
  case retry(Pipeline, Int)

  // Several inputs.
  case flatMap(Pipeline, body: Pipeline, maxPublishers: Int?)
  case switchToLatest(Pipeline, body: Pipeline)
  case zip(Pipeline, Pipeline)
  case append(Pipeline, Pipeline)
  case appendValues(Pipeline, [Int])
  case prependValues(Pipeline, [Int])

  // Time.
  case debounce(Pipeline, ticks: Int)
  case throttle(Pipeline, ticks: Int, latest: Bool)
  case delay(Pipeline, ticks: Int)
  case timeout(Pipeline, ticks: Int, customError: Bool)
}

/// How a cold source ends after its values.
enum ColdEnding: Equatable {
  case finished
  case failure(Int)
  case never
}

/// One recorded event: its tick, where it was seen, and what it was.
struct TraceEvent: Equatable, CustomStringConvertible {
  enum Kind: Equatable {
    case subscription
    case request(String)
    /// A request made to the rogue publisher's second or later subscription, or to one after it
    /// was cancelled (compared, unlike `request`: a subscriber should cancel a subscription it
    /// already has one of, not use it, and use none it cancelled).
    case extraRequest(String)
    case output(Int)
    case finished
    case failure(Int)
    case cancel
    /// A lifetime tracker was released: the object recording it (captured by an operator's
    /// closures, the sink's closures, a probe's blocks, or the custom subscriber) was freed.
    case released
    /// A lifetime tracker was made (its closures given to an operator).
    case made
    /// The run moved on to its next stimulus (subscribing, a timeline step, the scheduler run up
    /// to a step): a boundary for `releasePoints`, removed before traces are compared.
    case step
    /// The run is over and lets go of the pipeline (cancels the subscriber, drops the rogue's
    /// subscribers); only releases are recorded after it, and then the log closes.
    case teardown
  }

  /// `"sink"`, `"p<n>"` for probe n, `"r<n>"` for the rogue publisher's n-th subscription, or,
  /// for a `released` event, the node whose closures were released (`"map@r0"`: the operator's
  /// name and its path from the root, one digit per input taken).
  var site: String
  var time: Int
  var kind: Kind

  var description: String {
    let what =
      switch kind {
      case .subscription: "subscription"
      case .request(let demand): "request \(demand)"
      case .extraRequest(let demand): "request \(demand) (extra or cancelled)"
      case .output(let value): "output \(value)"
      case .finished: "finished"
      case .failure(let code): "failure \(code)"
      case .cancel: "cancel"
      case .released: "released"
      case .made: "made"
      case .step: "step"
      case .teardown: "teardown"
      }
    return "@\(time) \(site) \(what)"
  }
}

extension Pipeline {
  /// The pipeline's inputs, in order (the upstreams an operator reads).
  var children: [Pipeline] {
    switch self {
    case .subject, .cold, .parameter, .rogue: []
    case .probe(_, let p), .map(let p, _), .filter(let p, _), .compactMap(let p, _), .scan(let p),
      .removeDuplicates(let p), .prefix(let p, _), .dropFirst(let p, _), .first(let p), .last(let p),
      .collect(let p), .collectCount(let p, _), .reduce(let p), .replaceEmpty(let p, _),
      .replaceError(let p, _), .retry(let p, _), .appendValues(let p, _), .prependValues(let p, _),
      .debounce(let p, _), .throttle(let p, _, _), .delay(let p, _), .timeout(let p, _, _):
      [p]
    case .catch(let p, let q), .flatMap(let p, let q, _), .switchToLatest(let p, let q), .zip(let p, let q),
      .append(let p, let q):
      [p, q]
    }
  }

  /// Every node of the pipeline, this one first.
  var nodes: [Pipeline] { [self] + children.flatMap(\.nodes) }

  /// The subjects the pipeline reads.
  var subjects: Set<Int> {
    var result: Set<Int> = []
    for node in nodes { if case .subject(let index) = node { result.insert(index) } }
    return result
  }

  /// Whether any node satisfies `predicate`.
  func contains(_ predicate: (Pipeline) -> Bool) -> Bool { nodes.contains(where: predicate) }

  /// The operator's name as the libraries spell it (`"probe"` for a probe).
  var name: String {
    switch self {
    case .subject: "subject"
    case .cold: "cold"
    case .parameter: "parameter"
    case .rogue: "rogue"
    case .probe: "probe"
    case .map: "map"
    case .filter: "filter"
    case .compactMap: "compactMap"
    case .scan: "scan"
    case .removeDuplicates: "removeDuplicates"
    case .prefix: "prefix"
    case .dropFirst: "dropFirst"
    case .first: "first"
    case .last: "last"
    case .collect: "collect"
    case .collectCount: "collect(n)"
    case .reduce: "reduce"
    case .replaceEmpty: "replaceEmpty"
    case .replaceError: "replaceError"
    case .catch: "catch"
    case .retry: "retry"
    case .flatMap: "flatMap"
    case .switchToLatest: "switchToLatest"
    case .zip: "zip"
    case .append: "append"
    case .appendValues: "append(values)"
    case .prependValues: "prepend(values)"
    case .debounce: "debounce"
    case .throttle: "throttle"
    case .delay: "delay"
    case .timeout: "timeout"
    }
  }

  /// The pipeline as Swift source (both libraries spell it the same way); `.p(n)` stands for
  /// `handleEvents` recording under probe n, ticks are written as plain numbers.
  var source: String {
    switch self {
    case .subject(let index): "s\(index)"
    case .cold(let values, let ending):
      switch ending {
      case .finished: "\(values).publisher"
      case .failure(let code): "\(values).publisher.append(Fail(error: E(\(code))))"
      case .never: "\(values).publisher.append(Empty(completeImmediately: false))"
      }
    case .parameter: "Just($0)"
    case .rogue: "rogue"
    case .probe(let id, let p): "\(p.source).p(\(id))"
    case .map(let p, let add): "\(p.source).map { $0 + \(add) }"
    case .filter(let p, let m): "\(p.source).filter { $0 % \(m) != 0 }"
    case .compactMap(let p, let m): "\(p.source).compactMap { $0 % \(m) == 0 ? nil : $0 }"
    case .scan(let p): "\(p.source).scan(0, +)"
    case .removeDuplicates(let p): "\(p.source).removeDuplicates()"
    case .prefix(let p, let n): "\(p.source).prefix(\(n))"
    case .dropFirst(let p, let n): "\(p.source).dropFirst(\(n))"
    case .first(let p): "\(p.source).first()"
    case .last(let p): "\(p.source).last()"
    case .collect(let p): "\(p.source).collect().map(sum*100+count)"
    case .collectCount(let p, let n): "\(p.source).collect(\(n)).map(sum*100+count)"
    case .reduce(let p): "\(p.source).reduce(0, +)"
    case .replaceEmpty(let p, let v): "\(p.source).replaceEmpty(with: \(v))"
    case .replaceError(let p, let v): "\(p.source).replaceError(with: \(v))"
    case .catch(let p, let h): "\(p.source).catch { \(h.source.replacingParameter("$0.code")) }"
    case .retry(let p, let n): "\(p.source).retry(\(n))"
    case .flatMap(let p, let body, let max):
      "\(p.source).flatMap(maxPublishers: \(max.map { ".max(\($0))" } ?? ".unlimited")) { \(body.source) }"
    case .switchToLatest(let p, let body): "\(p.source).map { \(body.source) }.switchToLatest()"
    case .zip(let p, let q): "\(p.source).zip(\(q.source)).map { $0 * 10 + $1 }"
    case .append(let p, let q): "\(p.source).append(\(q.source))"
    case .appendValues(let p, let values):
      "\(p.source).append(\(values.map(String.init).joined(separator: ", ")))"
    case .prependValues(let p, let values):
      "\(p.source).prepend(\(values.map(String.init).joined(separator: ", ")))"
    case .debounce(let p, let ticks): "\(p.source).debounce(for: \(ticks))"
    case .throttle(let p, let ticks, let latest): "\(p.source).throttle(for: \(ticks), latest: \(latest))"
    case .delay(let p, let ticks): "\(p.source).delay(for: \(ticks))"
    case .timeout(let p, let ticks, let custom):
      "\(p.source).timeout(\(ticks)\(custom ? ", customError: { E(9) }" : ""))"
    }
  }
}

extension String {
  fileprivate func replacingParameter(_ replacement: String) -> String {
    split(separator: "Just($0)", omittingEmptySubsequences: false).joined(separator: "Just(\(replacement))")
  }
}

extension Step: CustomStringConvertible {
  var description: String {
    switch action {
    case .send(let subject, let value): "@\(time) s\(subject).send(\(value))"
    case .finish(let subject): "@\(time) s\(subject).send(completion: .finished)"
    case .fail(let subject, let code): "@\(time) s\(subject).send(completion: .failure(E(\(code))))"
    case .cancel: "@\(time) cancel"
    case .rogueSend(let value): "@\(time) rogue.send(\(value))"
    case .rogueFinish: "@\(time) rogue.send(completion: .finished)"
    case .rogueFail(let code): "@\(time) rogue.send(completion: .failure(E(\(code))))"
    case .rogueSubscribe: "@\(time) rogue.subscribeAgain"
    }
  }
}

extension Case: CustomStringConvertible {
  var description: String {
    let bottom =
      switch subscriber {
      case .sink: "sink"
      case .custom(let demand): "subscribe(custom(\(demand.map { ".max(\($0))" } ?? ".unlimited")))"
      }
    return "\(pipeline.source).\(bottom)  |  "
      + (timeline.isEmpty ? "(no steps)" : timeline.map(\.description).joined(separator: "; "))
  }
}
