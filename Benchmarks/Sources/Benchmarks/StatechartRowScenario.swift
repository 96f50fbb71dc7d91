import OpenCombine
import Signals
import Synchronization

/// The `three-level-chart` row: a three-level chart where one event leaves two levels and enters two
/// (`top > left > l1` to `top > right > r1` and back), with one observer of the state, against
/// the flat `state-machine` row's shape. Closures: a hand-written `switch` over the two leaves
/// that calls one closure (what the chart does, written by hand). OpenCombine has no statechart:
/// the same `switch` feeding a `CurrentValueSubject` with one sink (marked emulated).
enum StatechartRowScenario {
  enum Place: CaseKeyed, CaseIterable, Hashable, Sendable {
    case top, left, right, l1, r1
  }

  enum Move: CaseKeyed, CaseIterable, Hashable, Sendable { case cross }

  static let graph = StateGraph<Place, Move>(initial: .l1) {
    Transition(from: .l1, on: .cross, to: .r1)
    Transition(from: .r1, on: .cross, to: .l1)
  } chart: {
    Compound(.top, initial: .left) {
      Compound(.left, initial: .l1) { Leaf(.l1) }
      Compound(.right, initial: .r1) { Leaf(.r1) }
    }
  }

  /// What the observer adds to the tally.
  @inline(__always) static func code(_ place: Place) -> Int { place == .r1 ? 2 : 1 }

  /// The hand-written chart: the two leaves' `switch`, then one closure.
  final class HandWritten {
    @exclusivity(unchecked) var state = Place.l1
    let observer: (Place) -> Void

    init(observer: @escaping (Place) -> Void) { self.observer = observer }

    @discardableResult
    func send(_ event: Move) -> Bool {
      switch (state, event) {
      case (.l1, .cross): state = .r1
      case (.r1, .cross): state = .l1
      default: return false
      }
      observer(state)
      return true
    }
  }

  static func closures(_ n: Int) -> Trial {
    let tally = Tally()
    let machine = HandWritten { tally.add(code($0)) }
    return Trial(tally: tally) { for _ in 0..<n { machine.send(.cross) } }
  }

  static func signals(_ n: Int) -> Trial {
    let tally = Tally()
    let machine = StateMachine(graph: graph, policy: .ignore)
    let cancellable = machine.statePublisher.dropFirst().sink { tally.add(code($0)) }
    return Trial(
      tally: tally, run: { for _ in 0..<n { machine.send(.cross) } }, finish: { cancellable.cancel() })
  }

  static func openCombine(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = OpenCombine.CurrentValueSubject<Place, Never>(.l1)
    let cancellable = subject.dropFirst().sink { tally.add(code($0)) }
    let machine = HandWritten { subject.send($0) }
    return Trial(
      tally: tally, run: { for _ in 0..<n { machine.send(.cross) } }, finish: { cancellable.cancel() })
  }
}

/// The `chart-entry-actions` row: the three-level chart of `three-level-chart` with an entry
/// action on each second-level state (`left`, `right`), each counting its entries, so that every
/// step runs user code and takes the statechart algorithm in full (a quiet step, with nothing to
/// run but the move, is performed from the engine's memo). Closures: the same `switch`, which
/// calls the side's entry closure, then the observer. OpenCombine: that `switch` feeding a
/// `CurrentValueSubject` with one sink (marked emulated).
enum ChartEntryActionsScenario {
  typealias Place = StatechartRowScenario.Place
  typealias Move = StatechartRowScenario.Move

  /// How many times a side was entered (atomic: a chart's actions are `@Sendable`).
  final class Entries: Sendable {
    let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
  }

  static func graph(_ entries: Entries) -> StateGraph<Place, Move> {
    StateGraph<Place, Move>(initial: .l1) {
      Transition(from: .l1, on: .cross, to: .r1)
      Transition(from: .r1, on: .cross, to: .l1)
    } chart: {
      Compound(.top, initial: .left) {
        Compound(.left, initial: .l1, entry: { _ in entries.add() }) { Leaf(.l1) }
        Compound(.right, initial: .r1, entry: { _ in entries.add() }) { Leaf(.r1) }
      }
    }
  }

  /// The hand-written chart: the leaves' `switch`, the side's entry, then one closure.
  final class HandWritten {
    @exclusivity(unchecked) var state = Place.l1
    let entered: () -> Void
    let observer: (Place) -> Void

    init(entered: @escaping () -> Void, observer: @escaping (Place) -> Void) {
      self.entered = entered
      self.observer = observer
    }

    @discardableResult
    func send(_ event: Move) -> Bool {
      switch (state, event) {
      case (.l1, .cross): state = .r1
      case (.r1, .cross): state = .l1
      default: return false
      }
      entered()
      observer(state)
      return true
    }
  }

  static func closures(_ n: Int) -> Trial {
    let tally = Tally()
    let entries = Entries()
    let machine = HandWritten(entered: entries.add) { tally.add(StatechartRowScenario.code($0)) }
    return Trial(tally: tally) { for _ in 0..<n { machine.send(.cross) } }
  }

  static func signals(_ n: Int) -> Trial {
    let tally = Tally()
    let machine = StateMachine(graph: graph(Entries()), policy: .ignore)
    let cancellable = machine.statePublisher.dropFirst().sink { tally.add(StatechartRowScenario.code($0)) }
    return Trial(
      tally: tally, run: { for _ in 0..<n { machine.send(.cross) } }, finish: { cancellable.cancel() })
  }

  static func openCombine(_ n: Int) -> Trial {
    let tally = Tally()
    let entries = Entries()
    let subject = OpenCombine.CurrentValueSubject<Place, Never>(.l1)
    let cancellable = subject.dropFirst().sink { tally.add(StatechartRowScenario.code($0)) }
    let machine = HandWritten(entered: entries.add) { subject.send($0) }
    return Trial(
      tally: tally, run: { for _ in 0..<n { machine.send(.cross) } }, finish: { cancellable.cancel() })
  }
}
