import Contacts
import Coordinators
import Messages
import OfficeFeature
import OfficeKit
import Services
import Signals
import SignalsTesting
import Testing

/// A contacts service answering after 500 ms of virtual time, with `directory` or `failure`.
struct StubContactsService: ContactsService {
  let scheduler: TestScheduler
  var directory: [Contact] = OfficeServer.directory
  var failure: AppError?

  func contacts() -> AnyPublisher<[Contact], AppError> {
    let answer: AnyPublisher<[Contact], AppError> =
      if let failure { Fail(error: failure).eraseToAnyPublisher() } else {
        Just(directory).setFailureType(to: AppError.self).eraseToAnyPublisher()
      }
    return answer.delay(for: .milliseconds(500), scheduler: scheduler).eraseToAnyPublisher()
  }

  func contact(id: Int) -> AnyPublisher<Contact, AppError> {
    Fail(error: AppError.server(message: "not in this stub")).eraseToAnyPublisher()
  }
}

/// The interactor's output, recording each answer: `["4 contacts", "failed: ..."]`.
@MainActor
final class SpyInteractorOutput: ContactListInteractorOutput {
  var answers: [String] = []

  func contactsReceived(_ result: Result<[Contact], AppError>) {
    switch result {
    case .success(let contacts): answers.append("\(contacts.count) contacts")
    case .failure(let error): answers.append("failed: \(error)")
    }
  }
}

/// An interactor the test answers for: it counts the requests; the test calls the output.
@MainActor
final class MockContactListInteractor: ContactListInteractorInput {
  var requests = 0
  func requestContacts() { requests += 1 }
}

/// The list's view, counting `reloadData()` calls.
@MainActor
final class SpyContactListView: ContactListView {
  var reloads = 0
  func reloadData() { reloads += 1 }
}

/// The presenter's router: records the contacts opened; answers recent contacts with `recent`.
@MainActor
final class SpyContactRouter: ContactListRouting {
  var opened: [Int] = []
  var refuse: RouterError?
  let recent = PassthroughSubject<[any UserRepresenting], RouterError>()

  func showContact(id: Int) throws(RouterError) {
    if let refuse { throw refuse }
    opened.append(id)
  }

  func recentContacts() throws(RouterError) -> AnyPublisher<[any UserRepresenting], RouterError> {
    recent.eraseToAnyPublisher()
  }
}

/// The VIPER seed's roles one at a time: the presenter with a spy view, a mock interactor and a
/// spy router; the interactor with a stub service and a spy output; the factory's wiring.
@MainActor
@Suite struct ContactModuleTests {
  let scheduler = TestScheduler()
  let directory = OfficeServer.directory

  /// A presenter in `mode` over a mock interactor and a spy router, with a spy view.
  func presenter(
    _ mode: ContactListMode = .normal
  ) -> (ContactListPresenter, SpyContactListView, MockContactListInteractor, SpyContactRouter) {
    let interactor = MockContactListInteractor()
    let router = SpyContactRouter()
    let presenter = ContactListPresenter(interactor: interactor, mode: mode, router: router)
    let view = SpyContactListView()
    presenter.view = view
    return (presenter, view, interactor, router)
  }

  // MARK: Presenter

  @Test func thePresenterAsksItsInteractorAndReloadsTheViewWithTheAnswer() {
    let (presenter, view, interactor, _) = presenter()
    presenter.start()
    #expect(interactor.requests == 1)
    #expect(presenter.isLoading && view.reloads == 1)
    presenter.contactsReceived(.success(directory))
    #expect(!presenter.isLoading && view.reloads == 2)
    #expect(presenter.numberOfRows() == 4)
    let row = ContactCellModel(
      name: "Linus Torvalds", department: "Engineering", title: "Maintainer", picked: nil)
    #expect(presenter.cellModel(at: 2) == row)
    #expect(presenter.cellModel(at: 4) == nil, "a row the list does not have is nil, not a trap")
  }

