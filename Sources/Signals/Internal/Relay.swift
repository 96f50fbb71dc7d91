/// What a single-input operator does with one upstream value.
@usableFromInline
enum RelayStep<Output, Failure: Error> {
  /// Deliver nothing.
  case skip
  /// Deliver the value.
  case emit(Output)
  /// Cancel the upstream, deliver the value, then finish.
  case emitThenFinish(Output)
  /// Cancel the upstream and finish.
  case finish
  /// Cancel the upstream and fail.
  case fail(Failure)
}

/// What a single-input operator asks its upstream for.
@usableFromInline
enum RelayUpstreamDemand: Equatable {
  /// The subscriber's requests, as they are, and one more per value the rules skip (the
  /// per-value operators).
  case asRequested
  /// The subscriber's requests, as they are; what it returns for a value under limited demand is
  /// requested from the upstream, and `.none` returned (Combine's `measureInterval`:
  /// OpenCombine 0.14's `MeasureIntervalTests.testRequest`). Under `.unlimited` demand the
  /// value's path stays the shared one, which returns it.
  case requestingReturned
  /// `.unlimited` once the subscriber has the subscription; the one result (`.emitThenFinish`,
  /// or the last value at the upstream's finish) and the finish behind it wait until the
  /// subscriber has requested something, even when there is no result; a failure goes at once.
  /// Combine's reducers (`count`, `reduce`, `collect()`, `first`, `last`, `min`, `max`,
  /// `contains`, `allSatisfy`): OpenCombine's `ReduceProducer`.
  case everythingForOneResult
  /// `.unlimited` once the subscriber has the subscription, and the completion passes at once
  /// (`ignoreOutput`, as OpenCombine's `IgnoreOutput`).
  case everything
  /// `count` upstream values for each value the subscriber asks for, requested with its
  /// request or returned with the value that used one, and nothing more for the values the
  /// rules skip (`collect(count)`, as OpenCombine's `CollectByCount`).
  case batches(of: Int)
}

/// What a single-input operator does at the edges of the Subscriber protocol, as the Combine
/// operator of the same name does (OpenCombine 0.14's tests state each one): a value or a
/// completion that an upstream sends before its subscription, and a cancel that comes before
/// the upstream's subscription does.
///
/// Where Combine traps (`tryFilter` given a value before its subscription), the relay ignores
/// the event instead: bad input never traps.
@usableFromInline
struct RelayEdges: Sendable {
  /// What the relay does with the upstream's subscription when its subscriber cancelled first.
  @usableFromInline enum CancelledEarly: Sendable {
    /// Cancels it (Combine's `tryFilter`, `removeDuplicates`, `prefix(while:)`).
    case cancelsIt
    /// Asks it for everything and lets it run, ignoring what it sends (Combine's reducers:
    /// `count`, `reduce`, `first`, `last`, `collect()`, `min`, `contains`, `replaceEmpty`).
    case requestsEverything
    /// Neither asks nor cancels (Combine's `dropFirst`, `drop(while:)`, `tryMap`, `output`).
    case leavesIt
  }

  /// Whether a value sent before the subscription is passed on (Combine's stateless
  /// operators: `compactMap`, `mapError`, `scan`, `tryMap`) or ignored.
  @usableFromInline let earlyValues: Bool
  /// Whether a completion sent before the subscription is passed on or ignored.
  @usableFromInline let earlyCompletion: Bool
  /// What a cancel before the subscription does to the subscription when it comes.
  @usableFromInline let cancelledEarly: CancelledEarly
  /// Whether a request for nothing (`.none`) goes to the upstream as it is (Combine's
  /// `handleEvents`, which passes every request on) or is dropped.
  @usableFromInline let passesRequestsForNothing: Bool

  @inlinable init(
    earlyValues: Bool, earlyCompletion: Bool, cancelledEarly: CancelledEarly,
    passesRequestsForNothing: Bool = false
  ) {
    self.earlyValues = earlyValues
    self.earlyCompletion = earlyCompletion
    self.cancelledEarly = cancelledEarly
    self.passesRequestsForNothing = passesRequestsForNothing
  }

