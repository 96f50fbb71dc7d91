import Contacts
import Coordinators
import DemoSupport
import LoginFeature
import News
import OfficeFeature
import Signals

/// The office app's terminal front: the view layer only. It is the `Navigator` the
/// `OfficeCoordinator` shows scenes through (kept as a stack: a pushed screen has a back bar, the
/// picker is a sheet over the screen that presented it, a pop or dismiss uncovers the screen
/// below as it was left), it renders the top screen's view model, and it turns keys into that
/// model's inputs; esc on a pushed screen is the back button, reported to `backButton`.
///
/// Threading: main actor.
@MainActor
public final class OfficeApp: Navigator, TerminalFront {
  /// The cells of text inside the frame (which adds a border and a space on each side).
  static let textWidth = 48

  /// One scene shown: whether it was presented modally, and its selected row.
  struct Shown {
    let scene: OfficeScene
    let modal: Bool
    var selection = 0
  }

  /// The scenes shown, bottom first.
  var stack: [Shown] = []
  var loginEnabled = false
  var loginFocusOnPassword = false
  /// A toast under the screen: it goes after `ToastExpiry.duration` (3 s) on the app's
  /// scheduler, or at the next key.
  var toast: String? {
    didSet {
      guard toast != oldValue else { return }
      toastExpiry = toast.map { _ in
        ToastExpiry.schedule(on: scheduler) { [weak self] in
          self?.toast = nil
          self?.onChange()
        }
      }
    }
  }
  /// Ends the toast on screen.
  var toastExpiry: AnyCancellable?
  /// Ends the feedback form's toast.
  var formToastExpiry: AnyCancellable?
  /// Where the toasts' time passes.
  let scheduler: any Scheduler
  var bindings: [AnyCancellable] = []
  var noticeBinding: AnyCancellable?
  /// Told when esc is pressed on a pushed screen.
  public weak var backButton: (any BackButtonHandler)?
  /// Called after anything on screen may have changed.
  public var onChange: () -> Void = {}

  /// An empty front whose toasts expire on `scheduler` (the app's); a coordinator fills it.
  public init(scheduler: any Scheduler) { self.scheduler = scheduler }

  /// Shows each of `notices` (the coordinator's) as a toast for 3 s or until the next key.
  public func showNotices(_ notices: AnyPublisher<String, Never>) {
    noticeBinding = notices.sink { [weak self] notice in
      self?.toast = notice
      self?.onChange()
    }
  }

  // MARK: Navigator

  /// Shows `scene` alone.
  public func setRoot(_ scene: OfficeScene) {
    stack = [Shown(scene: scene, modal: false)]
    sceneChanged()
  }

  /// Shows `scene` over the current one, with a back bar.
  public func push(_ scene: OfficeScene) {
    stack.append(Shown(scene: scene, modal: false))
    sceneChanged()
  }

  /// Takes the top screen away; the one below shows as it was left.
  public func pop() {
    if stack.count > 1, stack.last?.modal == false { stack.removeLast() }
    sceneChanged()
  }

  /// Shows `scene` as a sheet over the current screen.
  public func present(_ scene: OfficeScene) {
    stack.append(Shown(scene: scene, modal: true))
    sceneChanged()
  }

  /// Takes the sheet away, uncovering the screen below as it was.
  public func dismiss() {
    if stack.last?.modal == true { stack.removeLast() }
    sceneChanged()
  }

  var scene: OfficeScene? { stack.last?.scene }
  var selection: Int {
    get { stack.last?.selection ?? 0 }
    set { if !stack.isEmpty { stack[stack.count - 1].selection = newValue } }
  }
  var login: LoginViewModel? { if case .login(let model) = scene { model } else { nil } }
  var news: NewsListViewModel? { if case .news(let model) = scene { model } else { nil } }
  var feedback: FeedbackViewModel? { if case .feedback(let model) = scene { model } else { nil } }
  var contactList: ContactListViewModel? { if case .contacts(let model) = scene { model } else { nil } }
  var picker: ContactListViewModel? { if case .picker(let model) = scene { model } else { nil } }

