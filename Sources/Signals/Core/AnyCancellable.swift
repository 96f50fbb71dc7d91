import Synchronization

/// A cancellable that cancels when it is deallocated: keep it to keep a subscription alive.
///
/// `cancel()` runs the wrapped cancellation once, then lets go of it, so whatever it held (a
/// subscriber and the closures it captured) is released even if this object lives on.
/// Threading: safe to cancel, hash and compare from any thread.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  // @unchecked: `action` is written only by `init` and by the one `cancel()` that wins the
  // exchange on `cancelled`, so no two threads ever touch it at once.

  /// Set by the first `cancel()`; whoever sets it runs and releases `action`.
  private let cancelled = Atomic<Bool>(false)
  /// The wrapped cancellation, held as an object reference (two words instead of an
  /// existential's five: it is kept once per live subscription).
  private var action: (any Cancellable & AnyObject)?

  /// Wraps a closure that is run once on the first `cancel()` or on deinitialization.
  ///
  /// - Parameter cancel: The closure run once, on the first `cancel()` or on deinitialization.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    action = ClosureCancellable(body: cancel)
  }

  /// Wraps another cancellable, which is cancelled once on the first `cancel()` or on deinitialization.
  ///
  /// - Parameter canceller: The cancellable to cancel once, on the first `cancel()` or on deinitialization.
  public init<C: Cancellable>(_ canceller: C) {
    if let object = canceller as? any Cancellable & AnyObject {
      action = object
    } else {
      action = ValueCancellable(wrapped: canceller)
    }
  }

  /// Wraps a cancellable object, known to be one where the call is made: no dynamic cast.
  @usableFromInline init(object: some Cancellable & AnyObject) {
    action = object
  }

  deinit { cancel() }

  /// Cancels the wrapped activity once; later calls do nothing. No lock: one atomic exchange.
  public func cancel() {
    guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let taken = action.take()
    taken?.cancel()
  }

  /// Keeps this cancellable in `set`, so it lives as long as the set holds it.
  ///
  /// - Parameter set: The set that keeps this cancellable.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Keeps this cancellable in `collection`, so it lives as long as the collection holds it.
  ///
  /// - Parameter collection: The collection that keeps this cancellable.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Identity: two `AnyCancellable`s are equal only if they are the same object.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private final class ClosureCancellable: Cancellable {
  let body: @Sendable () -> Void
  init(body: @escaping @Sendable () -> Void) { self.body = body }
  func cancel() { body() }
}

/// Boxes a cancellable value type, so `AnyCancellable` holds only object references.
private final class ValueCancellable<Wrapped: Cancellable>: Cancellable {
  let wrapped: Wrapped
  init(wrapped: Wrapped) { self.wrapped = wrapped }
  func cancel() { wrapped.cancel() }
}

extension Cancellable {
  /// Wraps this cancellable in an `AnyCancellable` and keeps it in `set`.
  ///
  /// - Parameter set: The set that keeps the wrapping `AnyCancellable`.
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }

  /// Wraps this cancellable in an `AnyCancellable` and keeps it in `collection`.
  ///
  /// - Parameter collection: The collection that keeps the wrapping `AnyCancellable`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }
}
