import OpenCombine
import Signals

/// The state-machine curves: a send in a ring of n states, and building that ring, as n grows
/// from 10 to 10,000 (the same ring as `StatechartScenarios`). A send should cost the same in
/// every ring, and building one should cost the same per state.
extension Curves {
  /// `sends` sends of `.next` around a ring of `states` states, each new state delivered to one
  /// observer. Closures: a table of next states and a closure per new state. OpenCombine has no
  /// state machine: the same table, its states sent into a `CurrentValueSubject`.
  static func ringSends(_ contender: Contender, states: Int, sends: Int) -> Trial {
    let tally = Tally()
    let next = (0..<states).map { ($0 + 1) % states }
    switch contender {
    case .closures:
      let observe: (Int) -> Void = { tally.add($0) }
      return Trial(tally: tally) {
        var state = 0
        for _ in 0..<sends {
          state = next[state]
          observe(state)
        }
      }
    case .signals:
      let machine = StateMachine(graph: StatechartScenarios.ring(states), policy: .ignore)
      let cancellable = machine.statePublisher.dropFirst().sink { tally.add($0.id) }
      return Trial(
        tally: tally, run: { for _ in 0..<sends { machine.send(.next) } }, finish: { cancellable.cancel() })
    case .openCombine:
      let subject = OpenCombine.CurrentValueSubject<Int, Never>(0)
      let cancellable = subject.dropFirst().sink { tally.add($0) }
      return Trial(
        tally: tally,
        run: {
          var state = 0
          for _ in 0..<sends {
            state = next[state]
            subject.send(state)
          }
        }, finish: { cancellable.cancel() })
    }
  }

  /// Builds a ring of `states` states (ns per state). Closures: the table of next states.
  static func ringBuild(_ contender: Contender, states: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      return Trial(tally: tally) {
        let next = (0..<states).map { ($0 + 1) % states }
        tally.add(next.count)
      }
    case .signals, .openCombine:
      return Trial(tally: tally) { tally.add(StatechartScenarios.ring(states).states.count) }
    }
  }
}
