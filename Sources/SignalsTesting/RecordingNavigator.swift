import Coordinators

/// A `Navigator` that writes down what it was asked to do, for coordinator tests: each call
/// becomes one line of `calls` (`root login`, `push profile(id: 7)`, `pop`, `present settings`,
/// `dismiss`, `tabs feed, profile`, `select tab 1`, and `system pop` or `system dismiss` after a
/// system back gesture), screens written with `String(describing:)`.
///
/// ```swift
/// let navigator = RecordingNavigator<Screen>()
/// let coordinator = Coordinator(graph: flow, navigator: navigator)
/// coordinator.start()
/// coordinator.send(.openProfile(id: 7))
/// #expect(navigator.calls == ["root home", "push profile(id: 7)"])
/// ```
///
/// Threading: main actor, like every navigator. Bad input: none; it records whatever it is told.
@MainActor
public final class RecordingNavigator<Screen>: Navigator {
  /// What the navigator was asked to do, in order.
  public private(set) var calls: [String] = []

  /// A navigator with nothing recorded.
  public init() {}

  /// Records `root <screen>`.
  ///
  /// - Parameter screen: The screen the coordinator set as the root.
  public func setRoot(_ screen: Screen) { calls.append("root \(screen)") }
  /// Records `push <screen>`.
  ///
  /// - Parameter screen: The screen the coordinator pushed.
  public func push(_ screen: Screen) { calls.append("push \(screen)") }
  /// Records `pop`.
  public func pop() { calls.append("pop") }
  /// Records `present <screen>`.
  ///
  /// - Parameter screen: The screen the coordinator presented.
  public func present(_ screen: Screen) { calls.append("present \(screen)") }
  /// Records `dismiss`.
  public func dismiss() { calls.append("dismiss") }
  /// Records `system pop`: the front already popped the top screen.
  public func systemDidPop() { calls.append("system pop") }
  /// Records `system dismiss`: the front already dismissed the modal screen.
  public func systemDidDismiss() { calls.append("system dismiss") }
  /// Records `tabs <screen>, <screen>`.
  ///
  /// - Parameter roots: The tabs' root screens.
  public func setTabs(_ roots: [Screen]) {
    calls.append("tabs " + roots.map { "\($0)" }.joined(separator: ", "))
  }
  /// Records `select tab <index>`.
  ///
  /// - Parameter index: The tab shown.
  public func selectTab(_ index: Int) { calls.append("select tab \(index)") }
  /// Forgets what was recorded so far.
  public func reset() { calls = [] }
}
