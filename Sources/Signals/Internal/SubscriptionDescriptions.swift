// How the library's internal subscriptions and subscribers describe themselves, as Combine's do.
// (The public types' descriptions are in `Core/CombineDescriptions.swift`; a subject's
// subscription describes itself in `SubjectSubscription.swift`.)

/// How a subscription describes itself: by Combine's name for its operator (`"Zip"`,
/// `"Buffer"`), as Combine's subscriptions do, rather than by its Swift type. The name is a
/// constant of the type (or a stored string the operator passes in); nothing on the send path
/// reads it.
@usableFromInline
protocol CombineDescribed: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// Combine's name for the operator or source.
  var combineName: String { get }
}

extension CombineDescribed {
  /// Combine's name for the operator or source.
  @usableFromInline var description: String { combineName }
  /// No children: the state is internal, as Combine's subscriptions show none of theirs.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  /// The name, as `description`.
  @usableFromInline var playgroundDescription: Any { combineName }
}

extension ZipState: CombineDescribed {
  @usableFromInline var combineName: String { "Zip" }
}
extension CombineLatestState: CombineDescribed {
  @usableFromInline var combineName: String { "CombineLatest" }
}
extension MergeState: CombineDescribed {
  @usableFromInline var combineName: String { "Merge" }
}
extension FlatMapState: CombineDescribed {
  @usableFromInline var combineName: String { "FlatMap" }
}
extension SwitchState: CombineDescribed {
  @usableFromInline var combineName: String { "SwitchToLatest" }
}
extension BufferState: CombineDescribed {
  @usableFromInline var combineName: String { "Buffer" }
  /// What Combine's `Buffer` shows: the values held, where it stands with its upstream, the
  /// subscriber's outstanding demand and the completion waiting behind the values.
  @usableFromInline var customMirror: Mirror {
    let (values, status, demand, terminal) = lock.withLock {
      (Array(self.values.storage[self.values.head...]), self.status, self.demand, self.terminal)
    }
    let children: [Mirror.Child] = [
      ("values", values), ("state", status), ("downstreamDemand", demand), ("terminal", terminal as Any),
    ]
    return Mirror(self, children: children)
  }
}
extension ThrottleState: CombineDescribed {
  @usableFromInline var combineName: String { "Throttle" }
}
extension TimeoutState: CombineDescribed {
  @usableFromInline var combineName: String { "Timeout" }
}
extension DebounceState: CombineDescribed {
  @usableFromInline var combineName: String { "Debounce" }
}
extension SubscribeOnState: CombineDescribed {
  @usableFromInline var combineName: String { "SubscribeOn" }
}
extension ScheduledDelivery: CombineDescribed {
  @usableFromInline var combineName: String { delay == nil ? "ReceiveOn" : "Delay" }
}
extension UntilOutputGate: CombineDescribed {
  @usableFromInline var combineName: String { endsAtTrigger ? "PrefixUntilOutput" : "DropUntilOutput" }
}
extension FutureSubscription: CombineDescribed {
  @usableFromInline var combineName: String { "Future" }
  /// What Combine's `Future` subscription shows: the future (as `parent`, and again as
  /// `subject`), the subscriber and whether it has requested anything; the future and the
  /// subscriber are `nil` once the subscription ended.
  @usableFromInline var customMirror: Mirror {
    let (subscriber, requested) = lock.withLock { (self.subscriber, self.requested) }
    let parent: AnyObject? = subscriber == nil ? nil : future
    let children: [Mirror.Child] = [
      ("parent", parent as Any), ("downstream", subscriber as Any), ("hasAnyDemand", requested),
      ("subject", parent as Any),
    ]
    return Mirror(self, children: children)
  }
}
extension SequenceSubscription: CombineDescribed {
  /// The sequence's own description while the subscription is live, as Combine's; `"Sequence"`
  /// after it ended (a `Record`'s: `"Cancelled Events"`).
  @usableFromInline var combineName: String {
    liveSource.map { String(describing: $0) } ?? (isRecord ? "Cancelled Events" : "Sequence")
  }
  /// The sequence, as Combine's mirror shows it (a `Record`'s, with its completion).
  @usableFromInline var customMirror: Mirror {
    let sequence = liveSource.map { $0 as Any } ?? [Source.Element]()
    if isRecord { return Mirror(self, children: ["sequence": sequence, "completion": completion]) }
    return Mirror(self, children: ["sequence": sequence])
  }
}
extension CancelFlagSubscription: CombineDescribed {
  @usableFromInline var combineName: String { "Empty" }
}
extension EmptySubscription: CombineDescribed {
  @usableFromInline var combineName: String { "Empty" }
}
// The subscribers the stateless operators put upstream, which hand the upstream's subscription
// through: named as Combine names the operator's subscriber.
extension MapSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Map" }
}
extension FilterSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Filter" }
}
extension FailureTypeSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "SetFailureType" }
}
extension CompactMapSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "CompactMap" }
}
extension MapErrorSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "MapError" }
}
extension IgnoreOutputSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "IgnoreOutput" }
}
extension ScanSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Scan" }
  /// The subscriber and the running result, as Combine's `Scan` shows them.
  @usableFromInline var customMirror: Mirror {
    Mirror(self, children: [("downstream", downstream as Any), ("result", result as Any)])
  }
}
extension MulticastSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Multicast" }
}
extension AutoconnectSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Autoconnect" }
  /// The `autoconnect()` publisher (`parent`) and the subscriber, as Combine's shows them.
  @usableFromInline var customMirror: Mirror {
    Mirror(self, children: [("parent", release.target as Any), ("downstream", downstream)])
  }
}
extension ObjectWillChangeRelay: CombineDescribed {
  @usableFromInline var combineName: String { "ObservableObjectPublisher" }
  /// The subscriber, as Combine's `ObservableObjectPublisher` subscription shows it.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }
}
// The subscribers the multi-input, flattening, time and sequencing operators put upstream:
// named after the operator, with no children (Combine's show none, but for `flatMap`'s and
// `switchToLatest`'s inner ones, which show their parent's identifier).
extension LinkedInput: CombineDescribed {
  @usableFromInline var combineName: String { link.role.name }
}
extension GateTrigger: CombineDescribed {
  @usableFromInline var combineName: String { input.combineName }
}
extension SwitchInput: CombineDescribed {
  @usableFromInline var combineName: String { "SwitchToLatest" }
  /// The identifier of the subscription it belongs to, as Combine's inner subscriber shows it.
  @usableFromInline var customMirror: Mirror {
    Mirror(self, children: ["parentSubscription": state.combineIdentifier])
  }
}
extension RetryState.AttemptInput: CombineDescribed {
  @usableFromInline var combineName: String { "Retry" }
}
extension RetryState: CombineDescribed {
  @usableFromInline var combineName: String { "Retry" }
}
extension SubjectSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Subject" }
  /// The subject (as `downstreamSubject` and again as `subject`) and the upstream's
  /// subscription, as Combine's shows them; `nil` once released, cancelled or completed.
  @usableFromInline var customMirror: Mirror {
    let (subject, upstream) = lock.withLock { (self.subject, self.upstream) }
    let children: [Mirror.Child] = [
      ("downstreamSubject", subject as Any), ("upstreamSubscription", upstream as Any),
      ("subject", subject as Any),
    ]
    return Mirror(self, children: children)
  }
}

extension CancelObserver: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The wrapped subscription's description: the observer is invisible, as Combine's
  /// `autoconnect` hands its upstream's subscription on.
  @usableFromInline var description: String { String(describing: wrapped) }
  /// The wrapped subscription's mirror.
  @usableFromInline var customMirror: Mirror { Mirror(reflecting: wrapped) }
  /// The wrapped subscription's playground description, or its description.
  @usableFromInline var playgroundDescription: Any {
    (wrapped as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
  }
}

extension JustSubscription: CombineDescribed {
  @usableFromInline var combineName: String { name }
  /// The value, as Combine's `Just` shows it.
  @usableFromInline var customMirror: Mirror { Mirror(self, unlabeledChildren: CollectionOfOne(output)) }
}
