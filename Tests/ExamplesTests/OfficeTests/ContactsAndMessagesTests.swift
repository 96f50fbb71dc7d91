import Contacts
import Coordinators
import Messages
import OfficeKit
import Signals
import SignalsTesting
import Testing

/// The VIPER seed's contacts and messages modules, talking only through the router.
@MainActor
@Suite struct ContactsAndMessagesTests {
  func office() throws -> (Router, MessagesModule, Box<[ContactDetail]>) {
    let router = Router()
    let messages = MessagesModule(recent: [directory[2], directory[0]])
    try messages.register(in: router)
    let opened = Box<[ContactDetail]>([])
    try registerContacts(in: router) { detail in
      opened.value.append(detail)
      return .handled
    }
    return (router, messages, opened)
  }

  @Test func theListShowsRecentContactsAskedThroughTheRouter() throws {
    let (router, messages, _) = try office()
    messages.didMessage(directory[3])
    let list = ContactListViewModel(mode: .normal, router: router)
    list.start()
    #expect(list.recent.map(\.id) == [42, 12, 1])
  }

  @Test func normalModeOpensTheDetailByURL() throws {
    let (router, _, opened) = try office()
    let list = ContactListViewModel(mode: .normal, router: router)
    list.select(directory[1])
    #expect(opened.value.map(\.contact.name) == ["Grace Hopper"])
    try router.open("app://contact/user/42")
    #expect(opened.value.last?.contact.name == "Margaret Hamilton")
  }

  @Test func pickerModeMarksAndReturnsTheChoiceAsTheOutcome() throws {
    let (router, _, opened) = try office()
    let parent = Coordinator(
      graph: parentGraph, navigator: NoNavigator())
    let picker = ContactListViewModel(mode: .picker, router: router)
    var outcome: [String] = []
    parent.run(picker) { result in
      if case .finished(let chosen) = result { outcome = chosen.map(\.name) } else { outcome = ["cancelled"] }
    }
    picker.select(directory[3])
    picker.select(directory[0])
    picker.select(directory[3])
    picker.select(directory[1])
    picker.confirm()
    #expect(outcome == ["Ada Lovelace", "Grace Hopper"])
    #expect(opened.value.isEmpty)
    #expect(parent.children.isEmpty)
  }

  @Test func cancellingThePickerReturnsNothing() throws {
    let (router, _, _) = try office()
    let parent = Coordinator(
      graph: parentGraph, navigator: NoNavigator())
    weak var released: ContactListViewModel?
    var outcome = ""
    do {
      let picker = ContactListViewModel(mode: .picker, router: router)
      released = picker
      parent.run(picker) { if case .cancelled = $0 { outcome = "cancelled" } }
      picker.select(directory[0])
      picker.cancel()
    }
    #expect(outcome == "cancelled")
    #expect(released == nil)
  }

  @Test func routingProblemsAreClearMessages() throws {
    let (router, _, _) = try office()
    #expect(throws: RouterError.badParameter(name: "id", value: "99", expected: "the id of a contact")) {
      try router.open("app://contact/user/99")
    }
    #expect(throws: RouterError.badParameter(name: "id", value: "ada", expected: "an integer")) {
      try router.open("app://contact/user/ada")
    }
    #expect(throws: RouterError.unknownRoute("app://calendar/today")) {
      try router.open("app://calendar/today")
    }
    #expect(throws: RouterError.malformedURL("contact/user/1")) { try router.open("contact/user/1") }
    let list = ContactListViewModel(
      contacts: [ContactCard(id: 99, name: "Ghost", department: "-", title: "-")], mode: .normal,
      router: router)
    list.select(list.contacts[0])
    #expect(list.message == "parameter id is \"99\", not the id of a contact")
    #expect(throws: RouterError.badParameter(name: "count", value: "many", expected: "an integer")) {
      try router.request("app://message/last_contacts?count=many", as: [ContactCard].self)
    }
  }

  @Test func withoutTheMessagesModuleTheListSaysWhy() {
    let list = ContactListViewModel(mode: .normal, router: Router())
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
  Transition(from: .list, on: .refresh, to: .list, presentation: .none)
}
