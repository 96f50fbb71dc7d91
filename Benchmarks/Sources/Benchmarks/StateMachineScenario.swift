import OpenCombine
import Signals

/// The `state-machine` scenario: the login status graph of the Login example (none or failure
/// --press--> loading --failed--> failure, a target made from the event's payload), driven
/// through its press/failed cycle with one observer of the state. Closures: a hand-written
/// `switch` that calls one closure. OpenCombine has no state machine: the same `switch` feeding
/// a `CurrentValueSubject` with one sink, as its users write it (marked emulated).
enum StateMachineScenario {
  struct Session: Equatable, Sendable {
    let userID: String
    let token: String
  }

  enum Problem: Int, Sendable { case network, server }

  enum Status: Equatable, Sendable, CaseKeyed {
    case none, loading, success(Session), failure(Problem)

    enum Case: Hashable, Sendable { case none, loading, success, failure }
    var caseKey: Case {
      switch self {
      case .none: .none
      case .loading: .loading
      case .success: .success
      case .failure: .failure
      }
    }

    /// What the observer adds to the tally: the same for every contender.
    var code: Int {
      switch self {
      case .none: 0
      case .loading: 1
      case .success: 2
      case .failure(let problem): 3 + problem.rawValue
      }
    }
  }

  enum Event: Equatable, Sendable, CaseKeyed {
    case press, succeeded(Session), failed(Problem)

    enum Case: Hashable, Sendable { case press, succeeded, failed }
    var caseKey: Case {
      switch self {
      case .press: .press
      case .succeeded: .succeeded
      case .failed: .failed
      }
    }
  }

  static let graph = StateGraph<Status, Event>(initial: .none, terminal: [.success]) {
    Transition(from: .none, on: .press, to: .loading)
    Transition(from: .failure, on: .press, to: .loading)
    Transition(
      from: .loading, on: .succeeded,
      to: .make(.success) { if case .succeeded(let session) = $0 { .success(session) } else { nil } })
    Transition(
      from: .loading, on: .failed,
      to: .make(.failure) { if case .failed(let problem) = $0 { .failure(problem) } else { nil } })
  }

  /// The `index`-th event of the cycle: press, failed, press, failed, ...
  @inline(__always) static func event(_ index: Int) -> Event {
    index & 1 == 0 ? .press : .failed(index % 3 == 0 ? .network : .server)
  }

  /// The hand-written machine: a `switch` over (state, event), then one closure.
  final class HandWritten {
    @exclusivity(unchecked) var state = Status.none
    let observer: (Status) -> Void

    init(observer: @escaping (Status) -> Void) { self.observer = observer }

    @discardableResult
    func send(_ event: Event) -> Bool {
      switch (state, event) {
      case (.none, .press), (.failure, .press): state = .loading
      case (.loading, .succeeded(let session)): state = .success(session)
      case (.loading, .failed(let problem)): state = .failure(problem)
      default: return false
      }
      observer(state)
      return true
    }
  }

  static func closures(_ n: Int) -> Trial {
    let tally = Tally()
    let machine = HandWritten { tally.add($0.code) }
    return Trial(tally: tally) { for index in 0..<n { machine.send(event(index)) } }
  }

  static func signals(_ n: Int) -> Trial {
    let tally = Tally()
    let machine = StateMachine(graph: graph, policy: .ignore)
    let cancellable = machine.statePublisher.dropFirst().sink { tally.add($0.code) }
    return Trial(
      tally: tally, run: { for index in 0..<n { machine.send(event(index)) } },
      finish: { cancellable.cancel() })
  }

  static func openCombine(_ n: Int) -> Trial {
    let tally = Tally()
    let subject = OpenCombine.CurrentValueSubject<Status, Never>(.none)
    let cancellable = subject.dropFirst().sink { tally.add($0.code) }
    let machine = HandWritten { subject.send($0) }
    return Trial(
      tally: tally, run: { for index in 0..<n { machine.send(event(index)) } },
      finish: { cancellable.cancel() })
  }
}

#if canImport(Glibc)
  import Glibc
#endif

extension StateMachineScenario {
  /// This thread's CPU time in nanoseconds: unlike wall time, it does not count the time the
  /// thread waits for a core, which on a shared, oversubscribed machine is most of it.
  static func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// `--only state-machine-cpu`: the scenario's closures and Signals contenders, interleaved,
  /// timed by thread CPU time; prints the median ns per send of each and their ratio.
  static func printCPUTimes(events n: Int, rounds: Int) {
    var closures: [Double] = []
    var signals: [Double] = []
    for round in 0...rounds {
      for (index, prepare) in [Self.closures, Self.signals].enumerated() {
        let trial = prepare(n)
        let start = threadCPUNanoseconds()
        trial.run()
        let elapsed = threadCPUNanoseconds() - start
        trial.finish()
        guard trial.tally.check == Check(count: n, sum: expectedSum(n)) else {
          print("FAILED state-machine-cpu: check \(trial.tally.check)")
          return
        }
        if round > 0 {
          if index == 0 {
            closures.append(Double(elapsed) / Double(n))
          } else {
            signals.append(Double(elapsed) / Double(n))
          }
        }
      }
    }
    let closuresMedian = median(closures)
    let signalsMedian = median(signals)
    print("state-machine, thread CPU time, median of \(rounds) interleaved rounds of \(n) sends")
    print(
      "closures \(format(closuresMedian)) ns/send, Signals \(format(signalsMedian)) ns/send, ratio \(format(signalsMedian / closuresMedian, digits: 2))x"
    )
  }

  /// The tally every contender must reach after `n` sends of the cycle.
  static func expectedSum(_ n: Int) -> Int {
    var sum = 0
    for index in 0..<n {
      switch event(index) {
      case .press: sum &+= Status.loading.code
      case .failed(let problem): sum &+= Status.failure(problem).code
      case .succeeded: sum &+= Status.success(Session(userID: "", token: "")).code
      }
    }
    return sum
  }
}
