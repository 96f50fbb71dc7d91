extension Publisher {
  /// Drops the first `count` values and delivers the rest.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// dropFirst(2):  -----3-|
  /// ```
  ///
  /// Bad input: a negative `count` is treated as 0.
  ///
  /// - Parameter count: How many values to drop.
  /// - Returns: A publisher of the values after the first `count`.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }

  /// Drops values while `predicate` returns `true`, then delivers every value from the first
  /// one for which it returns `false`.
  ///
  /// ```
  /// upstream:          -1-5-2-|
  /// drop(while: <3):   ---5-2-|
  /// ```
  ///
  /// - Parameter predicate: Whether to keep dropping; runs on the thread that delivers the value.
  /// - Returns: A publisher of the values from the first one `predicate` rejects.
  @inlinable
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }

  /// `drop(while:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                     -1-5-2-|
  /// tryDrop(while: throws on 5):  ---#
  /// ```
  ///
  /// - Parameter predicate: Whether to keep dropping; an error it throws fails the publisher.
  /// - Returns: A publisher of the values from the first one `predicate` rejects.
  @inlinable
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher `dropFirst(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription is a
  /// `DropSubscription`, which hands itself to the subscriber before subscribing upstream and
  /// asks the upstream for the values to drop up front, as Combine's `Drop` does.
  public struct Drop<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// How many values to drop before passing the rest.
    public let count: Int

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - count: How many values to drop before passing the rest.
    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Gives `subscriber` its subscription, then subscribes upstream, as Combine's `Drop` does.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let drop = DropSubscription(subscriber, count: count)
      subscriber.receive(subscription: drop)
      upstream.subscribe(drop)
    }
  }

  /// The publisher `drop(while:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct DropWhile<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Drops values while it returns `true`.
    public let predicate: (Upstream.Output) -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Drops values while it returns `true`.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "DropWhile" }
    /// Combine's `DropWhile` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .leaving }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var dropping = true
      return RelayRules(value: { value in
        if dropping { dropping = predicate(value) }
        return dropping ? .skip : .emit(value)
      })
    }
  }

  /// The publisher `tryDrop(while:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryDropWhile<Upstream: Publisher>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Drops values while it returns `true`; an error it throws fails the publisher.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - predicate: Drops values while it returns `true`; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @usableFromInline static var relayName: String { "TryDropWhile" }
    /// Combine's `TryDropWhile` at the protocol's edges (see `RelayEdges`).
    @usableFromInline static var relayEdges: RelayEdges { .leaving }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let predicate = self.predicate
      var dropping = true
      return RelayRules(throwing: { value in
        if dropping {
          do { dropping = try predicate(value) } catch { return .fail(error) }
        }
        return dropping ? .skip : .emit(value)
      })
    }
  }
}

/// Two `Drop` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.Drop: Equatable where Upstream: Equatable {}

/// `dropFirst(_:)`'s subscription, shaped as Combine's `Drop`: it goes to the subscriber before
/// the upstream is subscribed; the requests made until the upstream's subscription arrives are
/// kept, and asked of it then together with the values to drop (so the upstream is asked for
/// those up front, not one by one); a value after the dropped ones returns what the subscriber
/// adds. Like Combine's, it passes on whatever the upstream sends, before its subscription and
/// after its completion, and once the upstream completed or was cancelled it takes the next
/// subscription offered. A negative count drops nothing (Combine traps).
///
/// Threading: the upstream's events are serial (the Subscriber contract), so the count left is
/// touched without a lock; the subscription and the requests kept are under `lock`, which is
/// never held while calling out.
@usableFromInline
final class DropSubscription<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
  // @unchecked: `remaining` is touched only by the upstream's serial events; `upstream` and
  // `pending` only inside `lock`.
  @usableFromInline let downstream: Downstream
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var upstream: (any Subscription)?
  @usableFromInline @exclusivity(unchecked) var pending = Subscribers.Demand.none
  @usableFromInline @exclusivity(unchecked) var remaining: Int
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, count: Int) {
    self.downstream = downstream
    remaining = max(count, 0)
  }

  @inlinable func receive(subscription: any Subscription) {
    let asked = lock.withLock { () -> Subscribers.Demand? in
      guard upstream == nil else { return nil }
      upstream = subscription
      return pending + remaining
    }
    guard let asked else {
      subscription.cancel()
      return
    }
    if asked > 0 { subscription.request(asked) }
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    if remaining > 0 {
      remaining -= 1
      return .none
    }
    return downstream.receive(input)
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    let ended = lock.withLock { () -> (any Subscription)? in
      defer { upstream = nil }
      return upstream
    }
    withExtendedLifetime(ended) {}
    downstream.receive(completion: completion)
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let current = lock.withLock { () -> (any Subscription)? in
      if upstream == nil { pending += demand }
      return upstream
    }
    current?.request(demand)
  }

  @inlinable func cancel() {
    let ended = lock.withLock { () -> (any Subscription)? in
      defer { upstream = nil }
      return upstream
    }
    ended?.cancel()
  }
}

extension DropSubscription: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// Combine's name for the operator.
  @usableFromInline var description: String { "Drop" }
  /// No children, as Combine's.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }
  /// The operator's name, as `description`.
  @usableFromInline var playgroundDescription: Any { description }
}
