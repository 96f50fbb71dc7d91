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
  /// Replaces everything shown with tabs, one per screen in `roots` (each the root of its
  /// tab's stack), showing the first; `push` and `pop` then act on the tab shown. A coordinator
  /// running a statechart calls it for a parallel state's regions (`ScreenRole.tab`).
  ///
  /// The default sets the first root as the root, for a front without tabs.
  ///
  /// - Parameter roots: The tabs' root screens, in order.
  func setTabs(_ roots: [Screen])
  /// Shows the tab at `index` (of the last `setTabs(_:)`), with its stack as it was left.
  ///
  /// The default does nothing, for a front without tabs.
  ///
  /// - Parameter index: The tab's position, from 0.
  func selectTab(_ index: Int)
}

extension Navigator {
  /// Does nothing: a navigator that keeps nothing per screen has nothing to forget.
  public func systemDidPop() {}
  /// Does nothing: a navigator that keeps nothing per screen has nothing to forget.
  public func systemDidDismiss() {}
  /// Sets the first root as the root: a front without tabs shows one stack.
  ///
  /// - Parameter roots: The tabs' root screens, in order.
  public func setTabs(_ roots: [Screen]) {
    if let first = roots.first { setRoot(first) }
  }
  /// Does nothing: a front without tabs has one stack.
  ///
  /// - Parameter index: The tab's position, from 0.
  public func selectTab(_ index: Int) {}
}
