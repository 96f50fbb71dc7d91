import Coordinators
import Observation
import OfficeKit
import Services
import Signals

/// How the contact list is used.
public enum ContactListMode: Sendable {
  /// Browsing: selecting a contact asks whoever shows the list to open its detail.
  case normal
  /// Picking people for a new group chat: selecting toggles a mark; confirm or cancel ends it.
  case picker
}

/// The contact list (the VIPER seed's presenter, as a view model): the contacts come from its
/// interactor (loading, failed with retry, loaded); recent contacts are asked of the messages
/// module through the router. In normal mode a selection is a navigation output for the caller
/// to act on; in picker mode selections are marked and confirmed as the flow's outcome.
///
/// Threading: main actor (`@Observable`: a view is redrawn when what it read changes; the
/// interactor's state is mirrored in `state`); the router's answer is moved to the main actor
/// (`UIScheduler`) before it touches state. Completion: a failed fetch is the interactor's
/// `.failed` state; a routing problem is `message`.
@MainActor @Observable
public final class ContactListViewModel: ChildFlow {
  /// Where the list asks the flow to go.
  public enum Navigation: Equatable, Sendable {
    /// Show the detail of the contact with this id.
    case showContact(id: Int)
  }

  /// The mode.
  @ObservationIgnored public let mode: ContactListMode
  /// The interactor fetching the contacts.
  @ObservationIgnored public let interactor: ContactListInteractor
  /// The interactor's state now.
  public private(set) var state: ContactListState
  /// Recent contacts, from the messages module.
  public private(set) var recent: [ContactCard] = []
  /// The marked contacts' ids (picker mode).
  public private(set) var marked: Set<Int> = []
  /// A message to show (a routing problem, for instance).
  public private(set) var message: String?
  /// Set by the parent coordinator (picker mode); called once.
  @ObservationIgnored public var finishHandler: ((FlowOutcome<[ContactCard]>) -> Void)?

  @ObservationIgnored let router: Router
  @ObservationIgnored let navigationSubject = PassthroughSubject<Navigation, Never>()
  @ObservationIgnored var request: AnyCancellable?
  @ObservationIgnored var stateWatch: AnyCancellable?

  /// A list in `mode` whose contacts `interactor` fetches, talking to other modules through
  /// `router`.
  public init(interactor: ContactListInteractor, mode: ContactListMode, router: Router) {
    self.interactor = interactor
    self.mode = mode
    self.router = router
    state = interactor.state
    stateWatch = interactor.$state.sink { [weak self] in self?.state = $0 }
  }

  /// The list's navigation requests, as they happen.
  public var navigation: AnyPublisher<Navigation, Never> { navigationSubject.eraseToAnyPublisher() }

  /// The contacts listed: empty while loading or after a failure.
  public var contacts: [ContactCard] {
    if case .loaded(let contacts) = state { contacts } else { [] }
  }

  /// Whether the contacts are being fetched.
  public var isLoading: Bool { state == .loading }

  /// Why the contacts could not be fetched, if they could not.
  public var error: AppError? { if case .failed(let error) = state { error } else { nil } }

  /// Fetches the contacts and asks the messages module for the recent ones.
  public func start() {
    interactor.requestContacts()
    do {
      request = try router.request(OfficeRoutes.lastContacts, as: [ContactCard].self)
        .receive(on: UIScheduler.shared)
        .sink(
          receiveCompletion: { [weak self] completion in
            if case .failure(let error) = completion { self?.message = "\(error)" }
          },
          receiveValue: { [weak self] recent in self?.recent = recent })
    } catch {
      message = "\(error)"
    }
  }

  /// Fetches the contacts again (after a failure).
  public func retry() { interactor.requestContacts() }

  /// Selects `contact`: asks for its detail (normal) or toggles its mark (picker).
  public func select(_ contact: ContactCard) {
    switch mode {
    case .normal: navigationSubject.send(.showContact(id: contact.id))
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

/// The contact detail page, answered by `app://contact/user/:id` for the caller to show.
public struct ContactDetail: Equatable, Sendable {
  /// The contact shown.
  public let contact: ContactCard

  /// The page for `contact`.
  public init(contact: ContactCard) { self.contact = contact }
}