  /// Binds the scene now on top.
  func sceneChanged() {
    bindings = []
    formToastExpiry = nil
    switch scene {
    case .login(let model)?: bindLogin(model)
    case .news(let model)?: observe(model.objectChanges)
    case .feedback(let model)?:
      observe(model.objectChanges)
      // The form's toasts go after 3 s too; a newer one starts its own time.
      bindings.append(
        model.$toast.compactMap { $0 }.sink { [weak self, weak model] _ in
          guard let self else { return }
          self.formToastExpiry = ToastExpiry.schedule(on: self.scheduler) { model?.dismissToast() }
        })
    case .contacts(let model)?, .picker(let model)?: observe(model.changes)
    default: break
    }
    onChange()
  }

  func observe(_ changes: AnyPublisher<Void, Never>) {
    bindings.append(changes.sink { [weak self] in self?.onChange() })
  }

  func bindLogin(_ model: LoginViewModel) {
    loginFocusOnPassword = false
    bindings = [
      model.loginBtnEnable.sink { [weak self] in
        self?.loginEnabled = $0
        self?.onChange()
      },
      model.loginStatus.sink { [weak self] status in
        if case .failure(let error) = status { self?.toast = "\(error)" }
        self?.onChange()
      },
    ]
  }

  // MARK: Keys

