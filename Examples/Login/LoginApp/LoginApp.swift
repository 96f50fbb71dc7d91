import Coordinators
import DemoSupport
import LoginFeature
import Signals
import SignalsExtras

/// The login app's terminal front: the view layer only. It is the `Navigator` the
/// `AuthCoordinator` shows scenes through (it keeps them as a stack: a new root replaces it,
/// a push adds a screen with a back bar, a present adds the gate's dialog over the screen, a pop
/// or dismiss takes the top away), it renders the top screen's view-model outputs, and it turns
/// keys into that view model's inputs. Where to go next is never decided here.
///
/// Threading: main actor; outputs are received on `scheduler` (real in the demo, virtual in
/// scripts), and the spinner turns on it.
@MainActor
public final class LoginApp: Navigator, TerminalFront {
  /// The fields of the password screen, in focus order.
  public enum Focus: CaseIterable, Sendable {
    case account, password, login, register
  }

  /// One scene shown, and whether it was presented modally.
  struct Shown {
    let scene: AuthScene
    let modal: Bool
  }

  let scheduler: any Scheduler
  /// The scenes shown, bottom first.
  var stack: [Shown] = []
  var focus = Focus.account
  var accountValid = false
  var loginEnabled = false
  var status = LoginStatus.none
  var biometricStatus = BiometricStatus.idle
  /// The SMS screen: whether the code field has the focus (else the number's), and the code
  /// request's status.
  var smsFocusOnCode = false
  var smsCodeStatus = SMSCodeStatus.none
  /// A toast under the screen (seed 000's `showTip`): it goes after `toastDuration` on the
  /// app's scheduler, or at the next key.
  var notice: String? {
    didSet {
      guard notice != oldValue else { return }
      toast = notice.map { _ in
        ToastExpiry.schedule(on: scheduler) { [weak self] in
          self?.notice = nil
          self?.onChange()
        }
      }
    }
  }
  /// Ends the toast on screen.
  var toast: AnyCancellable?
  /// How long a toast stays: 3 s, as seed 000 shows the "refresh refused" notice.
  public static let toastDuration = ToastExpiry.duration
  var bindings: [AnyCancellable] = []
  /// Turns the spinner while something loads.
  var spinner: AnyCancellable?
  var spinnerStep = 0
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}
  /// Where the app's lifecycle goes (the coordinator: a foreground re-runs the gate's check).
  public var onLifecycle: (AppLifecycle) -> Void = { _ in }

  /// A front receiving its view models' outputs on `scheduler`.
  public init(scheduler: any Scheduler) {
    self.scheduler = scheduler
  }

  // MARK: Navigator

  /// Shows `scene` alone.
  public func setRoot(_ scene: AuthScene) {
    stack = [Shown(scene: scene, modal: false)]
    screenChanged()
  }

  /// Shows `scene` over the current screen, with a back bar.
  public func push(_ scene: AuthScene) {
    stack.append(Shown(scene: scene, modal: false))
    screenChanged()
  }

  /// Takes the top screen away; the one below shows as it was left.
  public func pop() {
    if let last = stack.last, !last.modal, stack.count > 1 { stack.removeLast() }
    screenChanged()
  }

  /// Shows `scene` modally, over the current screen (which stays bound).
  public func present(_ scene: AuthScene) {
    stack.append(Shown(scene: scene, modal: true))
    updateSpinner()
    onChange()
  }

  /// Takes the modal away, uncovering the screen below.
  public func dismiss() {
    if stack.last?.modal == true { stack.removeLast() }
    updateSpinner()
    onChange()
  }

  /// Hands the app's lifecycle to `coordinator`: a foreground re-runs the gate's check.
  public func forwardLifecycle(to coordinator: AuthCoordinator) {
    onLifecycle = { [weak coordinator] event in
      switch event {
      case .background: coordinator?.enterBackground()
      case .foreground: coordinator?.enterForeground()
      }
    }
  }

  /// The app went to the background or came back: handed to `onLifecycle`.
  public func lifecycle(_ event: AppLifecycle) { onLifecycle(event) }

  /// The top screen that is not a modal.
  var screen: AuthScene? { stack.last { !$0.modal }?.scene }
  /// The gate's dialog, when it is on top.
  var dialog: GateDialogViewModel? {
    if let top = stack.last, top.modal, case .gateDialog(let model) = top.scene { model } else { nil }
  }
  /// The invalid-session dialog, when it is on top.
  var expiredDialog: SessionExpiredDialogViewModel? {
    if let top = stack.last, top.modal, case .sessionExpired(let model) = top.scene { model } else { nil }
  }
  /// The password screen's model, when it is on top.
  var passwordModel: LoginViewModel? { if case .password(let model, _) = screen { model } else { nil } }
  /// The biometric screen's model, when it is on top.
  var biometricModel: BiometricLoginViewModel? {
    if case .biometric(let model) = screen { model } else { nil }
  }
  /// The SMS screen's model, when it is on top.
  var smsModel: SMSLoginViewModel? { if case .sms(let model) = screen { model } else { nil } }
  /// The pattern screen's model, when it is on top.
  var patternModel: PatternLoginViewModel? { if case .pattern(let model) = screen { model } else { nil } }

  /// Binds the screen now on top, from a fresh view state.
  func screenChanged() {
    bindings = []
    spinner = nil
    biometricStatus = .idle
    smsCodeStatus = .none
    status = .none
    switch screen {
    case .password(let model, let notice)?:
      bindPasswordScreen(model)
      if let notice { self.notice = notice }
    case .biometric(let model)?: bindBiometricScreen(model)
    case .pattern(let model)?: bindPatternScreen(model)
    case .sms(let model)?: bindSMSScreen(model)
    default: break
    }
    onChange()
  }

  /// Binds the password screen's outputs. They are received on the scheduler (the main queue
  /// in the app), because services such as HTTP answer elsewhere.
  func bindPasswordScreen(_ model: LoginViewModel) {
    focus = .account
    bindings = [
      model.accountValid.receive(on: scheduler).sink { [weak self] in
        self?.accountValid = $0
        self?.onChange()
      },
      model.loginBtnEnable.receive(on: scheduler).sink { [weak self] in
        self?.loginEnabled = $0
        self?.onChange()
      },
      model.accountCheckError.receive(on: scheduler).sink { [weak self, weak model] error in
        // Reported once something is typed: the check of the empty field at launch says nothing.
        // An expired session is the coordinator's dialog to report, not this screen's.
        guard let self, let error, error != .sessionExpired, !(model?.account.isEmpty ?? true) else { return }
        self.notice = "Could not check the account: \(error)"
        self.onChange()
      },
      model.loginStatus.receive(on: scheduler).sink { [weak self] status in
        self?.status = status
        self?.updateSpinner()
        self?.onChange()
      },
    ]
  }

  func bindBiometricScreen(_ model: BiometricLoginViewModel) {
    bindings = [
      model.status.receive(on: scheduler).sink { [weak self] status in
        self?.biometricStatus = status
        self?.updateSpinner()
        self?.onChange()
      }
    ]
  }

  func bindPatternScreen(_ model: PatternLoginViewModel) {
    bindings = [
      model.status.receive(on: scheduler).sink { [weak self] status in
        self?.status = status
        self?.updateSpinner()
        self?.onChange()
      }
    ]
  }

  func bindSMSScreen(_ model: SMSLoginViewModel) {
    smsFocusOnCode = false
    bindings = [
      model.status.receive(on: scheduler).sink { [weak self] status in
        self?.status = status
        self?.updateSpinner()
        self?.onChange()
      },
      model.codeStatus.receive(on: scheduler).sink { [weak self] codeStatus in
        self?.smsCodeStatus = codeStatus
        if case .sent = codeStatus { self?.smsFocusOnCode = true }
        self?.updateSpinner()
        self?.onChange()
      },
    ]
  }

  /// Starts the spinner when something starts loading (a login, the gate's check) and stops it
  /// when nothing is.
  func updateSpinner() {
    let loading =
      status == .loading || biometricStatus == .loading || dialog?.state == .checking
      || smsCodeStatus == .sending
    if loading && spinner == nil {
      spinnerStep = 0
      spinner = scheduler.timer(every: .milliseconds(250)).sink { [weak self] _ in
        self?.spinnerStep += 1
        self?.onChange()
      }
    } else if !loading {
      spinner = nil
    }
  }

  /// The spinner's current glyph.
  var spinnerGlyph: String { ["|", "/", "-", "\\"][spinnerStep % 4] }

  // MARK: Keys

  /// Applies one key as an input of the view model on screen; returns `false` when the app
  /// should quit.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    if key == .interrupt || key == .endOfInput { return false }
    notice = nil
    if let dialog {
      handleGateDialog(key, dialog)
      onChange()
      return !dialog.exitRequested
    }
    if let expiredDialog {
      if key == .enter { expiredDialog.confirm() } else { notice = "Answer the dialog first" }
      onChange()
      return true
    }
    switch (screen, key) {
    case (.password(let model, _)?, _): handlePassword(key, model)
    case (.biometric(let model)?, .enter): model.login()
    case (.biometric(let model)?, .tab): model.usePassword()
    case (.pattern(let model)?, .tab): model.usePassword()
    case (.pattern(let model)?, .character(let character)):
      if let digit = character.wholeNumberValue, model.add(digit) {
      } else {
        notice = "Use digits 1-9, each once"
      }
    case (.pattern(let model)?, .backspace): model.clear()
    case (.pattern(let model)?, .enter): model.login()
    case (.sms(let model)?, _): handleSMS(key, model)
    case (.register(let model)?, .escape), (.register(let model)?, .enter): model.back()
    case (.home(let model)?, .enter): model.logout()
    default:
      notice = "That key does nothing here"
    }
    onChange()
    return true
  }

  /// Keys for the gate's dialog, which takes them all while it is up: each button has its key
  /// (`GateDialogView.key(for:)`); esc closes only a dialog that may be dismissed.
  func handleGateDialog(_ key: Key, _ dialog: GateDialogViewModel) {
    if dialog.state == .checking {
      notice = "Checking the network, one moment"
      return
    }
    if let button = dialog.buttons.first(where: { GateDialogView.key(for: $0, in: dialog) == key }) {
      dialog.press(button)
    } else if key == .escape, dialog.dismiss() {
    } else {
      notice = "Answer the dialog first"
    }
  }

  /// Keys for the SMS screen: digits type into the focused field, tab moves between the number
  /// and the code, enter sends the code (on the number) or logs in (on the code), esc uses the
  /// password instead.
  func handleSMS(_ key: Key, _ model: SMSLoginViewModel) {
    switch key {
    case .character(let character) where character.isNumber && character.isASCII:
      if smsFocusOnCode {
        if model.code.count < SMSLoginViewModel.codeLength { model.code.append(character) }
      } else if model.phone.count < SMSLoginViewModel.phoneLength.upperBound {
        model.phone.append(character)
      }
    case .backspace:
      if smsFocusOnCode, !model.code.isEmpty { model.code.removeLast() }
      if !smsFocusOnCode, !model.phone.isEmpty { model.phone.removeLast() }
    case .tab, .backTab, .up, .down: smsFocusOnCode.toggle()
    case .enter where !smsFocusOnCode:
      if model.phoneValid { model.requestCode() } else { notice = "A number has 7 to 15 digits" }
    case .enter:
      if model.loginEnabled { model.login() } else { notice = "Request a code, then type its 6 digits" }
    case .escape: model.usePassword()
    default: notice = "Digits only here"
    }
  }

  func handlePassword(_ key: Key, _ model: LoginViewModel) {
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
      case .register: model.register()
      }
    default:
      notice = "That key does nothing here"
    }
  }

  // MARK: Drawing

  /// The frame's width in columns.
  public static let width = 44

  /// The screen as lines of text, `width` columns wide: a pushed screen has a back bar naming
  /// the screen below; the gate's dialog is drawn over the screen as an alert.
  public var frame: [String] {
    var body = screen.map(lines(of:)) ?? []
    let textWidth = Self.width - 4
    if let notice { body += [""] + ScreenFrame.toast(notice, textWidth: textWidth) }
    let screens = stack.filter { !$0.modal }
    let back = screens.count > 1 ? title(of: screens[screens.count - 2].scene) : nil
    let lines = ScreenFrame.box(body, textWidth: textWidth, back: back)
    if let expiredDialog {
      return ScreenFrame.alert(
        ScreenFrame.alertMessage(expiredDialog.message) + ["enter: log in"], over: lines)
    }
    guard let dialog else { return lines }
    return ScreenFrame.alert(GateDialogView.lines(dialog, spinner: spinnerGlyph), over: lines)
  }

  /// A screen's title, as the back bar of the screen pushed over it names it.
  func title(of scene: AuthScene) -> String {
    switch scene {
    case .launch: "Starting"
    case .password: "Log in"
    case .register: "Create an account"
    case .biometric: "Face login"
    case .pattern: "Pattern login"
    case .sms: "SMS login"
    case .home: "Home"
    case .gateDialog, .sessionExpired: "Dialog"
    }
  }

  func lines(of scene: AuthScene) -> [String] {
    switch scene {
    case .password(let model, _): passwordLines(model)
    case .register:
      ["Create an account", "", "Registration is not part of", "this demo.", "", "esc: back"]
    case .home(let model):
      ["Welcome, \(model.session.userID)!"] + (model.session.realName.map { ["(\($0))"] } ?? []) + [
        "", "You are logged in.", "", "enter: log out",
      ]
    case .launch: ["Starting..."]
    case .biometric: biometricLines
    case .pattern(let model): patternLines(model)
    case .sms(let model): smsLines(model)
    case .gateDialog, .sessionExpired: []
    }
  }

  func passwordLines(_ model: LoginViewModel) -> [String] {
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
      case .unavailable(let reason): "\(reason)"
      case .failure(let error): "Failed: \(error)"
      case .success: "Logged in"
      case .fallbackToPassword(let notice): notice
      }
    return ["Face login", "", "   ( o_o )", ""] + TextWidth.wrap(statusLine, to: Self.width - 4) + [
      "", "tab: use your password",
    ]
  }

  func smsLines(_ model: SMSLoginViewModel) -> [String] {
    let phone = "[" + pad(model.phone, 15) + "]"
    let code = "[" + pad(model.code, 6) + "]"
    let codeLine: String =
      switch smsCodeStatus {
      case .none: "enter: send a code"
      case .sending: "Sending a code \(spinnerGlyph)"
      case .sent(let number): "Code sent to \(number)"
      case .failed(let error): "Failed: \(error)"
      }
    let statusLine =
      switch status {
      case .none: model.loginEnabled ? "enter: log in" : ""
      case .loading: "Logging in \(spinnerGlyph)"
      case .success: "Logged in"
      case .failure(let error): "Failed: \(error)"
      }
    return [
      "SMS login", "",
      "\(smsFocusOnCode ? " " : ">")Number \(phone)",
      "\(smsFocusOnCode ? ">" : " ")Code   \(code)", "",
      codeLine, statusLine, "", "tab: next field  esc: password",
    ]
  }

  func patternLines(_ model: PatternLoginViewModel) -> [String] {
    let points = model.points
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
