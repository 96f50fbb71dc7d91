import Signals
import SignalsTesting

/// Runs a case on Signals, on its `TestScheduler` (one tick is one millisecond).
enum SignalsSide {
  /// `plant` changes this side on purpose, to show that the comparison catches it.
  static func run(_ testCase: Case, plant: Plant? = nil) -> [TraceEvent] {
    let scheduler = TestScheduler()
    let log = TraceLog()
    log.now = { Int(scheduler.now.nanoseconds / 1_000_000) }
    let subjects = [PassthroughSubject<Int, DiffError>(), PassthroughSubject<Int, DiffError>()]
    let rogue = SignalsRogue(log: log)
    let leakedClosures = LeakedClosures()
    let builder = SignalsBuilder(
      scheduler: scheduler, log: log, subjects: subjects, rogue: rogue, plant: plant,
      leakedClosures: leakedClosures)
    var leaked: [LifeTracker] = []
    var cancel: () -> Void
    var cancellable: AnyCancellable?
    do {
      let top = builder.probe("p0", builder.build(testCase.pipeline, parameter: 0, path: "r"))
      switch testCase.subscriber {
      case .sink:
        let tracker = LifeTracker("sink", log)
        if plant == .leak { leaked.append(tracker) }
        cancellable = top.sink(
          receiveCompletion: { [tracker] completion in
            tracker.keep()
            log.record("sink", TraceEvent.Kind(completion))
          },
          receiveValue: { [tracker] value in
            tracker.keep()
            log.record("sink", .output(value))
          })
        cancel = { cancellable?.cancel() }
      case .custom(let demand):
        let subscriber = SignalsCustomSubscriber(log: log, demand: demand)
        top.subscribe(subscriber)
        cancel = { [weak subscriber] in subscriber?.cancel() }
      }
    }
    log.step()
    for step in testCase.timeline {
      scheduler.advance(to: time(step.time))
      log.step()
      switch step.action {
      case .send(let subject, let value): subjects[subject].send(value)
      case .finish(let subject): subjects[subject].send(completion: .finished)
      case .fail(let subject, let code): subjects[subject].send(completion: .failure(DiffError(code: code)))
      case .cancel: cancel()
      case .rogueSend(let value): rogue.send(value)
      case .rogueFinish: rogue.send(completion: .finished)
      case .rogueFail(let code): rogue.send(completion: .failure(DiffError(code: code)))
      case .rogueSubscribe: rogue.subscribeAgain()
      }
      log.step()
    }
    scheduler.advance(to: time(testCase.horizon))
    // The run lets go of the pipeline: what is released now was kept to the end of the case;
    // what is not released even now is never released (a leak, or a cycle).
    log.tearDown()
    cancel()
    cancellable = nil
    rogue.subscribers = []
    log.isClosed = true
    leaked = []
    leakedClosures.trackers = []
    return log.events
  }

  private static func time(_ ticks: Int) -> SchedulerTime {
    SchedulerTime(nanoseconds: Int64(ticks) * 1_000_000)
  }
}

extension TraceEvent.Kind {
  init(_ completion: Subscribers.Completion<DiffError>) {
    switch completion {
    case .finished: self = .finished
    case .failure(let error): self = .failure(error.code)
    }
  }
}

/// Builds a `Pipeline` out of Signals' operators.
struct SignalsBuilder {
  typealias Node = AnyPublisher<Int, DiffError>

  let scheduler: TestScheduler
  let log: TraceLog
  let subjects: [PassthroughSubject<Int, DiffError>]
  let rogue: SignalsRogue
  let plant: Plant?
  /// Where `Plant.leakClosure` keeps `map`'s trackers.
  let leakedClosures: LeakedClosures

  private func ticks(_ count: Int) -> SchedulerTime.Stride { .milliseconds(count) }

  /// `upstream` with a `handleEvents` that records under `site`.
  /// Its blocks release a tracker under `site` (`p<n> released`).
  func probe(_ site: String, _ upstream: Node) -> Node {
    let log = log
    let t = LifeTracker(site, log)
    return upstream.handleEvents(
      receiveSubscription: { [t] _ in
        t.keep()
        log.record(site, .subscription)
      },
      receiveOutput: { [t] value in
        t.keep()
        log.record(site, .output(value))
      },
      receiveCompletion: { [t] completion in
        t.keep()
        log.record(site, TraceEvent.Kind(completion))
      },
      receiveCancel: { [t] in
        t.keep()
        log.record(site, .cancel)
      }
    ).eraseToAnyPublisher()
  }

