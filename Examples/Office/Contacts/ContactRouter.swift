import Coordinators
import OfficeKit
import Signals

/// Where the contact list goes and what it asks other modules (the VIPER seed's
/// `ContactRouter`), so the presenter neither knows the app's router nor another module.
///
/// Threading: main actor.
@MainActor
public protocol ContactListRouting {
  /// Opens contact `id`'s page (the seed's `gotoUser`).
  ///
  /// - Parameter id: The contact's id.
  /// - Throws: `RouterError` when the page cannot be opened.
  func showContact(id: Int) throws(RouterError)
  /// Asks the messages module for the people written to last.
  ///
  /// - Returns: The people, once.
  /// - Throws: `RouterError` when no module answers.
  func recentContacts() throws(RouterError) -> AnyPublisher<[any UserRepresenting], RouterError>
}

/// The contact list's router over the app's URL `Router`: a contact's page is the link
/// `app://contact/user/:id`, whose handler (the app's) decides how to show it; recent contacts
/// are the request `app://message/last_contacts`, answered by whichever module registered it.
///
/// Threading: main actor. Bad input: routing problems are the router's `RouterError`s.
@MainActor
public struct ContactRouter: ContactListRouting {
  let router: Router

  /// A router for the contact list over `router`.
  ///
  /// - Parameter router: The app's router.
  public init(router: Router) { self.router = router }

  /// Opens `app://contact/user/<id>`.
  public func showContact(id: Int) throws(RouterError) {
    try router.open(OfficeRoutes.contactDetail(id: id))
  }

  /// Requests `app://message/last_contacts`.
  public func recentContacts() throws(RouterError) -> AnyPublisher<[any UserRepresenting], RouterError> {
    try router.request(OfficeRoutes.lastContacts, as: [any UserRepresenting].self)
  }
}
