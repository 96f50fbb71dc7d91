import Foundation
import LoginFeature
import Signals
import SignalsTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The SMS login over the examples' one service layer (seed 004): the same client, envelope,
/// request log and 401 reporting as the password login, against a server in this process.
@MainActor @Suite struct SMSOverServiceLayerTests {
  let scheduler = TestScheduler()

  /// A server that texts code 246810 to 5550100 only, and logs that number in with it.
  nonisolated static func answer(_ request: URLRequest) -> HTTPAnswer {
    let body =
      request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] } ?? [:]
    switch request.url?.path {
    case "/v1/sms/code":
      guard body["phone"] == "5550100" else {
        return .envelope(code: 1003, msg: "No account has this number")
      }
      return .envelope(data: true)
    case "/v1/sms/login":
      guard body["phone"] == "5550100", body["code"] == "246810" else {
        return .envelope(code: 1004, msg: "Wrong code")
      }
      return .envelope(data: ["userID": "alice@example.com", "token": "t-1", "realName": "Alice Liddell"])
    default:
      return .envelope(status: 404, code: 404, msg: "no such path")
    }
  }

  func service(expiry: SessionExpiry? = nil, status: Int? = nil) -> HTTPLoginService {
    let transport = InProcessTransport(scheduler: scheduler, latency: { _ in .milliseconds(100) }) {
      request in
      status.map { HTTPAnswer(status: $0, body: Data()) } ?? Self.answer(request)
    }
    return HTTPLoginService(
      client: ServiceClient(
        baseURL: URL(string: "https://api.example/v1")!, transport: transport, expiry: expiry))
  }

  func model(
    _ service: HTTPLoginService, expiry: SessionExpiry = SessionExpiry()
  ) -> (SMSLoginViewModel, FakeStore) {
    let store = FakeStore(lastUserID: nil)
    let gate = LoginGate(
      permission: FakePermission(granted: Flag(true)), updates: FakeUpdates(advice: .none), store: store,
      credentials: CredentialStore())
    gate.prepare()
    return (SMSLoginViewModel(service: service, gate: gate, expiry: expiry), store)
  }

  @Test func theCodeAndTheLoginGoThroughTheServiceLayerUnauthenticated() {
    let service = service()
    let (model, store) = model(service)
    model.phone = "5550100"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    model.code = "246810"
    model.login()
    scheduler.advance(by: .seconds(1))
    guard case .success(let session) = model.currentStatus else {
      Issue.record("not logged in: \(model.currentStatus)")
      return
    }
    #expect(session.token == "t-1")
    #expect(session.realName == "Alice Liddell")
    #expect(store.saved == [session])
    #expect(service.client.log.entries.map(\.path) == ["sms/code", "sms/login"])
    #expect(service.client.log.entries.allSatisfy { $0.token == nil && $0.status == 200 })
  }

  @Test func theServersRefusalsAreShownAsItsMessages() {
    let (model, _) = model(service())
    model.phone = "5550199"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    #expect(model.currentCodeStatus == .failed(.server(message: "No account has this number")))
    model.phone = "5550100"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    model.code = "111111"
    model.login()
    scheduler.advance(by: .seconds(1))
    #expect(model.currentStatus == .failure(.server(message: "Wrong code")))
  }

  @Test func a401ReachesTheOneSessionExpiry() {
    let expiry = SessionExpiry()
    let reports = expiry.expired.record(on: scheduler)
    let (model, _) = model(service(expiry: expiry, status: 401), expiry: expiry)
    model.phone = "5550100"
    model.requestCode()
    scheduler.advance(by: .seconds(1))
    #expect(model.currentCodeStatus == .failed(.sessionExpired))
    #expect(reports.values.count >= 1)
  }
}
