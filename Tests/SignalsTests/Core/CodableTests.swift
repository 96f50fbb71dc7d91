import Foundation
import Signals
import SignalsTesting
import Testing

/// `Subscribers.Completion`, `Subscribers.Demand`, `Record` and `Record.Recording` code as
/// Combine's do (the keys are OpenCombine's, which match Combine's), so recordings written by
/// Combine code read back here and the other way round.
@Suite struct CodableTests {
  struct CodedError: Error, Codable, Equatable {
    let code: Int
  }

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  @Test func aFinishedCompletionCodesAsSuccessTrue() throws {
    let finished = Subscribers.Completion<CodedError>.finished
    #expect(try Self.json(finished) == #"{"success":true}"#)
    #expect(try Self.decode(Subscribers.Completion<CodedError>.self, #"{"success":true}"#) == finished)
  }

  @Test func aFailedCompletionCodesAsSuccessFalseWithTheError() throws {
    let failure = Subscribers.Completion<CodedError>.failure(CodedError(code: 7))
    let json = try Self.json(failure)
    #expect(json == #"{"error":{"code":7},"success":false}"#)
    #expect(try Self.decode(Subscribers.Completion<CodedError>.self, json) == failure)
  }

  @Test func aFailedCompletionWithoutItsErrorIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try Self.decode(Subscribers.Completion<CodedError>.self, #"{"success":false}"#)
    }
  }

  @Test func aDemandCodesAsItsLimitAndUnlimitedAsTwoToTheSixtyThird() throws {
    #expect(try Self.json(Subscribers.Demand.max(3)) == "3")
    #expect(try Self.json(Subscribers.Demand.none) == "0")
    #expect(try Self.json(Subscribers.Demand.unlimited) == "9223372036854775808")
    for demand in [Subscribers.Demand.none, .max(1), .max(Int.max), .unlimited] {
      #expect(try Self.decode(Subscribers.Demand.self, try Self.json(demand)) == demand)
    }
    #expect(try Self.decode(Subscribers.Demand.self, "18446744073709551615") == .unlimited)
  }

  @Test func aNegativeDemandIsADecodingError() {
    #expect(throws: DecodingError.self) { try Self.decode(Subscribers.Demand.self, "-1") }
  }

  @Test func aRecordingCodesItsOutputAndCompletion() throws {
    let recording = Record<Int, CodedError>.Recording(
      output: [1, 2], completion: .failure(CodedError(code: 3)))
    let json = try Self.json(recording)
    #expect(json == #"{"completion":{"error":{"code":3},"success":false},"output":[1,2]}"#)
    let decoded = try Self.decode(Record<Int, CodedError>.Recording.self, json)
    #expect(decoded.output == [1, 2])
    #expect(decoded.completion == .failure(CodedError(code: 3)))
  }

  @Test func encodeIntoWritesWhatEncodeToWrites() throws {
    let recording = Record<Int, Never>.Recording(output: [4])
    struct Into: Encodable {
      let recording: Record<Int, Never>.Recording
      func encode(to encoder: any Encoder) throws { try recording.encode(into: encoder) }
    }
    #expect(try Self.json(Into(recording: recording)) == (try Self.json(recording)))
  }

  @Test func aDecodedRecordingIsCompleteAndIgnoresLaterValues() throws {
    var decoded = try Self.decode(
      Record<Int, CodedError>.Recording.self, #"{"completion":{"success":true},"output":[5]}"#)
    decoded.receive(6)
    #expect(decoded.output == [5])
  }

  @Test func aRecordRoundTripsThroughJSONAndReplaysTheSame() throws {
    let record = Record<Int, CodedError>(output: [1, 2, 3], completion: .failure(CodedError(code: 9)))
    let json = try Self.json(record)
    #expect(json == #"{"recording":{"completion":{"error":{"code":9},"success":false},"output":[1,2,3]}}"#)
    let replayed = try Self.decode(Record<Int, CodedError>.self, json).record()
    #expect(replayed.values == [1, 2, 3])
    #expect(replayed.completion == .failure(CodedError(code: 9)))
  }

  @Test func schedulerTimeAndItsStrideCodeAsTheirNanoseconds() throws {
    let time = SchedulerTime(milliseconds: 1_500)
    #expect(try Self.json(time) == #"{"nanoseconds":1500000000}"#)
    #expect(try Self.decode(SchedulerTime.self, #"{"nanoseconds":1500000000}"#) == time)
    let stride = SchedulerTime.Stride.microseconds(-3)
    #expect(try Self.decode(SchedulerTime.Stride.self, try Self.json(stride)) == stride)
    #expect(throws: DecodingError.self) { try Self.decode(SchedulerTime.self, #"{"nanoseconds":"soon"}"#) }
  }
}
