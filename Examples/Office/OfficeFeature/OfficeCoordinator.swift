import Contacts
import Coordinators
import LoginFeature
import Messages
import News
import OfficeKit
import Services
import Signals

/// A screen of the office app with what its view binds to (a view model or a presenter): what
/// `OfficeCoordinator` hands the UI front's navigator.
public enum OfficeScene {
  /// Logging in.
  case login(LoginViewModel)
  /// The home menu.
  case home(OfficeHomeViewModel)
  /// The news list (pushed): its MVP presenter, which the front's view attaches to.
  case news(NewsPresenter)
  /// The feedback form (pushed): its MVP presenter, which the front's view attaches to.
  case feedback(FeedbackPresenter)
  /// The contact list (pushed): the VIPER module's presenter, which the front's view reads.
  case contacts(ContactListPresenter)
  /// The contact picker for a new group chat, presented modally; its presenter ends as a child
  /// flow.
  case picker(ContactListPresenter)
  /// A contact's detail page, as the contacts module answered it (pushed over the list).
  case contact(ContactDetail?)
  /// The invalid-session dialog, presented modally over the screen whose request answered 401.
  case sessionExpired(SessionExpiredDialogViewModel)
}

/// The front's back button (esc): the user asks to leave the screen on top. The coordinator
/// decides whether the flow allows it and, if so, asks the navigator to pop.
@MainActor
public protocol BackButtonHandler: AnyObject {
  /// The back button was pressed on the screen on top.
  func backButtonPressed()
}

/// The office app's coordinator, MVVM-C as iOS developers know it: it makes each screen's view
/// model or presenter (news and feedback are MVP, contacts a VIPER module asked of the router),
/// listens to their typed outputs (the login's `loggedIn`, the home menu's choices, the picker's
/// outcome as a child flow), drives the statechart `officeGraph` through a `Coordinator`, which
/// lays its configuration out as screens (`officeScreens`) and asks the UI front's `Navigator` to
/// set the root, push, present, pop or dismiss each scene.
/// It owns the `Router` the modules talk through: the contacts module's pages (list, picker,
/// detail) are asked of it by URL and shown here, and a contact chosen in the list comes back as
/// the link `app://contact/user/:id`; deep links wait in it until login, then open
/// the contact (through the list, so back leads there). Every request goes through one
/// `ServiceClient` to `server`, carrying the token of the session the login returned.
///
/// Threading: main actor; services answer on the injected scheduler. Bad input: an output the
/// graph does not allow now changes nothing; a bad or early link becomes a notice.
@MainActor
public final class OfficeCoordinator: BackButtonHandler {
  /// The router the modules talk through; deep links wait in it until login.
  public let router = Router()
  /// The chart's coordinator: the screen stack as the configuration of `officeGraph` lays it out.
  public let flow: Coordinator<OfficeScreen, OfficeEvent>
  /// Messages to show the user (a link held until login, a bad link, the picker's outcome), as
  /// they happen.
  public var notices: AnyPublisher<String, Never> { noticeSubject.eraseToAnyPublisher() }

  let scheduler: any Scheduler
  let navigator: any Navigator<OfficeScene>
  /// The in-process server every request goes to (its switches show the error paths:
  /// `failing`, `sessionExpired`, `contactsFailing`).
  public let server: OfficeServer
  /// Where every request that answers 401 is reported (login checks, news, feedback,
  /// contacts); this coordinator listens and shows the invalid-session dialog, and resets it at
  /// each login so that the next session's expiry is reported again.
  public let sessionExpiry = SessionExpiry()
  /// The one service client of the app: the token of the logged-in session, the request log,
  /// 401s reported to `sessionExpiry`.
  public let client: ServiceClient
  let news: RemoteNewsService
  let contactsModule: ContactModuleFactory
  let messages: MessagesModule
  /// The graph's navigator: makes each screen's scene here and shows it through `navigator`.
  let scenes: SceneNavigator<OfficeCoordinator, OfficeScreen, OfficeScene>
  let noticeSubject = PassthroughSubject<String, Never>()
  /// The contact page being shown (answered by the contacts module).
  var pendingDetail: ContactDetail?
  /// The request for a contact's page, while it runs.
  var detailRequest: AnyCancellable?
  /// The user logged in now, who starts group chats.
  public private(set) var user: OfficeUser?
  /// What the server grants the user who logs in: every permission (the demo's server), or
  /// fewer (`OfficeDemo --no-create`: without `.create`, a group chat is refused).
  public var permissions = Set(Permission.allCases)
  /// Delivers the links held before login, after the transition to home has finished.
  var heldDelivery: AnyCancellable?
  var expiryWatch: AnyCancellable?
  /// The invalid-session dialog presented now, if any.
  public private(set) var expiredDialog: SessionExpiredDialogViewModel?

