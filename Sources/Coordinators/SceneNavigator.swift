import Signals

/// How a scene came on screen.
public enum ScenePresentation: Sendable, Equatable {
  /// As the new root: everything below went.
  case root
  /// Pushed onto the current stack.
  case push
  /// Presented modally.
  case modal
}

/// The navigator between a graph's `Coordinator` and a UI front that shows scenes (a screen
/// together with its view model): the adapter an MVVM-C coordinator would otherwise write by
/// hand.
///
/// For each screen the graph shows, it asks its owner (the flow's coordinator, held weakly) to
/// make the scene and the subscription to that scene's navigation outputs, keeps the
/// subscription while the scene is on the stack, and asks the front's navigator to set the root,
/// push or present it. A pop or dismiss cancels the top scene's subscription and is passed on;
/// so does a system back (`systemDidPop()`, `systemDidDismiss()`), which the front hears as such
/// and does not act on again. `depth` stays the coordinator's stack depth.
///
/// ```swift
/// scenes = SceneNavigator(front: navigator) { coordinator, screen in coordinator.makeScene(screen) }
/// flow = Coordinator(graph: graph, navigator: scenes)
/// scenes.owner = self
/// ```
///
/// Threading: main actor, like every navigator.
/// Bad input: while it has no owner (before `owner` is set, or after the owner went), calls
/// change nothing and reach no front.
@MainActor
public final class SceneNavigator<Owner: AnyObject, Screen, Scene>: Navigator {
  /// Makes `screen`'s scene and, if the scene has navigation outputs, the subscription to them.
  public typealias MakeScene = (Owner, Screen) -> (scene: Scene, outputs: AnyCancellable?)
  /// Called after a scene was shown, for work that needs the scene on screen first.
  public typealias DidShow = (Owner, Scene, ScenePresentation) -> Void

  /// The flow's coordinator, which makes the scenes. Held weakly: it owns this navigator.
  public weak var owner: Owner?
  /// The UI front's navigator, which shows the scenes.
  public let front: any Navigator<Scene>
  /// How many scenes are on the stack, counting those shown with `presentOverStack(_:)`.
  public var depth: Int { outputs.count }

  let make: MakeScene
  let didShow: DidShow?
  /// One subscription to each shown scene's outputs, bottom of the stack first.
  var outputs: [AnyCancellable?] = []

  /// A navigator showing scenes through `front`, each made by `makeScene`; `didShow`, if given,
  /// runs after each one is shown.
  ///
  /// - Parameters:
  ///   - front: The UI front's navigator, which shows the scenes.
  ///   - didShow: Called with the owner, the scene and how it came on screen, after the front
  ///     showed it; `nil` for nothing.
  ///   - makeScene: Makes a screen's scene and the subscription to its navigation outputs; called
  ///     on the main actor, with the owner, for every screen shown.
  public init(front: any Navigator<Scene>, didShow: DidShow? = nil, makeScene: @escaping MakeScene) {
    self.front = front
    self.didShow = didShow
    self.make = makeScene
  }

  /// Makes `screen`'s scene and shows it as the new root; the other scenes' subscriptions go.
  ///
  /// - Parameter screen: The graph's screen to show.
  public func setRoot(_ screen: Screen) { show(screen, as: .root) }

  /// Makes `screen`'s scene and pushes it.
  ///
  /// - Parameter screen: The graph's screen to show.
  public func push(_ screen: Screen) { show(screen, as: .push) }

  /// Makes `screen`'s scene and presents it modally.
  ///
  /// - Parameter screen: The graph's screen to show.
  public func present(_ screen: Screen) { show(screen, as: .modal) }

  /// Pops the top scene, ending its subscription.
  public func pop() {
    guard owner != nil else { return }
    _ = outputs.popLast()
    front.pop()
  }

  /// Dismisses the top scene, ending its subscription.
  public func dismiss() {
    guard owner != nil else { return }
    _ = outputs.popLast()
    front.dismiss()
  }

  /// The front already popped the top scene (a swipe back): ends its subscription and tells the
  /// front's `systemDidPop()`, which does not pop again.
  public func systemDidPop() {
    guard owner != nil else { return }
    _ = outputs.popLast()
    front.systemDidPop()
  }

  /// The front already dismissed the top scene (a sheet pulled down): ends its subscription and
  /// tells the front's `systemDidDismiss()`, which does not dismiss again.
  public func systemDidDismiss() {
    guard owner != nil else { return }
    _ = outputs.popLast()
    front.systemDidDismiss()
  }

  /// Presents `scene` modally over the stack without the graph (a dialog the flow shows on its
  /// own); `dismissOverStack()` takes it away. It counts as a scene of the stack, so the graph's
  /// own pops stay matched to their scenes.
  ///
  /// - Parameter scene: The scene to show; it has no outputs this navigator subscribes to.
  public func presentOverStack(_ scene: Scene) {
    outputs.append(nil)
    front.present(scene)
  }

  /// Dismisses the scene `presentOverStack(_:)` showed last.
  public func dismissOverStack() {
    _ = outputs.popLast()
    front.dismiss()
  }

  func show(_ screen: Screen, as presentation: ScenePresentation) {
    guard let owner else { return }
    let (scene, output) = make(owner, screen)
    switch presentation {
    case .root:
      outputs = [output]
      front.setRoot(scene)
    case .push:
      outputs.append(output)
      front.push(scene)
    case .modal:
      outputs.append(output)
      front.present(scene)
    }
    didShow?(owner, scene, presentation)
  }
}
