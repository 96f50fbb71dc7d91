/// A publisher that does nothing for its subscribers until `connect()` is called: the shape of
/// `multicast`, so that every subscriber can attach before the upstream starts.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Subscribes to the upstream; cancelling the result disconnects.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects when the first subscriber attaches and disconnects when the last one leaves.
  ///
  /// ```
  /// upstream:                         -1-2-|
  /// makeConnectable().autoconnect():  -1-2-|
  /// ```
  ///
  /// A later subscriber connects again. Threading: the connection is made on the thread of the
  /// first subscription.
  ///
  /// - Returns: A publisher that manages the connection by its subscribers.
  @inlinable public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(self) }
}
