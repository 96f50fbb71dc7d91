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
extension BroadcastConduit: CombineDescribed {
  @usableFromInline var combineName: String { kind.subscriptionName }
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
extension AutoconnectSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Autoconnect" }
}
extension ObjectWillChangeRelay: CombineDescribed {
  @usableFromInline var combineName: String { "ObservableObjectPublisher" }
}
extension RetryState: CombineDescribed {
  @usableFromInline var combineName: String { "Retry" }
}
extension SubjectSubscriber: CombineDescribed {
  @usableFromInline var combineName: String { "Subject" }
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

extension Subscribers.Sink: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// `"Sink"`, as Combine's sink describes itself.
  public var description: String { "Sink" }
  /// No children, as Combine's sink.
  public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  /// `"Sink"`, as `description`.
  public var playgroundDescription: Any { description }
}

extension Subscribers.Assign: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// `"Assign Root."`, Combine's description (the root type's name, then a full stop).
  public var description: String { "Assign \(Root.self)." }
  /// The object (`nil` once released) and the key path, as Combine's `Assign` shows them.
  public var customMirror: Mirror {
    Mirror(self, children: [("object", object as Any), ("keyPath", keyPath)])
  }
  /// The description.
  public var playgroundDescription: Any { description }
}

extension AnyPublisher: CustomStringConvertible, CustomPlaygroundDisplayConvertible {
  /// `"AnyPublisher"`, as Combine's type-erased publisher describes itself.
  public var description: String { "AnyPublisher" }
  /// `"AnyPublisher"`, as `description`.
  public var playgroundDescription: Any { description }
}