  /// Ignores early events; cancels a subscription that comes after a cancel. The default.
  @inlinable static var guarded: RelayEdges {
    RelayEdges(earlyValues: false, earlyCompletion: false, cancelledEarly: .cancelsIt)
  }
  /// Ignores early events; leaves a subscription that comes after a cancel alone.
  @inlinable static var leaving: RelayEdges {
    RelayEdges(earlyValues: false, earlyCompletion: false, cancelledEarly: .leavesIt)
  }
  /// Passes early events on; leaves a subscription that comes after a cancel alone.
  @inlinable static var passing: RelayEdges {
    RelayEdges(earlyValues: true, earlyCompletion: true, cancelledEarly: .leavesIt)
  }
}

/// The per-subscription behaviour of a single-input operator: what to do with each value, and
/// what to deliver (at most one last value, then a completion) when the upstream completes.
///
/// Both closures are called serially (the upstream's contract), so they may keep state in
/// captured variables without a lock.
@usableFromInline
struct RelayRules<Input, UpstreamFailure: Error, Output, Failure: Error> {
  @usableFromInline let value: (Input) -> RelayStep<Output, Failure>
  @usableFromInline let completion:
    (Subscribers.Completion<UpstreamFailure>) -> (Output?, Subscribers.Completion<Failure>)
  @usableFromInline let upstreamDemand: RelayUpstreamDemand
  /// What the subscription's mirror shows of the state the closures keep, where Combine's
  /// mirror shows it (`removeDuplicates`' last value, `tryScan`'s result): read only when a
  /// mirror is asked for, never on the event path.
  @usableFromInline var mirrored: (() -> Any)?

  @inlinable init(
    asking upstreamDemand: RelayUpstreamDemand = .asRequested,
    value: @escaping (Input) -> RelayStep<Output, Failure>,
    completion:
      @escaping (Subscribers.Completion<UpstreamFailure>) -> (Output?, Subscribers.Completion<Failure>)
  ) {
    self.value = value
    self.completion = completion
    self.upstreamDemand = upstreamDemand
  }
}

extension RelayRules where UpstreamFailure == Failure {
  /// Rules that pass the upstream's completion through unchanged.
  @inlinable init(
    asking upstreamDemand: RelayUpstreamDemand = .asRequested,
    value: @escaping (Input) -> RelayStep<Output, Failure>
  ) {
    self.init(asking: upstreamDemand, value: value, completion: { (nil, $0) })
  }
}

extension RelayRules where Failure == any Error {
  /// Rules for throwing operators: the upstream's failure is widened to `any Error`.
  @inlinable init(
    asking upstreamDemand: RelayUpstreamDemand = .asRequested,
    throwing value: @escaping (Input) -> RelayStep<Output, Failure>
  ) {
    self.init(asking: upstreamDemand, value: value, completion: { (nil, $0.eraseError) })
  }
}

