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
/// `.loggedIn(session)`; `passwordWants(_:)` sends `.loggedIn(session)` to the graph; the
/// graph's `password --> home (root)` edge makes the state `.home(session)` from that event, and
/// the coordinator's `SceneNavigator` asks `makeScene(.home(session))` for a `HomeViewModel`
/// and calls `navigator.setRoot(.home(model))`.
///
/// Data travels in events and states only: the session is the `loggedIn` event's payload and
/// the home state's, and nothing is set on the coordinator before a send for a scene to read.
/// Nor does the navigator call back into the coordinator while a send runs: the dialogs a new
/// root took away are put back after the send returns (`send(_:)`).
///
/// Threading: main actor; the gate's answers are received on the environment's scheduler.
/// Bad input: an output the graph does not allow now (a second login, say) changes nothing.
@MainActor
public final class AuthCoordinator {
  /// Where the view models come from.
  public let environment: AuthEnvironment
  /// The graph's coordinator: the screen stack as states, validated by `authGraph`.
  public let flow: Coordinator<AuthScreen, AuthEvent>
  /// The logged-in user's session: the one the home screen shows, `nil` on any other screen.
  public var session: Session? {
    if case .home(let session) = flow.state { session } else { nil }
  }
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
    scenes = SceneNavigator(front: navigator) { coordinator, screen in
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
    send(environment.launchEvent)
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
    case .wantsRegister: send(.register)
    }
  }

  func biometricWants(_ request: BiometricLoginViewModel.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsPassword(let notice):
      send(.usePassword)
      if let notice { noticeSubject.send(notice) }
    }
  }

  func patternWants(_ request: PatternLoginPresenter.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsPassword: send(.usePassword)
    }
  }

  func smsWants(_ request: SMSLoginViewModel.Navigation) {
    switch request {
    case .loggedIn(let session): loggedIn(session)
    case .wantsPassword: send(.usePassword)
    }
  }

  func registerWants(_ request: RegisterViewModel.Navigation) {
    switch request {
    case .back: send(.back)
    }
  }

  func homeWants(_ request: HomeViewModel.Navigation) {
    switch request {
    case .loggedOut: send(.logout)
    }
  }

  func loggedIn(_ session: Session) {
    environment.sessionExpiry.reset()
    send(.loggedIn(session))
  }

  /// Sends `event` to the flow; then, if the flow set a new root, which takes every scene away,
  /// puts back the dialogs still up (the gate's while it blocks), in their order. This runs
  /// after the send returns, not from inside the navigator's call: nothing re-enters the
  /// coordinator while the flow moves.
  func send(_ event: AuthEvent) {
    flow.send(event)
    // The scenes are the flow's screens and the dialogs over them; a root leaves its one
    // screen alone.
    guard !overlays.isEmpty, scenes.depth == flow.stack.count else { return }
    let shown = overlays
    overlays = []
    for overlay in shown { presentOverlay(overlay) }
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
    send(.sessionExpired)
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
    case .home(let session):
      let model = environment.makeHome(session: session)
      return (.home(model), model.navigation.sink { [weak self] in self?.homeWants($0) })
    }
  }
}
