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
  /// What Combine's `Debounce` shows: the subscriber, its outstanding demand and the value
  /// waiting for its due time (`nil` when none is).
  @usableFromInline var customMirror: Mirror {
    let current = lock.withLock { pending }
    let children: [Mirror.Child] = [
      ("downstream", delivery.downstream), ("downstreamDemand", delivery.outstanding),
      ("currentValue", current as Any),
    ]
    return Mirror(self, children: children)
  }
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
  /// `subject`), the subscriber and whether it has requested anything. The subscriber is `nil`
  /// (and the demand `false`) once the result has gone out or a cancel came; the future, as in
  /// Combine, once a cancel came or the result went out as it arrived (while the subscriber
  /// receives it, the future still shows), but not when the result waited for a request.
  @usableFromInline var customMirror: Mirror {
    let (subscriber, requested, released) = lock.withLock {
      (self.subscriber, self.requested && self.subscriber != nil, self.parentReleased)
    }
    let parent: AnyObject? = released ? nil : future
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

// MARK: - The subscribers operators put upstream where Combine's is, or stands for, the subscription

/// A subscription that describes and reflects itself (the owner an `OwnedInput` stands for).
@usableFromInline
typealias DescribedSubscription =
  Subscription & CustomStringConvertible & CustomReflectable & CustomPlaygroundDisplayConvertible

/// The first of an owner's inputs, as a type: see `OwnedInput`.
@usableFromInline
enum FirstInput {}
/// The second of an owner's inputs, as a type: see `OwnedInput`.
@usableFromInline
enum SecondInput {}

/// The subscriber an operator puts upstream where Combine's is the operator's subscription
/// itself, or a struct that stands for it (`catch`'s two, `append`'s prefix and suffix): it
/// forwards every event to its input, and shows the subscription's combine identifier,
/// description, mirror and playground description. `Tag` tells an owner's inputs apart by type,
/// as Combine's are distinct types. Nothing is stored for the mirror: it is the owner's, built
/// when asked for.
@usableFromInline
struct OwnedInput<Owner: DescribedSubscription, Input, Failure: Error, Tag>: Subscriber,
  CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
{
  @usableFromInline let input: LinkedInput<Input, Failure>
  /// The subscription this subscriber stands for; its input's closures hold it anyway.
  @usableFromInline let owner: Owner

  @inlinable init(_ input: LinkedInput<Input, Failure>, owner: Owner, as _: Tag.Type) {
    self.input = input
    self.owner = owner
  }

  @inlinable var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
  @inlinable func receive(subscription: any Subscription) { input.receive(subscription: subscription) }
  @inlinable func receive(_ value: Input) -> Subscribers.Demand { input.receive(value) }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    input.receive(completion: completion)
  }

  /// The subscription's description.
  @usableFromInline var description: String { owner.description }
  /// The subscription's mirror.
  @usableFromInline var customMirror: Mirror { owner.customMirror }
  /// The subscription's playground description.
  @usableFromInline var playgroundDescription: Any { owner.playgroundDescription }
}

extension OwnedInput where Tag == FirstInput {
  /// The owner's only input (or its first).
  @inlinable init(_ input: LinkedInput<Input, Failure>, owner: Owner) {
    self.init(input, owner: owner, as: FirstInput.self)
  }
}

/// The subscriber `flatMap` gives each inner publisher: named after the operator, its mirror
/// shows the combine identifier of the subscription it belongs to (`parentSubscription`), as
/// Combine's inner subscribers do. Its own identifier is its link's: stable, and nothing is
/// made for it.
@usableFromInline
struct ChildInput<Parent: DescribedSubscription, Input, Failure: Error>: Subscriber, CustomStringConvertible,
  CustomReflectable, CustomPlaygroundDisplayConvertible
{
  @usableFromInline let input: LinkedInput<Input, Failure>
  @usableFromInline let parent: Parent

  @inlinable init(_ input: LinkedInput<Input, Failure>, parent: Parent) {
    self.input = input
    self.parent = parent
  }

  @inlinable var combineIdentifier: CombineIdentifier { CombineIdentifier(input.link) }
  @inlinable func receive(subscription: any Subscription) { input.receive(subscription: subscription) }
  @inlinable func receive(_ value: Input) -> Subscribers.Demand { input.receive(value) }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    input.receive(completion: completion)
  }

  /// The operator's name, as its subscription's.
  @usableFromInline var description: String { parent.description }
  /// The subscription's identifier, as `parentSubscription`.
  @usableFromInline var customMirror: Mirror {
    Mirror(self, children: ["parentSubscription": parent.combineIdentifier])
  }
  /// The operator's name, as `description`.
  @usableFromInline var playgroundDescription: Any { description }
}

/// A subscriber where Combine's does not describe itself (`prefix(untilOutputFrom:)`'s for its
/// trigger): forwards every event, has the wrapped subscriber's combine identifier, and
/// conforms to none of the description protocols, so that `String(describing:)` and
/// `Mirror(reflecting:)` show what they show for any value.
@usableFromInline
struct PlainInput<Wrapped: Subscriber>: Subscriber {
  @usableFromInline let wrapped: Wrapped
  @usableFromInline let combineIdentifier: CombineIdentifier

