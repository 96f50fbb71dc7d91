import Signals
import SignalsTesting
import Testing

// The code of the Statecharts article (Sources/Signals/Signals.docc/Statecharts.md), verbatim.

enum Player: CaseKeyed, CaseIterable, Hashable, Sendable {
  case stopped, active, playing, paused, resume
}

enum Control: CaseKeyed, CaseIterable, Hashable, Sendable {
  case play, pause, stop, back
}

let player = StateGraph<Player, Control>(initial: .stopped) {
  Transition(from: .stopped, on: .play, to: .active)
  Transition(from: .stopped, on: .back, to: .resume)
  Transition(from: .active, on: .stop, to: .stopped)
  Transition(from: .playing, on: .pause, to: .paused)
  Transition(from: .paused, on: .play, to: .playing)
} chart: {
  Compound(.active, initial: .playing) {
    History(.resume)
    Leaf(.playing)
    Leaf(.paused)
  }
  After(.seconds(300), from: .paused, to: .stopped)
}

@Suite struct StatechartArticleTests {
  @Test func thePlayerChart() throws {
    let scheduler = TestScheduler()
    let machine = StateMachine(graph: player, scheduler: scheduler)
    try machine.trySend(.play)
    #expect(machine.configuration == [.active, .playing])
    try machine.trySend(.pause)
    scheduler.advance(by: .seconds(300))
    #expect(machine.state == .stopped)
    try machine.trySend(.back)
    #expect(machine.configuration == [.active, .paused])
  }

  @Test func thePlayerChartIsSoundAndDraws() {
    #expect(player.problems() == [])
    #expect(
      player.mermaid() == """
        stateDiagram-v2
            [*] --> stopped
            state active {
                [*] --> playing
                state "H" as resume
                playing
                paused
                playing --> paused: pause
                paused --> playing: play
            }
            stopped
            stopped --> active: play
            stopped --> resume: back
            active --> stopped: stop
            paused --> stopped: after 300s

        """)
  }
}
