extension Publisher where Failure == Never {
  /// Makes this publisher connectable: subscribers attach at once, but nothing flows until
  /// `connect()` is called (or `autoconnect()` connects for them).
  ///
  /// ```
  /// upstream:                           -1-2-3-|
  /// makeConnectable(), connect() at 2:  ---1-2-3-|
  /// ```
  ///
  /// Every subscriber shares the one upstream subscription `connect()` makes; cancelling what
  /// `connect()` returns disconnects it. Threading: subscribing and connecting are thread-safe.
  ///
  /// - Returns: A connectable publisher sharing this one.
  @inlinable
  public func makeConnectable() -> Publishers.MakeConnectable<Self> {
    Publishers.MakeConnectable(upstream: self)
  }
}

extension Publishers {
  /// The publisher `makeConnectable()` returns: a `multicast` through a `PassthroughSubject`.
  public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    @usableFromInline let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

    /// Makes the publisher; prefer `upstream.makeConnectable()`.
    ///
    /// - Parameter upstream: The publisher subscribed to on `connect()`.
    @inlinable
    public init(upstream: Upstream) {
      multicast = Multicast(upstream: upstream) { PassthroughSubject() }
    }

    /// Attaches `subscriber`; it receives values once the publisher is connected.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      multicast.receive(subscriber: subscriber)
    }

    /// Subscribes to the upstream; cancelling the result disconnects.
    @inlinable
    public func connect() -> any Cancellable {
      multicast.connect()
    }
  }
}
