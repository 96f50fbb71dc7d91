import Synchronization

/// A unique identity, as in Combine: for an object, its address (its description is the
/// address, `0x...`); otherwise a process-wide counter, which starts at 1 and so stays below
/// every address an object can have (the first pages of memory are never mapped).
///
/// Threading: creating identifiers is thread-safe (one atomic increment).
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
  static let counter = Atomic<UInt64>(0)

  @usableFromInline let rawValue: UInt64

  /// A fresh identifier, different from every other made this way in the process.
  public init() {
    rawValue = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// The identifier of `object`: equal for the same object, for as long as it lives. Its value
  /// is the object's address, as in Combine (so its `description` is the address in
  /// hexadecimal); the counter of `init()` stays far below any heap address.
  ///
  /// - Parameter object: The object the identifier stands for.
  public init(_ object: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
  }

  /// The identifier as hexadecimal.
  public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// A type that has a `CombineIdentifier`, as in Combine; classes get one from their identity.
public protocol CustomCombineIdentifierConvertible {
  /// This value's identity.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible {
  /// A value type has no identity of its own: a fresh identifier per read. Declare a stored
  /// `let combineIdentifier = CombineIdentifier()` where a stable one matters, as in Combine.
  public var combineIdentifier: CombineIdentifier { CombineIdentifier() }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// The object's identity.
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
