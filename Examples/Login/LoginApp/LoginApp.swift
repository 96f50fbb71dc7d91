import Coordinators
import LoginFeature
import Signals
import TerminalUI

/// The login app as the terminal shows it: the auth coordinator decides the screen, the
/// screen's view model decides what is on it, and keys become view-model inputs.
///
/// It is the app's `Navigator`: the coordinator's transitions set the screen drawn. Threading:
/// main actor; time runs on the environment's scheduler (real in the demo, virtual in scripts).
@MainActor
public final class LoginApp: Navigator {
  /// The fields of the password screen, in focus order.
  public enum Focus: CaseIterable, Sendable {
    case account, password, login, register
  }

  let environment: AuthEnvironment
  var coordinator: Coordinator<AuthScreen, AuthEvent>!
  var screen: AuthScreen = .launch
  var focus = Focus.account
  var passwordModel: LoginViewModel?
  var accountValid = false
  var loginEnabled = false
  var status = LoginStatus.none
  var notice: String?
  var bindings: [AnyCancellable] = []
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}

  /// An app over `environment`.
  public init(environment: AuthEnvironment) {
    self.environment = environment
    coordinator = makeAuthCoordinator(navigator: self)
  }

  /// Shows the first screen.
  public func start() {
    coordinator.start()
    environment.gate.prepare()
    _ = try? coordinator.send(environment.launchEvent)
  }

  // MARK: Navigator

  /// Shows `screen` alone.
  public func setRoot(_ screen: AuthScreen) { show(screen) }
  /// Shows `screen` over the current one.
  public func push(_ screen: AuthScreen) { show(screen) }
  /// Goes back to the screen the coordinator now has on top.
  public func pop() { show(coordinator.state) }
  /// Shows `screen` as a modal.
  public func present(_ screen: AuthScreen) { show(screen) }
  /// Dismisses the modal.
  public func dismiss() { show(coordinator.state) }

  func show(_ screen: AuthScreen) {
    self.screen = screen
    if screen == .password && passwordModel == nil { bindPasswordScreen() }
    if screen == .home { passwordModel = nil; bindings = [] }
    onChange()
  }

  /// Binds the password screen's view model. Outputs are received on the environment's
  /// scheduler (the main queue in the app), because services such as HTTP answer elsewhere.
  func bindPasswordScreen() {
    let model = environment.makePasswordLogin()
    passwordModel = model
    focus = .account
    status = .none
    bindings = [
      model.accountValid.receive(on: environment.scheduler).sink { [weak self] in
        self?.accountValid = $0; self?.onChange()
      },
      model.loginBtnEnable.receive(on: environment.scheduler).sink { [weak self] in
        self?.loginEnabled = $0; self?.onChange()
      },
      model.loginStatus.receive(on: environment.scheduler).sink { [weak self] status in
        guard let self else { return }
        self.status = status
        if case .success = status { _ = try? self.coordinator.send(.loggedIn) }
        self.onChange()
      },
    ]
  }

  // MARK: Keys

  /// Applies one key; returns `false` when the app should quit.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    notice = nil
    switch (screen, key) {
    case (_, .interrupt), (_, .endOfInput):
      return false
    case (.password, _):
      handlePassword(key)
    case (.register, .escape), (.register, .enter):
      try? coordinator.systemDidGoBack()
    case (.home, .enter):
      _ = try? coordinator.send(.logout)
    default:
      notice = "That key does nothing here"
    }
    onChange()
    return true
  }

  func handlePassword(_ key: Key) {
    guard let model = passwordModel else { return }
    let order = Focus.allCases
    let index = order.firstIndex(of: focus)!
    switch key {
    case .tab, .down: focus = order[(index + 1) % order.count]
    case .backTab, .up: focus = order[(index + order.count - 1) % order.count]
    case .character(let character):
      if focus == .account { model.account.append(character) }
      if focus == .password { model.password.append(character) }
    case .backspace:
      if focus == .account, !model.account.isEmpty { model.account.removeLast() }
      if focus == .password, !model.password.isEmpty { model.password.removeLast() }
    case .enter:
      switch focus {
      case .account: focus = .password
      case .password, .login:
        if loginEnabled {
          model.login()
        } else {
          notice = "Fill in a valid account and a 6+ character password"
        }
      case .register: _ = try? coordinator.send(.register)
      }
    default:
      notice = "That key does nothing here"
    }
  }

  // MARK: Drawing

  /// The screen as lines of text, 44 columns wide.
  public var frame: [String] {
    var body: [String]
    switch screen {
    case .password: body = passwordLines
    case .register:
      body = ["Create an account", "", "Registration is not part of", "this demo.", "", "esc: back"]
    case .home:
      var user = ""
      if case .success(let session) = status { user = session.userID }
      body = ["Welcome, \(user)!", "", "You are logged in.", "", "enter: log out"]
    case .launch: body = ["Starting..."]
    case .biometric: body = ["Biometric login"]
    case .pattern: body = ["Pattern login"]
    }
    if let notice { body += ["", "! " + notice] }
    let width = 42
    let top = "+" + String(repeating: "-", count: width) + "+"
    return [top] + body.map { "| " + pad($0, width - 2) + " |" } + [top]
  }

  var passwordLines: [String] {
    guard let model = passwordModel else { return [] }
    func marker(_ field: Focus) -> String { focus == field ? ">" : " " }
    let account = "[" + pad(String(model.account.suffix(20)), 20) + "]"
    let password = "[" + pad(String(repeating: "*", count: min(model.password.count, 20)), 20) + "]"
    let hint = model.account.isEmpty ? "" : accountValid ? "ok" : "invalid"
    let button = loginEnabled ? "< Log in >" : "( log in )"
    var statusLine = ""
    switch status {
    case .none: statusLine = ""
    case .loading: statusLine = "Logging in..."
    case .success: statusLine = "Logged in"
    case .failure(let error): statusLine = "Failed: \(error)"
    }
    return [
      "Log in", "",
      "\(marker(.account))Account  \(account) \(hint)",
      "\(marker(.password))Password \(password)", "",
      "\(marker(.login))\(button)   \(marker(.register))Register", "",
      statusLine,
    ]
  }

  func pad(_ text: String, _ width: Int) -> String {
    let clipped = String(text.prefix(width))
    return clipped + String(repeating: " ", count: max(0, width - clipped.count))
  }
}
