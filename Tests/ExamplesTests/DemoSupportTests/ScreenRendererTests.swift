import DemoSupport
import Observation
import Signals
import Testing

/// The fronts redraw as SwiftUI does: when something a screen read changes, once per turn, and
/// not when something it did not read changes.
@MainActor @Suite struct ScreenRendererTests {
  @MainActor @Observable final class Model {
    var shown = "a"
    var unread = 0
    var other = "x"
  }

  final class CombineModel: ObservableObject {
    @Published var shown = "a"
  }

  /// Work for a later turn of the main queue, run when the test says.
  @MainActor final class Turns {
    var queued: [@MainActor @Sendable () -> Void] = []
    func runAll() {
      while !queued.isEmpty { queued.removeFirst()() }
    }
  }

  /// A renderer drawing `screen` through a `CoalescedRedraw` whose turns the test runs, and the
  /// count of draws.
  @MainActor final class Harness {
    let turns = Turns()
    let renderer = ScreenRenderer()
    var draws = 0
    var lastFrame: [String] = []
    var redraws: CoalescedRedraw!

    init(screen: @escaping @MainActor () -> [String]) {
      redraws = CoalescedRedraw(later: { [turns] in turns.queued.append($0) }) { [unowned self] in
        self.draws += 1
        self.lastFrame = self.renderer.render(screen)
      }
      renderer.onChange = { [unowned self] in self.redraws.changed() }
      redraws.drawNow()
    }
  }

  @Test func aChangeOfAPropertyTheScreenReadRedrawsItOnce() {
    let model = Model()
    let harness = Harness { [model.shown] }
    #expect(harness.draws == 1)
    model.shown = "b"
    harness.turns.runAll()
    #expect(harness.draws == 2)
    #expect(harness.lastFrame == ["b"])
    // Tracking starts again after each draw: the next change redraws too.
    model.shown = "c"
    harness.turns.runAll()
    #expect(harness.draws == 3)
    #expect(harness.lastFrame == ["c"])
  }

  @Test func aChangeOfAPropertyTheScreenDidNotReadDoesNotRedraw() {
    let model = Model()
    let harness = Harness { [model.shown] }
    model.unread += 1
    model.unread += 1
    harness.turns.runAll()
    #expect(harness.draws == 1)
  }

  @Test func severalChangesInOneTurnCostOneRedraw() {
    let model = Model()
    let harness = Harness { [model.shown, model.other] }
    for character in "hello" { model.shown.append(character) }
    model.other = "y"
    harness.turns.runAll()
    #expect(harness.draws == 2)
    #expect(harness.lastFrame == ["ahello", "y"])
  }

  @Test func whatAScreenReadsIsRecordedAtEachDrawNotOnce() {
    let model = Model()
    // The screen reads `other` only while `shown` is "b" (a branch of its body).
    let harness = Harness { model.shown == "b" ? [model.shown, model.other] : [model.shown] }
    model.other = "y"
    harness.turns.runAll()
    #expect(harness.draws == 1)
    model.shown = "b"
    harness.turns.runAll()
    #expect(harness.draws == 2)
    model.other = "z"
    harness.turns.runAll()
    #expect(harness.draws == 3)
    #expect(harness.lastFrame == ["b", "z"])
  }

  @Test func aCombineStyleModelRedrawsAtEachObjectWillChangeOncePerTurn() {
    let model = CombineModel()
    let harness = Harness { [model.shown] }
    harness.renderer.observe(model)
    model.shown = "b"
    model.shown = "c"
    harness.turns.runAll()
    #expect(harness.draws == 2)
    #expect(harness.lastFrame == ["c"])
    harness.renderer.stopObserving()
    model.shown = "d"
    harness.turns.runAll()
    #expect(harness.draws == 2)
  }
}
