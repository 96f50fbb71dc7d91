import Synchronization

/// What a handle's `route` is told. Not generic, and its payload (a value, a completion, a place
/// for an answer) travels beside it by address: see CONTRIBUTING, "Performance: how the fast code
/// is written", *signals without generic payloads*.
@usableFromInline
enum HandleSignal: UInt8 {
  /// Give the subscriber its subscription.
  case start
  /// Give the subscriber the empty subscription: it came after the completion, which follows
  /// with nothing before it (Combine's subjects).
  case startEnded
  /// Deliver the value in the payload.
  case value
  /// Deliver the completion in the payload.
  case completion
  /// Deliver what waits for demand (a state machine: the state in the payload).
  case flush
  /// The subscriber cancelled: take the handle out of its owner's list.
  case detach
  /// The subscriber asked for more while something waits for it: ask the owner for a turn to
  /// deliver it, serialized with its other deliveries.
  case requestFlush
  /// The subscriber requested something (a `PassthroughSubject` asks its upstreams only then).
  case acknowledgeDemand
  /// The subscription has ended: let the subscriber go (the delivering thread).
  case releaseSubscriber
  /// Answer the owner (`SignalPayload.answer(_:)`), for the handle's mirror.
  case reportParent
}

/// The payload of a `HandleSignal`: the address of the value, completion or answer it carries.
/// Valid only during the `route` call it is passed to.
@usableFromInline
struct SignalPayload {
  @usableFromInline let address: UnsafeRawPointer?

  @inlinable init(_ address: UnsafeRawPointer?) { self.address = address }

  /// The payload of a signal that carries none.
  @inlinable static var none: SignalPayload { SignalPayload(nil) }

  /// The value carried, which must be a `T`, copied.
  @inlinable @inline(__always) func load<T>(_: T.Type) -> T {
    address.unsafelyUnwrapped.assumingMemoryBound(to: T.self).pointee
  }

  /// Calls `body` with the value carried (a `T`), borrowed in place: read as a noncopyable
  /// wrapper, it is not copied (a retain and a release per reference it holds) on its way to
  /// `body` (CONTRIBUTING, *a subscriber held inline*).
  @inlinable @inline(__always) func withValue<T, R>(_: T.Type, _ body: (T) -> R) -> R {
    address.unsafelyUnwrapped.withMemoryRebound(to: BorrowedPayload<T>.self, capacity: 1) {
      $0.pointee.pass(body)
    }
  }

  /// Answers a `.reportParent`: writes `parent` where the asker waits for it.
  @inlinable func answer(_ parent: AnyObject) {
    UnsafeMutableRawPointer(mutating: address.unsafelyUnwrapped).assumingMemoryBound(to: AnyObject?.self)
      .pointee = parent
  }
}

/// A payload seen in place: its one field has the payload's layout (`SignalPayload.withValue`).
@usableFromInline
struct BorrowedPayload<T>: ~Copyable {
  @usableFromInline let value: T
  @inlinable @inline(__always) func pass<R>(_ body: (T) -> R) -> R { body(value) }
}

/// The one handle a subscriber gets from a source that fans out (a subject's `Broadcaster`, a
/// `StateMachine`'s `statePublisher`), and the one place their unsafe code lives: the state word,
/// the demand, and the typed calls that reach the subscriber's specialized code through `route`.
///
/// What the owner reads without knowing the subscriber's type: the id (in the owner's list), a
/// two-bit tag (a subject's kind), whether the handle is active, whether something waits for
/// demand, and the demand. What it calls: `call(_:)`, `call(value:)`, `call(completion:)`,
/// `deliver(_:toEach:)`. The subclass (`SubscriberHandleOf`) holds the subscriber; its own
/// subclass (`SubjectSubscription`, `StateObserver`) is the `Subscription` and makes `route`.
@usableFromInline
class SubscriberHandle<Input, Failure: Error>: ListedByID, @unchecked Sendable {
  // @unchecked: the stored properties are atomic or immutable.

