import Signals

/// Everything the login screens depend on, built once by the app and handed to the coordinator,
/// which makes each screen's view model from it: nothing in the feature reaches for a global.
///
/// All login methods get the same `LoginGate`, so the permission check, the once-per-launch
/// update check and the success handling are shared.
@MainActor
public final class AuthEnvironment {
  /// Where time runs: the main scheduler in the app, a `TestScheduler` in tests.
  public let scheduler: any Scheduler
  /// The shared login flow.
  public let gate: LoginGate
  let useCase: LoginUseCase
  let authenticator: any Authenticator
  let credentials: CredentialStore
  let biometricService: any BiometricService
  let smsService: any SMSLoginService
  /// Whether this device logs in with an SMS code (when it has no stored credential).
  public let prefersSMS: Bool
  /// The account whose pattern is set up on this device, if any.
  public let patternAccount: String?
  /// Where every request that answers 401 is reported; the coordinator listens, and resets it
  /// at each login so that the next session's expiry is reported again.
  public let sessionExpiry = SessionExpiry()
  /// The app's display language, which each login syncs to the user's, if the app has one.
  public let language: (any AppLanguage)?
  /// Where the session and the user's cached data live (the gate's, shared).
  public let store: any SessionStore
  /// Where home reloads the profile, if anywhere.
  let profileService: (any ProfileService)?

  /// An environment over the given services and device pieces; `language` follows each
  /// login's user; `smsService` (an in-process one by default) serves SMS login, which
  /// `prefersSMS` makes the first screen; `profileService`, if given, is where home reloads
  /// the user's profile.
  public init(
    scheduler: any Scheduler, loginService: any LoginService, biometricService: any BiometricService,
    authenticator: any Authenticator, credentials: CredentialStore, store: any SessionStore,
    permission: any NetworkPermission, updates: any UpdateChecker, patternAccount: String? = nil,
    language: (any AppLanguage)? = nil, smsService: (any SMSLoginService)? = nil, prefersSMS: Bool = false,
    profileService: (any ProfileService)? = nil
  ) {
    self.profileService = profileService
    self.store = store
    self.smsService = smsService ?? InProcessSMSLoginService(scheduler: scheduler)
    self.prefersSMS = prefersSMS
    self.patternAccount = patternAccount
    self.scheduler = scheduler
    self.authenticator = authenticator
    self.credentials = credentials
    self.biometricService = biometricService
    self.language = language
    useCase = LoginUseCase(repository: AuthRepository(service: loginService, expiry: sessionExpiry))
    gate = LoginGate(
      permission: permission, updates: updates, store: store, credentials: credentials, language: language)
  }

  /// The first screen's event: which login the stored credentials allow.
  public var launchEvent: AuthEvent {
    if credentials.token != nil { return .launched(.biometric) }
    if patternAccount != nil { return .launched(.pattern) }
    return .launched(prefersSMS ? .sms : .none)
  }

  /// The password screen's view model.
  public func makePasswordLogin() -> LoginViewModel {
    LoginViewModel(useCase: useCase, scheduler: scheduler, gate: gate)
  }

  /// The biometric screen's view model.
  public func makeBiometricLogin() -> BiometricLoginViewModel {
    BiometricLoginViewModel(
      gate: gate,
      useCase: BiometricLoginUseCase(
        authenticator: authenticator, credentials: credentials, service: biometricService, clock: scheduler))
  }

  /// The SMS login screen's view model.
  public func makeSMSLogin() -> SMSLoginViewModel {
    SMSLoginViewModel(service: smsService, gate: gate, expiry: sessionExpiry)
  }

  /// The home screen's view model for `session`: it reloads the profile over `profileService`,
  /// if there is one, a 401 reported to `sessionExpiry` like every other request's.
  public func makeHome(session: Session) -> HomeViewModel {
    let reload = profileService.map { service in
      { [sessionExpiry] (session: Session) -> AnyPublisher<Session, AppError> in
        service.profile(for: session).mapError(AppError.init)
          .handleEvents(receiveCompletion: { completion in
            if case .failure(.sessionExpired) = completion { sessionExpiry.report() }
          })
          .eraseToAnyPublisher()
      }
    }
    return HomeViewModel(session: session, language: language?.current, reload: reload)
  }

  /// The pattern screen's presenter (seed 000's MVP) for `account`.
  public func makePatternLogin(account: String) -> PatternLoginPresenter {
    PatternLoginPresenter(account: account, useCase: useCase, gate: gate)
  }
}