  /// The publisher for `pipeline`; `path` names the node for its closures' lifetime trackers.
  func build(_ pipeline: Pipeline, parameter: Int, path: String) -> Node {
    switch pipeline {
    case .subject(let index): return subjects[index].eraseToAnyPublisher()
    case .cold(let values, let ending):
      let sequence = Publishers.Sequence<[Int], DiffError>(sequence: values)
      switch ending {
      case .finished: return sequence.eraseToAnyPublisher()
      case .failure(let code):
        return sequence.append(Fail(error: DiffError(code: code))).eraseToAnyPublisher()
      case .never: return sequence.append(Empty(completeImmediately: false)).eraseToAnyPublisher()
      }
    case .parameter: return Just(parameter).setFailureType(to: DiffError.self).eraseToAnyPublisher()
    case .rogue: return rogue.eraseToAnyPublisher()
    case .probe(let id, let upstream):
      return probe("p\(id)", build(upstream, parameter: parameter, path: path + "0"))
    default: return buildOperator(pipeline, parameter: parameter, path: path)
    }
  }

  // Every closure given to an operator captures a lifetime tracker of its own, made by `tracker()`.
  private func buildOperator(_ pipeline: Pipeline, parameter: Int, path: String) -> Node {
    let upstream =
      pipeline.children.first.map { build($0, parameter: parameter, path: path + "0") }
      ?? Empty().eraseToAnyPublisher()
    let site = releaseSite(pipeline, path)
    let log = log
    func tracker() -> LifeTracker { LifeTracker(site, log) }
    switch pipeline {
    case .map(_, let add):
      let t = tracker()
      if plant == .leakClosure { leakedClosures.append(t) }
      return upstream.map { [t] value in
        t.keep()
        return value &+ add &+ (plant == .map ? 1 : 0)
      }.eraseToAnyPublisher()
    case .filter(_, let m):
      return upstream.filter { [t = tracker()] value in
        t.keep()
        return value % m != 0
      }.eraseToAnyPublisher()
    case .compactMap(_, let m):
      return upstream.compactMap { [t = tracker()] (value: Int) -> Int? in
        t.keep()
        return value % m == 0 ? nil : value
      }.eraseToAnyPublisher()
    case .scan:
      return upstream.scan(0) { [t = tracker()] (sum: Int, value: Int) -> Int in
        t.keep()
        return sum &+ value
      }.eraseToAnyPublisher()
    case .removeDuplicates: return upstream.removeDuplicates().eraseToAnyPublisher()
    case .prefix(_, let count): return upstream.prefix(count).eraseToAnyPublisher()
    case .dropFirst(_, let count): return upstream.dropFirst(count).eraseToAnyPublisher()
    case .first: return upstream.first().eraseToAnyPublisher()
    case .last: return upstream.last().eraseToAnyPublisher()
    case .collect:
      return upstream.collect().map { [t = tracker()] values in
        t.keep()
        return encodeCollected(values)
      }.eraseToAnyPublisher()
    case .collectCount(_, let count):
      return upstream.collect(count).map { [t = tracker()] values in
        t.keep()
        return encodeCollected(values)
      }.eraseToAnyPublisher()
    case .reduce:
      return upstream.reduce(0) { [t = tracker()] (sum: Int, value: Int) -> Int in
        t.keep()
        return sum &+ value
      }.eraseToAnyPublisher()
    case .replaceEmpty(_, let value): return upstream.replaceEmpty(with: value).eraseToAnyPublisher()
    case .replaceError(_, let value):
      return upstream.replaceError(with: value).setFailureType(to: DiffError.self).eraseToAnyPublisher()
    case .catch(_, let handler):
      return upstream.catch { [t = tracker()] (error: DiffError) -> Node in
        t.keep()
        return build(handler, parameter: error.code, path: path + "1")
      }.eraseToAnyPublisher()
    case .retry(_, let count): return upstream.retry(count).eraseToAnyPublisher()
    case .flatMap(_, let body, let max):
      return upstream.flatMap(maxPublishers: max.map { .max($0) } ?? .unlimited) {
        [t = tracker()] (value: Int) -> Node in
        t.keep()
        return build(body, parameter: value, path: path + "1")
      }.eraseToAnyPublisher()
    case .switchToLatest(_, let body):
      return upstream.map { [t = tracker()] (value: Int) -> Node in
        t.keep()
        return build(body, parameter: value, path: path + "1")
      }.switchToLatest().eraseToAnyPublisher()
    case .zip(_, let other):
      return upstream.zip(build(other, parameter: parameter, path: path + "1")).map { [t = tracker()] pair in
        t.keep()
        return encodePair(pair.0, pair.1)
      }.eraseToAnyPublisher()
    case .append(_, let other):
      return upstream.append(build(other, parameter: parameter, path: path + "1")).eraseToAnyPublisher()
    case .appendValues(_, let values):
      return upstream.append(Publishers.Sequence<[Int], DiffError>(sequence: values)).eraseToAnyPublisher()
    case .prependValues(_, let values):
      return Publishers.Sequence<[Int], DiffError>(sequence: values).append(upstream).eraseToAnyPublisher()
    case .debounce(_, let count):
      return upstream.debounce(for: ticks(count), scheduler: scheduler).eraseToAnyPublisher()
    case .throttle(_, let count, let latest):
      return upstream.throttle(for: ticks(count), scheduler: scheduler, latest: latest).eraseToAnyPublisher()
    case .delay(_, let count):
      return upstream.delay(for: ticks(count), scheduler: scheduler).eraseToAnyPublisher()
    case .timeout(_, let count, let custom):
      let customError: (() -> DiffError)? =
        custom
        ? { [t = tracker()] in
          t.keep()
          return DiffError(code: 9)
        } : nil
      return upstream.timeout(ticks(count), scheduler: scheduler, customError: customError)
        .eraseToAnyPublisher()
    case .subject, .cold, .parameter, .rogue, .probe: return build(pipeline, parameter: parameter, path: path)
    }
  }
}

