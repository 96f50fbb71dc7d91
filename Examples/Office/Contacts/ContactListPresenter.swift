import Coordinators
import OfficeKit
import Services
import Signals

/// The contact list's presenter (the VIPER seed's `ContactPresenter`): it joins the view and the
/// interactor, each behind its protocols. It is the view's data source and event handler and
/// the interactor's output; it asks the interactor for the contacts and its router for the
/// recent ones and for a contact's page, and tells the view (held weakly) to reload.
///
/// In normal mode a selection opens the contact's page through the router; in picker mode it
/// toggles a mark, and the presenter is a child flow whose outcome, the marked people, goes to
/// whoever runs it. (The seed gives each mode an event-handler object; here the two are a
/// `mode` switch of a few lines.)
///
/// Threading: main actor; the router's answer is moved to the main actor
/// (`receive(on: UIScheduler.shared)`) before it touches state. Completion: a failed fetch is
/// `error`, with a retry; a routing problem is `message`.
@MainActor
public final class ContactListPresenter: ContactListViewDataSource, ContactListViewEventHandler,
  ContactListInteractorOutput, ChildFlow
{
  /// Browsing or picking.
  public let mode: ContactListMode
  /// The view told to reload; held weakly, set by whoever makes the view.
  public weak var view: (any ContactListView)?
  /// Set by the parent coordinator (picker mode); called once, with the marked people.
  public var finishHandler: ((FlowOutcome<[any UserRepresenting]>) -> Void)?
  /// The contacts listed: empty while loading or after a failure.
  public private(set) var contacts: [Contact] = []
  /// Whether the contacts are being fetched.
  public private(set) var isLoading = false
  /// Why the contacts could not be fetched, if they could not.
  public private(set) var error: AppError?
  /// The people written to last, from the messages module.
  public private(set) var recent: [any UserRepresenting] = []
  /// The marked contacts' ids (picker mode).
  public private(set) var marked: Set<Int> = []
  /// A message to show (a routing problem, for instance).
  public private(set) var message: String?

  let interactor: any ContactListInteractorInput
  let router: any ContactListRouting
  var request: AnyCancellable?

  /// A presenter in `mode` over `interactor` (whose output the module factory sets to it),
  /// going elsewhere through `router`.
  ///
  /// - Parameters:
  ///   - interactor: Fetches the contacts.
  ///   - mode: Browsing or picking.
  ///   - router: Opens pages and asks other modules.
  public init(
    interactor: any ContactListInteractorInput, mode: ContactListMode, router: any ContactListRouting
  ) {
    self.interactor = interactor
    self.mode = mode
    self.router = router
  }

  /// Fetches the contacts and asks the messages module for the recent ones.
  public func start() {
    requestContacts()
    do {
      request = try router.recentContacts().receive(on: UIScheduler.shared).sink(
        receiveCompletion: { [weak self] completion in
          if case .failure(let error) = completion { self?.show(message: "\(error)") }
        },
        receiveValue: { [weak self] recent in
          self?.recent = recent
          self?.view?.reloadData()
        })
    } catch {
      show(message: "\(error)")
    }
  }

  func requestContacts() {
    isLoading = true
    error = nil
    contacts = []
    view?.reloadData()
    interactor.requestContacts()
  }

  func show(message: String) {
    self.message = message
    view?.reloadData()
  }

  // MARK: ContactListInteractorOutput

  /// The interactor's answer: the list, or the failure to show.
  public func contactsReceived(_ result: Swift.Result<[Contact], AppError>) {
    isLoading = false
    switch result {
    case .success(let contacts): self.contacts = contacts
    case .failure(let error): self.error = error
    }
    view?.reloadData()
  }

  // MARK: ContactListViewDataSource

  /// The recent people's names.
  public var recentNames: [String] { recent.map(\.name) }

  /// The number of contacts.
  public func numberOfRows() -> Int { contacts.count }

  /// The contact at `row`: name, department, title and (picker) mark.
  public func cellModel(at row: Int) -> ContactCellModel? {
    guard contacts.indices.contains(row) else { return nil }
    let contact = contacts[row]
    return ContactCellModel(
      name: contact.name, department: contact.organisation.name, title: contact.title,
      picked: mode == .picker ? marked.contains(contact.id) : nil)
  }

  // MARK: ContactListViewEventHandler

  /// Opens row `row`'s contact (normal) or toggles its mark (picker).
  public func selectRow(at row: Int) {
    guard contacts.indices.contains(row) else { return }
    let contact = contacts[row]
    switch mode {
    case .normal:
      do { try router.showContact(id: contact.id) } catch { show(message: "\(error)") }
    case .picker:
      if marked.contains(contact.id) { marked.remove(contact.id) } else { marked.insert(contact.id) }
      view?.reloadData()
    }
  }

  /// Fetches the contacts again.
  public func retry() { requestContacts() }

  /// Picker mode: ends the flow with the marked contacts, in list order.
  public func confirm() {
    finish(.finished(contacts.filter { marked.contains($0.id) }))
  }

  /// Picker mode: ends the flow with nobody.
  public func cancel() { finish(.cancelled) }
}

/// The contact detail page, answered by `app://contact/user/:id` for the caller to show.
public struct ContactDetail: Equatable, Sendable {
  /// The contact shown.
  public let contact: Contact

  /// The page for `contact`.
  public init(contact: Contact) { self.contact = contact }
}
