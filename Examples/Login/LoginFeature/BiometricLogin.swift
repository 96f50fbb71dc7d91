import Observation
import Signals

/// A biometric credential: the token the server gave, and when it expires.
public struct BiometricToken: Equatable, Sendable {
  /// The token.
  public let value: String
  /// When it stops being accepted, on the app scheduler's clock.
  public let expires: SchedulerTime

  /// Makes a token.
  public init(value: String, expires: SchedulerTime) {
    self.value = value
    self.expires = expires
  }
}

/// The device's stored credential for biometric login.
///
/// Threading: any thread (a lock): the login use case saves a refreshed token, or removes a
/// refused one, where the service answers (URLSession's queue over HTTP), while the screens read
/// it on the main actor.
public final class CredentialStore: Sendable {
  let stored: Guarded<BiometricToken?>

  /// The stored token, if any.
  public var token: BiometricToken? { stored.withLock { $0 } }

  /// A store holding `token`.
  public init(token: BiometricToken? = nil) { stored = Guarded(token) }

  /// Stores `token`.
  public func save(_ token: BiometricToken) { stored.withLock { $0 = token } }

  /// Removes the credential.
  public func remove() { stored.withLock { $0 = nil } }
}

/// Why the device's face or fingerprint check did not pass (seed 000's
/// `checkUnavailableErrorInDetail`): the reason is shown to the user.
public enum DeviceCheckFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The user was not recognized; they may try again.
  case notRecognized
  /// This device has no face or fingerprint sensor, or it is turned off.
  case notAvailable
  /// No face or fingerprint is enrolled on this device.
  case notEnrolled
  /// Too many failed attempts: the sensor is locked until the device passcode is entered.
  case lockedOut

  /// The message for the user.
  public var description: String {
    switch self {
    case .notRecognized: "Not recognized"
    case .notAvailable: "Face login is not available on this device"
    case .notEnrolled: "No face is enrolled on this device"
    case .lockedOut: "Face login is locked; unlock the device with its passcode"
    }
  }
}

/// What the device's face or fingerprint check answered.
public enum DeviceCheck: Equatable, Sendable {
  /// The user passed.
  case passed
  /// The check did not pass, and why.
  case failed(DeviceCheckFailure)
}

/// Face or fingerprint check on the device.
public protocol Authenticator: Sendable {
  /// Asks the user; answers whether they passed, or why not.
  func authenticate() -> AnyPublisher<DeviceCheck, Never>
}

/// The server side of biometric login.
public protocol BiometricService: Sendable {
  /// A fresh token for an expired one; a rejection means the credential is no longer valid.
  func refresh(_ token: BiometricToken) -> AnyPublisher<BiometricToken, ServiceError>
  /// A session for a valid token; HTTP 401 means the token expired after all.
  func session(for token: BiometricToken) -> AnyPublisher<Session, ServiceError>
}

/// Where a biometric login stands.
public enum BiometricStatus: Equatable, Sendable, CaseKeyed {
  /// Nothing tried yet.
  case idle
  /// Authenticating and talking to the server.
  case loading
  /// Logged in.
  case success(Session)
  /// The user did not pass the device check; they may try again.
  case notRecognized
  /// The device cannot check (no sensor, nothing enrolled, locked out): the reason is shown.
  case unavailable(DeviceCheckFailure)
  /// A network or server problem: the message is shown and the screen stays.
  case failure(AppError)
  /// The credential was refused and removed: go to password login with this notice.
  case fallbackToPassword(notice: String)

  /// The statuses without their payloads, as the status graph names them.
  public enum Case: Hashable, Sendable {
    case idle, loading, success, notRecognized, unavailable, failure, fallbackToPassword
  }

  /// Which status this is.
  public var caseKey: Case {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .success: .success
    case .notRecognized: .notRecognized
    case .unavailable: .unavailable
    case .failure: .failure
    case .fallbackToPassword: .fallbackToPassword
    }
  }
}

/// The events of the biometric status machine.
public enum BiometricEvent: Equatable, Sendable, CaseKeyed {
  /// The user asked to log in.
  case press
  /// The server gave a session.
  case succeeded(Session)
  /// The user did not pass the device check.
  case notRecognized
  /// The device cannot check, and why.
  case unavailable(DeviceCheckFailure)
  /// A network or server problem.
  case failed(AppError)
  /// The credential is missing or was refused: use the password, with this notice.
  case fellBack(notice: String)

  /// The events without their payloads, as the status graph names them.
  public enum Case: Hashable, Sendable { case press, succeeded, notRecognized, unavailable, failed, fellBack }

  /// Which event this is.
  public var caseKey: Case {
    switch self {
    case .press: .press
    case .succeeded: .succeeded
    case .notRecognized: .notRecognized
    case .unavailable: .unavailable
    case .failed: .failed
    case .fellBack: .fellBack
    }
  }
}