  @Test func aFailureIsShownAndRetryAsksTheInteractorAgain() {
    let (presenter, view, interactor, _) = presenter()
    presenter.start()
    presenter.contactsReceived(.failure(.network))
    #expect(presenter.error == .network && presenter.numberOfRows() == 0)
    presenter.retry()
    #expect(interactor.requests == 2)
    #expect(presenter.error == nil && presenter.isLoading)
    #expect(view.reloads == 3)
  }

  @Test func aSelectionInNormalModeOpensTheContactThroughItsRouter() {
    let (presenter, _, _, router) = presenter()
    presenter.start()
    presenter.contactsReceived(.success(directory))
    presenter.selectRow(at: 3)
    presenter.selectRow(at: 9)  // no such row: ignored
    #expect(router.opened == [42])
    router.refuse = .unknownRoute("app://contact/user/1")
    presenter.selectRow(at: 0)
    #expect(presenter.message == "\(RouterError.unknownRoute("app://contact/user/1"))")
  }

  @Test func aSelectionInPickerModeTogglesAMarkAndOpensNothing() {
    let (presenter, view, _, router) = presenter(.picker)
    presenter.start()
    presenter.contactsReceived(.success(directory))
    let reloads = view.reloads
    presenter.selectRow(at: 1)
    presenter.selectRow(at: 2)
    presenter.selectRow(at: 1)
    #expect(router.opened.isEmpty)
    let marks: [Bool?] = (0..<4).map { presenter.cellModel(at: $0)?.picked }
    #expect(marks == [false, false, true, false])
    #expect(view.reloads == reloads + 3, "each mark reloads the view")
  }

  @Test func recentContactsComeFromTheRouterAndReloadTheView() {
    let (presenter, view, _, router) = presenter()
    presenter.start()
    let reloads = view.reloads
    router.recent.send([directory[1]])
    #expect(presenter.recentNames == ["Grace Hopper"])
    #expect(view.reloads == reloads + 1)
    router.recent.send(completion: .failure(.unknownRoute(OfficeRoutes.lastContacts)))
    #expect(presenter.message == "\(RouterError.unknownRoute(OfficeRoutes.lastContacts))")
  }

  @Test func thePresenterHoldsItsViewWeakly() {
    let (presenter, _, _, _) = presenter()
    do {
      let view = SpyContactListView()
      presenter.view = view
    }
    #expect(presenter.view == nil)
    presenter.start()  // no view: nothing to reload, nothing traps
    #expect(presenter.isLoading)
  }

  // MARK: Interactor

  @Test func theInteractorAnswersItsOutputWithTheServicesContacts() {
    let interactor = ContactListInteractor(service: StubContactsService(scheduler: scheduler))
    let output = SpyInteractorOutput()
    interactor.output = output
    interactor.requestContacts()
    #expect(output.answers.isEmpty)
    scheduler.advance(by: .milliseconds(500))
    #expect(output.answers == ["4 contacts"])
  }

  @Test func aServiceFailureReachesTheOutputAsAFailure() {
    let service = StubContactsService(scheduler: scheduler, failure: .server(message: "down"))
    let interactor = ContactListInteractor(service: service)
    let output = SpyInteractorOutput()
    interactor.output = output
    interactor.requestContacts()
    scheduler.advance(by: .milliseconds(500))
    #expect(output.answers == ["failed: down"])
  }

  @Test func aNewRequestReplacesARunningOne() {
    let interactor = ContactListInteractor(service: StubContactsService(scheduler: scheduler))
    let output = SpyInteractorOutput()
    interactor.output = output
    interactor.requestContacts()
    scheduler.advance(by: .milliseconds(300))
    interactor.requestContacts()
    scheduler.advance(by: .milliseconds(300))
    #expect(output.answers.isEmpty, "the first answer was dropped with its request")
    scheduler.advance(by: .milliseconds(200))
    #expect(output.answers == ["4 contacts"])
  }