/// The subscription of a single-input operator that may end the flow itself (a closure throws,
/// `prefix` has seen enough, `first` found its value) or that keeps state per subscription.
///
/// It sits between the upstream and the downstream, applies its `RelayRules` to each event, and
/// is the subscription the downstream cancels. Threading: events arrive serially from the
/// upstream; `cancel()` may come from any thread and ends delivery once it has returned on the
/// delivering thread. One atomic load per value.
///
/// Demand, as Combine's per-value operators: the downstream's requests go to the upstream as
/// they are; a value the rules `.skip` asks the upstream for one more, so the downstream still
/// receives what it asked for. A last value that the rules give at the upstream's completion
/// (`replaceEmpty`) waits, with the completion behind it, until the downstream has requested
/// something; so the relay counts the downstream's demand (one more atomic load per value once
/// it is `.unlimited`). Rules may ask for everything instead (`RelayUpstreamDemand`: the
/// reducers, whose one result waits for a request, and `ignoreOutput`).
@usableFromInline
final class Relay<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  @unchecked Sendable
{
  // @unchecked: `rules` is immutable and only called serially by the upstream (the Subscriber
  // contract); `link` and `demand` are thread-safe; `tail` is touched only inside `lock`;
  // `downstream` is set at init and never changed.
  /// The subscriber, kept as long as this subscription lives, through its completion and a
  /// cancel, as Combine's operators of this kind keep theirs (a subscriber that keeps its
  /// subscription after the end keeps itself alive through it, as in Combine).
  @usableFromInline let downstream: Downstream
  @usableFromInline let rules: RelayRules<Input, UpstreamFailure, Downstream.Input, Downstream.Failure>
  @usableFromInline let link = UpstreamLink()
  @usableFromInline let demand = AtomicDemand()
  @usableFromInline let lock = Lock()
  /// A last value (if any) and the completion, waiting for the downstream to request something.
  @usableFromInline @exclusivity(unchecked) var tail:
    (Downstream.Input?, Subscribers.Completion<Downstream.Failure>)?
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)
  /// Combine's name for the operator, the subscription's `description` (`"Drop"`).
  @usableFromInline let name: String
  /// What the relay does with events outside its subscription.
  @usableFromInline let edges: RelayEdges
  /// Whether the upstream's first subscription has arrived. Read and written only by the
  /// upstream's events, which are serial (the Subscriber contract), so it needs no lock.
  @usableFromInline @exclusivity(unchecked) var subscribed = false

  @inlinable init(
    _ downstream: Downstream,
    _ rules: RelayRules<Input, UpstreamFailure, Downstream.Input, Downstream.Failure>,
    name: String, edges: RelayEdges = .guarded
  ) {
    self.downstream = downstream
    self.rules = rules
    self.name = name
    // Combine's reducers all ask a subscription that comes after a cancel for everything.
    self.edges =
      rules.upstreamDemand == .everythingForOneResult
      ? RelayEdges(
        earlyValues: edges.earlyValues, earlyCompletion: edges.earlyCompletion,
        cancelledEarly: .requestsEverything, passesRequestsForNothing: edges.passesRequestsForNothing)
      : edges
  }

  @inlinable func receive(subscription: any Subscription) {
    // A second subscription is cancelled and the first kept (`attach` does that); a first one
    // that comes after the subscriber cancelled is treated as the Combine operator treats it.
    if !subscribed {
      subscribed = true
      if link.isTerminated {
        switch edges.cancelledEarly {
        case .cancelsIt: subscription.cancel()
        case .requestsEverything: subscription.request(.unlimited)
        case .leavesIt: break
        }
        return
      }
    }
    guard link.attach(subscription) else { return }
    downstream.receive(subscription: self)
    // Combine's reducers and `ignoreOutput`: the subscription goes down first, then the
    // upstream is asked for everything (OpenCombine's order).
    if rules.upstreamDemand == .everythingForOneResult || rules.upstreamDemand == .everything {
      link.request(.unlimited)
    }
  }

  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    guard !link.isTerminated, subscribed || edges.earlyValues else { return .none }
    switch rules.value(input) {
    case .skip: return rules.upstreamDemand == .asRequested ? .max(1) : .none
    case .emit(let output):
      if demand.isUnlimited { return downstream.receive(output) }
      _ = demand.take()
      let more = downstream.receive(output)
      demand.add(more)
      switch rules.upstreamDemand {
      case .batches(let count): return more * count
      case .requestingReturned:
        if more > 0 { link.request(more) }
        return .none
      default: return more
      }
    case .emitThenFinish(let output):
      guard link.terminate() else { return .none }
      if rules.upstreamDemand == .everythingForOneResult {
        finish(with: output, .finished)
        return .none
      }
      // Combine's `Output` returns what its subscriber adds for the last value too.
      let more = downstream.receive(output)
      complete(.finished)
      return more
    case .finish:
      if link.terminate() { complete(.finished) }
    case .fail(let error):
      if link.terminate() { complete(.failure(error)) }
    }
    return .none
  }

  /// Delivers the completion.
  @inlinable func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }

  @inlinable func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    guard subscribed || edges.earlyCompletion, link.terminate(cancelUpstream: false) else { return }
    let (last, completion) = rules.completion(completion)
    // A reducer's finish waits for a request even with no result (OpenCombine's
    // `ReduceProducer`); its failure, like any failure without a last value, goes at once.
    if last != nil || (rules.upstreamDemand == .everythingForOneResult && Self.isFinish(completion)) {
      finish(with: last, completion)
      return
    }
    complete(completion)
  }

  @inlinable static func isFinish<F: Error>(_ completion: Subscribers.Completion<F>) -> Bool {
    if case .finished = completion { return true }
    return false
  }

  /// Delivers `last` (if any) and `completion` once the downstream has requested something: at
  /// once if it has, else at its next request.
  @inlinable func finish(
    with last: Downstream.Input?, _ completion: Subscribers.Completion<Downstream.Failure>
  ) {
    let waits = lock.withLock { () -> Bool in
      if demand.take() { return false }
      tail = (last, completion)
      return true
    }
    if waits { return }
    if let last { _ = downstream.receive(last) }
    complete(completion)
  }

  /// Passes the request upstream; delivers a waiting last value and completion.
  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else {
      if edges.passesRequestsForNothing { link.requestNothing() }
      return
    }
    let waiting = lock.withLock { () -> (Downstream.Input?, Subscribers.Completion<Downstream.Failure>)? in
      demand.add(more)
      defer { tail = nil }
      return tail
    }
    if let (last, completion) = waiting {
      if let last { _ = downstream.receive(last) }
      complete(completion)
      return
    }
    switch rules.upstreamDemand {
    case .asRequested, .requestingReturned: link.request(more)
    case .batches(let count): link.request(more * count)
    case .everythingForOneResult, .everything: break
    }
  }

  @inlinable func cancel() {
    link.terminate()
    let dropped = lock.withLock { () -> (Downstream.Input?, Subscribers.Completion<Downstream.Failure>)? in
      defer { tail = nil }
      return tail
    }
    withExtendedLifetime(dropped) {}
  }
}