  /// Stands for `wrapped`, with its identifier.
  @inlinable init(_ wrapped: Wrapped) {
    self.wrapped = wrapped
    combineIdentifier = wrapped.combineIdentifier
  }

  @inlinable func receive(subscription: any Subscription) { wrapped.receive(subscription: subscription) }
  @inlinable func receive(_ value: Wrapped.Input) -> Subscribers.Demand { wrapped.receive(value) }
  @inlinable func receive(completion: Subscribers.Completion<Wrapped.Failure>) {
    wrapped.receive(completion: completion)
  }
}

/// The subscription `delay` gives its subscriber, which is also its upstream's subscriber: the
/// state under a type of its own that conforms to none of the description
/// protocols, as Combine's `Delay.Inner` (`String(describing:)` shows the type, which names the
/// operator). One object per subscription; nothing per value.
extension Publishers.Delay {
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscription, Subscriber, Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    @usableFromInline let state: ScheduledDelivery<Downstream, Context>

    @inlinable init(_ state: ScheduledDelivery<Downstream, Context>) { self.state = state }

    @inlinable func request(_ demand: Subscribers.Demand) { state.request(demand) }
    @inlinable func cancel() { state.cancel() }
    @inlinable func receive(subscription: any Subscription) { state.receive(subscription: subscription) }
    @inlinable func receive(_ value: Output) -> Subscribers.Demand { state.receive(value) }
    @inlinable func receive(completion: Subscribers.Completion<Failure>) {
      state.receive(completion: completion)
    }
  }
}

/// The subscription `prefix(untilOutputFrom:)` gives its subscriber, which is also its
/// upstream's subscriber: the gate under a type of its own that conforms to none of the
/// description protocols, as Combine's `PrefixUntilOutput.Inner` (`String(describing:)` shows
/// the type, which names the operator). One object per subscription; nothing per value.
extension Publishers.PrefixUntilOutput {
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscription, Subscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    @usableFromInline let gate: UntilOutputGate<Downstream>

    @inlinable init(_ gate: UntilOutputGate<Downstream>) { self.gate = gate }

    /// The gate's, which the trigger's subscriber has too.
    @inlinable var combineIdentifier: CombineIdentifier { gate.combineIdentifier }
    @inlinable func request(_ demand: Subscribers.Demand) { gate.request(demand) }
    @inlinable func cancel() { gate.cancel() }
    @inlinable func receive(subscription: any Subscription) { gate.receive(subscription: subscription) }
    @inlinable func receive(_ value: Output) -> Subscribers.Demand { gate.receive(value) }
    @inlinable func receive(completion: Subscribers.Completion<Failure>) {
      gate.receive(completion: completion)
    }
  }
}

// `tryCatch`'s subscriber for its replacement shows what the subscriber it wraps shows (the
// subscription's, through an `OwnedInput`).
extension FailureErasingInput: CustomStringConvertible where Downstream: CustomStringConvertible {
  /// The wrapped subscriber's description.
  @usableFromInline var description: String { downstream.description }
}
extension FailureErasingInput: CustomReflectable where Downstream: CustomReflectable {
  /// The wrapped subscriber's mirror.
  @usableFromInline var customMirror: Mirror { downstream.customMirror }
}
extension FailureErasingInput: CustomPlaygroundDisplayConvertible
where Downstream: CustomPlaygroundDisplayConvertible {
  /// The wrapped subscriber's playground description.
  @usableFromInline var playgroundDescription: Any { downstream.playgroundDescription }
}

extension KeyPathSubscriber: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// Whether several key paths are read (a tuple of them is kept).
  @usableFromInline var readsSeveral: Bool { Mirror(reflecting: keyPaths).displayStyle == .tuple }
  /// Combine's name: `"ValueForKey"` for one key path, `"ValueForKeys"` for several.
  @usableFromInline var description: String { readsSeveral ? "ValueForKeys" : "ValueForKey" }
  /// The key path (`keyPath`), or each of them (`keyPath0`, `keyPath1`, ...), as Combine's show them.
  @usableFromInline var customMirror: Mirror {
    guard readsSeveral else { return Mirror(self, children: ["keyPath": keyPaths]) }
    let children = Mirror(reflecting: keyPaths).children.enumerated().map { index, child in
      Mirror.Child(label: "keyPath\(index)", value: child.value)
    }
    return Mirror(self, children: children)
  }
  /// The name, as `description`.
  @usableFromInline var playgroundDescription: Any { description }
}

// `autoconnect()`'s subscription describes itself as its upstream's, and shows no mirror of
// its own, as Combine's.
extension AutoconnectSubscription: CustomStringConvertible, CustomPlaygroundDisplayConvertible {
  /// The upstream's subscription's description (`String(describing:)`).
  @usableFromInline var description: String { String(describing: wrapped) }
  /// The description.
  @usableFromInline var playgroundDescription: Any { description }
}
