import Contacts
import Coordinators
import Messages
import OfficeFeature
import OfficeKit
import Signals
import SignalsTesting
import Testing

/// The VIPER seed's contacts and messages modules, talking only through the router; the
/// contacts come from the server through the service layer.
@MainActor
@Suite struct ContactsAndMessagesTests {
  let scheduler = TestScheduler()
  let directory = OfficeServer.directory

  /// A router with the messages module and the contacts module (built by its factory over a
  /// logged-in client) registered.
  func office() throws -> (Router, MessagesModule, OfficeServer, ContactModuleFactory) {
    let router = Router()
    let messages = MessagesModule(recent: [directory[2], directory[0]])
    try messages.register(in: router)
    let (server, client) = loggedInOffice(on: scheduler)
    let factory = ContactModuleFactory(service: RemoteContactsService(client: client), router: router)
    try factory.register()
    return (router, messages, server, factory)
  }

  /// The page `url` answers, synchronously (the list routes answer at once).
  func page<T>(_ router: Router, _ url: String, as type: T.Type) throws -> T? {
    var page: T?
    _ = try router.request(url, as: type).sink(receiveCompletion: { _ in }, receiveValue: { page = $0 })
    return page
  }

  @Test func theListIsFetchedThroughTheInteractorWithALoadingState() throws {
    let (router, messages, _, _) = try office()
    messages.didMessage(directory[3])
    let list = try #require(try page(router, OfficeRoutes.contactList, as: ContactListPresenter.self))
    #expect(list.mode == .normal)
    list.start()
    #expect(list.isLoading && list.contacts.isEmpty)
    #expect(list.recent.map(\.userID) == ["42", "12", "1"])
    scheduler.advance(by: .milliseconds(500))
    #expect(!list.isLoading)
    #expect(list.contacts == directory)
    #expect(
      list.cellModel(at: 1)
        == ContactCellModel(
          name: "Grace Hopper", department: "Engineering", title: "Rear Admiral", picked: nil))
  }

  @Test func aFailedFetchShowsTheErrorAndRetryFetchesAgain() throws {
    let (router, _, server, _) = try office()
    server.contactsFailing = true
    let list = try #require(try page(router, OfficeRoutes.contactList, as: ContactListPresenter.self))
    list.start()
    scheduler.advance(by: .milliseconds(500))
    #expect(list.error == .server(message: "Contacts could not be loaded"))
    #expect(list.contacts.isEmpty && !list.isLoading)
    server.contactsFailing = false
    list.retry()
    #expect(list.isLoading && list.error == nil)
    scheduler.advance(by: .milliseconds(500))
    #expect(list.contacts.map(\.name) == directory.map(\.name))
  }

  @Test func normalModeOpensTheContactsLinkAndTheRouteAnswersThePage() throws {
    let (router, _, _, _) = try office()
    var opened: [Int] = []
    try router.register(OfficeRoutes.contactDetail) { match in
      opened.append(try match.int("id"))
      return .handled
    }
    let list = try #require(try page(router, OfficeRoutes.contactList, as: ContactListPresenter.self))
    list.start()
    scheduler.advance(by: .milliseconds(500))
    list.selectRow(at: 1)
    #expect(opened == [7], "the list opens the link; whoever handles it shows the page")
    let detail = try router.request(OfficeRoutes.contactDetail(id: 7), as: ContactDetail.self).record()
    #expect(detail.values.isEmpty, "fetched like real data")
    scheduler.advance(by: .milliseconds(300))
    #expect(detail.values.map(\.contact.name) == ["Grace Hopper"])
  }

  @Test func pickerModeMarksAndReturnsTheChoiceToWhoeverOpenedIt() throws {
    let (router, _, _, _) = try office()
    let parent = Coordinator(graph: parentGraph, navigator: NoNavigator())
    let picker = try #require(try page(router, OfficeRoutes.contactPicker, as: ContactListPresenter.self))
    #expect(picker.mode == .picker)
    var outcome: [String] = []
    parent.run(picker) { result in
      if case .finished(let chosen) = result { outcome = chosen.map(\.name) } else { outcome = ["cancelled"] }
    }
    scheduler.advance(by: .milliseconds(500))
    for row in [3, 0, 3, 1] { picker.selectRow(at: row) }
    let marks: [Bool?] = (0..<4).map { picker.cellModel(at: $0)?.picked }
    #expect(marks == [true, true, false, false])
    picker.confirm()
    #expect(outcome == ["Ada Lovelace", "Grace Hopper"])
    #expect(picker.message == nil, "picking opens no link")
    #expect(parent.children.isEmpty)
  }

  @Test func cancellingThePickerReturnsNothing() throws {
    let (_, _, _, factory) = try office()
    let parent = Coordinator(graph: parentGraph, navigator: NoNavigator())
    weak var released: ContactListPresenter?
    var outcome = ""
    do {
      let picker = factory.buildMultiplePickerContact()
      released = picker
      parent.run(picker) { if case .cancelled = $0 { outcome = "cancelled" } }
      picker.selectRow(at: 0)
      picker.cancel()
    }
    scheduler.run()
    #expect(outcome == "cancelled")
    #expect(released == nil)
  }

  @Test func routingProblemsAreClearMessages() throws {
    let (router, _, _, _) = try office()
    let unknown = try router.request(OfficeRoutes.contactDetail(id: 99), as: ContactDetail.self).record()
    scheduler.advance(by: .milliseconds(300))
    #expect(
      unknown.completion
        == .failure(.handlerFailed(url: "app://contact/user/99", reason: "no contact with id 99")))
    #expect(throws: RouterError.badParameter(name: "id", value: "ada", expected: "an integer")) {
      try router.request("app://contact/user/ada", as: ContactDetail.self)
    }
    #expect(throws: RouterError.unknownRoute("app://calendar/today")) {
      try router.open("app://calendar/today")
    }
    #expect(throws: RouterError.malformedURL("contact/user/1")) { try router.open("contact/user/1") }
    #expect(throws: RouterError.badParameter(name: "count", value: "many", expected: "an integer")) {
      try router.request("app://message/last_contacts?count=many", as: [any UserRepresenting].self)
    }
  }

  @Test func aListWhoseModuleCouldNotBeBuiltSaysWhyAndRetryFetchesNothing() {
    let list = ContactModuleFactory.assemble(
      interactor: ContactListInteractor(unavailable: "no route for \"app://contact/list\""), mode: .normal,
      router: Router())
    list.start()
    #expect(list.error == .server(message: "no route for \"app://contact/list\""))
    list.retry()
    #expect(list.error == .server(message: "no route for \"app://contact/list\""))
    #expect(!list.isLoading && list.contacts.isEmpty)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func withoutTheMessagesModuleTheListSaysWhy() throws {
    let router = Router()
    let (_, client) = loggedInOffice(on: scheduler)
    let list = ContactModuleFactory(service: RemoteContactsService(client: client), router: router)
      .buildNormalContact()
    list.start()
    #expect(list.message == "no route for \"app://message/last_contacts\"")
  }
}

/// A value tests read after closures wrote it.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

@MainActor
final class NoNavigator: Navigator {
  func setRoot(_ screen: ParentScreen) {}
  func push(_ screen: ParentScreen) {}
  func pop() {}
  func present(_ screen: ParentScreen) {}
  func dismiss() {}
}

/// The one-screen flow a parent coordinator runs the picker from.
enum ParentScreen: CaseKeyed, CaseIterable { case list }
/// The parent flow's one event.
enum ParentEvent: CaseKeyed, CaseIterable { case refresh }
let parentGraph = StateGraph<ParentScreen, ParentEvent>(initial: .list) {
  Transition(from: .list, on: .refresh, to: .list)
}
