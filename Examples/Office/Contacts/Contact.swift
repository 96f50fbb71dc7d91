import OfficeKit

/// A person in the company directory: the contacts module's entity (the VIPER seed's `Entity`),
/// the raw data its service answers and its interactor hands on. Other modules see it only
/// through the vertical layer's protocols: a user (`UserRepresenting`) who is a member of a
/// department (`MembershipRepresenting`).
public struct Contact: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The contact's id, as in `app://contact/user/:id`.
  public let id: Int
  /// The name.
  public let name: String
  /// The department's name.
  public let department: String
  /// The job title.
  public let title: String

  /// Makes a contact.
  public init(id: Int, name: String, department: String, title: String) {
    self.id = id
    self.name = name
    self.department = department
    self.title = title
  }

  /// `Name (Title, Department)`.
  public var description: String { "\(name) (\(title), \(department))" }
}

extension Contact: UserRepresenting, MembershipRepresenting {
  /// The id, as text.
  public var userID: String { "\(id)" }
  /// None: the directory has no pictures.
  public var avatarURL: String? { nil }
  /// The contact's department, under the company.
  public var organisation: any OrganisationRepresenting { Department(name: department) }
}

/// A department of the company, the organisation node a contact belongs to.
public struct Department: OrganisationRepresenting, Hashable {
  /// The company every department is part of.
  public struct Company: OrganisationRepresenting, Hashable {
    /// `company`.
    public var organisationID: String { "company" }
    /// `Office Inc.`
    public var name: String { "Office Inc." }
    /// None: the company is the top.
    public var parent: (any OrganisationRepresenting)? { nil }
  }

  /// The department's name.
  public let name: String

  /// The department called `name`.
  public init(name: String) { self.name = name }

  /// `department/<name>`.
  public var organisationID: String { "department/\(name)" }
  /// The company.
  public var parent: (any OrganisationRepresenting)? { Company() }
}
