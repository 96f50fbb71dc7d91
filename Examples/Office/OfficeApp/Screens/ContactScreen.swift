import Contacts
import DemoSupport

/// A contact's page: esc goes back. Threading: main actor.
@MainActor
final class ContactScreen: OfficeScreenView {
  let detail: ContactDetail?
  let back: () -> Void

  init(detail: ContactDetail?, back: @escaping () -> Void) {
    self.detail = detail
    self.back = back
  }

  var title: String { detail?.contact.name ?? "Contact" }

  var body: [String] {
    guard let contact = detail?.contact else { return ["Contact", "", "esc: back"] }
    return [
      contact.name, "", "Title:      \(contact.title)", "Department: \(contact.department)", "",
      "esc: back",
    ]
  }

  func handle(_ key: Key) -> String? {
    if key == .escape { back() }
    return nil
  }
}
