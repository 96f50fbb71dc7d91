import Coordinators
import OfficeKit
import Signals

/// The messages module: it keeps who the user wrote to last and answers
/// `app://message/last_contacts` with them. Other modules reach it only through the router.
@MainActor
public final class MessagesModule {
  /// The contacts written to most recently, newest first.
  public private(set) var recent: [ContactCard]

  /// A module remembering `recent`.
  public init(recent: [ContactCard]) { self.recent = recent }

  /// Records a message to `contact`: it moves to the front of the recent list.
  public func didMessage(_ contact: ContactCard) {
    recent.removeAll { $0.id == contact.id }
    recent.insert(contact, at: 0)
  }

  /// Registers the module's routes: `last_contacts`, with an optional `count` (default 3).
  ///
  /// Bad input: a non-integer `count` is a `RouterError.badParameter` for the asker.
  public func register(in router: Router) throws(RouterError) {
    try router.register(OfficeRoutes.lastContacts) {
      [weak self] match -> AnyPublisher<[ContactCard], Never> in
      let count = match.parameters["count"] == nil ? 3 : try match.int("count")
      return Just(Array((self?.recent ?? []).prefix(count))).eraseToAnyPublisher()
    }
  }
}
