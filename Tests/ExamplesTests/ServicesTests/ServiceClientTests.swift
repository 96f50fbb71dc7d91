import Foundation
import Services
import Signals
import SignalsTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The service layer (seed 004) against a server in the same process, in virtual time.
@Suite struct ServiceClientTests {
  let scheduler = TestScheduler()

  /// What a test server received, oldest first.
  final class Received: Sendable {
    let requests = Mutex<[URLRequest]>([])
    func withLock<T>(_ body: (inout [URLRequest]) -> T) -> T { requests.withLock { body(&$0) } }
  }

  /// A client whose server answers every request with `answer`, writing down what it received.
  func client(
    expiry: SessionExpiry? = nil, answer: @escaping @Sendable (URLRequest) -> HTTPAnswer
  ) -> (ServiceClient, Received) {
    let received = Received()
    let transport = InProcessTransport(scheduler: scheduler, latency: { _ in .milliseconds(100) }) {
      request in
      received.withLock { $0.append(request) }
      return answer(request)
    }
    return (
      ServiceClient(baseURL: URL(string: "https://api.example/v1")!, transport: transport, expiry: expiry),
      received
    )
  }

  /// The outcome of `publisher` once the scheduler has run.
  func outcome<T>(_ publisher: AnyPublisher<T, ServiceError>) -> Result<T, ServiceError>? {
    let recorder = publisher.record()
    scheduler.run()
    if case .failure(let error)? = recorder.completion { return .failure(error) }
    return recorder.values.first.map { .success($0) }
  }

  @Test(arguments: [200, 201, 202, 204, 299])
  func anyTwoHundredStatusWithCodeZeroIsSuccess(_ status: Int) {
    let (client, _) = client { _ in .envelope(status: status, data: [1, 2, 3]) }
    #expect(outcome(client.request(ServiceRequest("numbers"), as: [Int].self)) == .success([1, 2, 3]))
  }

