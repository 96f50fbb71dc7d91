import Coordinators
import DemoSupport
import LoginFeature
import Signals
import SignalsExtras

/// The login app's terminal front: the navigator and the key routing, as a SwiftUI app's
/// navigation stack is. It is the `Navigator` the `AuthCoordinator` shows scenes through (it
/// keeps them as a stack: a new root replaces it, a push adds a screen with a back bar, a present
/// adds a dialog over the screen, a pop or dismiss takes the top away), it makes one view per
/// screen (`Screens/`: each reads its view model and takes its keys), and it draws the top one
/// through a `ScreenRenderer`, which redraws when what the screen read changes. Where to go next
/// is never decided here.
///
/// Threading: main actor; toasts expire, and the spinner turns, on `scheduler` (real in the demo,
/// virtual in scripts).
@MainActor
public final class LoginApp: Navigator, TerminalFront {
  let scheduler: any Scheduler
  /// The scenes shown, bottom first (a dialog has no view: the front draws it as an alert).
  var stack = SceneStack<AuthScene, any LoginScreenView>()
  /// The toast under the screen (seed 000's `showTip`): it goes after `toastDuration` on the
  /// app's scheduler, or at the next key.
  let toast: Toast
  /// How long a toast stays: 3 s, as seed 000 shows the "refresh refused" notice.
  public static let toastDuration = ToastExpiry.duration
  /// The password screen's account-check failures, shown as toasts (SwiftUI's `onReceive`).
  var checkErrors: AnyCancellable?
  /// The coordinator's notices, shown as toasts.
  var noticeBinding: AnyCancellable?
  /// Turns while something loads.
  let spinner: Spinner
  /// Records what a frame read and asks for a redraw when it changes.
  let renderer = ScreenRenderer()
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}
  /// Where the app's lifecycle goes (the coordinator: a foreground re-runs the gate's check).
  public var onLifecycle: (AppLifecycle) -> Void = { _ in }

  /// A front whose toasts expire, and whose spinner turns, on `scheduler`.
  public init(scheduler: any Scheduler) {
    self.scheduler = scheduler
    spinner = Spinner(scheduler: scheduler)
    toast = Toast(scheduler: scheduler)
    toast.onExpire = { [weak self] in self?.onChange() }
    renderer.onChange = { [weak self] in self?.onChange() }
  }

  // MARK: Navigator

  /// Shows `scene` alone.
  public func setRoot(_ scene: AuthScene) {
    stack.setRoot(scene, screen: makeScreen(scene))
    screenChanged()
  }

  /// Shows `scene` over the current screen, with a back bar.
  public func push(_ scene: AuthScene) {
    stack.push(scene, screen: makeScreen(scene))
    screenChanged()
  }

  /// Takes the top screen away; the one below shows as it was left.
  public func pop() {
    stack.pop()
    screenChanged()
  }

  /// Shows `scene` modally, over the current screen (which stays bound).
  public func present(_ scene: AuthScene) {
    stack.present(scene, screen: nil)
    onChange()
  }

  /// Takes the modal away, uncovering the screen below.
  public func dismiss() {
    stack.dismiss()
    onChange()
  }

  /// Shows each of `notices` (the coordinator's: why the flow fell back to password login) as a
  /// toast for 3 s or until the next key.
  public func showNotices(_ notices: AnyPublisher<String, Never>) {
    noticeBinding = notices.sink { [weak self] notice in
      self?.toast.text = notice
      self?.onChange()
    }
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

  /// The view of a screen scene (a dialog has none: the front draws it over the screen).
  func makeScreen(_ scene: AuthScene) -> (any LoginScreenView)? {
    switch scene {
    case .launch: LaunchScreen()
    case .password(let model): PasswordLoginScreen(model: model, spinner: spinner)
    case .register(let model): RegisterScreen(model: model)
    case .biometric(let model): BiometricLoginScreen(model: model, spinner: spinner)
    case .pattern(let presenter): PatternLoginScreen(presenter: presenter, spinner: spinner)
    case .sms(let model): SMSLoginScreen(model: model, spinner: spinner)
    case .home(let model): HomeScreen(model: model, spinner: spinner)
    case .gateDialog, .sessionExpired: nil
    }
  }

  /// The top screen that is not a modal.
  var top: SceneStack<AuthScene, any LoginScreenView>.Shown? { stack.topScreen }
  /// The view of the top screen.
  var screen: (any LoginScreenView)? { top?.screen }
  /// The password screen's model, when it is on top.
  var passwordModel: LoginViewModel? { (screen as? PasswordLoginScreen)?.model }
  /// The biometric screen's model, when it is on top.
  var biometricModel: BiometricLoginViewModel? { (screen as? BiometricLoginScreen)?.model }
  /// The gate's dialog, when it is on top.
  var dialog: GateDialogViewModel? {
    if let top = stack.top, top.modal, case .gateDialog(let model) = top.scene { model } else { nil }
  }
  /// The invalid-session dialog, when it is on top.
  var expiredDialog: SessionExpiredDialogViewModel? {
    if let top = stack.top, top.modal, case .sessionExpired(let model) = top.scene { model } else { nil }
  }

  /// The screen now on top came up: the password screen's model is watched in the Combine style
  /// (the others are `@Observable`, read by the renderer).
  func screenChanged() {
    checkErrors = nil
    renderer.stopObserving()
    if case .password(let model)? = top?.scene {
      renderer.observe(model)
      checkErrors = model.accountCheckError.sink { [weak self, weak model] error in
        // Reported once something is typed: the check of the empty field at launch says nothing.
        // An expired session is the coordinator's dialog to report, not this screen's.
        guard let self, let error, error != .sessionExpired, !(model?.account.isEmpty ?? true) else { return }
        self.toast.text = "Could not check the account: \(error)"
        self.onChange()
      }
    }
    onChange()
  }

  /// After "update now" ended the app: which URL it opened, printed once the terminal is back.
  public var farewell: String? {
    guard let dialog, dialog.exitRequested, let opened = dialog.opened else { return nil }
    return "Opened \(opened); the app ends so that the update can install."
  }

  // MARK: Keys

  /// Applies one key: a dialog on top takes them all; otherwise the top screen's view does
  /// (`LoginScreenView.handle(_:)`), and a notice it returns shows as a toast. Returns `false` when
  /// the app should quit.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    if key == .interrupt || key == .endOfInput { return false }
    toast.text = nil
    defer { onChange() }
    if let dialog {
      toast.text = GateDialogView.handle(key, dialog)
      return !dialog.exitRequested
    }
    if let expiredDialog {
      if key == .enter { expiredDialog.confirm() } else { toast.text = "Answer the dialog first" }
      return true
    }
    toast.text = screen.map { $0.handle(key) } ?? "That key does nothing here"
    return true
  }

  // MARK: Drawing

  /// The frame's width in columns.
  public static let width = 44

  /// The screen as lines of text, `width` columns wide: a pushed screen has a back bar naming
  /// the screen below; a dialog is drawn over the screen as an alert. Drawn through the
  /// renderer: a later change of what it read asks for a redraw.
  public var frame: [String] { renderer.render(drawFrame) }

  func drawFrame() -> [String] {
    spinner.run(while: screen?.isLoading == true || dialog?.state == .checking)
    var body = screen?.body ?? []
    let textWidth = Self.width - 4
    // A toast stays in sight under a dialog: it is often about the dialog.
    let toast = self.toast.lines(textWidth: textWidth)
    if !toast.isEmpty { body += [""] + toast }
    let below = stack.shown.lastIndex { !$0.modal }.flatMap { stack.screen(below: $0) }
    let lines = ScreenFrame.box(body, textWidth: textWidth, back: below?.title)
    if let expiredDialog {
      return ScreenFrame.alert(
        ScreenFrame.alertMessage(expiredDialog.message) + ["enter: log in"], over: lines, keeping: toast.count
      )
    }
    guard let dialog else { return lines }
    return ScreenFrame.alert(
      GateDialogView.lines(dialog, spinner: spinner.glyph), over: lines, keeping: toast.count)
  }
}
