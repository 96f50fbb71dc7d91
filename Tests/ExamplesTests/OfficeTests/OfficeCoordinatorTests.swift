import Contacts
import Coordinators
import LoginFeature
import News
import OfficeFeature
import Signals
import SignalsTesting
import Testing

/// A navigator standing in for the UI front: it keeps the scenes as a stack and writes down
/// each call (`root home`, `push news`, `present picker`, `pop`, `dismiss`).
@MainActor
final class OfficeSceneLog: Navigator {
  var calls: [String] = []
  var stack: [OfficeScene] = []

  func setRoot(_ scene: OfficeScene) {
    calls.append("root \(Self.name(scene))")
    stack = [scene]
  }
  func push(_ scene: OfficeScene) {
    calls.append("push \(Self.name(scene))")
    stack.append(scene)
  }
  func present(_ scene: OfficeScene) {
    calls.append("present \(Self.name(scene))")
    stack.append(scene)
  }
  func pop() {
    calls.append("pop")
    stack.removeLast()
  }
  func dismiss() {
    calls.append("dismiss")
    stack.removeLast()
  }

  static func name(_ scene: OfficeScene) -> String {
    switch scene {
    case .login: "login"
    case .home: "home"
    case .news: "news"
    case .feedback: "feedback"
    case .contacts: "contacts"
    case .picker: "picker"
    case .contact(let detail): "contact(\(detail?.contact.name ?? "?"))"
    case .sessionExpired: "sessionExpired"
    }
  }

  var login: LoginViewModel? { if case .login(let model) = stack.last { model } else { nil } }
  var home: OfficeHomeViewModel? { if case .home(let model) = stack.last { model } else { nil } }
  var contacts: ContactListPresenter? { if case .contacts(let model) = stack.last { model } else { nil } }
  var picker: ContactListPresenter? { if case .picker(let model) = stack.last { model } else { nil } }
  var expiredDialog: SessionExpiredDialogViewModel? {
    if case .sessionExpired(let model) = stack.last { model } else { nil }
  }
}

/// The office coordinator driven through whole flows by its view models' inputs, no view.
@MainActor
@Suite struct OfficeCoordinatorTests {
  let scheduler = TestScheduler()

  func started() -> (OfficeCoordinator, OfficeSceneLog, Recorder<String, Never>) {
    let log = OfficeSceneLog()
    let coordinator = OfficeCoordinator(scheduler: scheduler, navigator: log)
    let notices = coordinator.notices.record()
    coordinator.start()
    return (coordinator, log, notices)
  }

  func logIn(_ log: OfficeSceneLog) throws {
    let login = try #require(log.login)
    login.account = "alice@example.com"
    scheduler.advance(by: .milliseconds(600))
    login.password = "wonderland"
    login.login()
    scheduler.advance(by: .seconds(2))
  }

  @Test func aLoginGoesHomeAndTheMenuPushesEachModuleAndBackPopsIt() throws {
    let (coordinator, log, _) = started()
    #expect(log.calls == ["root login"])
    try logIn(log)
    #expect(log.calls == ["root login", "root home"])
    let home = try #require(log.home)
    for destination in [OfficeHomeViewModel.Navigation.news, .feedback, .contacts] {
      home.choose(destination)
      coordinator.backButtonPressed()
    }
    #expect(log.calls.dropFirst(2) == ["push news", "pop", "push feedback", "pop", "push contacts", "pop"])
    coordinator.backButtonPressed()  // home is the root: the graph has no way back
    #expect(log.calls.count == 8)
    home.choose(.logout)
    #expect(log.calls.last == "root login")
  }

  @Test func aNewsRequestThatAnswers401EndsOnThePasswordScreenAfterTheDialog() throws {
    let (coordinator, log, _) = started()
    try logIn(log)
    coordinator.server.sessionExpired = true
    try #require(log.home).choose(.news)
    #expect(log.calls.last == "push news")
    scheduler.advance(by: .milliseconds(999))
    #expect(log.calls.last == "push news", "the dialog came before the service answered")
    scheduler.advance(by: .milliseconds(1))
    #expect(log.calls.last == "present sessionExpired")
    #expect(coordinator.screen == .news, "the dialog is modal over the screen, the flow stays")
    let dialog = try #require(log.expiredDialog)
    dialog.confirm()
    #expect(log.calls.suffix(3) == ["present sessionExpired", "dismiss", "root login"])
    #expect(coordinator.screen == .login)
    #expect(coordinator.flow.stack.map(\.screen) == [.login])
    let calls = log.calls
    dialog.confirm()
    #expect(log.calls == calls, "confirming twice acts once")
  }

  @Test func aFeedbackThatAnswers401EndsOnThePasswordScreenAfterTheDialog() throws {
    let (coordinator, log, _) = started()
    try logIn(log)
    try #require(log.home).choose(.feedback)
    guard case .feedback(let feedback) = log.stack.last else {
      Issue.record("no feedback screen: \(log.calls)")
      return
    }
    coordinator.server.sessionExpired = true
    feedback.submitFeedback("more coffee")
    scheduler.advance(by: .seconds(1))
    #expect(log.calls.suffix(2) == ["push feedback", "present sessionExpired"])
    try #require(log.expiredDialog).confirm()
    #expect(log.calls.suffix(2) == ["dismiss", "root login"])
    #expect(coordinator.screen == .login)
  }

