/// Where a subscription stands with its upstream, as Combine's mirrors show it (`status`).
@usableFromInline
enum SubscriptionStatus {
  /// The upstream has not given its subscription yet.
  case awaitingSubscription
  /// The upstream's subscription, while it is live.
  case subscribed(any Subscription)
  /// Completed or cancelled.
  case terminal
}

/// A child whose value the subscription does not keep, where Combine's mirror shows one
/// (`reduce`'s starting value): the label stays, so that the mirror has Combine's shape, and the
/// value says it is not kept.
@usableFromInline
struct NotKept: CustomStringConvertible {
  @usableFromInline var description: String { "(not kept)" }
  @inlinable init() {}
}

extension Relay {
  /// What Combine's mirror of the same operator shows, built when asked for from what the
  /// subscription holds anyway (nothing is stored for it):
  ///
  /// - the reducers (`reduce`, `count`, `min`, `contains`, `allSatisfy`, `first`, `last`, ...):
  ///   `downstream`, `result` (the result so far), `initial` (the starting result the operator
  ///   fixes: `0`, `true`, `false` or `nil`; `reduce`'s own starting value is not kept) and
  ///   `status`; `collect()`: the `count` of values collected;
  /// - `collect(n)`: `downstream`, `upstreamSubscription`, the `buffer` being filled, `count`;
  /// - `encode`, `decode`: `downstream`, `finished`, `upstreamSubscription`;
  /// - `scan`: `downstream`, `result`; `tryScan`: `downstream`, `status`, `result` (the
  ///   running result); `removeDuplicates`: `downstream`, `last` (the last value passed on,
  ///   `nil` before the first);
  /// - nothing for the operators whose subscription shows no state (`dropFirst`, `compactMap`,
  ///   `tryMap`, `output`, ...); the subscriber for the others.
  ///
  /// The subscriber is `nil` once the completion was delivered. Threading: a debugging aid;
  /// read it from the delivering thread (the result is read from the rules, which the
  /// upstream's events use).
  @usableFromInline var customMirror: Mirror {
    let downstream = self.downstream as Any
    switch name {
    case "Drop", "DropWhile", "TryDropWhile", "CompactMap", "TryMap", "Output", "MapError", "ReplaceEmpty",
      "ReplaceError", "IgnoreOutput", "MeasureInterval", "HandleEvents", "Breakpoint", "Print":
      return Mirror(self, children: EmptyCollection())
    case "Collect":
      return Mirror(self, children: ["count": (result as? [Any])?.count ?? 0])
    case "CollectByCount":
      var count = 0
      if case .batches(let size) = rules.upstreamDemand { count = size }
      let children: [Mirror.Child] = [
        ("downstream", downstream), ("upstreamSubscription", upstreamSubscription as Any),
        ("buffer", result ?? [Any]()), ("count", count),
      ]
      return Mirror(self, children: children)
    case "Encode", "Decode":
      let children: [Mirror.Child] = [
        ("downstream", downstream), ("finished", link.isTerminated),
        ("upstreamSubscription", upstreamSubscription as Any),
      ]
      return Mirror(self, children: children)
    case "Scan":
      return Mirror(self, children: [("downstream", downstream), ("result", mirrored)])
    case "TryScan":
      let children: [Mirror.Child] = [("downstream", downstream), ("status", status), ("result", mirrored)]
      return Mirror(self, children: children)
    case "RemoveDuplicates", "TryRemoveDuplicates":
      return Mirror(self, children: [("downstream", downstream), ("last", mirrored)])
    default:
      guard rules.upstreamDemand == .everythingForOneResult else {
        return Mirror(self, children: ["downstream": downstream])
      }
      let children: [Mirror.Child] = [
        ("downstream", downstream), ("result", result as Any), ("initial", initial), ("status", status),
      ]
      return Mirror(self, children: children)
    }
  }

  /// A reducer's result so far (`collect(n)`: its buffer), `nil` when there is none: what its
  /// rules give at a finish, which reducers compute without changing anything.
  @usableFromInline var result: Downstream.Input? {
    guard !link.isTerminated else { return lock.withLock { tail?.0 } }
    return rules.completion(.finished).0
  }

  /// What the rules show of their state (`RelayRules.mirrored`), or `NotKept` where they keep
  /// none.
  @usableFromInline var mirrored: Any { rules.mirrored?() ?? NotKept() }

  /// The starting result each reducer fixes (OpenCombine's `ReduceProducer` subclasses).
  @usableFromInline var initial: Any {
    switch name {
    case "Count": 0
    case "AllSatisfy", "TryAllSatisfy": true
    case "Contains", "ContainsWhere", "TryContainsWhere": false
    case "Reduce", "TryReduce": NotKept()
    default: Downstream.Input?.none as Any
    }
  }

  /// Where the relay stands with its upstream.
  @usableFromInline var status: SubscriptionStatus {
    if link.isTerminated { return .terminal }
    if let upstreamSubscription { return .subscribed(upstreamSubscription) }
    return .awaitingSubscription
  }

  /// The upstream's subscription while it is live.
  @usableFromInline var upstreamSubscription: (any Subscription)? { link.upstream.withLock { $0 } }
}
