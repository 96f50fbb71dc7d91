import Coordinators
import DemoSupport
import LoginFeature
import Signals

/// The login app as the terminal shows it: the auth coordinator decides the screen, the
/// screen's view model decides what is on it, and keys become view-model inputs.
///
/// It is the app's `Navigator`: the coordinator's transitions set the screen drawn. The shared
/// login gate's dialogs (no network permission, forced or optional update) are drawn over the
/// screen below and take the keys while they are up. Threading: main actor; time runs on the
/// environment's scheduler (real in the demo, virtual in scripts).
@MainActor
public final class LoginApp: Navigator, TerminalFront {
  /// The fields of the password screen, in focus order.
  public enum Focus: CaseIterable, Sendable {
    case account, password, login, register
  }

  let environment: AuthEnvironment
  var coordinator: Coordinator<AuthScreen, AuthEvent>!
  var screen: AuthScreen = .launch
  var focus = Focus.account
  var passwordModel: LoginViewModel?
  var biometricModel: BiometricLoginViewModel?
  var patternModel: PatternLoginViewModel?
  var accountValid = false
  var loginEnabled = false
  var status = LoginStatus.none
  var biometricStatus = BiometricStatus.idle
  var gateState = GateState.checking
  var session: Session?
  var notice: String?
  var bindings: [AnyCancellable] = []
  var gateBinding: AnyCancellable?
  /// Turns the spinner while something loads.
  var spinner: AnyCancellable?
  var spinnerStep = 0
  /// Whether the user chose to quit (from the forced-update dialog).
  public private(set) var quitRequested = false
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}

  /// An app over `environment`.
  public init(environment: AuthEnvironment) {
    self.environment = environment
    coordinator = makeAuthCoordinator(navigator: self)
  }

  /// Shows the first screen and runs the gate's checks.
  public func start() {
    gateBinding = environment.gate.state.receive(on: environment.scheduler).sink { [weak self] state in
      self?.gateState = state
      self?.onChange()
    }
    coordinator.start()
    environment.gate.prepare()
    coordinator.send(environment.launchEvent)
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
    let previous = self.screen
    self.screen = screen
    if screen != previous {
      bindings = []
      spinner = nil
      biometricStatus = .idle
      passwordModel = nil
      biometricModel = nil
      patternModel = nil
      switch screen {
      case .password: bindPasswordScreen()
      case .biometric: bindBiometricScreen()
      case .pattern: bindPatternScreen()
      default: break
      }
    }
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
        self?.accountValid = $0
        self?.onChange()
      },
      model.loginBtnEnable.receive(on: environment.scheduler).sink { [weak self] in
        self?.loginEnabled = $0
        self?.onChange()
      },
      model.accountCheckError.receive(on: environment.scheduler).sink { [weak self] error in
        // Reported once something is typed: the check of the empty field at launch says nothing.
        guard let self, let error, !(self.passwordModel?.account.isEmpty ?? true) else { return }
        self.notice = "Could not check the account: \(error)"
        self.onChange()
      },
      model.loginStatus.receive(on: environment.scheduler).sink { [weak self] status in
        self?.status = status
        self?.updateSpinner()
        if case .success(let session) = status { self?.loggedIn(session) }
        self?.onChange()
      },
    ]
  }

  func bindBiometricScreen() {
    let model = environment.makeBiometricLogin()
    biometricModel = model
    bindings = [
      model.status.receive(on: environment.scheduler).sink { [weak self] status in
        guard let self else { return }
        self.biometricStatus = status
        self.updateSpinner()
        switch status {
        case .success(let session): self.loggedIn(session)
        case .fallbackToPassword(let notice):
          self.coordinator.send(.usePassword)
          self.notice = notice
        default: break
        }
        self.onChange()
      }
    ]
  }

  func bindPatternScreen() {
    guard let account = environment.patternAccount else { return }
    let model = environment.makePatternLogin(account: account)
    patternModel = model
    bindings = [
      model.status.receive(on: environment.scheduler).sink { [weak self] status in
        self?.status = status
        self?.updateSpinner()
        if case .success(let session) = status { self?.loggedIn(session) }
        self?.onChange()
      }
    ]
  }

  /// Starts the spinner when something starts loading and stops it when nothing is.
  func updateSpinner() {
    let loading = status == .loading || biometricStatus == .loading
    if loading && spinner == nil {
      spinnerStep = 0
      spinner = environment.scheduler.timer(every: .milliseconds(250)).sink { [weak self] _ in
        self?.spinnerStep += 1
        self?.onChange()
      }
    } else if !loading {
      spinner = nil
    }
  }

  /// The spinner's current glyph.
  var spinnerGlyph: String { ["|", "/", "-", "\\"][spinnerStep % 4] }

  func loggedIn(_ session: Session) {
    self.session = session
    coordinator.send(.loggedIn)
  }

  // MARK: Keys

  /// The back key: the terminal takes the screen away itself, as a system back gesture does,
  /// and reports it to the coordinator, which validates it against the graph; the screen then
  /// follows the machine (unchanged if the graph refused).
  func goBack() {
    try? coordinator.systemDidGoBack()
    show(coordinator.state)
  }

  /// Applies one key; returns `false` when the app should quit.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    if key == .interrupt || key == .endOfInput { return false }
    notice = nil
    if handleGateDialog(key) {
      onChange()
      return !quitRequested
    }
    switch (screen, key) {
    case (.password, _): handlePassword(key)
    case (.biometric, .enter): biometricModel?.login()
    case (.biometric, .tab), (.pattern, .tab): coordinator.send(.usePassword)
    case (.pattern, .character(let character)):
      if let digit = character.wholeNumberValue, patternModel?.add(digit) == true {
      } else {
        notice = "Use digits 1-9, each once"
      }
    case (.pattern, .backspace): patternModel?.clear()
    case (.pattern, .enter): patternModel?.login()
    case (.register, .escape), (.register, .enter): goBack()
    case (.home, .enter):
      session = nil
      coordinator.send(.logout)
    default:
      notice = "That key does nothing here"
    }
    onChange()
    return true
  }

  /// Keys for the gate's dialog, if one is up; returns whether the key was taken.
  func handleGateDialog(_ key: Key) -> Bool {
    switch (gateState, key) {
    case (.ready, _), (.checking, _): return false
    case (.invalidNetwork, .enter): environment.gate.retry()
    case (.optionalUpdate, .escape): environment.gate.dismissUpdate()
    case (.optionalUpdate, .enter), (.forcedUpdate, .enter): notice = "This demo cannot update itself"
    case (.forcedUpdate, .escape): quitRequested = true
    default: notice = "Answer the dialog first"
    }
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
      if focus == .account || focus == .password {
        let text = focus == .account ? model.account : model.password
        guard let typed = TextInput.appending(character, to: text) else {
          notice = "A field takes at most \(TextInput.maximumLength) characters"
          return
        }
        if focus == .account { model.account = typed } else { model.password = typed }
      }
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
      case .register: coordinator.send(.register)
      }
    default:
      notice = "That key does nothing here"
    }
  }

  // MARK: Drawing

  /// The frame's width in columns.
  public static let width = 44

  /// The screen as lines of text, `width` columns wide; a gate dialog is drawn over it.
  public var frame: [String] {
    var body: [String]
    switch screen {
    case .password: body = passwordLines
    case .register:
      body = ["Create an account", "", "Registration is not part of", "this demo.", "", "esc: back"]
    case .home:
      body = ["Welcome, \(session?.userID ?? "")!", "", "You are logged in.", "", "enter: log out"]
    case .launch: body = ["Starting..."]
    case .biometric: body = biometricLines
    case .pattern: body = patternLines
    }
    let inner = Self.width - 2
    if let notice { body += [""] + TextWidth.wrap(notice, to: inner - 2, first: "! ") }
    let top = "+" + String(repeating: "-", count: inner) + "+"
    var lines = [top] + body.map { "| " + pad($0, inner - 2) + " |" } + [top]
    if let dialog = dialogLines { lines = overlay(dialog, on: lines) }
    return lines
  }

  var dialogLines: [String]? {
    switch gateState {
    case .ready, .checking: nil
    case .invalidNetwork: ["No network permission", "Allow it in settings,", "then enter: retry"]
    case .forcedUpdate(let version): ["Update required: \(version)", "enter: update", "esc: quit"]
    case .optionalUpdate(let version): ["Version \(version) is out", "enter: update", "esc: later"]
    }
  }

  /// Draws `dialog` in a box over the middle of `lines`.
  func overlay(_ dialog: [String], on lines: [String]) -> [String] {
    let boxWidth = 30
    let box =
      ["#" + String(repeating: "=", count: boxWidth - 2) + "#"]
      + dialog.map { "# " + pad($0, boxWidth - 4) + " #" }
      + ["#" + String(repeating: "=", count: boxWidth - 2) + "#"]
    var result = lines
    while result.count < box.count + 2 {
      result.insert("|" + String(repeating: " ", count: Self.width - 2) + "|", at: result.count - 1)
    }
    let left = (Self.width - boxWidth) / 2
    for (offset, row) in box.enumerated() {
      result[offset + 1] = TextWidth.splice(result[offset + 1], at: left, with: row)
    }
    return result
  }

  var passwordLines: [String] {
    guard let model = passwordModel else { return [] }
    func marker(_ field: Focus) -> String { focus == field ? ">" : " " }
    let account = "[" + pad(TextWidth.tail(model.account, fitting: 20), 20) + "]"
    let password = "[" + pad(String(repeating: "*", count: min(model.password.count, 20)), 20) + "]"
    let hint = model.account.isEmpty ? "" : accountValid ? "ok" : "invalid"
    let button = loginEnabled ? "< Log in >" : "( log in )"
    let statusLine =
      switch status {
      case .none: ""
      case .loading: "Logging in \(spinnerGlyph)"
      case .success: "Logged in"
      case .failure(let error): "Failed: \(error)"
      }
    return [
      "Log in", "",
      "\(marker(.account))Account  \(account) \(hint)",
      "\(marker(.password))Password \(password)", "",
      "\(marker(.login))\(button)   \(marker(.register))Register", "",
      statusLine,
    ]
  }

  var biometricLines: [String] {
    let statusLine =
      switch biometricStatus {
      case .idle: "enter: scan your face"
      case .loading: "Scanning \(spinnerGlyph)"
      case .notRecognized: "Not recognized; enter: try again"
      case .failure(let error): "Failed: \(error)"
      case .success: "Logged in"
      case .fallbackToPassword(let notice): notice
      }
    return ["Face login", "", "   ( o_o )", "", statusLine, "", "tab: use your password"]
  }

  var patternLines: [String] {
    let points = patternModel?.points ?? []
    let grid = stride(from: 1, through: 7, by: 3).map { row in
      (row..<(row + 3)).map { points.contains($0) ? "[\($0)]" : " \($0) " }.joined(separator: " ")
    }
    let statusLine =
      switch status {
      case .loading: "Checking \(spinnerGlyph)"
      case .failure(let error): "Failed: \(error)"
      default: "digits: draw  enter: log in"
      }
    return ["Pattern login", ""] + grid.map { "   " + $0 } + [
      "", statusLine, "backspace: clear  tab: password",
    ]
  }

  /// `text` in exactly `width` terminal cells (wide characters count two).
  func pad(_ text: String, _ width: Int) -> String { TextWidth.pad(text, to: width) }
}
