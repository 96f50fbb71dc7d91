/// A person as every module sees them: what the contacts module lists and the messages module
/// answers `app://message/last_contacts` with. Shared so that modules need not import each other.
public struct ContactCard: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The contact's id, as in `app://contact/user/:id`.
  public let id: Int
  /// The name.
  public let name: String
  /// The department.
  public let department: String
  /// The job title.
  public let title: String

  /// Makes a card.
  public init(id: Int, name: String, department: String, title: String) {
    self.id = id
    self.name = name
    self.department = department
    self.title = title
  }

  /// `Name (Title, Department)`.
  public var description: String { "\(name) (\(title), \(department))" }
}

/// The routes the modules register and ask for: the only names they share.
public enum OfficeRoutes {
  /// The contacts module's list page, built by its module factory: `app://contact/list`.
  public static let contactList = "app://contact/list"
  /// The contacts module's picker page, built by its module factory: `app://contact/picker`.
  public static let contactPicker = "app://contact/picker"
  /// A contact's detail page, answered by the contacts module for the caller to show (and the
  /// deep link that shows it): `app://contact/user/:id`.
  public static let contactDetail = "app://contact/user/:id"
  /// The contact detail URL for `id`.
  public static func contactDetail(id: Int) -> String { "app://contact/user/\(id)" }
  /// Recent contacts, answered by the messages module with `[ContactCard]`.
  public static let lastContacts = "app://message/last_contacts"
}
