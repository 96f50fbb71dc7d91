/// The scenes a demo's terminal front shows, bottom first, as a SwiftUI navigation stack keeps
/// them, for both fronts (Login and Office): a new root replaces them all, a push adds a screen
/// (drawn with a back bar naming the screen below), a present adds a modal (an alert or a sheet
/// over what is below), a pop takes the top screen away, a dismiss the top modal.
///
/// `Scene` is what the coordinator asked to show; `Screen` is the front's view of it, `nil` for a
/// scene the front draws itself (a dialog, drawn as an alert over the screen below).
///
/// Threading: a value type; the fronts use it on the main actor. Bad input: a pop with one
/// screen left or a modal on top, and a dismiss with no modal on top, change nothing (the
/// coordinator's stack is the truth; the front only follows it).
public struct SceneStack<Scene, Screen> {
  /// One scene shown: the scene, its view (`nil` for one the front draws itself), and whether
  /// it was presented modally.
  public struct Shown {
    /// What the coordinator asked to show.
    public let scene: Scene
    /// The front's view of it, if it has one.
    public let screen: Screen?
    /// Whether it was presented (a modal), rather than set as root or pushed.
    public let modal: Bool
  }

  /// The scenes shown, bottom first.
  public private(set) var shown: [Shown] = []

  /// An empty stack.
  public init() {}

  /// Shows `scene` alone.
  public mutating func setRoot(_ scene: Scene, screen: Screen?) {
    shown = [Shown(scene: scene, screen: screen, modal: false)]
  }

  /// Shows `scene` over the current one, with a back bar.
  public mutating func push(_ scene: Scene, screen: Screen?) {
    shown.append(Shown(scene: scene, screen: screen, modal: false))
  }

  /// Shows `scene` modally over the current one, which stays as it was.
  public mutating func present(_ scene: Scene, screen: Screen?) {
    shown.append(Shown(scene: scene, screen: screen, modal: true))
  }

  /// Takes the top screen away, uncovering the one below as it was left; nothing when it is the
  /// only one or a modal is on top.
  public mutating func pop() {
    if shown.count > 1, shown.last?.modal == false { shown.removeLast() }
  }

  /// Takes the top modal away, uncovering what is below as it was; nothing when no modal is on
  /// top.
  public mutating func dismiss() {
    if shown.last?.modal == true { shown.removeLast() }
  }

  /// The scene on top.
  public var top: Shown? { shown.last }

  /// The top scene that is not a modal: the screen the user is on, under any dialog.
  public var topScreen: Shown? { shown.last { !$0.modal } }

  /// The view of the nearest scene under `index` that has one: what a back bar names.
  ///
  /// - Parameter index: A position in `shown`.
  /// - Returns: The screen below it, or `nil` at the bottom.
  public func screen(below index: Int) -> Screen? {
    shown.prefix(max(0, min(index, shown.count))).last { $0.screen != nil }?.screen
  }
}
