import DemoSupport
import Signals
import SignalsTesting
import Testing

/// The one navigation stack and the one toast both demo fronts draw with.
@MainActor @Suite struct SceneStackAndToastTests {
  @Test func pushPopPresentAndDismissFollowTheCoordinator() {
    var stack = SceneStack<String, String>()
    stack.setRoot("home", screen: "Home")
    stack.pop()  // the last screen stays
    #expect(stack.shown.map(\.scene) == ["home"])
    stack.push("news", screen: "News")
    stack.present("expired", screen: nil)
    #expect(stack.top?.scene == "expired")
    #expect(stack.topScreen?.scene == "news")
    #expect(stack.screen(below: 1) == "Home", "the back bar of news names home")
    stack.pop()  // a modal is on top: a pop changes nothing
    #expect(stack.shown.count == 3)
    stack.dismiss()
    stack.dismiss()  // no modal on top: nothing
    #expect(stack.shown.map(\.scene) == ["home", "news"])
    stack.present("picker", screen: "Picker")
    stack.present("dialog", screen: nil)
    #expect(stack.screen(below: 3) == "Picker", "the nearest scene below with a view")
    stack.setRoot("login", screen: "Log in")
    #expect(stack.shown.map(\.scene) == ["login"])
    #expect(stack.screen(below: 0) == nil)
  }

  @Test func aToastGoesAfterThreeSecondsOrWhenReplaced() {
    let scheduler = TestScheduler()
    let toast = Toast(scheduler: scheduler)
    var expired = 0
    toast.onExpire = { expired += 1 }
    toast.text = "Saved"
    #expect(toast.lines(textWidth: 40) == ["! Saved"])
    scheduler.advance(by: .seconds(2))
    toast.text = "Sent"  // a new message starts its own 3 s
    scheduler.advance(by: .seconds(2))
    #expect(toast.text == "Sent")
    scheduler.advance(by: .seconds(1))
    #expect(toast.text == nil)
    #expect(expired == 1)
    #expect(toast.lines(textWidth: 40) == [])
    toast.text = "Again"
    toast.text = nil  // the next key takes it away: no expiry later
    scheduler.advance(by: .seconds(5))
    #expect(expired == 1)
  }
}
