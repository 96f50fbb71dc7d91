import Coordinators
import Signals

/// A screen of the login flow with the view model its view binds to: what `AuthCoordinator`
/// hands the UI front's navigator. The view renders the model's outputs and sends it inputs;
/// it never decides where to go.
public enum AuthScene {
  /// Deciding where to start.
  case launch
  /// Password login.
  case password(LoginViewModel)
  /// Registration (pushed over password login).
  case register(RegisterViewModel)
  /// Face or fingerprint login.
  case biometric(BiometricLoginViewModel)
  /// Pattern login, seed 000's MVP: its presenter (the front makes the view).
  case pattern(PatternLoginPresenter)
  /// Mobile login with an SMS code.
  case sms(SMSLoginViewModel)
  /// Logged in.
  case home(HomeViewModel)
  /// The login gate's dialog (no network permission, an update), presented modally over the
  /// screen below while the gate blocks.
  case gateDialog(GateDialogViewModel)
  /// The invalid-session dialog, presented modally over the screen whose request answered 401.
  case sessionExpired(SessionExpiredDialogViewModel)
}

/// The login flow's coordinator, MVVM-C as iOS developers know it: it makes each screen's view
/// model from the environment, listens to that model's typed navigation outputs
/// (`loggedIn(Session)`, `wantsRegister`, `wantsPassword`, ...), turns them into events of the
/// auth graph (`authGraph`, run by a `Coordinator`), and asks the UI front's `Navigator` to set
/// the root, push, present, pop or dismiss each scene as the graph's edge says. It also
/// presents the login gate's dialog modally while the gate blocks, and dismisses it after.
///
/// One login, followed: the password view model's `login()` succeeds and sends
/// `.loggedIn(session)`; `passwordWants(_:)` keeps the session and sends `.loggedIn` to the
/// graph; the graph's `password --> home (root)` edge makes the coordinator's `SceneNavigator`
/// ask `makeScene(.home)` for a `HomeViewModel` and call `navigator.setRoot(.home(model))`.
///
/// Threading: main actor; the gate's answers are received on the environment's scheduler.
/// Bad input: an output the graph does not allow now (a second login, say) changes nothing.
@MainActor
public final class AuthCoordinator {
  /// Where the view models come from.
  public let environment: AuthEnvironment
  /// The graph's coordinator: the screen stack as states, validated by `authGraph`.
  public let flow: Coordinator<AuthScreen, AuthEvent>
  /// The logged-in user's session, from the last `loggedIn` until logout.
  public private(set) var session: Session?
  /// The dialog presented now, if any.
  public private(set) var dialog: GateDialogViewModel?

  let navigator: any Navigator<AuthScene>
  /// The graph's navigator: makes each screen's scene here and shows it through `navigator`.
  let scenes: SceneNavigator<AuthCoordinator, AuthScreen, AuthScene>
  var gateWatch: AnyCancellable?
  /// Whether the launch's check has answered (later checks show the loading indicator).
  var firstCheckDone = false
  var expiryWatch: AnyCancellable?
  /// The invalid-session dialog presented now, if any.
  public private(set) var expiredDialog: SessionExpiredDialogViewModel?
  /// The dialogs presented over the flow, bottom first: the gate's and the invalid-session one
  /// may both be up, in either order, and either may go first. They are shown as Office shows
  /// its dialog, with `SceneNavigator.presentOverStack(_:)`, so the graph's pops stay matched.
  var overlays: [Overlay] = []

  /// A dialog over the flow.
  enum Overlay { case gate, expired }
  /// Why the flow fell back to password login, sent right after it did; the front shows it.
  public var notices: AnyPublisher<String, Never> { noticeSubject.eraseToAnyPublisher() }
  let noticeSubject = PassthroughSubject<String, Never>()

  /// A coordinator showing the login flow through `navigator`, its view models made from
  /// `environment`.
  public init(environment: AuthEnvironment, navigator: any Navigator<AuthScene>) {
    self.environment = environment
    self.navigator = navigator
    scenes = SceneNavigator(front: navigator, didShow: AuthCoordinator.didShow) { coordinator, screen in
      coordinator.makeScene(screen)
    }
    flow = makeAuthCoordinator(navigator: scenes)
    scenes.owner = self
  }

  /// The screen on top.
  public var screen: AuthScreen { flow.state }

  /// Shows the launch screen, starts the gate's checks and follows them, and moves to the login
  /// screen the stored credential allows.
  public func start() {
    gateWatch = environment.gate.state.receive(on: environment.scheduler).sink { [weak self] state in
      self?.gateChanged(state)
    }
    expiryWatch = environment.sessionExpiry.expired.sink { [weak self] in self?.sessionExpired() }
    flow.start()
    environment.gate.prepare()
    flow.send(environment.launchEvent)
  }

  /// The app came back to the foreground (seed 000: `willEnterForegroundNotification`): the
  /// gate checks the network permission again, its loading indicator up while it does, and its
  /// dialog comes back if it still blocks (a forced update always does).
  public func enterForeground() {
    guard gateWatch != nil else { return }
    environment.gate.prepare()
  }

  /// The app went to the background. Nothing to do: the check runs again on the way back.
  public func enterBackground() {}

