import Services
import Signals

/// What the contact list's presenter asks of its interactor (the VIPER seed's
/// `ContactListInteractorProtocol`).
///
/// Threading: main actor.
@MainActor
public protocol ContactListInteractorInput: AnyObject {
  /// Fetches the contacts (again); the answer goes to the interactor's output.
  func requestContacts()
}

/// What the contact list's interactor tells its output, the presenter (the VIPER seed's
/// `ContactListInteractorOutputProtocol`, `contactDidReceived(_:error:)`).
///
/// Threading: main actor.
@MainActor
public protocol ContactListInteractorOutput: AnyObject {
  /// The contacts, in the server's order, or why they could not be fetched.
  ///
  /// - Parameter result: The contacts, or the failure.
  func contactsReceived(_ result: Result<[Contact], AppError>)
}

/// The contact list's interactor (the VIPER seed's `ContactListInteractor`): the business
/// logic beneath the list, the only part of the module that talks to the service and reads the
/// entities; it answers its output, held weakly, as the seed's does.
///
/// Threading: main actor; the service's answer is moved to the main actor
/// (`receive(on: UIScheduler.shared)`) before it reaches the output. Completion: a failed request
/// is a `.failure` for the output, never a trap; a new request replaces a running one.
@MainActor
public final class ContactListInteractor: ContactListInteractorInput {
  /// Told each answer; held weakly (the presenter owns the interactor).
  public weak var output: (any ContactListInteractorOutput)?
  let service: (any ContactsService)?
  let unavailable: String?
  var request: AnyCancellable?

  /// An interactor fetching through `service`.
  ///
  /// - Parameter service: Where the contacts come from.
  public init(service: any ContactsService) {
    self.service = service
    unavailable = nil
  }

  /// An interactor with no service, whose every request fails with `reason` at once (the module
  /// could not be built).
  ///
  /// - Parameter reason: Why there are no contacts.
  public init(unavailable reason: String) {
    service = nil
    unavailable = reason
  }

  /// Fetches the contacts: the output hears the list or the failure.
  public func requestContacts() {
    guard let service else {
      output?.contactsReceived(.failure(.server(message: unavailable ?? "no contacts service")))
      return
    }
    request = service.contacts().receive(on: UIScheduler.shared).sink(
      receiveCompletion: { [weak self] completion in
        guard case .failure(let error) = completion else { return }
        self?.output?.contactsReceived(.failure(error))
      },
      receiveValue: { [weak self] contacts in self?.output?.contactsReceived(.success(contacts)) })
  }
}
