import Foundation
import LoginFeature
import Signals
import SignalsTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Seed 003's use case: the biometric refresh chain (refresh, then session, then one retry)
/// lives in `BiometricLoginUseCase`, not in the view model. Every request here takes a second of
/// virtual time, so the order of the chain shows in the times its steps end.
@Suite struct BiometricLoginUseCaseTests {
  let scheduler = TestScheduler()
  let session = Session(userID: "alice", token: "s")
  /// Expires at 9 s.
  let token = BiometricToken(value: "t1", expires: SchedulerTime(nanoseconds: 9_000_000_000))
  let renewed = BiometricToken(value: "t2", expires: SchedulerTime(nanoseconds: 99_000_000_000))

  /// A biometric server answering each request a second late on the test scheduler, with the
  /// answers the test scripts, and a log of what was asked when.
  final class SlowService: BiometricService, @unchecked Sendable {  // @unchecked: one test thread
    let scheduler: TestScheduler
    var refreshes: [Result<BiometricToken, ServiceError>]
    var sessions: [Result<Session, ServiceError>]
    var log: [String] = []
    init(
      _ scheduler: TestScheduler, refreshes: [Result<BiometricToken, ServiceError>] = [],
      sessions: [Result<Session, ServiceError>] = []
    ) {
      self.scheduler = scheduler
      self.refreshes = refreshes
      self.sessions = sessions
    }
    func refresh(_ token: BiometricToken) -> AnyPublisher<BiometricToken, ServiceError> {
      log.append("\(scheduler.now) refresh \(token.value)")
      let answer =
        refreshes.isEmpty ? .failure(.rejected(code: 9, message: "unscripted")) : refreshes.removeFirst()
      return answer.publisher.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
    }
    func session(for token: BiometricToken) -> AnyPublisher<Session, ServiceError> {
      log.append("\(scheduler.now) session \(token.value)")
      let answer =
        sessions.isEmpty ? .failure(.rejected(code: 9, message: "unscripted")) : sessions.removeFirst()
      return answer.publisher.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
    }
  }

  func useCase(
    _ service: SlowService, passes: Bool = true, reason: DeviceCheckFailure = .notRecognized,
    token: BiometricToken? = nil
  ) -> (BiometricLoginUseCase, CredentialStore) {
    let credentials = CredentialStore(token: token ?? self.token)
    let useCase = BiometricLoginUseCase(
      authenticator: FakeAuthenticator(passes: passes, failure: reason), credentials: credentials,
      service: service, clock: scheduler)
    return (useCase, credentials)
  }

  @Test func aValidTokenAsksForASessionOnly() {
    let service = SlowService(scheduler, sessions: [.success(session)])
    let (useCase, _) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [session])
    #expect(recorder.completion == .finished)
    #expect(service.log == ["0ns session t1"])
  }

  @Test func anExpiredTokenIsRefreshedThenUsedAndTheNewOneSaved() {
    scheduler.advance(by: .seconds(10))
    let service = SlowService(scheduler, refreshes: [.success(renewed)], sessions: [.success(session)])
    let (useCase, credentials) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(2))
    #expect(service.log == ["10s refresh t1", "11s session t2"])
    #expect(recorder.values == [session])
    #expect(credentials.token == renewed)
  }

  /// Seed 000's `requestSessionID`: the server says expired although the clock did not; the
  /// chain refreshes, then retries the session once, each step after the last one answered.
  @Test func a401IsRefreshedThenRetriedOnceInOrder() {
    let service = SlowService(
      scheduler, refreshes: [.success(renewed)], sessions: [.failure(.http(status: 401)), .success(session)])
    let (useCase, credentials) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(2))
    #expect(recorder.values.isEmpty, "the retry answered before its second")
    scheduler.advance(by: .seconds(1))
    #expect(service.log == ["0ns session t1", "1s refresh t1", "2s session t2"])
    #expect(recorder.values == [session])
    #expect(credentials.token == renewed)
  }

  @Test func aSecond401IsARefusedCredentialAndRemovesIt() {
    let service = SlowService(
      scheduler, refreshes: [.success(renewed)],
      sessions: [.failure(.http(status: 401)), .failure(.http(status: 401))])
    let (useCase, credentials) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(5))
    #expect(service.log.count == 3, "more than one retry: \(service.log)")
    #expect(recorder.completion == .failure(.refreshRejected))
    #expect(credentials.token == nil)
  }

  /// Seed 000's `handleRefreshTokenInvalid`: a refresh the server refuses removes the credential.
  @Test func aRejectedRefreshRemovesTheCredential() {
    let service = SlowService(
      scheduler, refreshes: [.failure(.rejected(code: 40, message: "revoked"))],
      sessions: [.failure(.http(status: 401))])
    let (useCase, credentials) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(credentials.token == token, "removed before the refresh answered")
    scheduler.advance(by: .seconds(1))
    #expect(recorder.completion == .failure(.refreshRejected))
    #expect(credentials.token == nil)
  }

  /// Seed 000: a refresh that fails on the network is a local error: it is shown, and the
  /// credential stays for the next try.
  @Test func aRefreshLostOnTheNetworkKeepsTheCredential() {
    scheduler.advance(by: .seconds(10))
    let service = SlowService(scheduler, refreshes: [.failure(.offline)])
    let (useCase, credentials) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.completion == .failure(.service(.offline)))
    #expect(credentials.token == token)
  }

  @Test(arguments: [DeviceCheckFailure.notRecognized, .notAvailable, .notEnrolled, .lockedOut])
  func aFailedDeviceCheckAsksTheServerNothing(_ reason: DeviceCheckFailure) {
    let service = SlowService(scheduler, sessions: [.success(session)])
    let (useCase, credentials) = useCase(service, passes: false, reason: reason)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.completion == .failure(.device(reason)))
    #expect(service.log.isEmpty)
    #expect(credentials.token == token)
  }

  @Test func noCredentialFailsAtOnceAskingNothing() {
    let service = SlowService(scheduler, sessions: [.success(session)])
    let credentials = CredentialStore()
    let useCase = BiometricLoginUseCase(
      authenticator: FakeAuthenticator(passes: true), credentials: credentials, service: service,
      clock: scheduler)
    #expect(!useCase.hasCredential)
    let recorder = useCase.login().record(on: scheduler)
    #expect(recorder.completion == .failure(.noCredential))
    #expect(service.log.isEmpty)
  }

  @Test func cancellingStopsTheChainWhereItIs() {
    let service = SlowService(
      scheduler, refreshes: [.success(renewed)], sessions: [.failure(.http(status: 401)), .success(session)])
    let (useCase, _) = useCase(service)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .milliseconds(1500))  // the refresh is under way
    recorder.cancel()
    scheduler.advance(by: .seconds(5))
    #expect(service.log == ["0ns session t1", "1s refresh t1"])
    #expect(recorder.values.isEmpty)
  }
}

