import Services
import Signals

/// Where the contacts module's entities come from: the interactor's service (the VIPER seed's
/// network request, which only the interactor makes).
///
/// Threading: answers on the service layer's scheduler. Completion: `AppError`s, mapped by the
/// service layer (a 401 is `.sessionExpired`, already reported to the app's `SessionExpiry`).
public protocol ContactsService: Sendable {
  /// The company directory.
  func contacts() -> AnyPublisher<[Contact], AppError>
  /// One contact, by id; an unknown id fails with the server's message.
  func contact(id: Int) -> AnyPublisher<Contact, AppError>
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
  public func contacts() -> AnyPublisher<[Contact], AppError> {
    client.call(ServiceRequest("contacts"), as: [Contact].self)
  }

  /// `GET contacts/:id`.
  public func contact(id: Int) -> AnyPublisher<Contact, AppError> {
    client.call(ServiceRequest("contacts/\(id)"), as: Contact.self)
  }
}
