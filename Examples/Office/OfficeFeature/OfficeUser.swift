import LoginFeature
import OfficeKit

/// The user logged in, as the office modules see them: a user (`UserRepresenting`) with
/// permissions (`PermissionChecking`), made from the login's session by the coordinator, so no
/// module needs the login's types.
///
/// The demo's server sends no permissions with the session, and it grants every user all of
/// them; `permissions` is what a server would send with the profile.
public struct OfficeUser: UserRepresenting, PermissionChecking, Equatable {
  /// The id the login answered.
  public let userID: String
  /// The real name, or the id when the server gave none.
  public let name: String
  /// The avatar's URL, if the server gave one.
  public let avatarURL: String?
  /// What the user may do.
  public let permissions: Set<Permission>

  /// The user of `session`, allowed `permissions` (all of them by default, as the demo's server
  /// grants).
  ///
  /// - Parameters:
  ///   - session: The login's session.
  ///   - permissions: What the user may do.
  public init(session: Session, permissions: Set<Permission> = Set(Permission.allCases)) {
    userID = session.userID
    name = session.realName ?? session.userID
    avatarURL = session.avatarURL
    self.permissions = permissions
  }

  /// Whether `permissions` are all among the user's.
  public func hasPermission(to permissions: Set<Permission>) -> Bool {
    permissions.isSubset(of: self.permissions)
  }
}
