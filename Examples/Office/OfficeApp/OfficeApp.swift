import Contacts
import Coordinators
import DemoSupport
import LoginFeature
import Messages
import News
import OfficeKit
import Signals

/// The office app in the terminal: login first, then a home with the news, feedback and
/// contacts modules. The modules never import each other: contacts asks for recent contacts and
/// opens details only through the `Router`; deep links (`--open app://contact/user/42`) go
/// through the same router, held until the user has logged in.
///
/// Threading: main actor; time runs on the injected scheduler.
@MainActor
public final class OfficeApp: Navigator, TerminalFront {
  let scheduler: any Scheduler
  /// The cells of text inside the frame (which adds a border and a space on each side).
  static let textWidth = 48

  /// The router the modules talk through; deep links wait in it until login.
  public let router = Router()
  let newsService: InProcessNewsService
  let messages: MessagesModule
  var coordinator: Coordinator<OfficeScreen, OfficeEvent>!
  var screen = OfficeScreen.login
  var login: LoginViewModel?
  var loginEnabled = false
  var loginFocusOnPassword = false
  var news: NewsListViewModel?
  var feedback: FeedbackViewModel?
  var contactList: ContactListViewModel?
  var picker: ContactListViewModel?
  var detail: ContactDetail?
  var selection = 0
  var toast: String?
  var bindings: [AnyCancellable] = []
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}

  /// An office app on `scheduler`; with `newsFails`, the news backend fails every request (the
  /// seed's switch, to show the error paths).
  public init(scheduler: any Scheduler, newsFails: Bool = false) {
    self.scheduler = scheduler
    newsService = InProcessNewsService(scheduler: scheduler)
    newsService.failing = newsFails
    messages = MessagesModule(recent: [directory[1], directory[3]])
    coordinator = Coordinator(graph: officeGraph, navigator: self, backEvent: .back)
  }

  /// Registers the modules' routes and shows the login screen.
  public func start() {
    try? messages.register(in: router)
    try? registerContacts(in: router) { [weak self] detail in
      guard let self else { return .handled }
      if self.screen == .login { return .notReady(reason: "log in first") }
      self.detail = detail
      // A deep link from elsewhere goes through the contact list, so back leads there.
      if self.screen != .contacts { self.coordinator.send(.openContacts) }
      self.coordinator.send(.openContact(id: detail.contact.id))
      return .handled
    }
    coordinator.start()
    bindLogin()
    onChange()
  }

  /// Opens `url` through the router (a deep link): shown now, held by the router until login,
  /// or a message saying what is wrong with it.
  public func open(_ url: String) {
    do {
      if case .notReady = try router.open(url) { toast = "Log in to open \(url)" }
    } catch {
      toast = "\(error)"
    }
    onChange()
  }

  /// Offers the links the router held during login again, in the order they came.
  func deliverHeldLinks() {
    let (_, failed) = router.deliverHeld()
    if let (url, error) = failed.last { toast = "\(url): \(error)" }
    onChange()
  }

  // MARK: Navigator

  /// Shows `screen` alone.
  public func setRoot(_ screen: OfficeScreen) { show(screen) }
  /// Shows `screen` over the current one.
  public func push(_ screen: OfficeScreen) { show(screen) }
  /// Back to the screen the coordinator has on top.
  public func pop() { show(coordinator.state) }
  /// Shows `screen` as a modal.
  public func present(_ screen: OfficeScreen) { show(screen) }
  /// Closes the modal.
  public func dismiss() { show(coordinator.state) }

  func show(_ screen: OfficeScreen) {
    self.screen = screen
    selection = 0
    bindings = []
    news = nil
    feedback = nil
    contactList = nil
    picker = nil
    switch screen {
    case .login: bindLogin()
    case .home:
      login = nil
      if !router.held.isEmpty {
        // After this transition has finished: the links send events to the coordinator.
        scheduler.schedule { [weak self] in MainActor.assumeIsolated { self?.deliverHeldLinks() } }
      }
    case .news:
      let model = NewsListViewModel(service: newsService)
      news = model
      observe(model.objectChanges)
      model.load()
    case .feedback:
      let model = FeedbackViewModel(service: newsService)
      feedback = model
      observe(model.objectChanges)
    case .contacts:
      let model = ContactListViewModel(mode: .normal, router: router)
      contactList = model
      model.start()
    case .picker:
      let model = ContactListViewModel(mode: .picker, router: router)
      picker = model
      coordinator.run(model) { [weak self] outcome in
        guard let self else { return }
        switch outcome {
        case .finished(let chosen):
          // The new chat's people become the most recent contacts Messages reports.
          for contact in chosen.reversed() { self.messages.didMessage(contact) }
          self.toast = "Group chat with \(chosen.map(\.name).joined(separator: ", "))"
        case .cancelled: self.toast = "No group chat"
        }
        self.coordinator.send(.pickerDone)
      }
    case .contact: break
    }
    onChange()
  }

  func observe(_ changes: AnyPublisher<Void, Never>) {
    bindings.append(changes.sink { [weak self] in self?.onChange() })
  }

  func bindLogin() {
    let service = InProcessLoginService(scheduler: scheduler)
    let model = LoginViewModel(
      useCase: LoginUseCase(repository: AuthRepository(service: service)), scheduler: scheduler)
    login = model
    loginFocusOnPassword = false
    bindings = [
      model.loginBtnEnable.sink { [weak self] in
        self?.loginEnabled = $0
        self?.onChange()
      },
      model.loginStatus.sink { [weak self] status in
        guard let self else { return }
        if case .success = status { self.coordinator.send(.loggedIn) }
        if case .failure(let error) = status { self.toast = "\(error)" }
        self.onChange()
      },
    ]
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
    toast = nil
    switch screen {
    case .login: handleLogin(key)
    case .home: handleHome(key)
    case .news:
      if key == .character("r") { news?.load() } else if key == .escape { goBack() }
    case .feedback: handleFeedback(key)
    case .contacts: handleList(key, contacts: contactList)
    case .picker: handleList(key, contacts: picker)
    case .contact: if key == .escape { goBack() }
    }
    onChange()
    return true
  }

  func handleLogin(_ key: Key) {
    guard let login else { return }
    switch key {
    case .tab: loginFocusOnPassword.toggle()
    case .character(let character):
      if loginFocusOnPassword {
        if let typed = TextInput.appending(character, to: login.password) { login.password = typed }
      } else {
        if let typed = TextInput.appending(character, to: login.account) { login.account = typed }
      }
    case .backspace:
      if loginFocusOnPassword { _ = login.password.popLast() } else { _ = login.account.popLast() }
    case .enter: if loginEnabled { login.login() } else { loginFocusOnPassword = true }
    default: break
    }
  }

  func handleHome(_ key: Key) {
    switch key {
    case .character("1"): coordinator.send(.openNews)
    case .character("2"): coordinator.send(.openFeedback)
    case .character("3"): coordinator.send(.openContacts)
    case .character("4"): coordinator.send(.newGroupChat)
    case .character("l"): coordinator.send(.logout)
    default: toast = "Choose 1-4, or l to log out"
    }
  }

  func handleFeedback(_ key: Key) {
    guard let feedback else { return }
    switch key {
    case .character(let character):
      if let typed = TextInput.appending(character, to: feedback.text) { feedback.text = typed }
    case .backspace: _ = feedback.text.popLast()
    case .enter: feedback.submit()
    case .escape: goBack()
    default: break
    }
  }

  func handleList(_ key: Key, contacts model: ContactListViewModel?) {
    guard let model else { return }
    switch key {
    case .down: selection = min(selection + 1, model.contacts.count - 1)
    case .up: selection = max(selection - 1, 0)
    case .character(" "), .character("m"): model.select(model.contacts[selection])
    case .enter: if model.mode == .normal { model.select(model.contacts[selection]) } else { model.confirm() }
    case .escape: if model.mode == .picker { model.cancel() } else { goBack() }
    default: break
    }
    if let message = model.message { toast = message }
  }

  // MARK: Drawing

  /// The screen as lines of text.
  public var frame: [String] {
    var body: [String]
    switch screen {
    case .login:
      let account = login?.account ?? ""
      let password = String(repeating: "*", count: login?.password.count ?? 0)
      body = [
        "Office - log in", "", "\(loginFocusOnPassword ? " " : ">")Account  [\(account)]",
        "\(loginFocusOnPassword ? ">" : " ")Password [\(password)]", "",
        loginEnabled ? "enter: log in" : "(alice@example.com / wonderland)",
      ]
    case .home:
      body = ["Office", "", "1 News", "2 Feedback", "3 Contacts", "4 New group chat", "", "l: log out"]
    case .news:
      body = ["News" + ((news?.isLoading ?? false) ? "  (loading...)" : ""), ""]
      body += (news?.items ?? []).map { "- \($0.title)" }
      if let error = news?.error { body.append("! \(error)") }
      body += ["", "r: refresh  esc: back"]
    case .feedback:
      body = [
        "Feedback", "", "[\(feedback?.text ?? "")]", "",
        (feedback?.isSending ?? false) ? "Sending..." : "enter: send  esc: back",
      ]
      if let toast = feedback?.toast { body += [""] + TextWidth.wrap(toast, to: Self.textWidth, first: "* ") }
    case .contacts, .picker:
      let model = screen == .contacts ? contactList : picker
      body = [screen == .contacts ? "Contacts" : "New group chat: mark people", ""]
      if let recent = model?.recent, !recent.isEmpty {
        body +=
          TextWidth.wrap(recent.map(\.name).joined(separator: ", "), to: Self.textWidth, first: "Recent: ")
          + [""]
      }
      for (index, contact) in (model?.contacts ?? []).enumerated() {
        let mark =
          model?.mode == .picker ? (model?.marked.contains(contact.id) == true ? "[x] " : "[ ] ") : ""
        body.append(
          "\(index == selection ? ">" : " ")\(mark)\(contact.name), \(contact.department), \(contact.title)")
      }
      body += ["", screen == .contacts ? "enter: open  esc: back" : "m: mark  enter: confirm  esc: cancel"]
    case .contact:
      if let contact = detail?.contact {
        body = [
          contact.name, "", "Title:      \(contact.title)", "Department: \(contact.department)", "",
          "esc: back",
        ]
      } else {
        body = ["Contact", "", "esc: back"]
      }
    }
    if let toast { body += [""] + TextWidth.wrap(toast, to: Self.textWidth, first: "! ") }
    let line = "+" + String(repeating: "-", count: Self.textWidth + 2) + "+"
    return [line] + body.map { "| " + TextWidth.pad($0, to: Self.textWidth) + " |" } + [line]
  }
}

extension NewsListViewModel {
  /// Any change of the list's published state.
  var objectChanges: AnyPublisher<Void, Never> {
    $items.map { _ in () }.merge(with: $isLoading.map { _ in () }).eraseToAnyPublisher()
  }
}

extension FeedbackViewModel {
  /// Any change of the form's published state.
  var objectChanges: AnyPublisher<Void, Never> {
    $toast.map { _ in () }.merge(with: $isSending.map { _ in () }).eraseToAnyPublisher()
  }
}
