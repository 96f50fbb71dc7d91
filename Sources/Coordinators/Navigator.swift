import Signals

/// What a UI front does to show screens: the terminal UI here, UIKit or SwiftUI on Apple
/// platforms. A coordinator calls it; it never decides navigation itself.
///
/// Threading: called on the main actor, in the order the coordinator's transitions happened.
@MainActor
public protocol Navigator<Screen>: AnyObject {
  /// The screens it shows.
  associatedtype Screen

  /// Replaces everything shown with `screen`.
  ///
  /// - Parameter screen: The screen to show.
  func setRoot(_ screen: Screen)
  /// Pushes `screen` onto the current stack.
  ///
  /// - Parameter screen: The screen to show.
  func push(_ screen: Screen)
  /// Pops the top screen of the current stack.
  func pop()
  /// Presents `screen` modally.
  ///
  /// - Parameter screen: The screen to show.
  func present(_ screen: Screen)
  /// Dismisses the modally presented screen.
  func dismiss()
}
