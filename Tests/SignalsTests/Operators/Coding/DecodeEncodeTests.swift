import Signals
import SignalsTesting
import Testing

/// A decoder without Foundation: a document is the decimal text of an `Int`.
struct DecimalDecoder: TopLevelDecoder {
  struct NotANumber: Error, Equatable { let text: String }

  func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    guard let number = Int(text) as? T else { throw NotANumber(text: text) }
    return number
  }
}

/// An encoder without Foundation: an `Int` becomes its decimal text; negative numbers refuse.
struct DecimalEncoder: TopLevelEncoder {
  struct Negative: Error, Equatable {}

  func encode<T: Encodable>(_ value: T) throws -> String {
    guard let number = value as? Int, number >= 0 else { throw Negative() }
    return String(number)
  }
}

@Suite struct DecodeEncodeTests {
  @Test func decodesEachDocumentUntilOneDoesNotDecode() {
    let documents = PassthroughSubject<String, Never>()
    let recorder = documents.decode(type: Int.self, decoder: DecimalDecoder()).record()
    documents.send("1")
    documents.send("22")
    documents.send("x")
    documents.send("3")
    #expect(recorder.values == [1, 22])
    #expect(recorder.failure as? DecimalDecoder.NotANumber == DecimalDecoder.NotANumber(text: "x"))
    #expect(documents.subscriberCount == 0)
  }

  @Test func encodesEachValueUntilOneDoesNotEncode() {
    let values = PassthroughSubject<Int, TestError>()
    let recorder = values.encode(encoder: DecimalEncoder()).record()
    values.send(7)
    values.send(-1)
    values.send(8)
    #expect(recorder.values == ["7"])
    #expect(recorder.failure is DecimalEncoder.Negative)
    #expect(values.subscriberCount == 0)
  }

  @Test func anEncodeDecodeRoundTripKeepsValuesAndPassesTheUpstreamFailure() {
    let values = PassthroughSubject<Int, TestError>()
    let decoded:
      Publishers.Decode<
        Publishers.Encode<PassthroughSubject<Int, TestError>, DecimalEncoder>, Int, DecimalDecoder
      > =
        values.encode(encoder: DecimalEncoder()).decode(type: Int.self, decoder: DecimalDecoder())
    let recorder = decoded.record()
    values.send(4)
    values.send(completion: .failure(TestError(9)))
    #expect(recorder.values == [4])
    #expect(recorder.failure as? TestError == TestError(9))
  }
}
