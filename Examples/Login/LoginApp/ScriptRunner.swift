import LoginFeature
import Signals
import SignalsTesting
import TerminalUI

/// The built-in script `swift run LoginDemo` plays when it is not in a terminal.
public let demoScript = """
  # A user logs in: the button enables only after the account check (500 ms after typing).
  type alice@example.com
  wait 600ms
  tab
  type wonderland
  tab
  enter
  wait 2s
  enter
  """

/// Plays `steps` against the app on virtual time and returns each frame that changed, headed by
/// its virtual time.
@MainActor
public func runScript(_ steps: [ScriptStep]) -> String {
  let scheduler = TestScheduler()
  let app = LoginApp(environment: .demo(scheduler: scheduler))
  app.start()
  scheduler.advance(by: .zero)
  var output = ""
  var last: [String] = []
  func capture() {
    let frame = app.frame
    guard frame != last else { return }
    last = frame
    output += "--- \(scheduler.now) ---\n" + frame.joined(separator: "\n") + "\n"
  }
  capture()
  for step in steps {
    switch step {
    case .type(let text):
      for character in text { app.handle(.character(character)) }
      scheduler.advance(by: .zero)
    case .key(let key):
      app.handle(key)
      scheduler.advance(by: .zero)
    case .wait(let duration):
      scheduler.advance(by: duration)
    }
    capture()
  }
  return output
}

/// Fakes for the demo: everything granted, no update, no stored credential.
struct DemoPermission: NetworkPermission {
  func isGranted() -> AnyPublisher<Bool, Never> { Just(true).eraseToAnyPublisher() }
}

struct DemoUpdates: UpdateChecker {
  func check() -> AnyPublisher<UpdateAdvice, Never> { Just(.none).eraseToAnyPublisher() }
}

final class DemoSessionStore: SessionStore {
  var lastUserID: String?
  func save(_ session: Session) { lastUserID = session.userID }
  func clearCachedUserData() {}
}

struct DemoAuthenticator: Authenticator {
  func authenticate() -> AnyPublisher<Bool, Never> { Just(true).eraseToAnyPublisher() }
}

struct DemoBiometricService: BiometricService {
  func refresh(_ token: BiometricToken) -> AnyPublisher<BiometricToken, ServiceError> {
    Fail(error: .rejected(code: 1, message: "no biometric server in the demo")).eraseToAnyPublisher()
  }
  func session(for token: BiometricToken) -> AnyPublisher<Session, ServiceError> {
    Fail(error: .rejected(code: 1, message: "no biometric server in the demo")).eraseToAnyPublisher()
  }
}

extension AuthEnvironment {
  /// The demo's environment: the in-process login service (alice@example.com / wonderland) on
  /// `scheduler`, and device fakes that allow everything.
  public static func demo(
    scheduler: any Scheduler, loginService: (any LoginService)? = nil
  ) -> AuthEnvironment {
    AuthEnvironment(
      scheduler: scheduler, loginService: loginService ?? InProcessLoginService(scheduler: scheduler),
      biometricService: DemoBiometricService(), authenticator: DemoAuthenticator(),
      credentials: CredentialStore(),
      store: DemoSessionStore(), permission: DemoPermission(), updates: DemoUpdates())
  }
}