/// Biometric login's view model: a press asks the use case (`BiometricLoginUseCase`, seed 003:
/// the device check, then the refresh, session and retry chain) and shows its outcome: a session
/// goes through the shared `LoginGate`; a device that cannot check says why (not recognized, no
/// sensor, nothing enrolled, locked out); a refused credential (already removed by the use case)
/// falls back to password login with a notice; any other error (the network, the server) shows
/// its message and stays, keeping the credential.
///
/// Threading: main actor (`@Observable`: a view reading `currentStatus` is redrawn when it
/// changes); the use case's answers are moved to the main actor (`UIScheduler`) before they
/// touch state.
@MainActor @Observable
public final class BiometricLoginViewModel {
  @ObservationIgnored let gate: LoginGate
  @ObservationIgnored let useCase: BiometricLoginUseCase
  @ObservationIgnored let machine = StateMachine(graph: BiometricLoginViewModel.statusGraph, policy: .ignore)
  @ObservationIgnored var work: AnyCancellable?
  @ObservationIgnored var statusWatch: AnyCancellable?
  /// The biometric status graph: a press from any settled status loads; loading ends in a
  /// session, a failed device check, a shown error, or the fallback to the password (also
  /// taken at once when the device has no credential).
  public static let statusGraph = StateGraph<BiometricStatus, BiometricEvent>(
    initial: .idle, terminal: [.success]
  ) {
    for settled: BiometricStatus.Case in [.idle, .notRecognized, .unavailable, .failure, .fallbackToPassword]
    {
      Transition(from: settled, on: .press, to: .loading)
    }
    Transition(
      from: .loading, on: .succeeded,
      to: .make(.success) { if case .succeeded(let session) = $0 { .success(session) } else { nil } })
    Transition(from: .loading, on: .notRecognized, to: .notRecognized)
    Transition(
      from: .loading, on: .unavailable,
      to: .make(.unavailable) { if case .unavailable(let reason) = $0 { .unavailable(reason) } else { nil } })
    Transition(
      from: .loading, on: .failed,
      to: .make(.failure) { if case .failed(let error) = $0 { .failure(error) } else { nil } })
    Transition(
      fromAny: .fellBack,
      to: .make(.fallbackToPassword) {
        if case .fellBack(let notice) = $0 { .fallbackToPassword(notice: notice) } else { nil }
      })
  }

  /// The status, current value first.
  public var status: AnyPublisher<BiometricStatus, Never> { machine.statePublisher.eraseToAnyPublisher() }
  /// The status now.
  public private(set) var currentStatus = BiometricStatus.idle

  /// Where the biometric screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// A login succeeded (after the status became `.success`).
    case loggedIn(Session)
    /// Use the password instead: the user asked, or the credential is gone (with the notice to
    /// show on the password screen).
    case wantsPassword(notice: String?)
  }

  /// The screen's navigation requests, as they happen (no current value).
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  @ObservationIgnored let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// The user chose the password instead: sends `.wantsPassword(notice: nil)`.
  public func usePassword() { navigationSubject.send(.wantsPassword(notice: nil)) }

  /// Falls back to the password with `notice`: the status says so, then the flow is asked.
  func fallBack(_ notice: String) {
    machine.send(.fellBack(notice: notice))
    navigationSubject.send(.wantsPassword(notice: notice))
  }

  /// A view model over the shared gate and the biometric use case.
  ///
  /// - Parameters:
  ///   - gate: The flow every login method shares (checks, success handling).
  ///   - useCase: The device check and the refresh chain.
  public init(gate: LoginGate, useCase: BiometricLoginUseCase) {
    self.gate = gate
    self.useCase = useCase
    statusWatch = machine.statePublisher.sink { [weak self] in self?.currentStatus = $0 }
  }

  /// A view model over the shared gate and the device's biometric pieces, with the use case made
  /// from them (a token expires by `scheduler`'s clock).
  public convenience init(
    gate: LoginGate, authenticator: any Authenticator, credentials: CredentialStore,
    service: any BiometricService, scheduler: any Scheduler
  ) {
    self.init(
      gate: gate,
      useCase: BiometricLoginUseCase(
        authenticator: authenticator, credentials: credentials, service: service, clock: scheduler))
  }

  /// Starts a login; ignored while one runs or while the gate does not allow it.
  public func login() {
    guard machine.can(.press), gate.allowsLogin else { return }
    guard useCase.hasCredential else {
      fallBack("No biometric credential on this device")
      return
    }
    machine.send(.press)
    work = useCase.login().receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard let self, case .failure(let failure) = completion else { return }
        switch failure {
        case .device(.notRecognized): self.machine.send(.notRecognized)
        case .device(let reason): self.machine.send(.unavailable(reason))
        case .refreshRejected: self.fallBack("Please log in with your password")
        case .noCredential: self.fallBack("No biometric credential on this device")
        case .service(let error):
          // As in the seed: the message shows and the screen stays; the credential is kept.
          self.machine.send(.failed(AppError(error)))
        }
      },
      receiveValue: { [weak self] session in
        self?.gate.handleSuccess(session)
        self?.machine.send(.succeeded(session))
        self?.navigationSubject.send(.loggedIn(session))
      })
  }
}
