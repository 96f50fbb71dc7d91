import Coordinators
import OfficeKit
import Signals

/// The messages module: it keeps who the user wrote to last and answers
/// `app://message/last_contacts` with them; it starts group chats for a user allowed to. Other
/// modules reach it only through the router, and it knows people only through the vertical
/// layer's protocols (`UserRepresenting`, `PermissionChecking`), never another module's types.
@MainActor
public final class MessagesModule {
  /// Why a group chat was not started.
  public enum GroupChatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user may not create conversations.
    case notPermitted(userID: String)
    /// Nobody was chosen.
    case noMembers

    /// A sentence for the user.
    public var description: String {
      switch self {
      case .notPermitted: "You may not start group chats"
      case .noMembers: "No group chat"
      }
    }
  }

  /// The people written to most recently, newest first.
  public private(set) var recent: [any UserRepresenting]

  /// A module remembering `recent`.
  public init(recent: [any UserRepresenting]) { self.recent = recent }

  /// Records a message to `user`: they move to the front of the recent list.
  public func didMessage(_ user: any UserRepresenting) {
    recent.removeAll { $0.userID == user.userID }
    recent.insert(user, at: 0)
  }

  /// Starts a group chat of `members` for `creator`, who needs `.create`: the members become
  /// the most recent people, in their order.
  ///
  /// - Parameters:
  ///   - members: The people in the chat.
  ///   - creator: The user starting it.
  /// - Returns: The members' names, as the chat's title.
  /// - Throws: `GroupChatError.notPermitted` when `creator` lacks `.create`; `.noMembers` for an
  ///   empty chat. Nothing is recorded then.
  public func startGroupChat(
    with members: [any UserRepresenting], by creator: any PermissionChecking
  ) throws(GroupChatError) -> String {
    guard creator.hasPermission(to: [.create]) else { throw .notPermitted(userID: creator.userID) }
    guard !members.isEmpty else { throw .noMembers }
    for member in members.reversed() { didMessage(member) }
    return members.map(\.name).joined(separator: ", ")
  }

  /// Registers the module's routes: `last_contacts`, with an optional `count` (default 3).
  ///
  /// Bad input: a non-integer `count` is a `RouterError.badParameter` for the asker.
  public func register(in router: Router) throws(RouterError) {
    try router.register(OfficeRoutes.lastContacts) {
      [weak self] match -> AnyPublisher<[any UserRepresenting], Never> in
      let count = match.parameters["count"] == nil ? 3 : try match.int("count")
      return Just(Array((self?.recent ?? []).prefix(count))).eraseToAnyPublisher()
    }
  }
}
