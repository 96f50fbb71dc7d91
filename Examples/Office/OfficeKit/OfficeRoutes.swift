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
  /// Recent contacts, answered by the messages module with `[any UserRepresenting]`.
  public static let lastContacts = "app://message/last_contacts"
}
