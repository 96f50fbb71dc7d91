import Foundation
import SignalsFoundation
import Synchronization
import Testing

struct User: Codable, Equatable {
  var name: String
  var age: Int
}

@Suite struct TopLevelCodersTests {
  @Test func jsonRoundTripsThroughEncodeAndDecode() throws {
    let users = PassthroughSubject<User, Never>()
    let json = Guarded<[String]>([])
    let decoded = Guarded<[User]>([])
    let encoded = users.encode(encoder: JSONEncoder())
    let jsonSubscription = encoded.sink(receiveCompletion: { _ in }) { data in
      json.withLock { $0.append(String(decoding: data, as: UTF8.self)) }
    }
    let roundTrip = encoded.decode(type: User.self, decoder: JSONDecoder())
      .sink(receiveCompletion: { _ in }) { user in decoded.withLock { $0.append(user) } }
    users.send(User(name: "Ada", age: 36))
    #expect(decoded.withLock { $0 } == [User(name: "Ada", age: 36)])
    let text = try #require(json.withLock { $0.first })
    #expect(text.contains("\"name\":\"Ada\""))
    jsonSubscription.cancel()
    roundTrip.cancel()
  }

  @Test func malformedJSONFailsWithTheDecodersError() {
    let failure = Guarded<(any Error)?>(nil)
    let subscription = Just(Data("{\"name\": 1}".utf8)).decode(type: User.self, decoder: JSONDecoder())
      .sink(
        receiveCompletion: { completion in
          if case .failure(let error) = completion { failure.withLock { $0 = error } }
        }, receiveValue: { _ in })
    #expect(failure.withLock { $0 } is DecodingError)
    subscription.cancel()
  }

  @Test func propertyListsRoundTripToo() {
    let decoded = Guarded<[User]>([])
    let subscription = Just(User(name: "Grace", age: 85))
      .encode(encoder: PropertyListEncoder())
      .decode(type: User.self, decoder: PropertyListDecoder())
      .sink(receiveCompletion: { _ in }) { user in decoded.withLock { $0.append(user) } }
    #expect(decoded.withLock { $0 } == [User(name: "Grace", age: 85)])
    subscription.cancel()
  }
}
