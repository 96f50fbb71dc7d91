import OfficeKit
import Services
import Signals

/// Where the contacts module's data comes from (the VIPER seed's entity source, behind the
/// interactor).
///
/// Threading: answers on the service layer's scheduler. Completion: `AppError`s, mapped by the
/// service layer (a 401 is `.sessionExpired`, already reported to the app's `SessionExpiry`).
public protocol ContactsService: Sendable {
  /// The company directory.
  func contacts() -> AnyPublisher<[ContactCard], AppError>
  /// One contact, by id; an unknown id fails with the server's message.
  func contact(id: Int) -> AnyPublisher<ContactCard, AppError>
}

/// The contacts backend over the examples' service layer: `GET contacts` and `GET contacts/:id`,
/// both carrying the session token.
///
/// Threading: as the client's transport. Completion: the client's `AppError`s.
public struct RemoteContactsService: ContactsService {
  let client: ServiceClient

  /// A backend reached through `client`.
  public init(client: ServiceClient) { self.client = client }

  /// `GET contacts`.
  public func contacts() -> AnyPublisher<[ContactCard], AppError> {
    client.call(ServiceRequest("contacts"), as: [ContactCard].self)
  }

  /// `GET contacts/:id`.
  public func contact(id: Int) -> AnyPublisher<ContactCard, AppError> {
    client.call(ServiceRequest("contacts/\(id)"), as: ContactCard.self)
  }
}

/// What the contact list has: loading, the contacts, or why they could not be loaded.
public enum ContactListState: Equatable, Sendable {
  /// A request is running.
  case loading
  /// The contacts, in the server's order.
  case loaded([ContactCard])
  /// The request failed; `retry()` asks again.
  case failed(AppError)
}

/// The contact list's interactor (the VIPER seed's `ContactListInteractor`): it fetches the
/// contacts through the service and publishes the list's state for the presenter.
///
/// Threading: main actor; the service answers on the app's scheduler, which runs on the main
/// thread. Completion: a failed request is the `.failed` state, never a trap; a new request
/// replaces a running one.
@MainActor
public final class ContactListInteractor {
  /// The list's state now.
  @Published public private(set) var state: ContactListState = .loading
  let service: (any ContactsService)?
  var request: AnyCancellable?

  /// An interactor fetching through `service`.
  public init(service: any ContactsService) { self.service = service }

  /// An interactor with no service: its list failed with `reason` (the module could not be built).
  public init(unavailable reason: String) {
    service = nil
    state = .failed(.server(message: reason))
  }

  /// Fetches the contacts (again): `.loading`, then `.loaded` or `.failed`.
  public func requestContacts() {
    guard let service else { return }
    state = .loading
    request = service.contacts().receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard case .failure(let error) = completion else { return }
        self?.state = .failed(error)
      },
      receiveValue: { [weak self] contacts in self?.state = .loaded(contacts) })
  }
}