  /// The id shifted left by four, the tag in bits 2 and 3, bit 1 set while something waits for
  /// demand (written only by the delivering thread) and bit 0 set while the handle is active:
  /// one word, since this object is kept once per subscriber, and one load tells the per-value
  /// path both flags (CONTRIBUTING, *bytes per subscription*).
  @usableFromInline final let state: Atomic<UInt64>
  /// The outstanding demand: requests add to it from any thread; only the delivering thread
  /// takes from it.
  @usableFromInline final let demand = AtomicDemand()
  /// Everything that reaches the subscriber or the owner, compiled for the subscriber's type
  /// where it subscribed (CONTRIBUTING, *closure, not method*); its context is the owner.
  @usableFromInline final let route: (SubscriberHandle, HandleSignal, SignalPayload) -> Void

  @inlinable init(
    id: UInt64, tag: UInt8, route: @escaping (SubscriberHandle, HandleSignal, SignalPayload) -> Void
  ) {
    state = Atomic(id << 4 | UInt64(tag & 3) << 2 | HandleFlags.active)
    self.route = route
  }

  /// Tells the subscriber (or the owner) `signal`, which carries nothing.
  @inlinable @inline(__always) final func call(_ signal: HandleSignal) { route(self, signal, .none) }

  /// Delivers `value`.
  @inlinable @inline(__always) final func call(value: Input) {
    withUnsafePointer(to: value) { route(self, .value, SignalPayload($0)) }
  }

  /// Delivers `completion`.
  @inlinable @inline(__always) final func call(completion: Subscribers.Completion<Failure>) {
    withUnsafePointer(to: completion) { route(self, .completion, SignalPayload($0)) }
  }

  /// Delivers what waits for demand, `value` being the newest (a state machine's state).
  @inlinable @inline(__always) final func call(flush value: Input) {
    withUnsafePointer(to: value) { route(self, .flush, SignalPayload($0)) }
  }

  /// The owner (a subject's broadcaster), asked through `route`; a debugging aid.
  @inlinable final var parent: AnyObject? {
    var parent: AnyObject?
    withUnsafeMutablePointer(to: &parent) { route(self, .reportParent, SignalPayload($0)) }
    return parent
  }

  /// Delivers `value` to every handle in `list`, in order: the per-value loop of every subject.
  /// The list's slots are read in place and each handle unretained, so the loop retains and
  /// releases nothing; call it only where nothing changes the list meanwhile (the thread that
  /// holds a broadcaster's drain), and the list holds each handle, whose `route` is a `let`.
  @inlinable @inline(__always)
  static func deliver(_ value: Input, toEach list: borrowing SubscriberList<SubscriberHandle>) {
    withUnsafePointer(to: value) { value in
      let payload = SignalPayload(value)
      list.forEach { handle in handle._withUnsafeGuaranteedRef { $0.route($0, .value, payload) } }
    }
  }

  /// The handle's id in its owner's list.
  @inlinable final var id: UInt64 { state.load(ordering: .relaxed) >> 4 }

  /// The two bits the owner gave the handle.
  @inlinable final var tag: UInt8 { UInt8(state.load(ordering: .relaxed) >> 2 & 3) }

  @inlinable final var isActive: Bool { state.load(ordering: .acquiring) & HandleFlags.active != 0 }

  /// Whether something waits for demand.
  @inlinable final var isWaiting: Bool {
    state.load(ordering: .sequentiallyConsistent) & HandleFlags.waiting != 0
  }

  /// Active, and nothing waits: a value may go straight to the subscriber if it has demand.
  @inlinable final var isActiveAndClear: Bool {
    state.load(ordering: .acquiring) & (HandleFlags.active | HandleFlags.waiting) == HandleFlags.active
  }

  /// Sets or clears the waiting flag. Called only by the delivering thread.
  @inlinable final func setWaiting(_ waiting: Bool) {
    if waiting {
      state.bitwiseOr(HandleFlags.waiting, ordering: .sequentiallyConsistent)
    } else {
      state.bitwiseAnd(~HandleFlags.waiting, ordering: .sequentiallyConsistent)
    }
  }

  /// Clears the active bit; returns whether this call was the one that cleared it.
  @inlinable final func deactivate() -> Bool {
    state.bitwiseAnd(~HandleFlags.active, ordering: .acquiringAndReleasing).oldValue & HandleFlags.active
      != 0
  }
}

/// The flag bits of `SubscriberHandle.state`.
@usableFromInline
enum HandleFlags {
  @inlinable static var active: UInt64 { 1 }
  @inlinable static var waiting: UInt64 { 2 }
}