/// Biometric login over the examples' one service layer (seed 004), as password and SMS login
/// go: the same `ServiceClient` (transport, request log), the envelope, against a server in this
/// process on virtual time.
@MainActor @Suite struct BiometricOverServiceLayerTests {
  let scheduler = TestScheduler()

  /// A server whose token `t1` has expired: its session answers 401, its refresh gives `t2`
  /// (an hour); `t2` gets alice's session; `revoked` is refused; `short` refreshes to a token
  /// with a negative lifetime, `blank` to an empty token.
  nonisolated static func answer(_ request: URLRequest) -> HTTPAnswer {
    let body =
      request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: String] } ?? [:]
    let token = body["token"] ?? ""
    switch request.url?.path {
    case "/v1/biometric/refresh":
      if token == "revoked" { return .envelope(code: 40, msg: "revoked") }
      if token == "short" { return .envelope(data: FreshToken(token: "t3", expiresIn: -5)) }
      if token == "blank" { return .envelope(data: FreshToken(token: "", expiresIn: 5)) }
      return .envelope(data: FreshToken(token: "t2", expiresIn: 3600))
    case "/v1/biometric/session":
      guard token == "t2" else { return .envelope(status: 401, code: 401, msg: "expired") }
      return .envelope(data: ["userID": "alice@example.com", "token": "s-2", "language": "en"])
    default:
      return .envelope(status: 404, code: 404, msg: "no such path")
    }
  }

  func client(expiry: SessionExpiry? = nil) -> ServiceClient {
    let transport = InProcessTransport(scheduler: scheduler, latency: { _ in .milliseconds(100) }) {
      Self.answer($0)
    }
    return ServiceClient(
      baseURL: URL(string: "https://api.example/v1")!, transport: transport, expiry: expiry)
  }

  @Test func theChainGoesThroughTheServiceClient() {
    let client = client()
    let service = HTTPBiometricService(client: client, clock: scheduler)
    let credentials = CredentialStore(
      token: BiometricToken(value: "t1", expires: .init(nanoseconds: 9_000_000_000)))
    let useCase = BiometricLoginUseCase(
      authenticator: FakeAuthenticator(passes: true), credentials: credentials, service: service,
      clock: scheduler)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values.map(\.token) == ["s-2"])
    #expect(
      client.log.entries.map(\.path) == ["biometric/session", "biometric/refresh", "biometric/session"])
    let statuses: [Int?] = client.log.entries.map(\.status)
    #expect(statuses == [401, 200, 200])
    #expect(
      client.log.entries.allSatisfy { $0.token == nil }, "the session token went with a biometric request")
    // Refreshed at 200 ms (the 401 came at 100 ms), for an hour by the clock.
    #expect(credentials.token?.value == "t2")
    let expires: SchedulerTime = SchedulerTime(nanoseconds: 200_000_000).advanced(by: .seconds(3600))
    #expect(credentials.token?.expires == expires)
  }

  /// Seed 000's `handleRefreshTokenInvalid` over HTTP: the session answers 401, the refresh is
  /// refused with a code, and the credential goes.
  @Test func aRevokedCredentialIsRefusedAndRemoved() {
    let service = HTTPBiometricService(client: client(), clock: scheduler)
    let credentials = CredentialStore(token: BiometricToken(value: "revoked", expires: .init(nanoseconds: 0)))
    let useCase = BiometricLoginUseCase(
      authenticator: FakeAuthenticator(passes: true), credentials: credentials, service: service,
      clock: scheduler)
    let recorder = useCase.login().record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.completion == .failure(.refreshRejected))
    #expect(credentials.token == nil)
  }

  @Test func aRefreshedTokenThatIsEmptyOrHasANegativeLifetimeIsUndecodable() {
    let service = HTTPBiometricService(client: client(), clock: scheduler)
    let short = service.refresh(BiometricToken(value: "short", expires: .init(nanoseconds: 0)))
      .record(on: scheduler)
    let blank = service.refresh(BiometricToken(value: "blank", expires: .init(nanoseconds: 0)))
      .record(on: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(short.completion == .failure(.undecodable("the refreshed token's lifetime is not a time")))
    #expect(blank.completion == .failure(.undecodable("the refreshed token is empty")))
  }
}

/// A refresh's answer, as the test server writes it.
private struct FreshToken: Encodable {
  let token: String
  let expiresIn: Double
}
