import Foundation
import SignalsFoundation
import SignalsTesting
import Testing

/// Runs the main-actor view models of `PortedMainActorViewModel.swift`, ported from Combine by
/// their import alone.
@MainActor @Suite struct PortedMainActorViewModelTests {
  @Test func theFormEnablesSubmitHintsAfterTheTypingSettlesAndRatesThePassword() {
    let scheduler = TestScheduler()
    let model = SignUpViewModel(scheduler: scheduler)
    let changes = model.objectWillChange.record()
    #expect(!model.canSubmit && model.emailHint == nil && model.passwordStrength == 0)

    model.email = "ada"
    scheduler.advance(by: .milliseconds(399))
    #expect(model.emailHint == nil)
    scheduler.advance(by: .milliseconds(1))
    #expect(model.emailHint == "An email address has an @")

    model.email = "ada@example.com"
    model.password = "Analytical1"
    #expect(model.passwordStrength == 3)
    #expect(!model.canSubmit)
    model.acceptedTerms = true
    #expect(model.canSubmit)
    scheduler.advance(by: .milliseconds(400))
    #expect(model.emailHint == nil)

    let before = changes.values.count
    model.reset()
    #expect(!model.canSubmit && model.passwordStrength == 0)
    #expect(changes.values.count > before)
  }

  // Under Swift Testing, as in any async `main` on Linux, main-actor code runs on the main
  // queue, drained by a worker thread, and nothing runs `RunLoop.main`: RunLoop.main's actions
  // reach the main actor through the main queue. The test yields the main actor so that they run;
  // it never waits.
  @Test func aNotificationReachesTheModelThroughTheMainRunLoop() async {
    let center = NotificationCenter()
    let model = ClockViewModel(center: center)
    center.post(name: Notification.Name("note"), object: "hello")
    center.post(name: Notification.Name("note"), object: 42)
    #expect(model.lastNote == nil)
    for _ in 0..<10_000 where model.lastNote == nil { await Task.yield() }
    #expect(model.lastNote == "hello")
    #expect(model.ticks == 0)
  }

  // The same for a timer on the main run loop. It runs on the wall clock, so the test polls
  // (yielding the main actor) until two ticks came, for 300 s at most (a loaded machine may
  // hold the main queue for many seconds); it never sleeps.
  @Test func aTimerOnTheMainRunLoopTicksOnTheMainActor() async {
    var ticks = 0
    let timer = Timer.publish(every: 0.005, on: .main, in: .common).autoconnect()
      .sink { _ in
        MainActor.assertIsolated("a main run loop tick off the main actor")
        ticks += 1
      }
    let deadline = Date(timeIntervalSinceNow: 300)
    while ticks < 2 && Date() < deadline { await Task.yield() }
    timer.cancel()
    #expect(ticks >= 2)
  }
}
