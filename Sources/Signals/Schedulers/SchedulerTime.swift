/// An instant on a scheduler's clock, in nanoseconds from that clock's origin.
///
/// Every scheduler in Signals uses this one time type, so any scheduler can be passed where a
/// scheduler is wanted, with no type erasure. Arithmetic saturates instead of overflowing.
/// It is `Codable` as Combine's scheduler time types are: it encodes its nanoseconds.
public struct SchedulerTime: Strideable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: Int64

  /// The instant `nanoseconds` after the origin.
  ///
  /// - Parameter nanoseconds: The nanoseconds since the origin.
  @inlinable
  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// The instant `seconds` seconds after the origin, saturated: `SchedulerTime(seconds: 2)`.
  ///
  /// - Parameter seconds: The seconds since the origin.
  @inlinable
  public init(seconds: Int) { self.init(nanoseconds: Stride.seconds(seconds).nanoseconds) }

  /// The instant `seconds` seconds after the origin, rounded to the nearest nanosecond and
  /// saturated: `SchedulerTime(seconds: 1.5)`.
  ///
  /// - Parameter seconds: The seconds since the origin.
  @inlinable
  public init(seconds: Double) { self.init(nanoseconds: Stride.seconds(seconds).nanoseconds) }

  /// The instant `milliseconds` milliseconds after the origin, saturated:
  /// `SchedulerTime(milliseconds: 1_700)`.
  ///
  /// - Parameter milliseconds: The milliseconds since the origin.
  @inlinable
  public init(milliseconds: Int) { self.init(nanoseconds: Stride.milliseconds(milliseconds).nanoseconds) }

  /// The instant `microseconds` microseconds after the origin, saturated.
  ///
  /// - Parameter microseconds: The microseconds since the origin.
  @inlinable
  public init(microseconds: Int) { self.init(nanoseconds: Stride.microseconds(microseconds).nanoseconds) }

  /// The origin of a clock: where `TestScheduler` starts.
  public static let zero = SchedulerTime(nanoseconds: 0)

  /// The interval from this instant to `other`.
  @inlinable
  public func distance(to other: SchedulerTime) -> Stride {
    Stride(nanoseconds: Stride.saturating(other.nanoseconds.subtractingReportingOverflow(nanoseconds)))
  }

  /// This instant moved by `interval`.
  @inlinable
  public func advanced(by interval: Stride) -> SchedulerTime {
    SchedulerTime(nanoseconds: Stride.saturating(nanoseconds.addingReportingOverflow(interval.nanoseconds)))
  }

  /// Hashes the instant as Combine's `DispatchQueue.SchedulerTimeType` hashes its `DispatchTime`:
  /// by the uptime it stands for on the monotonic clock, one nanosecond past `nanoseconds` (see
  /// `init(_:)` from a `DispatchTime`), so the two hash alike.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) { hasher.combine(nanoseconds &+ 1) }

  /// The time since the origin, such as `1.5s` or `300ms`.
  public var description: String { Stride(nanoseconds: nanoseconds).description }

  /// An interval between two instants, in nanoseconds.
  ///
  /// Spell intervals `.seconds(2)`, `.milliseconds(500)`, `.microseconds(10)`, `.nanoseconds(1)`,
  /// or as numeric literals, which count seconds (`0.5` is half a second). Arithmetic saturates
  /// at the representable range (about ±292 years) instead of trapping. `Codable`: it encodes
  /// its nanoseconds.
  ///
  /// It is the stride of every scheduler, so it carries the members of Combine's strides that
  /// fit one type: `magnitude` counts signed nanoseconds as `DispatchQueue`'s stride does,
  /// `timeInterval` and `init(_:)` count seconds as `RunLoop`'s and `OperationQueue`'s do, and
  /// `init(_:)` and `dispatchTimeInterval` convert from and to a `DispatchTimeInterval`.
  public struct Stride: SignedNumeric, Comparable, Hashable, Sendable, Codable, ExpressibleByFloatLiteral,
    SchedulerTimeIntervalConvertible, CustomStringConvertible
  {
    /// The interval in nanoseconds.
    public var nanoseconds: Int64

    /// The interval in nanoseconds, signed: Combine's `DispatchQueue.SchedulerTimeType.Stride`
    /// magnitude, so `Stride.milliseconds(-2).magnitude` is `-2_000_000`.
    ///
    /// Unlike most `SignedNumeric` types it keeps the sign, as Combine's does; `abs(_:)` still
    /// gives the absolute interval. Setting it sets `nanoseconds`. Bad input: where `Int` is
    /// narrower than 64 bits, the value saturates at `Int`'s range.
    public var magnitude: Int {
      @inlinable get { Int(clamping: nanoseconds) }
      @inlinable set { nanoseconds = Int64(clamping: newValue) }
    }

    /// The interval of `nanoseconds` nanoseconds.
    ///
    /// - Parameter nanoseconds: The length in nanoseconds.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The interval of `value` seconds.
    @inlinable public static func seconds(_ value: Int) -> Stride { scaled(value, by: 1_000_000_000) }
    /// The interval of `value` seconds, rounded to the nearest nanosecond.
    @inlinable public static func seconds(_ value: Double) -> Stride { Stride(seconds: value) }
    /// The interval of `value` milliseconds.
    @inlinable public static func milliseconds(_ value: Int) -> Stride { scaled(value, by: 1_000_000) }
    /// The interval of `value` microseconds.
    @inlinable public static func microseconds(_ value: Int) -> Stride { scaled(value, by: 1_000) }
    /// The interval of `value` nanoseconds.
    @inlinable public static func nanoseconds(_ value: Int) -> Stride { scaled(value, by: 1) }

    /// The interval of `seconds` seconds, rounded to the nearest nanosecond and saturated.
    ///
    /// Bad input: not a number is zero; an infinity or a length past the representable range
    /// (about ±292 years) is the largest or smallest interval.
    ///
    /// - Parameter seconds: The length in seconds.
    @inlinable
    public init(seconds: Double) {
      let nanos = (seconds * 1e9).rounded()
      if nanos.isNaN {
        nanoseconds = 0
      } else if nanos >= 0x1p63 {
        // 2^63, the first Double past Int64.max (which a Double cannot hold exactly).
        nanoseconds = .max
      } else if nanos <= -0x1p63 {
        nanoseconds = .min
      } else {
        nanoseconds = Int64(nanos)
      }
    }

    /// The interval of `timeInterval` seconds, rounded to the nearest nanosecond and saturated:
    /// Combine's `RunLoop.SchedulerTimeType.Stride(_:)`, so `.init(0.25)` ports unchanged.
    ///
    /// Bad input: as ``init(seconds:)``: not a number is zero, an infinity saturates.
    ///
    /// - Parameter timeInterval: The length in seconds.
    @inlinable
    public init(_ timeInterval: Double) { self.init(seconds: timeInterval) }

    /// The interval in seconds: Combine's `RunLoop.SchedulerTimeType.Stride.timeInterval`.
    /// (`DispatchQueue`'s stride gives a `DispatchTimeInterval` there; here that is
    /// ``dispatchTimeInterval``.)
    @inlinable public var timeInterval: Double { Double(nanoseconds) / 1e9 }

    @inlinable static func scaled(_ value: Int, by unit: Int64) -> Stride {
      Stride(
        nanoseconds: saturating(Int64(clamping: value).multipliedReportingOverflow(by: unit), sign: value))
    }

    @inlinable static func saturating(_ result: (partialValue: Int64, overflow: Bool)) -> Int64 {
      guard result.overflow else { return result.partialValue }
      // An overflowing addition or subtraction wraps to the opposite sign.
      return result.partialValue < 0 ? .max : .min
    }

    @inlinable static func saturating(_ result: (partialValue: Int64, overflow: Bool), sign: Int) -> Int64 {
      guard result.overflow else { return result.partialValue }
      return sign < 0 ? .min : .max
    }

    // MARK: Numeric

    /// An interval of `value` seconds.
    @inlinable public init(integerLiteral value: Int) { self = .seconds(value) }
    /// An interval of `value` seconds.
    @inlinable public init(floatLiteral value: Double) { self = .seconds(value) }
    /// An interval of `source` seconds, if it is representable.
    ///
    /// - Parameter source: The number of seconds.
    @inlinable public init?<T: BinaryInteger>(exactly source: T) {
      guard let seconds = Int64(exactly: source) else { return nil }
      let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
      guard !overflow else { return nil }
      self.init(nanoseconds: nanos)
    }
    /// The sum, saturated.
    @inlinable public static func + (lhs: Stride, rhs: Stride) -> Stride {
      Stride(nanoseconds: saturating(lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)))
    }
    /// The difference, saturated.
    @inlinable public static func - (lhs: Stride, rhs: Stride) -> Stride {
      Stride(nanoseconds: saturating(lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)))
    }
    /// The interval scaled by another interval counted in seconds, saturated.
    @inlinable public static func * (lhs: Stride, rhs: Stride) -> Stride {
      Stride(seconds: lhs.timeInterval * rhs.timeInterval)
    }
    /// Adds in place, saturated.
    @inlinable public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
    /// Subtracts in place, saturated.
    @inlinable public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
    /// Multiplies in place, saturated.
    @inlinable public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    /// Compares the intervals.
    @inlinable public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    /// The interval scaled by an integer, saturated.
    @inlinable public static func * (lhs: Stride, rhs: Int) -> Stride {
      let sign = (lhs.nanoseconds < 0) != (rhs < 0) ? -1 : 1
      return Stride(
        nanoseconds: saturating(
          lhs.nanoseconds.multipliedReportingOverflow(by: Int64(clamping: rhs)), sign: sign))
    }

    /// The interval in the largest unit that keeps it whole: `2s`, `500ms`, `10us`, `7ns`.
    public var description: String {
      let units: [(Int64, String)] = [(1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "us")]
      for (size, name) in units where nanoseconds % size == 0 && nanoseconds != 0 {
        return "\(nanoseconds / size)\(name)"
      }
      return "\(nanoseconds)ns"
    }
  }
}
