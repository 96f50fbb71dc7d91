import Signals

/// The statechart curves: wide charts (a parallel state of n regions, one event moving every
/// region) and deep ones (n nested compound states, one event leaving and entering them all),
/// for a send, for starting a machine and for `problems()`, per region or per level. A row that
/// stays flat is linear in the chart's size. Closures: a pass over n flags, the floor of any
/// work that visits every region or level once.
extension Curves {
  /// A state of the generated charts: its number is its case.
  struct Node: CaseKeyed, Hashable, Sendable {
    let id: Int
    var caseKey: Int { id }
  }

  /// The events of the generated charts: `0` forth, `1` back.
  struct Move: CaseKeyed, Hashable, Sendable {
    let id: Int
    var caseKey: Int { id }
  }

  /// A parallel state `0` of n regions `r_i(a_i, b_i)`: `0` moves each region from `a_i` to
  /// `b_i`, `1` back.
  static func wideChart(_ regions: Int) -> StateGraph<Node, Move> {
    StateGraph<Node, Move>(initial: Node(id: 0)) {
      for region in 0..<regions {
        Transition(from: 10 + 3 * region + 1, on: 0, to: Node(id: 10 + 3 * region + 2))
        Transition(from: 10 + 3 * region + 2, on: 1, to: Node(id: 10 + 3 * region + 1))
      }
    } chart: {
      Parallel(Node(id: 0)) {
        for region in 0..<regions {
          Compound(Node(id: 10 + 3 * region), initial: Node(id: 10 + 3 * region + 1)) {
            Leaf(Node(id: 10 + 3 * region + 1))
            Leaf(Node(id: 10 + 3 * region + 2))
          }
        }
      }
    }
  }

  /// n nested compound states `100 ... 100 + n - 1` around the leaf `1`, and the leaf `2`
  /// beside them: `0` leaves every level for `2`, `1` enters them all again.
  static func deepChart(_ levels: Int) -> StateGraph<Node, Move> {
    var inner: [ChartElement<Node, Move>] = ChartBuilder.buildExpression(Leaf(Node(id: 1)))
    for level in stride(from: levels - 1, through: 0, by: -1) {
      let children = inner
      inner = ChartBuilder.buildExpression(Compound(Node(id: 100 + level), initial: Node(id: 1)) { children })
    }
    let levelsBlock = inner
    return StateGraph<Node, Move>(initial: Node(id: 1)) {
      Transition(from: 1, on: 0, to: Node(id: 2))
      Transition(from: 2, on: 1, to: Node(id: 1))
    } chart: {
      levelsBlock
      Leaf(Node(id: 2))
    }
  }

  /// What is measured on a chart of `size` regions or levels.
  enum ChartWork {
    case send, start, problems
  }

  /// `rounds` of `work` on a wide or deep chart of `size`. The tally counts the regions or
  /// levels visited (the active states after each send, the states started, the states
  /// checked), the same for both contenders.
  static func chartCurve(_ contender: Contender, wide: Bool, size: Int, work: ChartWork, rounds: Int) -> Trial
  {
    let tally = Tally()
    let graph = wide ? wideChart(size) : deepChart(size)
    let active = wide ? 2 * size + 1 : size + 1
    switch contender {
    case .closures, .openCombine:
      var flags = [Bool](repeating: false, count: active)
      return Trial(tally: tally) {
        for round in 0..<rounds {
          var visited = 0
          for index in flags.indices {
            flags[index].toggle()
            visited &+= 1
          }
          tally.add(work == .send && !wide && round % 2 == 0 ? 1 : visited)
        }
      }
    case .signals:
      switch work {
      case .send:
        let machine = StateMachine(graph: graph, policy: .ignore)
        return Trial(tally: tally) {
          for round in 0..<rounds {
            machine.send(Move(id: round % 2))
            tally.add(machine.configuration.count)
          }
        }
      case .start:
        return Trial(tally: tally) {
          for _ in 0..<rounds { tally.add(StateMachine(graph: graph).configuration.count) }
        }
      case .problems:
        return Trial(tally: tally) {
          for _ in 0..<rounds { tally.add(graph.problems().isEmpty ? active : -1) }
        }
      }
    }
  }

  /// The six statechart curves.
  static func chartCurves(scale: Int) -> [Curve] {
    let rounds = max(2, 200 / scale) / 2 * 2
    var curves: [Curve] = []
    for (wide, label, sizes) in [
      (true, "regions", [10, 100, 1_000, 2_000]), (false, "levels", [10, 100, 1_000, 10_000]),
    ] {
      let shape = wide ? "a wide chart (parallel regions)" : "a deep chart (nested levels)"
      for (work, title) in [
        (ChartWork.send, "a send"), (.start, "starting a machine"), (.problems, "problems()"),
      ] {
        curves.append(
          Curve(
            name: "statechart: \(title) on \(shape), per \(label.dropLast())", sizeLabel: label, sizes: sizes,
            contenders: [.closures, .signals], events: { $0 * rounds }
          ) { contender, size in chartCurve(contender, wide: wide, size: size, work: work, rounds: rounds) })
      }
    }
    return curves
  }
}