  /// A coordinator on `scheduler` showing the app through `navigator`; with `newsFails`, the
  /// news backend fails every request (the seed's switch, to show the error paths).
  public init(scheduler: any Scheduler, newsFails: Bool = false, navigator: any Navigator<OfficeScene>) {
    self.scheduler = scheduler
    self.navigator = navigator
    server = OfficeServer()
    server.failing = newsFails
    client = ServiceClient(
      baseURL: OfficeServer.baseURL, transport: server.transport(on: scheduler), expiry: sessionExpiry)
    news = RemoteNewsService(client: client)
    messages = MessagesModule(recent: [OfficeServer.directory[1], OfficeServer.directory[3]])
    scenes = SceneNavigator(front: navigator, didShow: OfficeCoordinator.didShow) { coordinator, screen in
      coordinator.makeScene(screen)
    }
    flow = Coordinator(graph: officeGraph, navigator: scenes, backEvent: .back, screens: officeScreens)
    contactsModule = ContactModuleFactory(service: RemoteContactsService(client: client), router: router)
    scenes.owner = self
  }

  /// The screen on top (the chart's state is its first active leaf, `menu` under home: not a
  /// screen).
  public var screen: OfficeScreen { flow.stack.last?.screen ?? flow.state }

  /// Registers the modules' routes and shows the login screen.
  public func start() {
    do {
      try messages.register(in: router)
      try contactsModule.register()
      // The app decides how a contact link is shown: the link asks the contacts module for the page.
      try router.register(OfficeRoutes.contactDetail) { [weak self] match in
        let id = try match.int("id")
        return self?.openContact(id: id) ?? .handled
      }
    } catch {
      // The patterns are the app's own constants: a malformed one is a programming error.
      preconditionFailure("The app's routes do not register: \(error)")
    }
    expiryWatch = sessionExpiry.expired.sink { [weak self] in self?.sessionExpired() }
    flow.start()
  }

  /// Opens `url` through the router (a deep link): shown now, held by the router until login,
  /// or a notice saying what is wrong with it.
  public func open(_ url: String) {
    do {
      if case .notReady = try router.open(url) { noticeSubject.send("Log in to open \(url)") }
    } catch {
      noticeSubject.send("\(error)")
    }
  }

  /// The back button: the chart's `back` edge from the screen on top, if it has one.
  public func backButtonPressed() { flow.send(.back) }

  // MARK: Navigation outputs

  /// Asks the contacts module for contact `id`'s page and shows it when it comes; before login
  /// the link waits in the router.
  func openContact(id: Int) -> RouteDisposition {
    if screen == .login { return .notReady(reason: "log in first") }
    let url = OfficeRoutes.contactDetail(id: id)
    do {
      detailRequest = try router.request(url, as: ContactDetail.self).receive(on: UIScheduler.shared).sink(
        receiveCompletion: { [weak self] completion in
          guard case .failure(let error) = completion else { return }
          self?.noticeSubject.send("\(error)")
        },
        receiveValue: { [weak self] detail in self?.showContact(detail) })
    } catch {
      noticeSubject.send("\(error)")
    }
    return .handled
  }

  /// Shows the page the contacts module answered, over the contact list.
  func showContact(_ detail: ContactDetail) {
    guard screen != .login else { return }
    pendingDetail = detail
    // A screen pushed over home or the list (another contact, news, feedback) is left first:
    // the link replaces it, so the last link wins the screen.
    if [.contact, .news, .feedback].contains(screen.caseKey) { flow.send(.back) }
    // A deep link from elsewhere goes through the contact list, so back leads there.
    if screen.caseKey != .contacts { flow.send(.openContacts) }
    flow.send(.openContact(id: detail.contact.id))
  }

  func loginWants(_ request: LoginViewModel.Navigation) {
    guard case .loggedIn(let session) = request else { return }
    user = OfficeUser(session: session, permissions: permissions)
    client.tokens.set(session.token)
    sessionExpiry.reset()
    flow.send(.loggedIn)
  }

  /// The contacts module's page at `url` (a list or the picker), or one that says why there is none.
  func contactListPage(_ url: String, mode: ContactListMode) -> ContactListPresenter {
    var page: ContactListPresenter?
    var failure = "no page"
    do {
      _ = try router.request(url, as: ContactListPresenter.self).sink(
        receiveCompletion: { if case .failure(let error) = $0 { failure = "\(error)" } },
        receiveValue: { page = $0 })
    } catch {
      failure = "\(error)"
    }
    return page
      ?? ContactModuleFactory.assemble(
        interactor: ContactListInteractor(unavailable: failure), mode: mode, router: router)
  }

