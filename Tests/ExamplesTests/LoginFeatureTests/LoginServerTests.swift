import Foundation
import LoginFeature
import Signals
import SignalsTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The default demo's in-process server, through the one service client: what each answer
/// becomes once the envelope is read and the error mapped.
@MainActor @Suite struct LoginServerTests {
  let scheduler = TestScheduler()

  func login(
    _ account: String, _ password: String, log: RequestLog = RequestLog()
  ) -> Result<Session, AppError>? {
    let service = LoginServer().loginService(on: scheduler, log: log)
    var result: Result<Session, AppError>?
    let cancellable = service.login(account: account, password: password).mapError(AppError.init)
      .sink(
        receiveCompletion: { if case .failure(let error) = $0 { result = .failure(error) } },
        receiveValue: { result = .success($0) })
    scheduler.advance(by: .seconds(2))
    withExtendedLifetime(cancellable) {}
    return result
  }

  @Test func aKnownAccountGetsItsSessionWithItsProfileAfterTwoSeconds() throws {
    let log = RequestLog()
    let session = try #require(try login("alice@example.com", "wonderland", log: log)?.get())
    #expect(session.userID == "alice@example.com")
    #expect(session.token == "token-17-10")
    #expect(session.realName == "Alice Liddell")
    #expect(session.language == "en")
    #expect(log.entries.map(\.description) == ["POST login [no token] -> 200"])
  }

  @Test func aWrongPasswordIsAServerErrorWithTheEnvelopesMessage() {
    #expect(login("alice@example.com", "nope") == .failure(.server(message: "Wrong account or password")))
  }

  @Test func thePasswordErrorIsAnHTTP500() {
    #expect(login("alice@example.com", "error") == .failure(.server(message: "the server answered 500")))
  }

  @Test func theAccountCheckAnswersAtOnce() {
    var accepted: [Bool] = []
    let service = LoginServer().loginService(on: scheduler)
    let cancellables = ["short", "alice@example.com"].map { account in
      service.checkAccount(account).sink(receiveCompletion: { _ in }, receiveValue: { accepted.append($0) })
    }
    scheduler.advance(by: .zero)
    withExtendedLifetime(cancellables) {}
    #expect(accepted == [false, true])
  }

  @Test func anUnknownEndpointIsA404() {
    var request = URLRequest(url: LoginServer.baseURL.appendingPathComponent("nowhere"))
    request.httpMethod = "GET"
    #expect(LoginServer().respond(to: request).status == 404)
  }
}
