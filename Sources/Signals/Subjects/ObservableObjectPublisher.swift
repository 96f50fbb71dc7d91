/// The publisher an `ObservableObject` sends on before it changes: Combine's type of the same
/// name. Its values are `Void`; it never fails and never finishes.
///
/// Every `@Published` property of an `ObservableObject` sends on it just before storing a new
/// value; call `send()` yourself for changes that are not `@Published`.
///
/// Threading: `send()` may be called from any thread; each subscriber receives one call at a
/// time, in order, on the sending thread (a `PassthroughSubject` underneath). Completion: never
/// fails; a subscriber attached after a send does not see it.
public final class ObservableObjectPublisher: Publisher, Sendable {
  /// The publisher carries no value: only the fact of a change.
  public typealias Output = Void
  /// It never fails.
  public typealias Failure = Never

  @usableFromInline let subject = PassthroughSubject<Void, Never>()

  /// Makes a publisher with no subscribers.
  public init() {}

  /// Tells every subscriber that the object is about to change.
  @inlinable
  public func send() { subject.send(()) }

  /// Attaches `subscriber`; it receives each later `send()`.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    subject.subscribe(subscriber)
  }
}
