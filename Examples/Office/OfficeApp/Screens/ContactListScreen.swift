import Contacts
import DemoSupport

/// The contact list, for browsing or as the group chat's picker (`@Observable`: redrawn when
/// what it read changes). Keys: up and down select; enter opens (or confirms the picker); space
/// or m marks (picker) or opens; r retries after a failure; esc goes back or cancels.
/// Threading: main actor.
@MainActor
final class ContactListScreen: OfficeScreenView {
  let model: ContactListViewModel
  let back: () -> Void
  /// The selected row (the view's own state, kept while a screen is pushed over it).
  var selection = 0

  init(model: ContactListViewModel, back: @escaping () -> Void) {
    self.model = model
    self.back = back
  }

  var title: String { model.mode == .picker ? "New group chat" : "Contacts" }

  var body: [String] {
    let picking = model.mode == .picker
    var body = [picking ? "New group chat: mark people" : "Contacts", ""]
    if !model.recent.isEmpty {
      body +=
        TextWidth.wrap(
          model.recent.map(\.name).joined(separator: ", "), to: officeTextWidth, first: "Recent: ")
        + [""]
    }
    if model.isLoading { body.append("(loading...)") }
    if let error = model.error {
      body += TextWidth.wrap("\(error)", to: officeTextWidth, first: "! ") + ["r: retry"]
    }
    for (index, contact) in model.contacts.enumerated() {
      let mark = picking ? (model.marked.contains(contact.id) ? "[x] " : "[ ] ") : ""
      body.append(
        "\(index == selection ? ">" : " ")\(mark)\(contact.name), \(contact.department), \(contact.title)")
    }
    return body + ["", picking ? "m: mark  enter: confirm  esc: cancel" : "enter: open  esc: back"]
  }

  func handle(_ key: Key) -> String? {
    let contacts = model.contacts
    let selected = contacts.indices.contains(selection) ? contacts[selection] : nil
    switch key {
    case .down: selection = max(min(selection + 1, contacts.count - 1), 0)
    case .up: selection = max(selection - 1, 0)
    case .character("r"): if model.error != nil { model.retry() }
    case .character(" "), .character("m"): if let selected { model.select(selected) }
    case .enter:
      if model.mode == .picker {
        model.confirm()
      } else if let selected {
        model.select(selected)
      }
    case .escape: if model.mode == .picker { model.cancel() } else { back() }
    default: break
    }
    return model.message
  }
}
