import Foundation
import Services
import Testing

/// How an envelope is read: a key written twice, at any level, is never read one way or the
/// other.
@Suite struct ResponseEnvelopeTests {
  struct Login: Decodable, Equatable {
    let userID: String
    let token: String
  }

  func decode<Payload: Decodable>(_ body: String, as type: Payload.Type) -> Result<Payload, ServiceError> {
    ResponseEnvelope<Payload>.decode(status: 200, body: Data(body.utf8))
  }

  static let twice = ServiceError.undecodable("a key appears twice in the answer")

  @Test(arguments: [
    // The fuzzer's find: JSONDecoder took the first code, other readers the last.
    #"{"code":0,"code":7,"msg":"","msg":"","data":{"userID":"1","token":"3"}}"#,
    #"{"code":7,"msg":"no","code":0,"data":{"userID":"1","token":"3"}}"#,
    #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3","token":"4"}}"#,
    #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3"},"data":{"userID":"2","token":"4"}}"#,
    #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3","\u0074oken":"4"}}"#,
    #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3","extra":[{"a":1,"a":2}]}}"#,
    #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3","extra":{"\ud83d\ude00":1,"😀":2}}}"#,
    #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3","extra":{"é":1,"e\u0301":2}}}"#,
  ])
  func anEnvelopeWithAKeyTwiceInOneObjectIsUndecodable(_ body: String) {
    #expect(decode(body, as: Login.self) == .failure(Self.twice))
  }

  @Test func theSameKeyInDifferentObjectsIsFine() {
    let body = #"{"code":0,"msg":"ok","data":{"userID":"1","token":"3","code":5,"msg":{"code":6}}}"#
    #expect(decode(body, as: Login.self) == .success(Login(userID: "1", token: "3")))
    let list = #"{"code":0,"msg":"ok","data":[{"code":1},{"code":2}]}"#
    #expect(decode(list, as: [[String: Int]].self) == .success([["code": 1], ["code": 2]]))
    let inText = #"{"code":0,"msg":"\"code\":7, \"code\"","data":{"userID":"1","token":"\\\"token\":"}}"#
    #expect(decode(inText, as: Login.self) == .success(Login(userID: "1", token: #"\"token":"#)))
  }

  @Test func aKeyTwiceInTheRefusalIsUndecodableToo() {
    #expect(decode(#"{"code":7,"msg":"a","msg":"b"}"#, as: EmptyPayload.self) == .failure(Self.twice))
    #expect(
      decode(#"{"code":0,"msg":"ok","data":{"x":1,"x":2}}"#, as: EmptyPayload.self) == .failure(Self.twice))
  }

  @Test func aBodyThatIsNotUTF8IsUndecodable() {
    let utf16 = #"{"code":0,"msg":"ok","data":true}"#.data(using: .utf16LittleEndian)!
    #expect(
      ResponseEnvelope<Bool>.decode(status: 200, body: utf16)
        == .failure(.undecodable("not a response envelope")))
    let latin1 = Data(#"{"code":0,"msg":"caf"#.utf8) + Data([0xE9]) + Data(#"","data":true}"#.utf8)
    #expect(
      ResponseEnvelope<Bool>.decode(status: 200, body: latin1)
        == .failure(.undecodable("not a response envelope")))
  }

  @Test func aDeeplyNestedBodyIsATypedErrorNotACrash() {
    let deep = #"{"code":0,"msg":"ok","data":"# + String(repeating: "[", count: 100_000) + "}"
    guard case .failure(.undecodable) = decode(deep, as: Bool.self) else {
      Issue.record("a deep body was not refused")
      return
    }
  }
}
