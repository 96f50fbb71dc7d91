extension Subscribers {
  /// How many values a subscriber asks for, as in Combine: `.unlimited`, or `.max(n)`.
  ///
  /// A subscriber requests values through its subscription (`request(_:)`) and by returning a
  /// demand from `receive(_:)`; a publisher sends at most what was requested, in total. Demands
  /// add up: `.max(2) + .max(3) == .max(5)`, anything plus `.unlimited` is `.unlimited`.
  /// Arithmetic and comparisons are Combine's: sums and products that overflow become
  /// `.unlimited`, differences that would go below zero become `.none`, `.unlimited` minus
  /// anything stays `.unlimited`, and `.unlimited` is greater than every limit and every `Int`.
  /// Bad input: one deliberate difference, `.max(n)` with a negative `n` is `.none` instead of a trap.
  public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The limit; `unlimitedRaw` (and above) means no limit.
    @usableFromInline let rawValue: UInt

    /// A computed constant rather than a stored `static let`: a stored one is reached through a
    /// lazy-initialization accessor call on every use from another module, on the per-value path.
    @inlinable @inline(__always) static var unlimitedRaw: UInt { 1 << 63 }

    @inlinable @inline(__always) init(rawValue: UInt) {
      self.rawValue = Swift.min(Demand.unlimitedRaw, rawValue)
    }

    /// A demand of exactly `rawValue`, which must not exceed `unlimitedRaw`.
    @inlinable @inline(__always) init(exactly rawValue: UInt) { self.rawValue = rawValue }

    /// No limit. (Computed, inlinable: no accessor call per use; see `unlimitedRaw`.)
    @inlinable @inline(__always) public static var unlimited: Demand { Demand(exactly: unlimitedRaw) }
    /// Nothing.
    @inlinable @inline(__always) public static var none: Demand { Demand(exactly: 0) }
    /// A limit of `value` (negative values count as zero).
    ///
    /// - Parameter value: The most values asked for.
    /// - Returns: The demand for at most `value` values.
    @inlinable @inline(__always)
    public static func max(_ value: Int) -> Demand { Demand(rawValue: UInt(Swift.max(0, value))) }

    /// The limit, or `nil` for `.unlimited`.
    @inlinable public var max: Int? { isUnlimited ? nil : Int(rawValue) }

    /// Whether this is `.unlimited`.
    @inlinable @inline(__always) var isUnlimited: Bool { rawValue == Demand.unlimitedRaw }

    /// `unlimited` or `max(n)`.
    public var description: String { isUnlimited ? "unlimited" : "max(\(rawValue))" }

    /// The sum; `.unlimited` if either is, or if it overflows.
    @inlinable @inline(__always)
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      if lhs.isUnlimited || rhs.isUnlimited { return .unlimited }
      let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(Int(rhs.rawValue))
      return overflow ? .unlimited : .max(sum)
    }

    /// Adds `rhs` to `lhs`.
    @inlinable @inline(__always)
    public static func += (lhs: inout Demand, rhs: Demand) {
      if lhs.isUnlimited { return }
      lhs = lhs + rhs
    }

    /// The demand plus `rhs` values (a negative `rhs` subtracts, never below `.none`).
    @inlinable @inline(__always)
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      if lhs.isUnlimited { return .unlimited }
      let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(rhs)
      if overflow { return rhs < 0 ? .none : .unlimited }
      return .max(sum)
    }

    /// Adds `rhs` values to `lhs`.
    @inlinable @inline(__always)
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// The demand times `rhs`; `.unlimited` stays so, an overflow becomes `.unlimited`.
    @inlinable
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      if lhs.isUnlimited { return .unlimited }
      let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
      return overflow ? .unlimited : .max(product)
    }

    /// Multiplies `lhs` by `rhs`.
    @inlinable
    public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// The difference: `.unlimited` minus anything is `.unlimited`, anything limited minus
    /// `.unlimited` is `.none`, and it never goes below `.none`.
    @inlinable @inline(__always)
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs.isUnlimited { return .unlimited }
      if rhs.isUnlimited { return .none }
      return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
    }

    /// Subtracts `rhs` from `lhs`.
    @inlinable @inline(__always)
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    /// The demand minus `rhs` values, never below `.none`; `.unlimited` stays so. A difference
    /// that overflows (a negative `rhs` taking it past `Int.max`) is `.none`, as in Combine.
    @inlinable @inline(__always)
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      if lhs.isUnlimited { return .unlimited }
      let (difference, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
      return overflow ? .none : .max(difference)
    }

    /// Subtracts `rhs` values from `lhs`.
    @inlinable @inline(__always)
    public static func -= (lhs: inout Demand, rhs: Int) {
      if lhs.isUnlimited { return }
      lhs = lhs - rhs
    }

    /// `.unlimited` is greater than every limit.
    @inlinable @inline(__always)
    public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the demand equals `rhs` (never, for `.unlimited`).
    @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool {
      !lhs.isUnlimited && Int(lhs.rawValue) == rhs
    }
    /// Whether the demand differs from `rhs` (always, for `.unlimited`).
    @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
    /// Whether `lhs` equals the demand (never, for `.unlimited`).
    @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
    /// Whether `lhs` differs from the demand (always, for `.unlimited`).
    @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { !(rhs == lhs) }

    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable @inline(__always)
    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.isUnlimited || Int(lhs.rawValue) > rhs }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool {
      lhs.isUnlimited || Int(lhs.rawValue) >= rhs
    }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool {
      !lhs.isUnlimited && Int(lhs.rawValue) < rhs
    }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool {
      !lhs.isUnlimited && Int(lhs.rawValue) <= rhs
    }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    /// Compares with an `Int`; `.unlimited` is greater than every `Int`.
    @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
  }
}

extension Subscribers.Demand: Codable {
  /// Reads a demand encoded by `encode(to:)`: one unsigned integer, Combine's coding.
  ///
  /// The number is the limit; `9223372036854775808` (2^63) and above are `.unlimited`.
  ///
  /// - Parameter decoder: The decoder holding a single unsigned integer.
  /// - Throws: The decoder's `DecodingError` when the value is not an unsigned integer.
  /// Bad input: a negative or non-integer value is a `DecodingError`, never a trap.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
  }

  /// Writes the demand as one unsigned integer (2^63 for `.unlimited`), as Combine does.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error, if it fails.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
