// The vertical layer's user information (seed 002's `UserItemProtocol`, `UserPermissionProtocol`,
// `organizationLinkedListProtocol`, `UserOrganizationProtocol`): the business modules (contacts,
// messages) depend on these small protocols, one need each, never on a shared concrete type
// nor on each other. One value may conform to several (the contacts module's `Contact` is a
// user and a member of an organisation).

/// A user's basic information (seed 002's `UserItemProtocol`): what the messages module keeps
/// of the people written to and the contact picker hands back.
public protocol UserRepresenting: Sendable {
  /// The user's id, as the server knows it.
  var userID: String { get }
  /// The name to show.
  var name: String { get }
  /// Where the user's picture is, if they have one.
  var avatarURL: String? { get }
}

/// What a user may do with a shared document or conversation (seed 002's `FilePermission`).
public enum Permission: Hashable, Sendable, CaseIterable {
  /// See it.
  case read
  /// Make a new one.
  case create
  /// Change it.
  case write
  /// Share it with others.
  case share
}

/// A user's permissions (seed 002's `UserPermissionProtocol`): what the messages module asks
/// before it starts a group chat for someone.
public protocol PermissionChecking: Sendable {
  /// The user's id.
  var userID: String { get }
  /// Whether the user holds every one of `permissions`.
  ///
  /// - Parameter permissions: The permissions needed.
  /// - Returns: `true` when the user holds them all (an empty set is always held).
  func hasPermission(to permissions: Set<Permission>) -> Bool
}

/// A node of an organisation chart, linked to its parent (seed 002's
/// `organizationLinkedListProtocol`): a department, its division, the company.
public protocol OrganisationRepresenting: Sendable {
  /// The node's id.
  var organisationID: String { get }
  /// The node's name.
  var name: String { get }
  /// The node above this one; `nil` at the top.
  var parent: (any OrganisationRepresenting)? { get }
}

/// Where a user sits in the organisation (seed 002's `UserOrganizationProtocol`): what the
/// contact list shows beside each name.
public protocol MembershipRepresenting: Sendable {
  /// The user's id.
  var userID: String { get }
  /// The user's job title.
  var title: String { get }
  /// The organisation node the user belongs to (read up through `parent`).
  var organisation: any OrganisationRepresenting { get }
}