  @Test(arguments: [199, 301, 400, 404, 500, 503])
  func aStatusOutsideTwoHundredIsAnHTTPError(_ status: Int) {
    let (client, _) = client { _ in .envelope(status: status, data: [1]) }
    #expect(
      outcome(client.request(ServiceRequest("numbers"), as: [Int].self)) == .failure(.http(status: status)))
  }

  @Test func theEnvelopesCodeMessageAndDataAreRead() {
    let (refusing, _) = client { _ in .envelope(code: 1002, msg: "account locked") }
    #expect(
      outcome(refusing.request(ServiceRequest("x"), as: Int.self))
        == .failure(.rejected(code: 1002, message: "account locked")))
    let (empty, _) = client { _ in .envelope(code: 0, msg: "ok") }
    #expect(
      outcome(empty.request(ServiceRequest("x"), as: Int.self))
        == .failure(.undecodable("the envelope has no data")))
    #expect(outcome(empty.request(ServiceRequest("x"), as: EmptyPayload.self)) == .success(EmptyPayload()))
    let (garbage, _) = client { _ in HTTPAnswer(status: 200, body: Data("{not json".utf8)) }
    #expect(
      outcome(garbage.request(ServiceRequest("x"), as: Int.self))
        == .failure(.undecodable("not a response envelope")))
    let (wrongType, _) = client { _ in .envelope(data: "text") }
    #expect(
      outcome(wrongType.request(ServiceRequest("x"), as: Int.self))
        == .failure(.undecodable("not a response envelope")))
  }

  @Test func failuresAreMappedToWhatTheAppShows() {
    #expect(AppError(.offline) == .network)
    #expect(AppError(.unreachable) == .network)
    #expect(AppError(.http(status: 401)) == .sessionExpired)
    #expect(AppError(.http(status: 500)) == .server(message: "the server answered 500"))
    #expect(AppError(.rejected(code: 7, message: "no")) == .server(message: "no"))
    let (client, _) = client { _ in .envelope(status: 401, code: 401, msg: "expired") }
    let recorder = client.call(ServiceRequest("x"), as: Int.self).record()
    scheduler.run()
    #expect(recorder.completion == .failure(.sessionExpired))
  }

  @Test func everyAuthenticatedRequestCarriesTheSessionTokenAndOnlyThose() throws {
    let (client, received) = client { _ in .envelope(data: true) }
    _ = outcome(client.request(ServiceRequest("before"), as: Bool.self))
    client.tokens.set("token-42")
    _ = outcome(client.request(ServiceRequest("news", parameters: ["page": "2"]), as: Bool.self))
    _ = outcome(
      client.request(ServiceRequest("feedback", method: "POST", parameters: ["text": "hi"]), as: Bool.self))
    _ = outcome(client.request(ServiceRequest("login", method: "POST", authenticated: false), as: Bool.self))
    client.tokens.clear()
    _ = outcome(client.request(ServiceRequest("after"), as: Bool.self))
    let requests = received.withLock { $0 }
    #expect(
      requests.map { $0.value(forHTTPHeaderField: "Authorization") }
        == [nil, "Bearer token-42", "Bearer token-42", nil, nil])
    #expect(requests[1].url?.absoluteString == "https://api.example/v1/news?page=2")
    #expect(requests[2].httpMethod == "POST")
    let body = try #require(requests[2].httpBody)
    #expect(String(decoding: body, as: UTF8.self) == #"{"text":"hi"}"#)
  }

  @Test func theRequestLogListsEveryRequestWithItsTokenAndStatus() {
    let (client, _) = client { request in
      request.url?.path.hasSuffix("secret") == true
        ? .envelope(status: 401, code: 401, msg: "no") : .envelope(data: 1)
    }
    client.tokens.set("t1")
    let running = client.request(ServiceRequest("slow"), as: Int.self).record()
    #expect(client.log.entries.map(\.description) == ["GET slow [t1] -> -"], "written down when sent")
    scheduler.run()
    _ = outcome(client.request(ServiceRequest("secret"), as: Int.self))
    _ = outcome(
      client.request(
        ServiceRequest("check", parameters: ["account": "ada"], authenticated: false), as: Int.self))
    #expect(
      client.log.entries.map(\.description)
        == ["GET slow [t1] -> 200", "GET secret [t1] -> 401", "GET check?account=ada [no token] -> 200"])
    #expect(running.values == [1])
  }

  @Test func a401IsReportedToTheOneSessionExpiryOncePerSession() {
    let expiry = SessionExpiry()
    let reports = expiry.expired.record()
    let (client, _) = client(expiry: expiry) { request in
      request.url?.path.hasSuffix("ok") == true
        ? .envelope(data: 1) : .envelope(status: 401, code: 401, msg: "no")
    }
    _ = outcome(client.request(ServiceRequest("ok"), as: Int.self))
    #expect(reports.values.isEmpty)
    _ = outcome(client.request(ServiceRequest("news"), as: Int.self))
    _ = outcome(client.request(ServiceRequest("contacts"), as: Int.self))
    #expect(reports.values.count == 1, "the same expiry, reported once")
    expiry.reset()
    _ = outcome(client.reporting(to: nil).request(ServiceRequest("news"), as: Int.self))
    #expect(reports.values.count == 1, "a client without an expiry leaves reporting to its caller")
    _ = outcome(client.request(ServiceRequest("news"), as: Int.self))
    #expect(reports.values.count == 2, "after a reset, the next session's expiry")
  }

  @Test func aPathThatMakesNoURLIsATypedError() {
    let (client, received) = client { _ in .envelope(data: 1) }
    #expect(
      outcome(client.request(ServiceRequest("/absolute"), as: Int.self))
        == .failure(.undecodable("bad URL for /absolute")))
    #expect(received.withLock { $0.isEmpty })
  }
}
