import Foundation
import Services
import Signals

/// Biometric login over the examples' service layer, as `HTTPLoginService` is for the password
/// and SMS: JSON requests through the app's one `ServiceClient` (its transport, request log and
/// token store), answers in the envelope `{"code": 0, "msg": "...", "data": ...}`.
///
/// - `POST biometric/refresh` with `{"token"}` answers `data: {"token", "expiresIn"}`, the new
///   token and its lifetime in seconds (the token's `expires` is `clock.now` plus that);
/// - `POST biometric/session` with `{"token"}` answers a session as `POST login` does (and is
///   validated the same way); HTTP 401 means the token has expired.
///
/// Neither carries the session token: the biometric token is the credential. Threading: results
/// arrive as the client's transport delivers them (URLSession's queue for
/// `URLSessionTransport`, the scheduler for `InProcessTransport`); move them with `receive(on:)`.
/// Completion: as `ServiceClient`: transport problems, statuses outside 2xx, non-zero codes and
/// unreadable bodies are `ServiceError`s. Bad input: a refreshed token that is empty, or whose
/// lifetime is negative or not a finite number, is `.undecodable`; nothing traps.
public struct HTTPBiometricService: BiometricService {
  /// The service layer the requests go through.
  public let client: ServiceClient
  /// The scheduler whose `now` a refreshed token's lifetime counts from.
  let clock: any Scheduler

  /// A service over `client` (the app's one client), timing tokens on `clock`.
  ///
  /// - Parameters:
  ///   - client: The app's service client; give it no `expiry`, since a biometric 401 is the
  ///     refresh chain's to handle, not an expired session.
  ///   - clock: The scheduler whose `now` a refreshed token's lifetime counts from.
  public init(client: ServiceClient, clock: any Scheduler) {
    self.client = client
    self.clock = clock
  }

  struct TokenPayload: Decodable, Sendable {
    let token: String
    let expiresIn: Double

    /// The token, expiring `expiresIn` seconds after `now`, if the payload makes one.
    func token(from now: SchedulerTime) -> Result<BiometricToken, ServiceError> {
      guard !token.isEmpty else { return .failure(.undecodable("the refreshed token is empty")) }
      guard expiresIn.isFinite, expiresIn >= 0, expiresIn < 1e9 else {
        return .failure(.undecodable("the refreshed token's lifetime is not a time"))
      }
      return .success(BiometricToken(value: token, expires: now.advanced(by: .seconds(expiresIn))))
    }
  }

  /// A fresh token for `token`: `POST biometric/refresh`.
  ///
  /// - Parameter token: The stored token.
  /// - Returns: The new token, then the finish; a refusal is the server's `.rejected` code.
  public func refresh(_ token: BiometricToken) -> AnyPublisher<BiometricToken, ServiceError> {
    let clock = clock
    return client.request(
      ServiceRequest(
        "biometric/refresh", method: "POST", parameters: ["token": token.value], authenticated: false),
      as: TokenPayload.self
    )
    .flatMap { $0.token(from: clock.now).publisher }
    .eraseToAnyPublisher()
  }

  /// A session for `token`: `POST biometric/session`.
  ///
  /// - Parameter token: A token that has not expired by the clock.
  /// - Returns: The session, then the finish; `.http(status: 401)` when the server says the
  ///   token has expired after all.
  public func session(for token: BiometricToken) -> AnyPublisher<Session, ServiceError> {
    client.request(
      ServiceRequest(
        "biometric/session", method: "POST", parameters: ["token": token.value], authenticated: false),
      as: HTTPLoginService.SessionPayload.self
    )
    .flatMap { $0.session.publisher }
    .eraseToAnyPublisher()
  }
}
