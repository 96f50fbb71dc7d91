import Contacts
import Coordinators
import DemoSupport
import LoginFeature
import News
import OfficeFeature
import Signals

/// The office app's terminal front: the navigator and the key routing. It is the `Navigator` the
/// `OfficeCoordinator` shows scenes through (kept as a stack: a pushed screen has a back bar, the
/// picker is a sheet over the screen that presented it, a pop or dismiss uncovers the screen
/// below as it was left), it makes one view per screen (`Screens/`: each reads its view model,
/// or what its presenter told it, and takes its keys; a VIPER view is set as its presenter's
/// view here), and it draws the top one through a `ScreenRenderer`, which redraws when
/// what the screen read changes; esc on a pushed screen is the back button, reported to
/// `backButton`.
///
/// Threading: main actor.
@MainActor
public final class OfficeApp: Navigator, TerminalFront {
  /// The scenes shown, bottom first (the invalid-session dialog has no view: it is drawn as an
  /// alert).
  var stack = SceneStack<OfficeScene, any OfficeScreenView>()
  /// The toast under the screen: it goes after `ToastExpiry.duration` (3 s) on the app's
  /// scheduler, or at the next key.
  let toast: Toast
  /// Where the toasts' time passes.
  let scheduler: any Scheduler
  /// The top screen's events that are not its state (SwiftUI's `onReceive`): a failed login's
  /// toast.
  var events: [AnyCancellable] = []
  var noticeBinding: AnyCancellable?
  /// Records what a frame read and asks for a redraw when it changes.
  let renderer = ScreenRenderer()
  /// Told when esc is pressed on a pushed screen.
  public weak var backButton: (any BackButtonHandler)?
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}
  /// What to print once the terminal is given back (`--request-log`: the requests made).
  public var farewellText: () -> String? = { nil }
  /// The text printed after the app ends, if any.
  public var farewell: String? { farewellText() }

  /// An empty front whose toasts expire on `scheduler` (the app's); a coordinator fills it.
  public init(scheduler: any Scheduler) {
    self.scheduler = scheduler
    toast = Toast(scheduler: scheduler)
    toast.onExpire = { [weak self] in self?.onChange() }
    renderer.onChange = { [weak self] in self?.onChange() }
  }

  /// Shows each of `notices` (the coordinator's) as a toast for 3 s or until the next key.
  public func showNotices(_ notices: AnyPublisher<String, Never>) {
    noticeBinding = notices.sink { [weak self] notice in
      self?.toast.text = notice
      self?.onChange()
    }
  }

  // MARK: Navigator

  /// Shows `scene` alone.
  public func setRoot(_ scene: OfficeScene) {
    stack.setRoot(scene, screen: makeScreen(scene))
    sceneChanged()
  }

  /// Shows `scene` over the current one, with a back bar.
  public func push(_ scene: OfficeScene) {
    stack.push(scene, screen: makeScreen(scene))
    sceneChanged()
  }

  /// Takes the top screen away; the one below shows as it was left.
  public func pop() {
    stack.pop()
    sceneChanged()
  }

  /// Shows `scene` as a sheet over the current screen.
  public func present(_ scene: OfficeScene) {
    stack.present(scene, screen: makeScreen(scene))
    sceneChanged()
  }

  /// Takes the sheet away, uncovering the screen below as it was.
  public func dismiss() {
    stack.dismiss()
    sceneChanged()
  }

  /// The view of a scene (the invalid-session dialog has none: the front draws it as an alert).
  func makeScreen(_ scene: OfficeScene) -> (any OfficeScreenView)? {
    let back = { [weak self] in self?.backButton?.backButtonPressed() ?? () }
    return switch scene {
    case .login(let model): OfficeLoginScreen(model: model)
    case .home(let model): OfficeHomeScreen(model: model)
    case .news(let presenter): NewsScreen(presenter: presenter, back: back)
    case .feedback(let presenter): FeedbackScreen(presenter: presenter, scheduler: scheduler, back: back)
    case .contacts(let presenter), .picker(let presenter):
      // The VIPER seed's factory wiring, view side: the front makes the view the module cannot.
      contactListScreen(presenter, back: back)
    case .contact(let detail): ContactScreen(detail: detail, back: back)
    case .sessionExpired: nil
    }
  }

  /// The contact list's view over `presenter`, set as the presenter's view.
  func contactListScreen(_ presenter: ContactListPresenter, back: @escaping () -> Void) -> ContactListScreen {
    let screen = ContactListScreen(dataSource: presenter, eventHandler: presenter, back: back)
    presenter.view = screen
    return screen
  }

  var scene: OfficeScene? { stack.top?.scene }
  /// The news list's presenter, when it is on top.
  var news: NewsPresenter? { if case .news(let presenter) = scene { presenter } else { nil } }
  /// The feedback form's presenter, when it is on top.
  var feedback: FeedbackPresenter? { if case .feedback(let presenter) = scene { presenter } else { nil } }
  /// The contact list's presenter, when it is on top.
  var contactList: ContactListPresenter? {
    if case .contacts(let presenter) = scene { presenter } else { nil }
  }
  /// The picker's presenter, when it is on top.
  var picker: ContactListPresenter? { if case .picker(let presenter) = scene { presenter } else { nil } }

  /// The scene now on top came up: a Combine-style model is watched at `objectWillChange` (the
  /// `@Observable` ones, and the MVP screens that keep what their presenter told them, are read
  /// by the renderer), and its events are followed.
  func sceneChanged() {
    events = []
    renderer.stopObserving()
    switch scene {
    case .login(let model)?:
      renderer.observe(model)
      events = [
        model.loginStatus.sink { [weak self] status in
          if case .failure(let error) = status { self?.toast.text = "\(error)" }
        }
      ]
    default: break
    }
    onChange()
  }

  // MARK: Keys

  /// Applies one key: the invalid-session dialog takes enter; otherwise the top screen's view
  /// does (its `handle(_:)`), and a notice it returns shows as a toast. Returns `false` when the
  /// app should quit.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    if key == .interrupt || key == .endOfInput { return false }
    toast.text = nil
    if case .sessionExpired(let model)? = scene {
      if key == .enter { model.confirm() } else { toast.text = "Answer the dialog first" }
    } else if let notice = stack.top?.screen?.handle(key) {
      toast.text = notice
    }
    onChange()
    return true
  }

  // MARK: Drawing

  /// The screen as lines of text: a pushed screen has a back bar naming the screen below; the
  /// picker is a sheet over the screen that presented it. Drawn through the renderer: a later
  /// change of what it read asks for a redraw.
  public var frame: [String] { renderer.render(drawFrame) }

  func drawFrame() -> [String] {
    guard !stack.shown.isEmpty else { return ScreenFrame.box([], textWidth: officeTextWidth) }
    return draw(upTo: stack.shown.count - 1, toast: toast.lines(textWidth: officeTextWidth))
  }

  /// The scenes `stack[...index]` as they look with `stack[index]` on top: a screen in its box
  /// (with the back bar naming the screen below it), a sheet over what it was presented on,
  /// the invalid-session alert over the screen below drawn as it was, back bar included. The
  /// toast goes under the top layer's text; under the alert it stays in sight.
  func draw(upTo index: Int, toast: [String]) -> [String] {
    let shown = stack.shown[index]
    let toastBody = toast.isEmpty ? [] : [""] + toast
    if case .sessionExpired(let model) = shown.scene {
      let below =
        index > 0
        ? draw(upTo: index - 1, toast: toast) : ScreenFrame.box(toastBody, textWidth: officeTextWidth)
      let alert = ScreenFrame.alertMessage(model.message) + ["enter: log in"]
      return ScreenFrame.alert(alert, over: below, keeping: toast.count)
    }
    let body = (shown.screen?.body ?? []) + toastBody
    guard shown.modal, index > 0 else {
      return ScreenFrame.box(body, textWidth: officeTextWidth, back: stack.screen(below: index)?.title)
    }
    return ScreenFrame.sheet(body, textWidth: officeTextWidth, over: draw(upTo: index - 1, toast: []))
  }
}
