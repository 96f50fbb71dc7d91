import DemoSupport
import LoginFeature

/// The launch screen, while the flow decides where to start. Threading: main actor.
@MainActor
final class LaunchScreen: LoginScreenView {
  var title: String { "Starting" }
  var body: [String] { ["Starting..."] }
}