/// A `SubscriberHandle` that holds its subscriber, inline, until `releaseSubscriber()`: Combine's
/// subscriptions let go of their subscriber once cancelled or completed, so a subscriber that
/// keeps its subscription makes no cycle. The subscriber is read in place, without a copy or a
/// retain (CONTRIBUTING, *a subscriber held inline*).
///
/// Generic over the holder (`HeldSubscriber<Downstream>`) rather than the subscriber, for its
/// unspecialised `deinit` (CONTRIBUTING, *a subscriber held inline*).
///
/// Only the delivering thread reads the subscriber or lets it go, and never while a call to it
/// is in progress (a cancel from inside the subscriber is queued behind that call).
@usableFromInline
class SubscriberHandleOf<Holder: SubscriberHolder & ~Copyable>:
  SubscriberHandle<Holder.Downstream.Input, Holder.Downstream.Failure>, @unchecked Sendable
{
  // @unchecked: `held` is touched only by the owner's delivering thread (and the mirror, a
  // debugging aid); the rest is atomic or immutable.
  @usableFromInline @exclusivity(unchecked) final var held: Holder

  /// The route's type, for this handle's subscriber.
  @usableFromInline typealias Route = (
    SubscriberHandle<Holder.Downstream.Input, Holder.Downstream.Failure>, HandleSignal, SignalPayload
  ) -> Void

  @inlinable init(id: UInt64, tag: UInt8, downstream: Holder.Downstream, route: @escaping Route) {
    held = Holder(downstream)
    super.init(id: id, tag: tag, route: route)
  }

  /// Gives the subscriber `value`; `.none` once it was let go.
  @inlinable @inline(__always) final func receive(_ value: Holder.Downstream.Input) -> Subscribers.Demand {
    held.receive(value)
  }

  /// Gives the subscriber `completion`, unless it was let go.
  @inlinable final func receive(completion: Subscribers.Completion<Holder.Downstream.Failure>) {
    held.receive(completion: completion)
  }

  /// Gives the subscriber `subscription`, unless it was let go.
  @inlinable final func receive(subscription: any Subscription) { held.receive(subscription: subscription) }

  /// The subscriber, copied; `nil` once let go. For the mirror.
  @inlinable final var subscriber: Holder.Downstream? { held.subscriber }

  /// Lets the subscriber go (its `deinit` may run: call it outside the owner's lock).
  @inlinable final func releaseSubscriber() { held.release() }
}

/// What `SubscriberHandleOf` keeps its subscriber in (`HeldSubscriber`): noncopyable, so the
/// handle reads it in place.
@usableFromInline
protocol SubscriberHolder: ~Copyable {
  associatedtype Downstream: Subscriber
  init(_ subscriber: Downstream)
  /// Lets the subscriber go.
  mutating func release()
  func receive(_ value: Downstream.Input) -> Subscribers.Demand
  func receive(completion: Subscribers.Completion<Downstream.Failure>)
  func receive(subscription: any Subscription)
  /// The subscriber, copied, or `nil` once let go.
  var subscriber: Downstream? { get }
}

/// A subscriber kept inline by `SubscriberHandleOf`, or nothing once let go: noncopyable, so
/// reading it through the handle borrows it in place (a copyable one would be copied out, a
/// retain and a release of each reference it holds per value). Call the subscriber through the
/// methods below: binding it out of a borrowed holder and calling it copies it again.
@usableFromInline
enum HeldSubscriber<Downstream: Subscriber>: ~Copyable, SubscriberHolder {
  case held(Downstream)
  case released

  @inlinable init(_ subscriber: Downstream) { self = .held(subscriber) }

  @inlinable mutating func release() { self = .released }

  @inlinable @inline(__always) func receive(_ value: Downstream.Input) -> Subscribers.Demand {
    switch self {
    case .held(let subscriber): subscriber.receive(value)
    case .released: .none
    }
  }

  @inlinable @inline(__always) func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    switch self {
    case .held(let subscriber): subscriber.receive(completion: completion)
    case .released: break
    }
  }

  @inlinable @inline(__always) func receive(subscription: any Subscription) {
    switch self {
    case .held(let subscriber): subscriber.receive(subscription: subscription)
    case .released: break
    }
  }

  @inlinable var subscriber: Downstream? {
    switch self {
    case .held(let subscriber): subscriber
    case .released: nil
    }
  }
}
