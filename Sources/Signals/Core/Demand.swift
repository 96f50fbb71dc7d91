extension Subscribers {
  /// A count limit, as in Combine: `.unlimited` or `.max(n)`.
  ///
  /// Signals has no backpressure, so demand is not requested by subscribers; the type stays for
  /// the operators whose limits Combine spells this way, such as `flatMap(maxPublishers:)`.
  /// Failure: `.max(n)` with a negative `n` is treated as `.max(0)` instead of trapping.
  public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The limit, or `nil` for unlimited.
    public let max: Int?

    @inlinable init(max: Int?) { self.max = max.map { Swift.max(0, $0) } }

    /// No limit.
    public static let unlimited = Demand(max: nil)
    /// A limit of zero.
    public static let none = Demand(max: 0)
    /// A limit of `value` (negative values count as zero).
    @inlinable public static func max(_ value: Int) -> Demand { Demand(max: value) }

    /// `.unlimited` is greater than any limit.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      switch (lhs.max, rhs.max) {
      case (nil, _): false
      case (_, nil): true
      case (let l?, let r?): l < r
      }
    }

    /// `unlimited` or `max(n)`.
    public var description: String { max.map { "max(\($0))" } ?? "unlimited" }
  }
}