  func homeWants(_ request: OfficeHomeViewModel.Navigation) {
    switch request {
    case .news: flow.send(.openNews)
    case .feedback: flow.send(.openFeedback)
    case .contacts: flow.send(.openContacts)
    case .groupChat: flow.send(.newGroupChat)
    case .logout:
      user = nil
      client.tokens.clear()
      flow.send(.logout)
    }
  }

  /// The picker answered: the messages module starts the chat (its people become the most
  /// recent contacts it reports), or says why not.
  func pickerFinished(_ outcome: FlowOutcome<[any UserRepresenting]>) {
    switch outcome {
    case .finished(let chosen):
      guard let user else {
        noticeSubject.send("Log in to start a group chat")
        break
      }
      do {
        let title = try messages.startGroupChat(with: chosen, by: user)
        noticeSubject.send("Group chat with \(title)")
      } catch {
        noticeSubject.send(error.description)
      }
    case .cancelled: noticeSubject.send("No group chat")
    }
    flow.send(.pickerDone)
  }

  /// Offers the links the router held during login again, in the order they came.
  func deliverHeldLinks() {
    let (_, failed) = router.deliverHeld()
    if let (url, error) = failed.last { noticeSubject.send("\(url): \(error)") }
  }

  /// A request answered 401: presents the invalid-session dialog over the screen on top, once
  /// (a second 401 while it is up changes nothing).
  func sessionExpired() {
    guard expiredDialog == nil else { return }
    let model = SessionExpiredDialogViewModel { [weak self] in self?.expiredDialogConfirmed() }
    expiredDialog = model
    scenes.presentOverStack(.sessionExpired(model))
  }

  /// The dialog was confirmed: it goes, and password login becomes the root, which drops every
  /// screen and its view model (the open contact, the picker's child flow); the login screen
  /// shows why, as Login's does.
  func expiredDialogConfirmed() {
    expiredDialog = nil
    scenes.dismissOverStack()
    pendingDetail = nil
    detailRequest = nil
    user = nil
    client.tokens.clear()
    flow.send(.sessionExpired)
    noticeSubject.send(AppError.sessionExpired.description)
  }

  // MARK: Scenes

  /// A picker shown runs as the flow's child until it answers.
  static func didShow(
    _ coordinator: OfficeCoordinator, _ scene: OfficeScene, as presentation: ScenePresentation
  ) {
    guard case .picker(let model) = scene else { return }
    coordinator.flow.run(model) { [weak coordinator] outcome in coordinator?.pickerFinished(outcome) }
  }

  func makeScene(_ screen: OfficeScreen) -> (OfficeScene, AnyCancellable?) {
    switch screen {
    case .login:
      // The repository reports the login's 401s itself, so its client does not.
      let service = HTTPLoginService(client: client.reporting(to: nil))
      let repository = AuthRepository(service: service, expiry: sessionExpiry)
      let model = LoginViewModel(useCase: LoginUseCase(repository: repository), scheduler: scheduler)
      return (.login(model), model.navigation.sink { [weak self] in self?.loginWants($0) })
    case .home:
      if !router.held.isEmpty {
        // After this transition has finished: the links send events to the graph.
        heldDelivery = Just(()).receive(on: scheduler).receive(on: UIScheduler.shared).sink { [weak self] in
          self?.deliverHeldLinks()
        }
      }
      let model = OfficeHomeViewModel()
      return (.home(model), model.navigation.sink { [weak self] in self?.homeWants($0) })
    case .news:
      let presenter = NewsPresenter(service: news)
      presenter.loadData()
      return (.news(presenter), nil)
    case .feedback:
      return (.feedback(FeedbackPresenter(service: news)), nil)
    case .contacts:
      // A contact chosen in the list comes back as the link `app://contact/user/:id`.
      let presenter = contactListPage(OfficeRoutes.contactList, mode: .normal)
      presenter.start()
      return (.contacts(presenter), nil)
    case .picker:
      // Started by `flow.run` once it is shown: the picker is a child flow.
      return (.picker(contactListPage(OfficeRoutes.contactPicker, mode: .picker)), nil)
    case .contact(let id):
      let detail = pendingDetail?.contact.id == id ? pendingDetail : nil
      pendingDetail = nil
      return (.contact(detail), nil)
    case .menu, .browsing:
      // `officeScreens` gives these states no role: the coordinator never shows them.
      preconditionFailure("\(screen) is not a screen")
    }
  }
}
