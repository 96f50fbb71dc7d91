/// The subscribers of one of a machine's passthrough streams (`transitions`, `macrosteps`), in
/// the order they came, each a `PassthroughObserver` reached through its `route`.
///
/// Only the thread holding the machine's claim changes or walks the list, and nothing changes
/// it while its subscribers are called: what they ask for (a subscription, a cancel, a send)
/// waits behind the running event. So `deliver` reads the handles in place, unretained, as a
/// subject's delivery loop does (CONTRIBUTING, *the list walked in place*).
@usableFromInline
struct PassthroughObservers<Value> {
  @usableFromInline typealias Handle = SubscriberHandle<Value, Never>

  @usableFromInline var handles: ContiguousArray<Handle> = []

  @inlinable init() {}

  /// Whether nobody subscribes.
  @inlinable var isEmpty: Bool { handles.isEmpty }

  /// Adds `handle` at the end. The caller then gives its subscriber the subscription.
  @usableFromInline mutating func append(_ handle: Handle) { handles.append(handle) }

  /// Takes the cancelled handles out, keeping the others' order, and returns them, for the
  /// caller to let their subscribers go once the list is no longer being changed.
  @usableFromInline mutating func removeCancelled() -> ContiguousArray<Handle> {
    guard handles.contains(where: { !$0.isActive }) else { return [] }
    var cancelled: ContiguousArray<Handle> = []
    handles.removeAll { handle in
      guard !handle.isActive else { return false }
      cancelled.append(handle)
      return true
    }
    return cancelled
  }

  /// Gives `value` to every subscriber, in order, as its demand allows (dropped for one
  /// without demand). The value is passed by address and each handle unretained.
  @inlinable
  func deliver(_ value: Value) {
    withUnsafePointer(to: value) { value in
      let payload = SignalPayload(UnsafeRawPointer(value))
      handles.withUnsafeBufferPointer { slots in
        slots.withMemoryRebound(to: Unmanaged<Handle>.self) { handles in
          for handle in handles { handle._withUnsafeGuaranteedRef { $0.route($0, .value, payload) } }
        }
      }
    }
  }
}
