import Synchronization

/// A property wrapper that publishes every new value of a property: `$name` is a publisher of
/// the current value and then each assignment.
///
/// ```swift
/// final class LoginViewModel {
///   @Published var account = ""
/// }
/// model.$account.sink { print($0) }   // prints "" at once, then each new account
/// ```
///
/// Deliberate difference from Combine: subscribers are notified after the new value is
/// stored, so reading the property inside a subscriber gives the new value (Combine notifies
/// before the store, a known source of bugs). New subscribers get the current value first.
/// In an `ObservableObject`, the object's `objectWillChange` still sends before the store, as
/// SwiftUI expects, however the property is changed (an assignment, an in-place mutation,
/// `assign(to:on:)`, `assign(to: &$name)`), as in Combine. As in Combine,
/// `assign(to: &$name)` stores without the property's setter: a `didSet` does not run.
/// Inside an `@Observable` class `@Published` does not compile (both the macro and the wrapper
/// declare `_name`); use a plain property and `publisher(for: \.name)` there.
/// Threading: assignments may come from any thread; each subscriber receives one value at a
/// time, in assignment order. Completion: never fails, never finishes.
@propertyWrapper
public struct Published<Value> {
  @usableFromInline let storage: PublishedStorage<Value>

  @usableFromInline var subject: CurrentValueSubject<Value, Never> { storage.subject }

  /// Wraps a property whose initial value is `wrappedValue`.
  ///
  /// - Parameter wrappedValue: The property's initial value.
  public init(wrappedValue: Value) {
    storage = PublishedStorage(CurrentValueSubject(published: wrappedValue))
  }

  /// Wraps a property whose initial value is `initialValue`; Combine's older spelling of
  /// `init(wrappedValue:)`, which it is the same as.
  ///
  /// - Parameter initialValue: The property's initial value.
  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  /// The property's value; setting it sends the object's `objectWillChange` (in an
  /// `ObservableObject`), stores the value, then publishes it.
  public var wrappedValue: Value {
    get { subject.value }
    nonmutating set { storage.store(newValue) }
  }

  /// The property's value, reached through the object that holds it: the accessor Swift uses
  /// for a `@Published` property of a class (Combine's enclosing-instance subscript), and the
  /// one spelling that reaches a `Published` stored without the attribute
  /// (`var title = Published(initialValue: "")`).
  ///
  /// Setting it does what the wrapped value's setter does: the object's `objectWillChange`
  /// first (once it has been read; until then nobody can be subscribed to it), then the store,
  /// then the property's publisher. An in-place change (`+=`, a mutating method) reads, changes
  /// and sets, so it sends once. The `wrapped` key path is not used: as in Combine, the value
  /// lives in the storage. Threading: as the wrapped value: sets may come from any thread.
  ///
  /// - Parameters:
  ///   - object: The object whose property is read or set.
  ///   - wrappedKeyPath: The property as its users see it.
  ///   - storageKeyPath: The `Published` that stores it (`_name`).
  @inlinable
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].subject.value }
    set { object[keyPath: storageKeyPath].storage.store(newValue) }
  }

  /// The publisher of the property's values: `$name`.
  public var projectedValue: Publisher {
    get { Publisher(storage: storage) }
    // Needed for `assign(to: &$name)`; the publisher of a property is always its own.
    set {}
  }

  /// The publisher of a `@Published` property: its current value, then each new one.
  public struct Publisher: Signals.Publisher {
    /// The property's type.
    public typealias Output = Value
    /// A property cannot fail.
    public typealias Failure = Never

    @usableFromInline let storage: PublishedStorage<Value>

    @usableFromInline init(storage: PublishedStorage<Value>) { self.storage = storage }

    /// Attaches `subscriber`; it receives the current value first.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.subject.subscribe(subscriber)
    }
  }
}

extension Published: Sendable where Value: Sendable {}

extension Published: ObjectWillChangeField {
  var completedObjectWillChange: ObservableObjectPublisher? {
    storage.objectWillChangeComplete.load(ordering: .acquiring) ? storage.objectWillChange.load() : nil
  }

  func link(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher {
    storage.objectWillChange.storeIfNil(publisher)
  }

  func markLinksComplete() { storage.objectWillChangeComplete.store(true, ordering: .releasing) }
}
extension Published.Publisher: Sendable where Value: Sendable {}
extension PublishedStorage: Sendable where Value: Sendable {}

/// The shared storage of a `@Published` property: its subject, the subscriptions made by
/// `assign(to: &$property)`, which live as long as the property, and the enclosing
/// `ObservableObject`'s publisher once `objectWillChange` was first read.
@usableFromInline
final class PublishedStorage<Value> {
  @usableFromInline let subject: CurrentValueSubject<Value, Never>
  let assignments = Guarded<[AnyCancellable]>([])
  let objectWillChange = AtomicLazyReference<ObservableObjectPublisher>()
  let objectWillChangeComplete = Atomic<Bool>(false)

  init(_ subject: CurrentValueSubject<Value, Never>) { self.subject = subject }

  /// Stores `value` as every change of the property does (its setter and
  /// `assign(to: &$property)`): the object's `objectWillChange` first, then the store and the
  /// property's publisher.
  @usableFromInline func store(_ value: Value) {
    objectWillChange.load()?.send()
    subject.send(value)
  }

  /// Keeps `cancellable` until the property goes away.
  @usableFromInline func retain(_ cancellable: AnyCancellable) {
    assignments.withLock { $0.append(cancellable) }
  }
}
