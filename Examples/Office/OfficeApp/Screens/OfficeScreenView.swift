import DemoSupport

/// A screen of the office app's terminal front: its lines read from its view model (a SwiftUI
/// view's `body`), the keys it takes (its actions, which send the model inputs), and the title a
/// screen pushed over it shows in its back bar.
///
/// Threading: main actor.
@MainActor
protocol OfficeScreenView: AnyObject, Screen {
  /// The name a screen pushed over this one shows in its back bar.
  var title: String { get }
}

/// The cells of text inside an office frame (which adds a border and a space on each side).
let officeTextWidth = 48
