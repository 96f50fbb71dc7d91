import Coordinators
import OfficeKit
import Signals

/// The company directory the contacts module lists.
public let directory = [
  ContactCard(id: 1, name: "Ada Lovelace", department: "Research", title: "Analyst"),
  ContactCard(id: 7, name: "Grace Hopper", department: "Engineering", title: "Rear Admiral"),
  ContactCard(id: 12, name: "Linus Torvalds", department: "Engineering", title: "Maintainer"),
  ContactCard(id: 42, name: "Margaret Hamilton", department: "Engineering", title: "Director"),
]

/// How the contact list is used.
public enum ContactListMode: Sendable {
  /// Browsing: selecting a contact opens its detail through the router.
  case normal
  /// Picking people for a new group chat: selecting toggles a mark; confirm or cancel ends it.
  case picker
}

/// The contact list (the VIPER seed's scenario): recent contacts at the top, asked of the
/// messages module through the router; in normal mode a selection opens the detail by URL, in
/// picker mode selections are marked and confirmed as the flow's outcome.
@MainActor
public final class ContactListViewModel: ChildFlow {
  /// The contacts listed.
  public let contacts: [ContactCard]
  /// The mode.
  public let mode: ContactListMode
  /// Recent contacts, from the messages module.
  @Published public private(set) var recent: [ContactCard] = []
  /// The marked contacts' ids (picker mode).
  @Published public private(set) var marked: Set<Int> = []
  /// A message to show (a routing problem, for instance).
  @Published public private(set) var message: String?
  /// Set by the parent coordinator (picker mode); called once.
  public var finishHandler: ((FlowOutcome<[ContactCard]>) -> Void)?

  let router: Router
  var request: AnyCancellable?

  /// A list of `contacts` in `mode`, talking to other modules through `router`.
  public init(contacts: [ContactCard] = directory, mode: ContactListMode, router: Router) {
    self.contacts = contacts
    self.mode = mode
    self.router = router
  }

  /// Loads the recent contacts through the router.
  public func start() {
    do {
      request = try router.request(OfficeRoutes.lastContacts, as: [ContactCard].self).sink(
        receiveCompletion: { [weak self] completion in
          if case .failure(let error) = completion { MainActor.assumeIsolated { self?.message = "\(error)" } }
        },
        receiveValue: { [weak self] recent in MainActor.assumeIsolated { self?.recent = recent } })
    } catch {
      message = "\(error)"
    }
  }

  /// Selects `contact`: opens its detail (normal) or toggles its mark (picker).
  public func select(_ contact: ContactCard) {
    switch mode {
    case .normal:
      do { try router.open(OfficeRoutes.contactDetail(id: contact.id)) } catch { message = "\(error)" }
    case .picker:
      if marked.contains(contact.id) { marked.remove(contact.id) } else { marked.insert(contact.id) }
    }
  }

  /// Picker mode: ends the flow with the marked contacts, in list order.
  public func confirm() {
    finish(.finished(contacts.filter { marked.contains($0.id) }))
  }

  /// Picker mode: ends the flow with nothing.
  public func cancel() { finish(.cancelled) }
}

/// The contact detail screen's model, opened by `app://contact/user/:id`.
public struct ContactDetail: Equatable, Sendable {
  /// The contact shown.
  public let contact: ContactCard
}

/// Registers the contacts module's route: `app://contact/user/:id` checks the id (an unknown
/// one fails with a clear reason at once), then asks `show` to show the contact; `show` answers
/// `.notReady` when the app cannot yet (before login), and the router holds the link.
@MainActor
public func registerContacts(
  in router: Router, contacts: [ContactCard] = directory,
  show: @escaping (ContactDetail) -> RouteDisposition
) throws(RouterError) {
  try router.register(OfficeRoutes.contactDetail) { match in
    let id = try match.int("id")
    guard let contact = contacts.first(where: { $0.id == id }) else {
      throw RouterError.badParameter(name: "id", value: "\(id)", expected: "the id of a contact")
    }
    return show(ContactDetail(contact: contact))
  }
}
