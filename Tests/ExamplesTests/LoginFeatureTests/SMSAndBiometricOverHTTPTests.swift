import Foundation
import LoginFeature
import Signals
import Testing

/// Whether `python3`, which runs the test server, is on the `PATH` (it is not part of the Swift
/// toolchain): without it the suite is skipped with its reason.
private let hasPython = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

/// The Login service layer complete, over real HTTP on loopback (`Server/login_server.py`), as
/// `LoginDemo --service http` runs it: SMS login through `HTTPLoginService`, and face login
/// through `HTTPBiometricService` on the same `ServiceClient`. These tests assert what came back,
/// never how long it took.
@Suite(.serialized, .enabled(if: hasPython, "needs python3 on the PATH for the test server"))
struct SMSAndBiometricOverHTTPTests {
  let http = HTTPLoginServiceTests()

  @Test func smsRequestsACodeThenLogsInWithIt() async throws {
    let server = try HTTPLoginServiceTests.Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url)
    let sent = await http.outcome(service.requestCode(phone: "5550100").map { true }.eraseToAnyPublisher())
    #expect(sent == .success(true))
    let session = await http.outcome(service.login(phone: "5550100", code: "246810"))
    let alice = Session(userID: "alice@example.com", token: "sms-t", realName: "Alice Liddell")
    #expect(session == .success(alice))
    #expect(service.client.log.entries.map(\.path) == ["sms/code", "sms/login"])
  }

  @Test func smsRefusalsAreTheServersMessages() async throws {
    let server = try HTTPLoginServiceTests.Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url)
    let unknown = await http.outcome(service.requestCode(phone: "5550199").map { true }.eraseToAnyPublisher())
    #expect(unknown == .failure(.rejected(code: 1003, message: "No account has this number")))
    let wrong = await http.outcome(service.login(phone: "5550100", code: "111111"))
    #expect(wrong == .failure(.rejected(code: 1004, message: "Wrong code")))
  }

  /// The use case's chain over HTTP, on the password login's client: the stored token's session
  /// answers 401, the refresh renews it, the retry gets the session.
  @Test func faceLoginRefreshesAndRetriesOverTheSameClient() async throws {
    let server = try HTTPLoginServiceTests.Server()
    defer { server.stop() }
    let login = HTTPLoginService(baseURL: server.url)
    let clock = ImmediateScheduler.shared
    let service = HTTPBiometricService(client: login.client, clock: clock)
    let credentials = CredentialStore(
      token: BiometricToken(value: "old", expires: clock.now.advanced(by: .seconds(60))))
    let useCase = BiometricLoginUseCase(
      authenticator: PassingAuthenticator(), credentials: credentials, service: service, clock: clock)
    let chain = useCase.login().mapError { failure -> ServiceError in
      if case .service(let error) = failure { error } else { .undecodable("\(failure)") }
    }
    let session = await http.outcome(chain.eraseToAnyPublisher())
    let alice = Session(userID: "alice@example.com", token: "bio-t", language: "en")
    #expect(session == .success(alice))
    #expect(credentials.token?.value == "renewed")
    #expect(
      login.client.log.entries.map(\.path) == ["biometric/session", "biometric/refresh", "biometric/session"])
    let statuses: [Int?] = login.client.log.entries.map(\.status)
    #expect(statuses == [401, 200, 200])
  }

  @Test func aRevokedFaceCredentialIsRefusedOverHTTP() async throws {
    let server = try HTTPLoginServiceTests.Server()
    defer { server.stop() }
    let service = HTTPBiometricService(
      client: HTTPLoginService(baseURL: server.url).client, clock: ImmediateScheduler.shared)
    let refresh = await http.outcome(
      service.refresh(BiometricToken(value: "revoked", expires: ImmediateScheduler.shared.now)))
    #expect(refresh == .failure(.rejected(code: 40, message: "revoked")))
  }
}

/// A device whose face check always passes.
private struct PassingAuthenticator: Authenticator {
  func authenticate() -> AnyPublisher<DeviceCheck, Never> { Just(.passed).eraseToAnyPublisher() }
}
