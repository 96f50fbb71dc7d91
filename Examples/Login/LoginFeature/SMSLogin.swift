import Observation
import Signals

/// The server side of mobile login with an SMS code (seed 004's API lists it): send a code to a
/// phone number, then log in with the number and the code.
public protocol SMSLoginService: Sendable {
  /// Sends a one-time code to `phone`; an unknown number is refused.
  func requestCode(phone: String) -> AnyPublisher<Void, ServiceError>
  /// Logs in the account behind `phone` with the code it received.
  func login(phone: String, code: String) -> AnyPublisher<Session, ServiceError>
}

/// An in-process SMS service: each known number belongs to an account, and the code it
/// "sends" is fixed (`code`), so a demo can show it. Both requests answer after `latency` on the
/// injected scheduler. Bad input: an unknown number or a wrong code is `.rejected` with the
/// message to show.
public struct InProcessSMSLoginService: SMSLoginService {
  /// The known numbers and the accounts they log in.
  public let phones: [String: String]
  /// The code every number receives.
  public let code: String
  /// How long each request takes.
  public let latency: SchedulerTime.Stride
  let scheduler: any Scheduler

  /// A service on `scheduler`; by default 5550100 logs in alice@example.com with code 246810.
  public init(
    scheduler: any Scheduler, phones: [String: String] = ["5550100": "alice@example.com"],
    code: String = "246810", latency: SchedulerTime.Stride = .seconds(1)
  ) {
    self.scheduler = scheduler
    self.phones = phones
    self.code = code
    self.latency = latency
  }

  /// Sends the code to a known number.
  public func requestCode(phone: String) -> AnyPublisher<Void, ServiceError> {
    let result: Result<Void, ServiceError> =
      phones[phone] == nil
      ? .failure(.rejected(code: 1003, message: "No account has this number")) : .success(())
    return Deferred { result.publisher }.delay(for: latency, scheduler: scheduler).eraseToAnyPublisher()
  }

  /// Logs in the number's account when the code matches.
  public func login(phone: String, code: String) -> AnyPublisher<Session, ServiceError> {
    let result: Result<Session, ServiceError> =
      if let account = phones[phone], code == self.code {
        .success(
          Session(
            userID: account, token: "sms-\(phone)", sessionID: "session-sms-\(phone)",
            realName: InProcessLoginService.realNames[account], language: "en"))
      } else {
        .failure(.rejected(code: 1004, message: "Wrong code"))
      }
    return Deferred { result.publisher }.delay(for: latency, scheduler: scheduler).eraseToAnyPublisher()
  }
}

/// Where the code request stands.
public enum SMSCodeStatus: Equatable, Sendable {
  /// No code asked for yet.
  case none
  /// Asking the server to send it.
  case sending
  /// Sent to this number.
  case sent(phone: String)
  /// The server refused or could not be reached.
  case failed(AppError)
}

/// Mobile login with an SMS code, a fourth login method through the same `LoginGate`: type the
/// number, request a code, type the code, log in. The login status is the password login's
/// (`LoginStatus`, same graph); success is handled by the gate (profile stored, language
/// synced); a 401 is reported to the session-expiry hub like every other request.
///
/// Threading: main actor (`@Observable`: a view is redrawn when what it read changes); the
/// service's answers are moved to the main actor (`UIScheduler`) before they touch state. Bad
/// input: requests while the gate blocks, while one runs, or with a malformed number or code are
/// ignored; a service failure shows as `SMSCodeStatus.failed` or `LoginStatus.failure`.
@MainActor @Observable
public final class SMSLoginViewModel {
  /// The phone number typed so far (digits only).
  public var phone = ""
  /// The code typed so far (digits only).
  public var code = ""
  /// Where the code request stands, current value first.
  public var codeStatus: AnyPublisher<SMSCodeStatus, Never> { codeSubject.eraseToAnyPublisher() }
  /// The code request's status now.
  public private(set) var currentCodeStatus = SMSCodeStatus.none
  /// The login status, current value first.
  public var status: AnyPublisher<LoginStatus, Never> { machine.statePublisher.eraseToAnyPublisher() }
  /// The login status now.
  public private(set) var currentStatus = LoginStatus.none

