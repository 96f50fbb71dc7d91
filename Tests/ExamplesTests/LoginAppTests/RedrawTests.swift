import DemoSupport
import LoginFeature
import SignalsTesting
import Testing

@testable import LoginApp

/// The login front redraws as SwiftUI does, with no sink of its own on the view models' outputs:
/// a change the screen read asks for one redraw, the next frame records again.
@MainActor
@Suite struct LoginRedrawTests {
  @Test func anObservableModelsChangeTheScreenReadAsksForOneRedrawPerFrame() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(
      environment: .demo(scheduler: scheduler, setup: DemoSetup(credential: .pattern)))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    let model = try #require((app.screen as? PatternLoginScreen)?.presenter)
    var redraws = 0
    app.onChange = { redraws += 1 }
    _ = app.frame
    model.add(1)
    model.add(2)
    #expect(redraws == 1, "two changes before the next frame: one redraw asked for")
    #expect(app.frame.contains { $0.contains("[1] [2]") })
    model.clear()
    #expect(redraws == 2)
  }

  @Test func theCombineStyleModelAsksForARedrawAtEachChange() throws {
    let scheduler = TestScheduler()
    let (app, coordinator) = startLoginApp(environment: .demo(scheduler: scheduler))
    defer { withExtendedLifetime(coordinator) {} }
    scheduler.advance(by: .zero)
    let model = try #require(app.passwordModel)
    var redraws = 0
    app.onChange = { redraws += 1 }
    _ = app.frame
    model.account = "alice"
    #expect(redraws >= 1)
    let afterTyping = redraws
    scheduler.advance(by: .milliseconds(500))  // the account check answers: `isAccountValid`
    #expect(redraws > afterTyping)
    #expect(app.frame.contains { $0.contains("invalid") })
  }
}
