import Dispatch
import Signals
import Testing

/// The members of Combine's per-scheduler strides that the one `SchedulerTime.Stride` carries,
/// and the exact values of its conversions to and from `DispatchTimeInterval` and seconds.
@Suite struct SchedulerTimeCombineStrideTests {
  typealias Stride = SchedulerTime.Stride

  @Test func magnitudeCountsSignedNanosecondsAsDispatchQueuesStrideDoes() {
    #expect(Stride.seconds(2).magnitude == 2_000_000_000)
    #expect(Stride.milliseconds(-2).magnitude == -2_000_000)
    #expect((Stride.nanoseconds(7) + .nanoseconds(-12)).magnitude == -5)
    #expect(Stride.nanoseconds(.max).magnitude == .max)
    var stride = Stride.zero
    stride.magnitude = 431
    #expect(stride == .nanoseconds(431))
    #expect(abs(Stride.milliseconds(-3)) == .milliseconds(3))
  }

  @Test func aDispatchTimeIntervalConvertsExactlyBothWays() {
    #expect(Stride(.seconds(2)).nanoseconds == 2_000_000_000)
    #expect(Stride(.milliseconds(-57)).nanoseconds == -57_000_000)
    #expect(Stride(.microseconds(33)).nanoseconds == 33_000)
    #expect(Stride(.nanoseconds(-0x13B1_3B13_B13B_13B0)).nanoseconds == -0x13B1_3B13_B13B_13B0)
    #expect(Stride(.never).nanoseconds == .max)
    #expect(Stride(.seconds(.max)).nanoseconds == .max)
    #expect(Stride(.milliseconds(.min)).nanoseconds == .min)

    #expect(Stride.seconds(2).dispatchTimeInterval == .nanoseconds(2_000_000_000))
    #expect(Stride.microseconds(-2).dispatchTimeInterval == .nanoseconds(-2_000))
    #expect(Stride.nanoseconds(.max).dispatchTimeInterval == .nanoseconds(.max))
    for nanoseconds in [Int.min, -1_000_000_007, -1, 0, 1, 999_999_999, Int.max] {
      #expect(Stride(Stride.nanoseconds(nanoseconds).dispatchTimeInterval).magnitude == nanoseconds)
    }
  }

  @Test func secondsConvertToTheNearestNanosecondAndBackExactly() {
    #expect(Stride(2.2).nanoseconds == 2_200_000_000)
    #expect(Stride(0.25) == .milliseconds(250))
    #expect(Stride(-11.993).nanoseconds == -11_993_000_000)
    #expect(Stride(1024.5).timeInterval == 1024.5)
    #expect(Stride(2e-9).timeInterval == 2e-9)
    #expect(Stride(.infinity).nanoseconds == .max)
    #expect(Stride(-.infinity).nanoseconds == .min)
    #expect(Stride(.nan) == .zero)
  }

  @Test func secondsJustBelowTheRangeKeepTheirValueInsteadOfSaturating() {
    // 9_223_372_035.854776 s is 9_223_372_035_854_776_320 ns: representable, under Int64.max.
    #expect(Stride.seconds(Double(Int.max) / 1_000_000_000 - 1).nanoseconds == 9_223_372_035_854_776_320)
    #expect(Stride.seconds(-9_223_372_035.0).nanoseconds == -9_223_372_035_000_000_512)
    #expect(Stride.seconds(Double(Int.max) / 1_000_000_000).nanoseconds == .max)
    #expect(Stride.seconds(-Double(Int.max) / 1_000_000_000).nanoseconds == .min)
  }

  @Test func theLastInstantIsDispatchsDistantFuture() {
    let time = SchedulerTime(DispatchTime(uptimeNanoseconds: 10_000))
    #expect(time.advanced(by: .nanoseconds(.max)).dispatchTime == .distantFuture)
    #expect(SchedulerTime(DispatchTime.distantFuture).dispatchTime == .distantFuture)
    #expect(time.advanced(by: .nanoseconds(431)).dispatchTime.uptimeNanoseconds == 10_431)
    let lastBeforeTheEnd = SchedulerTime(nanoseconds: .max - 1)
    #expect(lastBeforeTheEnd.dispatchTime.uptimeNanoseconds == UInt64(Int64.max))
  }

  @Test func anInstantHashesAsTheDispatchTimeItStandsFor() {
    for uptime: UInt64 in [1, 42, 10_000, 1 << 40] {
      let time = DispatchTime(uptimeNanoseconds: uptime)
      #expect(SchedulerTime(time).hashValue == time.rawValue.hashValue)
    }
  }

  @Test func genericCodeOverSchedulerTimeIntervalConvertibleTakesTheStride() {
    func halfASecond<S: SchedulerTimeIntervalConvertible>(as type: S.Type) -> [S] {
      [.seconds(0.5), .milliseconds(500), .microseconds(500_000), .nanoseconds(500_000_000)]
    }
    #expect(halfASecond(as: Stride.self) == Array(repeating: Stride.milliseconds(500), count: 4))
  }
}
