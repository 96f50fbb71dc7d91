import Coordinators
import OfficeKit
import Services
import Signals

/// Builds the contacts module (the VIPER seed's `ContactModuleFactory`, its "first push"): the
/// interactor, the presenter in normal or picker mode and the router, wired to each other
/// through their protocols, and registers the routes that hand them out, so other modules and
/// the app reach the module only by URL:
///
/// - `app://contact/list` answers a new `ContactListPresenter` in normal mode;
/// - `app://contact/picker` answers one in picker mode, a child flow whose outcome goes to
///   whoever runs it;
/// - `app://contact/user/:id` answers the `ContactDetail` page, fetched through the service;
///   the caller decides how to show it.
///
/// The view is the one part the factory cannot make (it belongs to the front): whoever shows a
/// presenter makes its view, reading it as `ContactListViewDataSource` and
/// `ContactListViewEventHandler`, and sets itself as the presenter's `view`.
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
  public func buildNormalContact() -> ContactListPresenter {
    Self.assemble(interactor: ContactListInteractor(service: service), mode: .normal, router: router)
  }

  /// The contact list for picking a group chat's people.
  public func buildMultiplePickerContact() -> ContactListPresenter {
    Self.assemble(interactor: ContactListInteractor(service: service), mode: .picker, router: router)
  }

  /// Wires a module around `interactor`: the presenter over it in `mode`, the interactor's
  /// output set to the presenter, the presenter's router over `router`.
  ///
  /// - Parameters:
  ///   - interactor: The module's interactor (one with `init(unavailable:)` for a list that
  ///     says why it has no contacts).
  ///   - mode: Browsing or picking.
  ///   - router: The app's router.
  /// - Returns: The presenter, whose view is still to be set.
  public static func assemble(
    interactor: ContactListInteractor, mode: ContactListMode, router: Router
  ) -> ContactListPresenter {
    let presenter = ContactListPresenter(
      interactor: interactor, mode: mode, router: ContactRouter(router: router))
    interactor.output = presenter
    return presenter
  }

  /// Registers the module's three routes in the router.
  ///
  /// - Throws: `RouterError` when a pattern does not register.
  public func register() throws(RouterError) {
    let factory = self
    try router.register(OfficeRoutes.contactList) { _ -> AnyPublisher<ContactListPresenter, Never> in
      Just(factory.buildNormalContact()).eraseToAnyPublisher()
    }
    try router.register(OfficeRoutes.contactPicker) { _ -> AnyPublisher<ContactListPresenter, Never> in
      Just(factory.buildMultiplePickerContact()).eraseToAnyPublisher()
    }
    let service = service
    try router.register(OfficeRoutes.contactDetail) { match -> AnyPublisher<ContactDetail, AppError> in
      service.contact(id: try match.int("id")).map(ContactDetail.init(contact:)).eraseToAnyPublisher()
    }
  }
}