  /// Where the SMS screen asks the flow to go; its coordinator listens.
  public enum Navigation: Equatable, Sendable {
    /// A login succeeded (after the status became `.success`).
    case loggedIn(Session)
    /// The user chose the password instead.
    case wantsPassword
  }

  /// The screen's navigation requests, as they happen (no current value).
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }
  @ObservationIgnored let navigationSubject = PassthroughSubject<Navigation, Never>()

  /// How many digits a phone number has, at least and at most.
  public static let phoneLength = 7...15
  /// How many digits a code has.
  public static let codeLength = 6

  @ObservationIgnored let service: any SMSLoginService
  @ObservationIgnored let gate: LoginGate
  @ObservationIgnored let expiry: SessionExpiry
  @ObservationIgnored let codeSubject = CurrentValueSubject<SMSCodeStatus, Never>(.none)
  /// The login status chart password login runs, its request this model's: the number and the
  /// code, both carried by the press.
  @ObservationIgnored let machine: StateMachine<LoginStatus, LoginEvent>
  @ObservationIgnored var codeRequest: AnyCancellable?
  @ObservationIgnored var watches: [AnyCancellable] = []

  /// A view model over `service`, through `gate`, reporting 401s to `expiry`.
  public init(service: any SMSLoginService, gate: LoginGate, expiry: SessionExpiry) {
    self.service = service
    self.gate = gate
    self.expiry = expiry
    machine = StateMachine(
      graph: LoginStatus.chart { credentials in
        service.login(phone: credentials.account, code: credentials.secret).mapError(AppError.init)
          .receive(on: UIScheduler.shared).eraseToAnyPublisher()
      }, policy: .ignore)
    watches = [
      codeSubject.sink { [weak self] in self?.currentCodeStatus = $0 },
      machine.statePublisher.sink { [weak self] in self?.statusChanged($0) },
    ]
  }

  /// A failure clears the code (an expired session is reported); a success goes through the
  /// gate before the status shows it, and is announced after.
  func statusChanged(_ status: LoginStatus) {
    switch status {
    case .failure(let error):
      code = ""
      if error == .sessionExpired { expiry.report() }
    case .success(let session): gate.handleSuccess(session)
    case .none, .loading: break
    }
    currentStatus = status
    if case .success(let session) = status { navigationSubject.send(.loggedIn(session)) }
  }

  /// Whether the number typed may be sent a code.
  public var phoneValid: Bool { Self.phoneLength.contains(phone.count) && phone.allSatisfy(\.isASCIIDigit) }

  /// Whether a login may be tried: a code was sent to the number typed, and the code is complete.
  public var loginEnabled: Bool {
    currentCodeStatus == .sent(phone: phone) && code.count == Self.codeLength
      && code.allSatisfy(\.isASCIIDigit)
  }

  /// Asks for a code for the number typed.
  public func requestCode() {
    guard phoneValid, currentCodeStatus != .sending, gate.allowsLogin else { return }
    codeSubject.send(.sending)
    let phone = phone
    codeRequest = service.requestCode(phone: phone).receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard case .failure(let error) = completion else { return }
        self?.failed(error) { self?.codeSubject.send(.failed($0)) }
      },
      receiveValue: { [weak self] in self?.codeSubject.send(.sent(phone: phone)) })
  }

  /// Logs in with the code.
  public func login() {
    let press = LoginEvent.press(Credentials(account: phone, secret: code))
    guard loginEnabled, machine.can(press), gate.allowsLogin else { return }
    machine.send(press)
  }

  /// The user chose the password instead: sends `.wantsPassword`.
  public func usePassword() { navigationSubject.send(.wantsPassword) }

  func failed(_ error: ServiceError, show: (AppError) -> Void) {
    let appError = AppError(error)
    if appError == .sessionExpired { expiry.report() }
    show(appError)
  }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
