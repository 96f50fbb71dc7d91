import Synchronization

/// An operator's hold on its upstream subscription, and whether the operator has terminated.
///
/// Operators that end a flow themselves (a throwing closure, `prefix`, `first`, `timeout`, ...)
/// keep one: `attach` stores the upstream subscription (cancelling it if the operator already
/// ended), `terminate()` ends the operator exactly once and cancels the upstream, and
/// `isTerminated` is the lock-free check on the per-value path. `request(_:)` passes demand to
/// the upstream; demand requested before the upstream subscription arrives is kept and requested
/// when it does. Thread-safe.
@usableFromInline
final class UpstreamLink: Sendable {
  @usableFromInline let terminated = Atomic<Bool>(false)
  /// Which operator's input this link is, for the subscriber on it to describe itself by
  /// (`LinkedInput`). One byte beside `terminated`, in what was padding: the link does not grow.
  @usableFromInline let role: LinkRole
  @usableFromInline let upstream = Guarded<(any Subscription)?>(nil)
  /// Demand requested before the upstream subscription arrived.
  @usableFromInline let early = Guarded<Subscribers.Demand>(.none)

  @inlinable init(role: LinkRole = .relay) { self.role = role }

  /// Whether `terminate()` has been called. Lock-free.
  @inlinable var isTerminated: Bool { terminated.load(ordering: .acquiring) }

  /// Whether the upstream subscription has arrived (and the operator not yet ended). Takes the
  /// lock: for the completion path, not the per-value path.
  @inlinable var isAttached: Bool { upstream.withLock { $0 != nil } }

  /// Stores `subscription`; returns `false` (and cancels it) if there already is one or the
  /// operator has terminated.
  @inlinable @discardableResult
  func attach(_ subscription: any Subscription) -> Bool {
    let accepted = upstream.withLock { current -> Bool in
      guard current == nil, !terminated.load(ordering: .acquiring) else { return false }
      current = subscription
      return true
    }
    if !accepted {
      subscription.cancel()
      return false
    }
    let demand = early.withLock { demand -> Subscribers.Demand in
      defer { demand = .none }
      return demand
    }
    if demand > 0 { subscription.request(demand) }
    return true
  }

  /// Requests `demand` from the upstream, or keeps it until the upstream subscription arrives.
  /// Does nothing once terminated or for `.none`.
  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand > 0, !isTerminated else { return }
    let subscription = upstream.withLock { current -> (any Subscription)? in
      if current == nil { early.withLock { $0 += demand } }
      return current
    }
    subscription?.request(demand)
  }

  /// Marks the operator terminated and cancels the upstream unless `cancelUpstream` is `false`
  /// (the upstream completed by itself). Returns `true` only for the first call, so the caller
  /// that wins is the one that delivers the completion.
  /// Passes a request for nothing (`.none`) to the attached subscription, as Combine's operators
  /// that hand every request upstream do. Before the subscription and after `terminate` it is
  /// dropped: there is nothing to add up.
  @inlinable func requestNothing() {
    guard !isTerminated, let subscription = upstream.withLock({ $0 }) else { return }
    subscription.request(.none)
  }

  @inlinable @discardableResult
  func terminate(cancelUpstream: Bool = true) -> Bool {
    guard !terminated.exchange(true, ordering: .acquiringAndReleasing) else { return false }
    let subscription = upstream.withLock { current -> (any Subscription)? in
      defer { current = nil }
      return current
    }
    if cancelUpstream { subscription?.cancel() }
    return true
  }

  /// Lets go of the upstream subscription without ending the input: for an upstream that
  /// finished but whose later events the operator still takes (Combine's `flatMap` passes on
  /// what an inner publisher sends after its finish). Requests made later are kept, as before a
  /// subscription arrives.
  @inlinable func releaseUpstream() {
    let subscription = upstream.withLock { current -> (any Subscription)? in
      defer { current = nil }
      return current
    }
    withExtendedLifetime(subscription) {}
  }

  /// `count` fresh links. (Built outside the initializers of the states that hold them: a
  /// closure in such an initializer makes the 6.3 optimizer crash on `LiveSubscription`'s
  /// deinit in release builds.)
  @inlinable static func make(_ count: Int, role: LinkRole) -> [UpstreamLink] {
    var links: [UpstreamLink] = []
    links.reserveCapacity(count)
    for _ in 0..<count { links.append(UpstreamLink(role: role)) }
    return links
  }
}

/// The operator an `UpstreamLink` is an input of: the subscriber an operator puts upstream
/// describes itself by Combine's name for the operator, as Combine's do.
@usableFromInline
enum LinkRole: UInt8, Sendable {
  /// A relay's own link (its subscriber is the relay, which describes itself).
  case relay
  case zip, combineLatest, merge, flatMap, switchToLatest, withLatestFrom
  case `catch`, tryCatch, concatenate, prefixUntilOutput, dropUntilOutput
  case debounce, throttle, timeout, collectByTime, receiveOn, delay

  /// Combine's name for the operator (`"CombineLatest"`).
  @usableFromInline var name: String {
    switch self {
    case .relay: "Relay"
    case .zip: "Zip"
    case .combineLatest: "CombineLatest"
    case .merge: "Merge"
    case .flatMap: "FlatMap"
    case .switchToLatest: "SwitchToLatest"
    case .withLatestFrom: "WithLatestFrom"
    case .catch: "Catch"
    case .tryCatch: "TryCatch"
    case .concatenate: "Concatenate"
    case .prefixUntilOutput: "PrefixUntilOutput"
    case .dropUntilOutput: "DropUntilOutput"
    case .debounce: "Debounce"
    case .throttle: "Throttle"
    case .timeout: "Timeout"
    case .collectByTime: "CollectByTime"
    case .receiveOn: "ReceiveOn"
    case .delay: "Delay"
    }
  }

  /// The role named `name` (the sequential operators pass their name as a string).
  @inlinable init(name: String) {
    switch name {
    case "Catch": self = .catch
    case "TryCatch": self = .tryCatch
    case "Concatenate": self = .concatenate
    default: self = .relay
    }
  }
}
