import Signals

/// The statechart scenarios of issue 32, timed by thread CPU time (`--only statechart`):
/// building a ring of n states (linear in its transitions: n = 10 ... 10,000), a send in a flat
/// ring of 10 and of 10,000 states (O(1) in the number of states), and a send in a three-level
/// nested chart (the innermost state's transition, looked up through its ancestors).
enum StatechartScenarios {
  /// A state of the ring: its number is its case.
  struct Ring: CaseKeyed, Hashable, Sendable {
    let id: Int
    var caseKey: Int { id }
  }

  enum Step: CaseKeyed, CaseIterable, Hashable, Sendable { case next }

  /// n states, each with one transition to the next.
  static func ring(_ n: Int) -> StateGraph<Ring, Step> {
    StateGraph<Ring, Step>(initial: Ring(id: 0)) {
      for id in 0..<n { Transition(from: id, on: .next, to: Ring(id: (id + 1) % n)) }
    }
  }

  enum Level: CaseKeyed, CaseIterable, Hashable, Sendable { case top, middle, left, right }
  enum Toggle: CaseKeyed, CaseIterable, Hashable, Sendable { case flip }

  /// top > middle > (left | right): `flip` moves between the two leaves of the third level.
  static let nested = StateGraph<Level, Toggle>(initial: .top) {
    Transition(from: .left, on: .flip, to: .right)
    Transition(from: .right, on: .flip, to: .left)
  } chart: {
    Compound(.top, initial: .middle) {
      Compound(.middle, initial: .left) {
        Leaf(.left)
        Leaf(.right)
      }
    }
  }

  /// Median of `rounds` timings of `body`, in ns, divided by `per`.
  static func median(rounds: Int, per: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = StateMachineScenario.threadCPUNanoseconds()
      body()
      samples.append(Double(StateMachineScenario.threadCPUNanoseconds() - start) / Double(per))
    }
    return samples.sorted()[samples.count / 2]
  }

  static func printAll(rounds: Int, scale: Int) {
    print("statechart scenarios, thread CPU time, median of \(rounds) rounds")
    for n in [10, 100, 1_000, 10_000] {
      var states = 0
      let nanoseconds = median(rounds: rounds, per: 1) { states &+= ring(n).states.count }
      print(
        "build ring of \(n) states: \(format(nanoseconds / 1e6, digits: 3)) ms (\(states / rounds) states)")
    }
    let sends = 1_000_000 / scale
    for n in [10, 10_000] {
      let machine = StateMachine(graph: ring(n), policy: .ignore)
      let nanoseconds = median(rounds: rounds, per: sends) { for _ in 0..<sends { machine.send(.next) } }
      print("send in a flat ring of \(n) states: \(format(nanoseconds)) ns/send")
    }
    let machine = StateMachine(graph: nested, policy: .ignore)
    let nanoseconds = median(rounds: rounds, per: sends) { for _ in 0..<sends { machine.send(.flip) } }
    print("send in a three-level nested chart: \(format(nanoseconds)) ns/send (ends in \(machine.state))")
  }
}
