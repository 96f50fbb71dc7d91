import Contacts
import DemoSupport
import Observation

/// The contact list, the VIPER module's view: it reads its data source and reports its events
/// (both the module's presenter, seen only through those protocols), and implements
/// `ContactListView`: `reloadData()` counts a revision the body reads, so the renderer redraws
/// when the presenter asks, as a table view reloads. Keys: up and down select (the view's own
/// state); enter opens (or confirms the picker); space or m marks (picker) or opens; r retries
/// after a failure; esc goes back or cancels.
///
/// Threading: main actor.
@MainActor @Observable
final class ContactListScreen: OfficeScreenView, ContactListView {
  @ObservationIgnored let dataSource: any ContactListViewDataSource
  @ObservationIgnored let eventHandler: any ContactListViewEventHandler
  @ObservationIgnored let back: () -> Void
  /// The selected row (the view's own state, kept while a screen is pushed over it).
  @ObservationIgnored var selection = 0
  /// Counts the presenter's `reloadData()` calls: what the renderer watches.
  var revision = 0

  init(
    dataSource: any ContactListViewDataSource, eventHandler: any ContactListViewEventHandler,
    back: @escaping () -> Void
  ) {
    self.dataSource = dataSource
    self.eventHandler = eventHandler
    self.back = back
  }

  func reloadData() { revision += 1 }

  var title: String { dataSource.mode == .picker ? "New group chat" : "Contacts" }

  var body: [String] {
    _ = revision
    let picking = dataSource.mode == .picker
    var body = [picking ? "New group chat: mark people" : "Contacts", ""]
    if !dataSource.recentNames.isEmpty {
      body +=
        TextWidth.wrap(dataSource.recentNames.joined(separator: ", "), to: officeTextWidth, first: "Recent: ")
        + [""]
    }
    if dataSource.isLoading { body.append("(loading...)") }
    if let error = dataSource.error {
      body += TextWidth.wrap("\(error)", to: officeTextWidth, first: "! ") + ["r: retry"]
    }
    for row in 0..<dataSource.numberOfRows() {
      guard let cell = dataSource.cellModel(at: row) else { continue }
      let mark = cell.picked.map { $0 ? "[x] " : "[ ] " } ?? ""
      body.append("\(row == selection ? ">" : " ")\(mark)\(cell.name), \(cell.department), \(cell.title)")
    }
    return body + ["", picking ? "m: mark  enter: confirm  esc: cancel" : "enter: open  esc: back"]
  }

  func handle(_ key: Key) -> String? {
    let rows = dataSource.numberOfRows()
    switch key {
    case .down: selection = max(min(selection + 1, rows - 1), 0)
    case .up: selection = max(selection - 1, 0)
    case .character("r"): if dataSource.error != nil { eventHandler.retry() }
    case .character(" "), .character("m"): eventHandler.selectRow(at: selection)
    case .enter:
      if dataSource.mode == .picker { eventHandler.confirm() } else { eventHandler.selectRow(at: selection) }
    case .escape: if dataSource.mode == .picker { eventHandler.cancel() } else { back() }
    default: break
    }
    return dataSource.message
  }
}