  @Test func aLoginCheckThatAnswers401IsReportedToTheSamePlace() throws {
    let (coordinator, log, _) = started()
    let reports = coordinator.sessionExpiry.expired.record()
    coordinator.server.sessionExpired = true
    try logIn(log)
    #expect(reports.values.isEmpty, "login checks go to the login service, which still answers")
    coordinator.sessionExpiry.report()
    #expect(reports.values.count == 1)
    #expect(log.calls.last == "present sessionExpired")
    try #require(log.expiredDialog).confirm()
    #expect(log.calls.suffix(2) == ["dismiss", "root login"])
  }

  @Test func thePickerIsPresentedAsAChildFlowAndItsOutcomeDismissesIt() throws {
    let (coordinator, log, notices) = started()
    try logIn(log)
    try #require(log.home).choose(.groupChat)
    #expect(log.calls.last == "present picker")
    #expect(coordinator.flow.children.count == 1)
    let picker = try #require(log.picker)
    scheduler.advance(by: .milliseconds(500))
    try #require(picker.numberOfRows() > 2)
    picker.selectRow(at: 2)
    picker.confirm()
    #expect(log.calls.last == "dismiss")
    #expect(coordinator.flow.children.isEmpty)
    #expect(notices.values == ["Group chat with Linus Torvalds"])
    try #require(log.home).choose(.groupChat)
    try #require(log.picker).cancel()
    #expect(log.calls.suffix(2) == ["present picker", "dismiss"])
    #expect(notices.values.last == "No group chat")
  }

  @Test func aPickerConfirmedWithNobodyMarkedStartsNoChat() throws {
    let (coordinator, log, notices) = started()
    try logIn(log)
    #expect(coordinator.user?.hasPermission(to: [.create]) == true, "the logged-in user may start chats")
    try #require(log.home).choose(.groupChat)
    scheduler.advance(by: .milliseconds(500))
    try #require(log.picker).confirm()
    #expect(notices.values == ["No group chat"], "not \"Group chat with \" and nobody")
    #expect(log.calls.last == "dismiss")
  }

  @Test func aDeepLinkIsHeldUntilLoginThenOpensTheContactOverTheList() throws {
    let (coordinator, log, notices) = started()
    coordinator.open("app://contact/user/7")
    #expect(notices.values == ["Log in to open app://contact/user/7"])
    try logIn(log)
    #expect(log.calls == ["root login", "root home"])
    scheduler.advance(by: .milliseconds(300))  // the contacts module answers with the page
    #expect(log.calls == ["root login", "root home", "push contacts", "push contact(Grace Hopper)"])
    coordinator.backButtonPressed()
    #expect(log.calls.last == "pop")
    #expect(coordinator.screen == .contacts)
  }

  @Test func aContactChosenFromTheListIsPushedThroughTheRouter() throws {
    let (coordinator, log, notices) = started()
    try logIn(log)
    try #require(log.home).choose(.contacts)
    let contacts = try #require(log.contacts)
    scheduler.advance(by: .milliseconds(500))
    contacts.selectRow(at: 3)
    #expect(log.calls.last == "push contacts", "the page is asked of the contacts module first")
    scheduler.advance(by: .milliseconds(300))
    #expect(log.calls.last == "push contact(Margaret Hamilton)")
    coordinator.open("app://contact/user/999")
    scheduler.advance(by: .milliseconds(300))
    #expect(notices.values.last == "the handler of \"app://contact/user/999\" failed: no contact with id 999")
    #expect(log.calls.last == "push contact(Margaret Hamilton)")
  }

  @Test func theListAndThePickerAreBuiltBehindTheirRoutes() throws {
    let (coordinator, log, _) = started()
    try logIn(log)
    try #require(log.home).choose(.contacts)
    #expect(log.contacts?.mode == .normal)
    coordinator.backButtonPressed()
    try #require(log.home).choose(.groupChat)
    #expect(log.picker?.mode == .picker)
    #expect(coordinator.flow.children.count == 1, "the picker runs as the coordinator's child")
  }

  @Test func aContactsRequestThatAnswers401EndsOnThePasswordScreenAfterTheDialog() throws {
    let (coordinator, log, _) = started()
    try logIn(log)
    coordinator.server.sessionExpired = true
    try #require(log.home).choose(.contacts)
    scheduler.advance(by: .milliseconds(499))
    #expect(log.calls.last == "push contacts")
    scheduler.advance(by: .milliseconds(1))
    #expect(log.calls.last == "present sessionExpired")
    try #require(log.expiredDialog).confirm()
    #expect(log.calls.suffix(2) == ["dismiss", "root login"])
    #expect(coordinator.screen == .login)
    #expect(coordinator.client.tokens.token == nil, "the expired token is forgotten")
  }

  @Test func everyRequestAfterLoginCarriesTheSessionsToken() throws {
    let (coordinator, log, _) = started()
    try logIn(log)
    try #require(log.home).choose(.news)
    scheduler.advance(by: .seconds(1))
    coordinator.backButtonPressed()
    try #require(log.home).choose(.contacts)
    scheduler.advance(by: .milliseconds(500))
    let entries = coordinator.client.log.entries.filter { $0.path != "check?account=alice@example.com" }
    #expect(
      entries.map(\.description) == [
        "POST login [no token] -> 200", "GET news?page=1 [token-17-10] -> 200",
        "GET contacts [token-17-10] -> 200",
      ])
    coordinator.backButtonPressed()
    try #require(log.home).choose(.logout)
    #expect(coordinator.client.tokens.token == nil)
  }
}