  /// Applies one key as an input of the view model on screen; returns `false` when the app
  /// should quit.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    if key == .interrupt || key == .endOfInput { return false }
    toast = nil
    switch scene {
    case .login(let model)?: handleLogin(key, model)
    case .home(let model)?: handleHome(key, model)
    case .news(let model)?:
      switch key {
      case .character("r"): model.load()
      case .character("m"): model.loadMore()
      case .escape: backButton?.backButtonPressed()
      default: break
      }
    case .feedback(let model)?: handleFeedback(key, model)
    case .contacts(let model)?, .picker(let model)?: handleList(key, model)
    case .contact?: if key == .escape { backButton?.backButtonPressed() }
    case .sessionExpired(let model)?: if key == .enter { model.confirm() }
    case nil: break
    }
    onChange()
    return true
  }

  func handleLogin(_ key: Key, _ login: LoginViewModel) {
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

  func handleHome(_ key: Key, _ home: OfficeHomeViewModel) {
    switch key {
    case .character("1"): home.choose(.news)
    case .character("2"): home.choose(.feedback)
    case .character("3"): home.choose(.contacts)
    case .character("4"): home.choose(.groupChat)
    case .character("l"): home.choose(.logout)
    default: toast = "Choose 1-4, or l to log out"
    }
  }

  func handleFeedback(_ key: Key, _ feedback: FeedbackViewModel) {
    switch key {
    case .character(let character):
      if let typed = TextInput.appending(character, to: feedback.text) { feedback.text = typed }
    case .backspace: _ = feedback.text.popLast()
    case .enter: feedback.submit()
    case .escape: backButton?.backButtonPressed()
    default: break
    }
  }

  func handleList(_ key: Key, _ model: ContactListViewModel) {
    let contacts = model.contacts
    let selected = contacts.indices.contains(selection) ? contacts[selection] : nil
    switch key {
    case .down: selection = max(min(selection + 1, contacts.count - 1), 0)
    case .up: selection = max(selection - 1, 0)
    case .character("r"): if model.error != nil { model.retry() }
    case .character(" "), .character("m"): if let selected { model.select(selected) }
    case .enter:
      if model.mode == .picker {
        model.confirm()
      } else if let selected {
        model.select(selected)
      }
    case .escape: if model.mode == .picker { model.cancel() } else { backButton?.backButtonPressed() }
    default: break
    }
    if let message = model.message { toast = message }
  }

  // MARK: Drawing

  /// The screen as lines of text: a pushed screen has a back bar naming the screen below; the
  /// picker is a sheet over the screen that presented it.
  public var frame: [String] {
    guard let top = stack.last else { return ScreenFrame.box([], textWidth: Self.textWidth) }
    var body = lines(of: top)
    if let toast { body += [""] + ScreenFrame.toast(toast, textWidth: Self.textWidth) }
    guard top.modal else {
      let back = stack.count > 1 ? title(of: stack[stack.count - 2].scene) : nil
      return ScreenFrame.box(body, textWidth: Self.textWidth, back: back)
    }
    let below = stack.dropLast().last.map { lines(of: $0) } ?? []
    if case .sessionExpired(let model) = top.scene {
      // An alert, like Login's gate dialogs: a box over the middle of the screen below.
      let alert = ScreenFrame.alertMessage(model.message) + ["enter: log in"]
      return ScreenFrame.alert(alert, over: ScreenFrame.box(below, textWidth: Self.textWidth))
    }
    return ScreenFrame.sheet(
      body, textWidth: Self.textWidth, over: ScreenFrame.box(below, textWidth: Self.textWidth))
  }

  /// A screen's title, as the back bar of a screen pushed over it names it.
  func title(of scene: OfficeScene) -> String {
    switch scene {
    case .login: "Log in"
    case .home: "Office"
    case .news: "News"
    case .feedback: "Feedback"
    case .contacts: "Contacts"
    case .picker: "New group chat"
    case .contact(let detail): detail?.contact.name ?? "Contact"
    case .sessionExpired: "Session expired"
    }
  }

  func lines(of shown: Shown) -> [String] {
    switch shown.scene {
    case .login(let login):
      return [
        "Office - log in", "", "\(loginFocusOnPassword ? " " : ">")Account  [\(login.account)]",
        "\(loginFocusOnPassword ? ">" : " ")Password [\(String(repeating: "*", count: login.password.count))]",
        "", loginEnabled ? "enter: log in" : "(alice@example.com / wonderland)",
      ]
    case .home:
      return ["Office", "", "1 News", "2 Feedback", "3 Contacts", "4 New group chat", "", "l: log out"]
    case .news(let news):
      var body = ["News" + (news.isLoading ? "  (loading...)" : ""), ""]
      body += news.items.map { "- \($0.title)" }
      if news.isLoadingMore { body.append("  (loading more...)") }
      if let error = news.error { body.append("! \(error)") }
      return body + ["", news.reachedEnd ? "r: refresh  esc: back" : "r: refresh  m: more  esc: back"]
    case .feedback(let feedback):
      var body = [
        "Feedback", "", "[\(feedback.text)]", "",
        feedback.isSending ? "Sending..." : "enter: send  esc: back",
      ]
      if let toast = feedback.toast {
        body += [""] + ScreenFrame.toast(toast, textWidth: Self.textWidth, marker: "* ")
      }
      return body
    case .contacts(let model), .picker(let model):
      let picking = model.mode == .picker
      var body = [picking ? "New group chat: mark people" : "Contacts", ""]
      if !model.recent.isEmpty {
        body +=
          TextWidth.wrap(
            model.recent.map(\.name).joined(separator: ", "), to: Self.textWidth, first: "Recent: ")
          + [""]
      }
      if model.isLoading { body.append("(loading...)") }
      if let error = model.error {
        body += TextWidth.wrap("\(error)", to: Self.textWidth, first: "! ") + ["r: retry"]
      }
      for (index, contact) in model.contacts.enumerated() {
        let mark = picking ? (model.marked.contains(contact.id) ? "[x] " : "[ ] ") : ""
        body.append(
          "\(index == shown.selection ? ">" : " ")\(mark)\(contact.name), \(contact.department), \(contact.title)"
        )
      }
      return body + ["", picking ? "m: mark  enter: confirm  esc: cancel" : "enter: open  esc: back"]
    case .sessionExpired: return []
    case .contact(let detail):
      guard let contact = detail?.contact else { return ["Contact", "", "esc: back"] }
      return [
        contact.name, "", "Title:      \(contact.title)", "Department: \(contact.department)", "",
        "esc: back",
      ]
    }
  }
}

extension NewsListViewModel {
  /// Any change of the list's published state.
  var objectChanges: AnyPublisher<Void, Never> {
    $items.map { _ in () }.merge(with: $isLoading.map { _ in () }, $isLoadingMore.map { _ in () })
      .eraseToAnyPublisher()
  }
}

extension FeedbackViewModel {
  /// Any change of the form's published state.
  var objectChanges: AnyPublisher<Void, Never> {
    $toast.map { _ in () }.merge(with: $isSending.map { _ in () }).eraseToAnyPublisher()
  }
}
