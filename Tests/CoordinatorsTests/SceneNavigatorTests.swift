import Coordinators
import Signals
import SignalsTesting
import Testing

/// A coordinator as the examples write one: it makes a scene per screen with a subject standing
/// for the scene's navigation outputs, and counts what those outputs reach it.
@MainActor
final class SceneOwner {
  var heard: [String] = []
  var shown: [ScenePresentation] = []
  var outputs: [Screen: PassthroughSubject<String, Never>] = [:]

  func makeScene(_ screen: Screen) -> (String, AnyCancellable?) {
    let output = PassthroughSubject<String, Never>()
    outputs[screen] = output
    return ("scene(\(screen))", output.sink { [weak self] in self?.heard.append($0) })
  }
}

@MainActor
@Suite struct SceneNavigatorTests {
  func started() -> (SceneOwner, SceneNavigator<SceneOwner, Screen, String>, RecordingNavigator<String>) {
    let owner = SceneOwner()
    let front = RecordingNavigator<String>()
    let scenes = SceneNavigator<SceneOwner, Screen, String>(
      front: front, didShow: { owner, _, presentation in owner.shown.append(presentation) }
    ) { owner, screen in owner.makeScene(screen) }
    scenes.owner = owner
    return (owner, scenes, front)
  }

  @Test func eachScreenBecomesItsSceneOnTheFrontByPresentation() {
    let (owner, scenes, front) = started()
    let coordinator = Coordinator(graph: flow, navigator: scenes)
    coordinator.start()
    coordinator.send(.loaded)
    coordinator.send(.useBiometric)
    coordinator.send(.cancel)
    #expect(
      front.calls == [
        "root scene(splash)", "root scene(login)", "present scene(biometric)", "dismiss",
      ])
    #expect(owner.shown == [.root, .root, .modal])
    #expect(scenes.depth == 1)
  }

  @Test func aSceneIsHeardWhileOnTheStackAndNotAfterItWent() {
    let (owner, scenes, _) = started()
    scenes.setRoot(.home)
    scenes.push(.profile(id: 1))
    owner.outputs[.profile(id: 1)]?.send("open")
    scenes.pop()
    owner.outputs[.profile(id: 1)]?.send("gone")
    owner.outputs[.home]?.send("home")
    #expect(owner.heard == ["open", "home"])
  }

  @Test func aNewRootEndsEverySceneBelowIt() {
    let (owner, scenes, _) = started()
    scenes.setRoot(.login)
    scenes.present(.biometric)
    scenes.setRoot(.home)
    owner.outputs[.login]?.send("login")
    owner.outputs[.biometric]?.send("biometric")
    owner.outputs[.home]?.send("home")
    #expect(owner.heard == ["home"])
    #expect(scenes.depth == 1)
  }

  @Test func aDialogOverTheStackKeepsTheGraphsPopsMatchedToTheirScenes() {
    let (owner, scenes, front) = started()
    scenes.setRoot(.home)
    scenes.push(.profile(id: 2))
    scenes.presentOverStack("dialog")
    #expect(scenes.depth == 3)
    scenes.dismissOverStack()
    owner.outputs[.profile(id: 2)]?.send("still here")
    scenes.pop()
    #expect(owner.heard == ["still here"])
    #expect(front.calls.suffix(3) == ["present dialog", "dismiss", "pop"])
  }

  @Test func withoutAnOwnerNothingReachesTheFront() {
    let front = RecordingNavigator<String>()
    let scenes = SceneNavigator<SceneOwner, Screen, String>(front: front) { owner, screen in
      owner.makeScene(screen)
    }
    scenes.setRoot(.home)
    scenes.push(.login)
    scenes.pop()
    do {
      let owner = SceneOwner()
      scenes.owner = owner
      scenes.setRoot(.login)
    }
    scenes.push(.home)
    scenes.dismiss()
    #expect(front.calls == ["root scene(login)"])
  }
}
