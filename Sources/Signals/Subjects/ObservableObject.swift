/// An object that announces its changes before they happen: Combine's protocol, the shape
/// SwiftUI observes (`objectWillChange` fires, the view reads the new state on its next pass).
///
/// ```swift
/// final class Counter: ObservableObject {
///   @Published var count = 0
/// }
/// let counter = Counter()
/// counter.objectWillChange.sink { print("will change from", counter.count) }
/// counter.count = 1   // prints "will change from 0"
/// ```
///
/// A class that does not declare `objectWillChange` gets an `ObservableObjectPublisher` that
/// every one of its `@Published` properties (its own and its superclasses') sends on just
/// before storing a new value; `$property` still publishes after the store, as everywhere in
/// Signals. A class with no `@Published` property gets a publisher that never sends (a new
/// one at each access, as in Combine). A class that declares its own `objectWillChange` keeps
/// it, and its `@Published` properties do not send on it.
///
/// How the default finds the properties (Linux has no Objective-C runtime, so Combine's own
/// field walk is not available): at the first access of `objectWillChange`, a `Mirror` walks
/// the object's stored properties, superclasses included, creates one publisher and stores a
/// reference to it in each `@Published` property's storage, which the setter reads (one atomic
/// load; no key paths on the hot path). Later accesses look only as far as the first
/// `@Published` property. The object owns its properties' storage and the storage owns the
/// publisher, which holds only its subscribers: no cycle through the object.
///
/// Threading: `objectWillChange` may be read from any thread; concurrent first accesses agree
/// on one publisher. It sends on the thread that assigns the property. Completion: never fails.
public protocol ObservableObject: AnyObject {
  /// The type of `objectWillChange`: `ObservableObjectPublisher` unless the class declares its
  /// own.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// A publisher that sends before the object changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The publisher every `@Published` property of this object sends on before it changes; see
  /// `ObservableObject` for how it is found. The same instance at every access once the object
  /// has a `@Published` property.
  public var objectWillChange: ObservableObjectPublisher {
    var fields: [any ObjectWillChangeField] = []
    var level: Mirror? = Mirror(reflecting: self)
    while let mirror = level {
      for child in mirror.children {
        guard let field = child.value as? any ObjectWillChangeField else { continue }
        // The first field of the walk decides; once every field links to its publisher, it says so.
        if fields.isEmpty, let linked = field.completedObjectWillChange { return linked }
        fields.append(field)
      }
      level = mirror.superclassMirror
    }
    guard let first = fields.first else { return ObservableObjectPublisher() }
    let publisher = first.link(ObservableObjectPublisher())
    for field in fields.dropFirst() { _ = field.link(publisher) }
    first.markLinksComplete()
    return publisher
  }
}

/// A stored property that can send an object's `objectWillChange`: `@Published`.
protocol ObjectWillChangeField {
  /// The publisher, once every field of the object links to it.
  var completedObjectWillChange: ObservableObjectPublisher? { get }
  /// Links `publisher` unless a publisher is linked already; returns the one linked.
  func link(_ publisher: ObservableObjectPublisher) -> ObservableObjectPublisher
  /// Records that every field of the object links to this field's publisher.
  func markLinksComplete()
}