/// The shape of every operator built on `Relay`: a public struct with Combine's name, its
/// stored properties and memberwise initializer, and `makeRules()`, which turns the stored
/// properties into fresh per-subscription rules. `receive(subscriber:)` comes from here.
///
/// Internal (`@usableFromInline`): a public witness may come from an extension of an internal
/// protocol, so the operators get their `receive(subscriber:)` without a public engine type.
@usableFromInline
protocol RelayOperator: Publisher {
  associatedtype Upstream: Publisher
  /// The publisher the operator applies to.
  var upstream: Upstream { get }
  /// The subscription's `description`: Combine's name for the operator (`"Drop"`).
  static var relayName: String { get }
  /// Whether the operator finishes on subscription without subscribing upstream (`prefix(0)`).
  var finishesAtOnce: Bool { get }
  /// Fresh rules for one subscription, made from the stored properties.
  func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
  /// What the Combine operator does with events outside its subscription.
  static var relayEdges: RelayEdges { get }
}

extension RelayOperator {
  @inlinable var finishesAtOnce: Bool { false }
  @inlinable static var relayEdges: RelayEdges { .guarded }

  /// Subscribes `subscriber` through fresh per-subscription rules.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    if finishesAtOnce {
      Empty<Output, Failure>().subscribe(subscriber)
    } else {
      upstream.subscribe(Relay(subscriber, makeRules(), name: Self.relayName, edges: Self.relayEdges))
    }
  }
}

/// An operator assembled from other publishers on the relay engine (`collect(.byTime)`).
@usableFromInline
struct Relayed<Upstream: Publisher, Output, Failure: Error>: RelayOperator {
  @usableFromInline let upstream: Upstream
  @usableFromInline let name: String
  @usableFromInline let rules: () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
  @usableFromInline static var relayName: String { "Relay" }

  @inlinable init(
    _ upstream: Upstream, name: String,
    _ rules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
  ) {
    self.upstream = upstream
    self.name = name
    self.rules = rules
  }

  @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> { rules() }

  @inlinable
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(Relay(subscriber, makeRules(), name: name))
  }
}

extension Relay: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// Combine's name for the operator (`"Drop"`, `"Scan"`), as Combine's subscriptions describe
  /// themselves.
  @usableFromInline var description: String { name }
  /// The operator's name, as `description`.
  @usableFromInline var playgroundDescription: Any { name }
}
