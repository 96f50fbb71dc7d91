import Signals

/// Why a biometric login did not produce a session.
public enum BiometricFailure: Error, Equatable, Sendable {
  /// The device's check did not pass, and why (not recognized, no sensor, nothing enrolled,
  /// locked out).
  case device(DeviceCheckFailure)
  /// The server refused the credential: a refresh was rejected, or the session answered 401
  /// again after a refresh. The credential has been removed.
  case refreshRejected
  /// A network or server problem; the credential is kept.
  case service(ServiceError)
  /// The device holds no credential: nothing was asked.
  case noCredential
}

/// Seed 003's use case for biometric login: the one call the view model makes, and the chain of
/// requests behind it that seed 000's presenter wrote as callbacks (`dologin`, `refreshToken`,
/// `requestSessionID`, `handleRefreshTokenInvalid`):
///
/// 1. the device's face or fingerprint check;
/// 2. with a token that has expired by the clock, a refresh first (the new token is saved);
/// 3. a session for the token;
/// 4. if the server says the token expired anyway (HTTP 401), one refresh and one retry;
/// 5. a rejected refresh, or a second 401, removes the stored credential
///    (`.refreshRejected`); a network failure keeps it (`.service`).
///
/// The view model only maps the outcome to its status and navigation.
///
/// Threading: answers arrive on the services' schedulers; the view model moves them with
/// `receive(on: UIScheduler.shared)`. The credential store is read when `login()` is called and
/// written as the answers arrive, on their thread (the app's scheduler in the demo).
/// Completion: one session then the finish, or one `BiometricFailure`. Cancelling stops the
/// chain where it is; a refreshed token already saved stays saved.
/// Bad input: no stored credential fails at once with `.noCredential`, asking nothing.
public struct BiometricLoginUseCase {
  let authenticator: any Authenticator
  let credentials: CredentialStore
  let service: any BiometricService
  let clock: any Scheduler

  /// A use case over the device's check, its stored credential and the biometric service; a
  /// token expires by `clock`'s time.
  ///
  /// - Parameters:
  ///   - authenticator: The device's face or fingerprint check.
  ///   - credentials: Where the token is kept (and saved after a refresh, removed after a
  ///     rejection).
  ///   - service: The server side: refresh and session.
  ///   - clock: The scheduler whose `now` says whether a token has expired.
  public init(
    authenticator: any Authenticator, credentials: CredentialStore, service: any BiometricService,
    clock: any Scheduler
  ) {
    self.authenticator = authenticator
    self.credentials = credentials
    self.service = service
    self.clock = clock
  }

  /// Whether the device holds a credential to log in with.
  public var hasCredential: Bool { credentials.token != nil }

  /// Logs in with the stored credential: the device check, then the refresh chain above.
  ///
  /// - Returns: The session, or why there is none.
  public func login() -> AnyPublisher<Session, BiometricFailure> {
    let credentials = credentials
    guard let token = credentials.token else {
      return Fail(error: BiometricFailure.noCredential).eraseToAnyPublisher()
    }
    return authenticator.authenticate()
      .setFailureType(to: BiometricFailure.self)
      .flatMap { [self] check -> AnyPublisher<Session, BiometricFailure> in
        if case .failed(let reason) = check { return Fail(error: .device(reason)).eraseToAnyPublisher() }
        return session(for: token)
      }
      .handleEvents(receiveCompletion: { completion in
        if case .failure(.refreshRejected) = completion { credentials.remove() }
      })
      .eraseToAnyPublisher()
  }

  /// A session for `token`: refreshed first if it has expired by the clock; refreshed and
  /// retried once if the server answers 401.
  func session(for token: BiometricToken) -> AnyPublisher<Session, BiometricFailure> {
    let usable: AnyPublisher<BiometricToken, BiometricFailure> =
      token.expires <= clock.now
      ? refreshed(token) : Just(token).setFailureType(to: BiometricFailure.self).eraseToAnyPublisher()
    return usable.flatMap { [self] current in
      service.session(for: current)
        .mapError { BiometricFailure.service($0) }
        .catch { [self] failure -> AnyPublisher<Session, BiometricFailure> in
          guard failure == .service(.http(status: 401)) else {
            return Fail(error: failure).eraseToAnyPublisher()
          }
          return retried(after: current)
        }
    }
    .eraseToAnyPublisher()
  }

  /// The retry after a 401: a refresh, then one more session request; a second 401 means the
  /// credential is no good any more.
  func retried(after token: BiometricToken) -> AnyPublisher<Session, BiometricFailure> {
    let service = service
    return refreshed(token)
      .flatMap { renewed in
        service.session(for: renewed).mapError { error in
          error == .http(status: 401) ? BiometricFailure.refreshRejected : .service(error)
        }
      }
      .eraseToAnyPublisher()
  }

  /// A refreshed token, saved in the credential store for the next login; a rejection (anything
  /// but a network failure) is `.refreshRejected`.
  func refreshed(_ token: BiometricToken) -> AnyPublisher<BiometricToken, BiometricFailure> {
    let credentials = credentials
    return service.refresh(token)
      .handleEvents(receiveOutput: { credentials.save($0) })
      .mapError { error in
        AppError(error) == .network ? BiometricFailure.service(error) : .refreshRejected
      }
      .eraseToAnyPublisher()
  }
}