  // MARK: Navigation outputs

  func passwordWants(_ request: LoginViewModel.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsRegister: flow.send(.register)
    }
  }

  func biometricWants(_ request: BiometricLoginViewModel.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsPassword(let notice):
      flow.send(.usePassword)
      if let notice { noticeSubject.send(notice) }
    }
  }

  func patternWants(_ request: PatternLoginPresenter.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsPassword: flow.send(.usePassword)
    }
  }

  func smsWants(_ request: SMSLoginViewModel.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsPassword: flow.send(.usePassword)
    }
  }

  func registerWants(_ request: RegisterViewModel.Navigation) {
    switch request {
    case .back: flow.send(.back)
    }
  }

  func homeWants(_ request: HomeViewModel.Navigation) {
    switch request {
    case .loggedOut:
      session = nil
      flow.send(.logout)
    }
  }

  func loggedIn(_ session: Session) {
    self.session = session
    environment.sessionExpiry.reset()
    flow.send(.loggedIn)
  }

  /// Presents the gate's dialog while it blocks or checks (the loading indicator; the first
  /// check runs behind the launch screen instead), replacing one about something else, and
  /// dismisses it once the gate is ready.
  func gateChanged(_ state: GateState) {
    let blocking: Bool
    switch state {
    case .ready: blocking = false
    case .checking: blocking = firstCheckDone
    case .invalidNetwork, .forcedUpdate, .optionalUpdate: blocking = true
    }
    if state != .checking { firstCheckDone = true }
    if let dialog, dialog.state == state { return }
    if dialog != nil {
      dialog = nil
      dismissOverlay(.gate)
    }
    guard blocking else { return }
    dialog = GateDialogViewModel(state: state, gate: environment.gate)
    presentOverlay(.gate)
  }

  /// A request answered 401: presents the invalid-session dialog once (a second 401 while it is
  /// up changes nothing); confirming it dismisses it, forgets the session and goes to password
  /// login as root.
  func sessionExpired() {
    guard expiredDialog == nil, screen != .launch else { return }
    expiredDialog = SessionExpiredDialogViewModel { [weak self] in self?.expiredDialogConfirmed() }
    presentOverlay(.expired)
  }

  func expiredDialogConfirmed() {
    expiredDialog = nil
    dismissOverlay(.expired)
    session = nil
    flow.send(.sessionExpired)
    noticeSubject.send(AppError.sessionExpired.description)
  }

  // MARK: Scenes

  /// The scene of `overlay`, if its dialog is up.
  func scene(of overlay: Overlay) -> AuthScene? {
    switch overlay {
    case .gate: dialog.map(AuthScene.gateDialog)
    case .expired: expiredDialog.map(AuthScene.sessionExpired)
    }
  }

  func presentOverlay(_ overlay: Overlay) {
    guard let scene = scene(of: overlay) else { return }
    overlays.append(overlay)
    scenes.presentOverStack(scene)
  }

  /// Takes `overlay` away. A navigator dismisses only what is on top, so the dialogs above it
  /// go with it and come back: the one that goes is always the one meant.
  func dismissOverlay(_ overlay: Overlay) {
    guard let index = overlays.lastIndex(of: overlay) else { return }
    let above = overlays[(index + 1)...]
    for _ in 0...above.count { scenes.dismissOverStack() }
    overlays.removeSubrange(index...)
    for kept in above { presentOverlay(kept) }
  }

  /// A new root takes everything away, the dialogs too; those still up (the gate's while it
  /// blocks) go back up over the new root, in their order.
  static func didShow(_ coordinator: AuthCoordinator, _ scene: AuthScene, as presentation: ScenePresentation)
  {
    guard presentation == .root else { return }
    let shown = coordinator.overlays
    coordinator.overlays = []
    for overlay in shown { coordinator.presentOverlay(overlay) }
  }

  func makeScene(_ screen: AuthScreen) -> (AuthScene, AnyCancellable?) {
    switch screen {
    case .launch:
      return (.launch, nil)
    case .password:
      let model = environment.makePasswordLogin()
      return (
        .password(model),
        model.navigation.sink { [weak self] in self?.passwordWants($0) }
      )
    case .register:
      let model = RegisterViewModel()
      return (.register(model), model.navigation.sink { [weak self] in self?.registerWants($0) })
    case .biometric:
      let model = environment.makeBiometricLogin()
      return (.biometric(model), model.navigation.sink { [weak self] in self?.biometricWants($0) })
    case .pattern:
      let model = environment.makePatternLogin(account: environment.patternAccount ?? "")
      return (.pattern(model), model.navigation.sink { [weak self] in self?.patternWants($0) })
    case .sms:
      let model = environment.makeSMSLogin()
      return (.sms(model), model.navigation.sink { [weak self] in self?.smsWants($0) })
    case .home:
      // The graph reaches home only on `loggedIn`, which keeps the session first.
      guard let session else {
        preconditionFailure("home shown with no session: the graph reached it without loggedIn")
      }
      let model = environment.makeHome(session: session)
      return (.home(model), model.navigation.sink { [weak self] in self?.homeWants($0) })
    }
  }
}