/// The rogue publisher (`Pipeline.rogue`) on Signals: keeps every subscriber it is given and
/// sends each what the timeline says, whatever it requested, and after completions and cancels.
final class SignalsRogue: Publisher {
  typealias Output = Int
  typealias Failure = DiffError

  let log: TraceLog
  /// Every subscriber ever given, in order; kept strongly to the end of the run.
  var subscribers: [AnySubscriber<Int, DiffError>] = []
  private var made = 0

  init(log: TraceLog) { self.log = log }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == DiffError {
    let any = AnySubscriber(subscriber)
    subscribers.append(any)
    any.receive(subscription: makeSubscription())
  }

  func send(_ value: Int) { for subscriber in subscribers { _ = subscriber.receive(value) } }

  func send(completion: Subscribers.Completion<DiffError>) {
    for subscriber in subscribers { subscriber.receive(completion: completion) }
  }

  /// Hands every subscriber another subscription.
  func subscribeAgain() {
    for subscriber in subscribers { subscriber.receive(subscription: makeSubscription()) }
  }

  private func makeSubscription() -> SignalsRogueSubscription {
    made += 1
    return SignalsRogueSubscription(site: "r\(made)", log: log)
  }
}

/// One subscription the rogue publisher gave: records requests and cancels, changes nothing.
// @unchecked: a case runs on one thread (virtual time), and `log` is only touched there.
final class SignalsRogueSubscription: Subscription, @unchecked Sendable {
  let site: String
  let log: TraceLog

  init(site: String, log: TraceLog) {
    self.site = site
    self.log = log
  }

  private var cancelled = false

  /// A request to the rogue's first subscription is recorded as every request is (and not
  /// compared); one to a later subscription, which the subscriber should have cancelled rather
  /// than used, or one after a cancel, is compared.
  func request(_ demand: Subscribers.Demand) {
    let amount = demand.max.map { "max(\($0))" } ?? "unlimited"
    log.record(site, site == "r1" && !cancelled ? .request(amount) : .extraRequest(amount))
  }

  func cancel() {
    cancelled = true
    log.record(site, .cancel)
  }
}

/// `SubscriberKind.custom` on Signals: kept only by its upstream; records what it receives under
/// `"sink"` and its release as `subscriber released`.
final class SignalsCustomSubscriber: Subscriber {
  typealias Input = Int
  typealias Failure = DiffError

  let log: TraceLog
  let demand: Int?
  private var subscription: (any Subscription)?
  private var hadSubscription = false

  init(log: TraceLog, demand: Int?) {
    self.log = log
    self.demand = demand
    log.record("subscriber", .made)
  }

  func receive(subscription: any Subscription) {
    guard !hadSubscription else {
      subscription.cancel()
      return
    }
    hadSubscription = true
    self.subscription = subscription
    subscription.request(demand.map { .max($0) } ?? .unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    log.record("sink", .output(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<DiffError>) {
    log.record("sink", TraceEvent.Kind(completion))
    subscription = nil
  }

  /// The run's cancel step: cancels the subscription and lets go of it.
  func cancel() {
    let held = subscription
    subscription = nil
    held?.cancel()
  }

  deinit { log.record("subscriber", .released) }
}

/// A difference planted on the Signals side (`--plant`), to show that the run catches it.
enum Plant: String, CaseIterable {
  /// `map` adds one more than it should.
  case map
  /// The sink's closures are kept to the end of the run (a leak).
  case leak
  /// `map`'s transform is kept to the end of the run (a leak in an operator).
  case leakClosure
}

/// The trackers `Plant.leakClosure` keeps to the end of the run.
final class LeakedClosures {
  var trackers: [LifeTracker] = []
  func append(_ tracker: LifeTracker) { trackers.append(tracker) }
}
