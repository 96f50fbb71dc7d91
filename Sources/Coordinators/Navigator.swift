import Signals

/// What a UI front does to show screens: the terminal UI here, UIKit or SwiftUI on Apple
/// platforms. A coordinator calls it; it never decides navigation itself.
///
/// When the user goes back by a system gesture (a swipe back, a sheet pulled down), the front
/// removes the screen itself; the coordinator then calls `systemDidPop()` or
/// `systemDidDismiss()` instead of `pop()` or `dismiss()`, so that a navigator keeping something
/// per screen (a subscription, a count) lets it go without asking the front to remove a screen
/// again.
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
  /// The front already removed the top screen of the current stack (a swipe back): forget it,
  /// without asking the front to pop again.
  ///
  /// The default does nothing, for a navigator that keeps nothing per screen.
  func systemDidPop()
  /// The front already dismissed the modally presented screen (a sheet pulled down): forget it,
  /// without asking the front to dismiss again.
  ///
  /// The default does nothing, for a navigator that keeps nothing per screen.
  func systemDidDismiss()
}

extension Navigator {
  /// Does nothing: a navigator that keeps nothing per screen has nothing to forget.
  public func systemDidPop() {}
  /// Does nothing: a navigator that keeps nothing per screen has nothing to forget.
  public func systemDidDismiss() {}
}
