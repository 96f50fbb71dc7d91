import Coordinators
import OfficeKit
import Services
import Signals

/// Builds the contacts module (the VIPER seed's `ContactModuleFactory`): the interactor, the
/// presenter in normal or picker mode, and registers the routes that hand them out, so other
/// modules and the app reach the module only by URL:
///
/// - `app://contact/list` answers a new `ContactListViewModel` in normal mode;
/// - `app://contact/picker` answers one in picker mode, a child flow whose outcome goes to
///   whoever runs it;
/// - `app://contact/user/:id` answers the `ContactDetail` page, fetched through the service;
///   the caller decides how to show it.
///
/// Threading: main actor. Bad input: a non-integer id is `RouterError.badParameter` at once; a
/// failed fetch reaches the asker as `RouterError.handlerFailed` with the service's message.
@MainActor
public struct ContactModuleFactory {
  let service: any ContactsService
  let router: Router

  /// A factory building lists over `service` that talk to other modules through `router`.
  public init(service: any ContactsService, router: Router) {
    self.service = service
    self.router = router
  }

  /// The contact list for browsing.
  public func buildNormalContact() -> ContactListViewModel {
    ContactListViewModel(interactor: ContactListInteractor(service: service), mode: .normal, router: router)
  }

  /// The contact list for picking a group chat's people.
  public func buildMultiplePickerContact() -> ContactListViewModel {
    ContactListViewModel(interactor: ContactListInteractor(service: service), mode: .picker, router: router)
  }

  /// Registers the module's three routes in the router.
  public func register() throws(RouterError) {
    let factory = self
    try router.register(OfficeRoutes.contactList) { _ -> AnyPublisher<ContactListViewModel, Never> in
      Just(factory.buildNormalContact()).eraseToAnyPublisher()
    }
    try router.register(OfficeRoutes.contactPicker) { _ -> AnyPublisher<ContactListViewModel, Never> in
      Just(factory.buildMultiplePickerContact()).eraseToAnyPublisher()
    }
    let service = service
    try router.register(OfficeRoutes.contactDetail) { match -> AnyPublisher<ContactDetail, AppError> in
      service.contact(id: try match.int("id")).map(ContactDetail.init(contact:)).eraseToAnyPublisher()
    }
  }
}
