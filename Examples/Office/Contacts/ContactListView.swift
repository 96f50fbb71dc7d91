import Services

/// How the contact list is used.
public enum ContactListMode: Sendable {
  /// Browsing: selecting a contact opens its page, through the router.
  case normal
  /// Picking people for a new group chat: selecting toggles a mark; confirm or cancel ends it.
  case picker
}

/// What one row of the contact list shows (the VIPER seed's `ContactCellModelProtocol`).
public struct ContactCellModel: Equatable, Sendable {
  /// The contact's name.
  public let name: String
  /// The department.
  public let department: String
  /// The job title.
  public let title: String
  /// Whether the contact is marked (picker mode); `nil` when the list does not mark.
  public let picked: Bool?

  /// A row.
  public init(name: String, department: String, title: String, picked: Bool?) {
    self.name = name
    self.department = department
    self.title = title
    self.picked = picked
  }
}

/// The contact list's view, as its presenter sees it (the VIPER seed's
/// `ContactListViewProtocol`): told to read its data source again.
///
/// Threading: main actor.
@MainActor
public protocol ContactListView: AnyObject {
  /// The data source changed: read it again (`UITableView.reloadData()`).
  func reloadData()
}

/// What the contact list's view reads (the VIPER seed's `ContactListViewDataSource`), served by
/// the presenter.
///
/// Threading: main actor.
@MainActor
public protocol ContactListViewDataSource: AnyObject {
  /// Browsing or picking.
  var mode: ContactListMode { get }
  /// Whether the contacts are being fetched.
  var isLoading: Bool { get }
  /// Why the contacts could not be fetched, if they could not.
  var error: AppError? { get }
  /// The names of the people written to last (from the messages module).
  var recentNames: [String] { get }
  /// A message to show (a routing problem, for instance).
  var message: String? { get }
  /// How many rows the list has.
  func numberOfRows() -> Int
  /// Row `row`'s contents.
  ///
  /// - Parameter row: The row, from 0.
  /// - Returns: The row's contents; `nil` for a row the list does not have.
  func cellModel(at row: Int) -> ContactCellModel?
}

/// What the contact list's view reports (the VIPER seed's `ContactListViewEventHandler`),
/// handled by the presenter.
///
/// Threading: main actor.
@MainActor
public protocol ContactListViewEventHandler: AnyObject {
  /// The user chose row `row`: its page opens (normal) or its mark toggles (picker). A row the
  /// list does not have is ignored.
  ///
  /// - Parameter row: The row, from 0.
  func selectRow(at row: Int)
  /// Fetch the contacts again (after a failure).
  func retry()
  /// Picker mode: done, with the marked people.
  func confirm()
  /// Picker mode: done, with nobody.
  func cancel()
}
