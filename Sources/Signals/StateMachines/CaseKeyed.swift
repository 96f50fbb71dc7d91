/// A value a state graph matches by case: the user's state and event enums adopt it.
///
/// A graph's transitions name cases, not values: "from any `.failure`", "on any `.succeeded`".
/// `caseKey` says which case a value is, with the payload left out, so the graph never needs a
/// made-up payload and never inspects values by reflection. Write `Case` once per enum:
///
/// ```swift
/// enum LoginStatus: CaseKeyed {
///   case none, loading, success(Session), failure(AppError)
///
///   enum Case: Hashable, Sendable { case none, loading, success, failure }
///   var caseKey: Case {
///     switch self {
///     case .none: .none
///     case .loading: .loading
///     case .success: .success
///     case .failure: .failure
///     }
///   }
/// }
/// ```
///
/// An enum without payloads declares `CaseIterable` (which the compiler only synthesizes for
/// such enums) and gets `caseKey` for free: its cases are their own keys. A graph's diagrams
/// and messages name a case by `String(describing:)` of its key.
///
/// Threading: `caseKey` is called on the sending thread, outside the machine's lock. It must be
/// cheap and pure (a `switch`): the machine calls it on every send.
public protocol CaseKeyed {
  /// The enum's cases without their payloads.
  associatedtype Case: Hashable, Sendable = Self
  /// Which case this value is.
  var caseKey: Case { get }
  /// The extended state (SCXML's data model, xstate's context) of the machines whose states are
  /// of this type: `Void` unless the type names one (`typealias MachineContext = Checkout`).
  /// Guards read it and actions change it; each machine owns its own copy, starting from the
  /// graph's. Unused on an event type.
  associatedtype MachineContext: Sendable = Void
}

extension CaseKeyed where Self: CaseIterable, Case == Self {
  /// A payload-free enum is its own case key.
  @inlinable public var caseKey: Self { self }
}

/// The name diagrams and messages give a case: its key's description.
@usableFromInline
func caseLabel<Key: Hashable>(_ key: Key) -> String { String(describing: key) }