  @Test func theInteractorHoldsItsOutputWeakly() {
    let interactor = ContactListInteractor(service: StubContactsService(scheduler: scheduler))
    do {
      let output = SpyInteractorOutput()
      interactor.output = output
    }
    #expect(interactor.output == nil)
    interactor.requestContacts()
    scheduler.run()
  }

  @Test func anUnavailableInteractorFailsEveryRequestAtOnce() {
    let interactor = ContactListInteractor(unavailable: "no contacts here")
    let output = SpyInteractorOutput()
    interactor.output = output
    interactor.requestContacts()
    #expect(output.answers == ["failed: no contacts here"])
    #expect(scheduler.pendingCount == 0)
  }

  // MARK: Factory

  @Test func theFactoryWiresTheInteractorsOutputToThePresenter() {
    let factory = ContactModuleFactory(service: StubContactsService(scheduler: scheduler), router: Router())
    let presenter = factory.buildNormalContact()
    let view = SpyContactListView()
    presenter.view = view
    presenter.start()
    scheduler.advance(by: .milliseconds(500))
    #expect(
      presenter.numberOfRows() == 4, "the service's answer reached the presenter through the interactor")
    #expect(view.reloads == 3, "loading, the unanswered recent contacts' message, the contacts")
  }

  @Test func eachRouteRequestBuildsANewModuleInItsMode() throws {
    let router = Router()
    try ContactModuleFactory(service: StubContactsService(scheduler: scheduler), router: router).register()
    var built: [ContactListPresenter] = []
    for url in [OfficeRoutes.contactList, OfficeRoutes.contactList, OfficeRoutes.contactPicker] {
      _ = try router.request(url, as: ContactListPresenter.self).sink(
        receiveCompletion: { _ in }, receiveValue: { built.append($0) })
    }
    #expect(built.map(\.mode) == [.normal, .normal, .picker])
    #expect(built[0] !== built[1], "a new module per request")
  }

  @Test func thePickersOutcomeIsThePeopleAsUsers() {
    let factory = ContactModuleFactory(service: StubContactsService(scheduler: scheduler), router: Router())
    let picker = factory.buildMultiplePickerContact()
    var chosen: [String] = []
    picker.finishHandler = { outcome in
      if case .finished(let people) = outcome { chosen = people.map(\.userID) }
    }
    picker.start()
    scheduler.advance(by: .milliseconds(500))
    picker.selectRow(at: 3)
    picker.selectRow(at: 1)
    picker.confirm()
    #expect(chosen == ["7", "42"], "in list order")
  }

  // MARK: The vertical layer

  @Test func aGroupChatNeedsACreatorAllowedToCreate() throws {
    let messages = MessagesModule(recent: [])
    let reader = TestUser(userID: "5", permissions: [.read])
    #expect(throws: MessagesModule.GroupChatError.notPermitted(userID: "5")) {
      try messages.startGroupChat(with: [directory[0]], by: reader)
    }
    #expect(messages.recent.isEmpty, "nothing recorded")
    let writer = TestUser(userID: "6", permissions: [.read, .create])
    #expect(throws: MessagesModule.GroupChatError.noMembers) {
      try messages.startGroupChat(with: [], by: writer)
    }
    let title = try messages.startGroupChat(with: [directory[1], directory[0]], by: writer)
    #expect(title == "Grace Hopper, Ada Lovelace")
    #expect(messages.recent.map(\.userID) == ["7", "1"])
  }

  @Test func aContactIsAUserAndAMemberOfItsDepartmentUnderTheCompany() {
    let contact: any UserRepresenting & MembershipRepresenting = directory[3]
    #expect(contact.userID == "42" && contact.name == "Margaret Hamilton")
    #expect(contact.title == "Director")
    #expect(contact.organisation.name == "Engineering")
    #expect(contact.organisation.parent?.name == "Office Inc.")
    #expect(contact.organisation.parent?.parent == nil)
  }
}

/// A user with the permissions a test gives.
struct TestUser: PermissionChecking {
  let userID: String
  let permissions: Set<Permission>
  func hasPermission(to permissions: Set<Permission>) -> Bool { permissions.isSubset(of: self.permissions) }
}
