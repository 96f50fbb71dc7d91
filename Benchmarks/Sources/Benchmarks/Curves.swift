import AllocationCounter
import Dispatch
import OpenCombine
import OpenCombineDispatch
import Signals
import Synchronization

/// Scaling curves (`--curves`): the same work at growing sizes, Signals beside hand-written
/// closures and OpenCombine, in ns per value. A flat row costs O(1) per value at every size; a
/// row that grows with the size is superlinear in the total. `--quick` runs each point once at
/// 1/100 of the values and checks that the contenders agree, never the timings.
struct Curve {
  let name: String
  /// What grows along the row.
  let sizeLabel: String
  let sizes: [Int]
  /// The contenders that have this operator (OpenCombine 0.14 has no `merge` or collection
  /// `combineLatest`; its column then reads "-").
  var contenders: [Contender] = Contender.allCases
  /// How many values one run delivers at `size` (the divisor of ns per value).
  let events: (Int) -> Int
  let prepare: (Contender, Int) -> Trial
}

/// One measured row: ns per value for each contender at each size.
struct CurveResult {
  let curve: Curve
  var points: [(size: Int, nanoseconds: [Contender: Double])] = []
}

enum Curves {
  static func all(scale: Int) -> [Curve] {
    let values = 200_000 / scale
    let arity = [2, 10, 100, 1_000]
    let ringSizes = [10, 100, 1_000, 10_000]
    return [
      Curve(
        name: "chain depth (map x depth)", sizeLabel: "depth", sizes: [1, 4, 16, 64], events: { _ in values }
      ) { contender, depth in chain(contender, depth: depth, values: values) },
      Curve(
        name: "fan-out width (sinks)", sizeLabel: "sinks", sizes: [1, 10, 100, 1_000, 10_000],
        events: { width in width * max(1, values / width) }
      ) { contender, width in fanout(contender, width: width, sends: max(1, values / width)) },
      Curve(
        name: "merge arity, unlimited", sizeLabel: "inputs", sizes: arity, contenders: [.closures, .signals],
        events: { _ in values }
      ) { contender, inputs in merge(contender, inputs: inputs, values: values, stepwise: false) },
      Curve(
        name: "merge arity, .max(1) per value", sizeLabel: "inputs", sizes: arity,
        contenders: [.closures, .signals], events: { _ in values }
      ) { contender, inputs in merge(contender, inputs: inputs, values: values, stepwise: true) },
      Curve(
        name: "flatMap live inners, .max(1) per value", sizeLabel: "inners", sizes: arity,
        events: { _ in values }
      ) { contender, inners in flatMap(contender, inners: inners, values: values) },
      Curve(
        name: "combineLatest of a collection", sizeLabel: "inputs", sizes: arity,
        contenders: [.closures, .signals], events: { _ in values }
      ) { contender, inputs in combineLatestMany(contender, inputs: inputs, values: values, stepwise: false)
      },
      Curve(
        name: "combineLatest of a collection, .max(1) per value", sizeLabel: "inputs", sizes: arity,
        contenders: [.closures, .signals], events: { _ in values }
      ) { contender, inputs in combineLatestMany(contender, inputs: inputs, values: values, stepwise: true) },
      Curve(
        name: "receive(on:) a serial DispatchQueue", sizeLabel: "values", sizes: [1_000, 10_000, 100_000],
        events: { max(1, $0 / scale) }
      ) { contender, count in receiveOn(contender, values: max(1, count / scale)) },
      Curve(
        name: "two producer threads, one subject", sizeLabel: "values", sizes: [10_000, 100_000, 1_000_000],
        events: { max(2, $0 / scale) }
      ) { contender, count in twoProducers(contender, values: max(2, count / scale)) },
      Curve(
        name: "subscribe and cancel beside live neighbours", sizeLabel: "neighbours",
        sizes: [0, 1_000, 100_000], events: { _ in max(1, 10_000 / scale) }
      ) { contender, neighbours in
        subscribeCancel(contender, neighbours: neighbours / scale, times: max(1, 10_000 / scale))
      },
      Curve(
        name: "state machine: a send in a ring of states", sizeLabel: "states", sizes: ringSizes,
        events: { _ in values }
      ) { contender, states in ringSends(contender, states: states, sends: values) },
      Curve(
        name: "state machine: building a ring, per state", sizeLabel: "states", sizes: ringSizes,
        contenders: [.closures, .signals], events: { $0 }
      ) { contender, states in ringBuild(contender, states: states) },
    ] + chartCurves(scale: scale)
  }

  /// Bytes per live map->filter->sink subscription on one subject, at each count.
  static func memory(scale: Int) {
    print("\nmemory: bytes per live map->filter->sink subscription on one subject")
    print(
      [pad("subscriptions", 14), pad("closures", 10), pad("Signals", 10), pad("OpenCombine", 12)].joined())
    for count in [10_000, 1_000_000].map({ max(1, $0 / scale) }) {
      var row = [pad(String(count), 14)]
      for contender in Contender.allCases {
        let (subscribe, cancelAll) =
          switch contender {
          case .closures: ClosureContenders.liveSubscriptions(count)
          case .signals: SignalsContenders.liveSubscriptions(count)
          case .openCombine: OpenCombineContenders.liveSubscriptions(count)
          }
        let before = allocation_counter_heap_bytes()
        subscribe()
        let live = allocation_counter_heap_bytes()
        cancelAll()
        row.append(pad(format(Double(live - before) / Double(count)), contender == .openCombine ? 12 : 10))
      }
      print(row.joined())
    }
  }

  /// Measures every curve, prints its table, and returns the results (for the chart).
  static func run(
    scale: Int, rounds: Int, only: String?, contenders: [Contender] = Contender.allCases
  ) throws -> [CurveResult] {
    var results: [CurveResult] = []
    for curve in all(scale: scale)
    where only == nil || curve.name.hasPrefix(only!) || point(only!, of: curve) != nil {
      var result = CurveResult(curve: curve)
      // `--only "fan-out width (sinks) 1"`: one size of one curve (for the instruction counter).
      let sizes = only.flatMap { point($0, of: curve) }.map { [$0] } ?? curve.sizes
      print("\n\(curve.name): ns per value")
      print(
        [
          pad(curve.sizeLabel, 10), pad("closures", 10), pad("Signals", 10), pad("OpenCombine", 12),
          pad("Signals/closures", 17), pad("OpenCombine/Signals", 20), "  check",
        ].joined())
      for size in sizes {
        let scenario = Scenario(name: "\(curve.name) \(size)", events: curve.events(size)) {
          curve.prepare($0, size)
        }
        let measured = try measure(
          scenario, rounds: rounds, contenders: curve.contenders.filter(contenders.contains))
        result.points.append((size, measured.nanoseconds))
        let closures = measured.nanoseconds[.closures] ?? .nan
        let signals = measured.nanoseconds[.signals] ?? .nan
        let openCombine = measured.nanoseconds[.openCombine] ?? .nan
        print(
          [
            pad(String(size), 10), pad(format(closures), 10), pad(format(signals), 10),
            pad(format(openCombine), 12), pad(format(signals / closures, digits: 2) + "x", 17),
            pad(format(openCombine / signals, digits: 2) + "x", 20), "  " + measured.check.description,
          ].joined())
      }
      results.append(result)
      if only != nil { print("events per run: \(sizes.map(curve.events).reduce(0, +))") }
    }
    return results
  }

  /// The size `name` picks out of `curve` when it is the curve's name, a space and one of its
  /// sizes.
  static func point(_ name: String, of curve: Curve) -> Int? {
    guard name.hasPrefix(curve.name + " "), let size = Int(name.dropFirst(curve.name.count + 1)),
      curve.sizes.contains(size)
    else { return nil }
    return size
  }

  // MARK: - The rows

  /// `neighbours` live sinks on one subject; the run subscribes one more sink and cancels it,
  /// `times` times, sending one value between.
  static func subscribeCancel(_ contender: Contender, neighbours: Int, times: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      var sinks: [Int: (Int) -> Void] = [:]
      for index in 0..<neighbours { sinks[index] = { _ in } }
      return Trial(tally: tally) {
        for value in 0..<times {
          sinks[-1] = { tally.add($0) }
          sinks[-1]?(value)
          sinks[-1] = nil
        }
      }
    case .signals:
      let subject = Signals.PassthroughSubject<Int, Never>()
      let others = (0..<neighbours).map { _ in subject.sink { _ in } }
      return Trial(
        tally: tally,
        run: {
          for value in 0..<times {
            let cancellable = subject.sink { tally.add($0) }
            cancellable.cancel()
            tally.add(value)
          }
        }, finish: { others.forEach { $0.cancel() } })
    case .openCombine:
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      let others = (0..<neighbours).map { _ in subject.sink { _ in } }
      return Trial(
        tally: tally,
        run: {
          for value in 0..<times {
            let cancellable = subject.sink { tally.add($0) }
            cancellable.cancel()
            tally.add(value)
          }
        }, finish: { others.forEach { $0.cancel() } })
    }
  }

  static func chain(_ contender: Contender, depth: Int, values: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      var step: (Int) -> Void = { tally.add($0) }
      for _ in 0..<depth {
        let next = step
        step = { next($0 &+ 1) }
      }
      let head = step
      return Trial(tally: tally) { for value in 0..<values { head(value) } }
    case .signals:
      let subject = Signals.PassthroughSubject<Int, Never>()
      var chain = subject.eraseToAnyPublisher()
      for _ in 0..<depth { chain = chain.map { $0 &+ 1 }.eraseToAnyPublisher() }
      let cancellable = chain.sink { tally.add($0) }
      return Trial(
        tally: tally, run: { for value in 0..<values { subject.send(value) } },
        finish: { cancellable.cancel() })
    case .openCombine:
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      var chain = subject.eraseToAnyPublisher()
      for _ in 0..<depth { chain = chain.map { $0 &+ 1 }.eraseToAnyPublisher() }
      let cancellable = chain.sink { tally.add($0) }
      return Trial(
        tally: tally, run: { for value in 0..<values { subject.send(value) } },
        finish: { cancellable.cancel() })
    }
  }

  static func fanout(_ contender: Contender, width: Int, sends: Int) -> Trial {
    switch contender {
    case .closures: ClosureContenders.fanout(sinks: width, sends: sends)
    case .signals: SignalsContenders.fanout(sinks: width, sends: sends)
    case .openCombine: OpenCombineContenders.fanout(sinks: width, sends: sends)
    }
  }

  /// `inputs` subjects merged into one subscriber; value `v` is sent by input `v % inputs`.
  static func merge(_ contender: Contender, inputs: Int, values: Int, stepwise: Bool) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      var demand = 1
      let sink: (Int) -> Void = { value in
        guard !stepwise || demand > 0 else { return }
        if stepwise { demand -= 1 }
        tally.add(value)
        if stepwise { demand += 1 }
      }
      let inputs = (0..<inputs).map { _ in sink }
      return Trial(tally: tally) { for value in 0..<values { inputs[value % inputs.count](value) } }
    case .signals, .openCombine:
      let subjects = (0..<inputs).map { _ in Signals.PassthroughSubject<Int, Never>() }
      let merged = Signals.Publishers.MergeMany(subjects)
      let subscriber = SignalsStepwise(tally)
      if stepwise {
        merged.subscribe(subscriber)
      } else {
        let cancellable = merged.sink { tally.add($0) }
        return Trial(
          tally: tally, run: { for value in 0..<values { subjects[value % subjects.count].send(value) } },
          finish: { cancellable.cancel() })
      }
      return Trial(
        tally: tally, run: { for value in 0..<values { subjects[value % subjects.count].send(value) } },
        finish: { subjects.forEach { $0.send(completion: .finished) } })
    }
  }

  /// `inners` live inner subjects of one `flatMap`, a subscriber asking `.max(1)` per value.
  static func flatMap(_ contender: Contender, inners: Int, values: Int) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      var demand = 1
      let sink: (Int) -> Void = { value in
        guard demand > 0 else { return }
        demand -= 1
        tally.add(value)
        demand += 1
      }
      let all = (0..<inners).map { _ in sink }
      return Trial(tally: tally) { for value in 0..<values { all[value % all.count](value) } }
    case .signals:
      let upstream = Signals.PassthroughSubject<Int, Never>()
      let subjects = (0..<inners).map { _ in Signals.PassthroughSubject<Int, Never>() }
      upstream.flatMap { subjects[$0] }.subscribe(SignalsStepwise(tally))
      for index in 0..<inners { upstream.send(index) }
      return Trial(
        tally: tally, run: { for value in 0..<values { subjects[value % subjects.count].send(value) } },
        finish: {
          upstream.send(completion: .finished)
          subjects.forEach { $0.send(completion: .finished) }
        })
    case .openCombine:
      let upstream = OpenCombine.PassthroughSubject<Int, Never>()
      let subjects = (0..<inners).map { _ in OpenCombine.PassthroughSubject<Int, Never>() }
      upstream.flatMap { subjects[$0] }.subscribe(OpenCombineStepwise(tally))
      for index in 0..<inners { upstream.send(index) }
      return Trial(
        tally: tally, run: { for value in 0..<values { subjects[value % subjects.count].send(value) } },
        finish: {
          upstream.send(completion: .finished)
          subjects.forEach { $0.send(completion: .finished) }
        })
    }
  }

  /// `inputs` subjects combined; every input has a value first, then value `v` replaces the
  /// latest of input `v % inputs`. The sink reads one element, as a user reads the one it needs.
  static func combineLatestMany(_ contender: Contender, inputs: Int, values: Int, stepwise: Bool) -> Trial {
    let tally = Tally()
    switch contender {
    case .closures:
      var latest = Array(repeating: 0, count: inputs)
      var demand = 1
      let sink: ([Int]) -> Void = { latest in
        guard !stepwise || demand > 0 else { return }
        if stepwise { demand -= 1 }
        tally.add(latest[0] &+ latest.count)
        if stepwise { demand += 1 }
      }
      return Trial(tally: tally) {
        for value in 0..<values {
          latest[value % inputs] = value
          sink(latest)
        }
      }
    case .signals, .openCombine:
      let subjects = (0..<inputs).map { _ in Signals.PassthroughSubject<Int, Never>() }
      let combined = Signals.Publishers.CombineLatestMany(subjects)
      var cancellable: Signals.AnyCancellable?
      if stepwise {
        combined.map { $0[0] &+ $0.count }.subscribe(SignalsStepwise(tally))
      } else {
        cancellable = combined.sink { tally.add($0[0] &+ $0.count) }
      }
      for subject in subjects { subject.send(0) }
      tally.count = 0
      tally.sum = 0
      return Trial(
        tally: tally, run: { for value in 0..<values { subjects[value % subjects.count].send(value) } },
        finish: {
          cancellable?.cancel()
          subjects.forEach { $0.send(completion: .finished) }
        })
    }
  }

  /// One producer sends `values` values; the subscriber receives them on a serial queue. The
  /// closures column is a bare `queue.async` per value.
  static func receiveOn(_ contender: Contender, values: Int) -> Trial {
    let tally = Tally()
    let queue = DispatchQueue(label: "benchmarks.receive-on")
    let done = DispatchSemaphore(value: 0)
    switch contender {
    case .closures:
      let shared = SendableTally(tally)
      return Trial(tally: tally) {
        for value in 0..<values { queue.async { shared.add(value) } }
        queue.async { done.signal() }
        done.wait()
      }
    case .signals:
      let subject = Signals.PassthroughSubject<Int, Never>()
      let cancellable = subject.receive(on: queue).sink(
        receiveCompletion: { _ in done.signal() }, receiveValue: { tally.add($0) })
      return Trial(
        tally: tally,
        run: {
          for value in 0..<values { subject.send(value) }
          subject.send(completion: .finished)
          done.wait()
        }, finish: { cancellable.cancel() })
    case .openCombine:
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      let cancellable = subject.receive(on: queue.ocombine).sink(
        receiveCompletion: { _ in done.signal() }, receiveValue: { tally.add($0) })
      return Trial(
        tally: tally,
        run: {
          for value in 0..<values { subject.send(value) }
          subject.send(completion: .finished)
          done.wait()
        }, finish: { cancellable.cancel() })
    }
  }

  /// Two threads send `values / 2` values each into one subject with one sink. The closures
  /// column is a closure behind a lock. Both threads start sending together (a start line), so
  /// that every column measures two threads sending at once, not one after the other.
  static func twoProducers(_ contender: Contender, values: Int) -> Trial {
    let tally = Tally()
    let half = values / 2
    let send: (@escaping @Sendable (Int) -> Void) -> Void = { send in
      let startLine = StartLine(threads: 2)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        startLine.arriveAndWait()
        for value in (thread * half)..<((thread + 1) * half) { send(value) }
      }
    }
    switch contender {
    case .closures:
      let lock = Mutex(())
      let locked = SendableTally(tally)
      return Trial(tally: tally) { send { value in lock.withLock { _ in locked.add(value) } } }
    case .signals:
      let subject = Signals.PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { tally.add($0) }
      return Trial(tally: tally, run: { send { subject.send($0) } }, finish: { cancellable.cancel() })
    case .openCombine:
      let subject = OpenCombine.PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { tally.add($0) }
      let shared = Unchecked(subject)
      return Trial(tally: tally, run: { send { shared.value.send($0) } }, finish: { cancellable.cancel() })
    }
  }
}

/// Holds threads until all of them have arrived, so that they start together.
final class StartLine: Sendable {
  let threads: Int
  let arrived = Atomic<Int>(0)
  init(threads: Int) { self.threads = threads }

  /// Waits (spinning) until `threads` threads have called this.
  func arriveAndWait() {
    arrived.add(1, ordering: .acquiringAndReleasing)
    while arrived.load(ordering: .acquiring) < threads {}
  }
}

/// The tally, handed to another thread: called only under the closures column's lock, or
/// only on one serial queue, read after that queue has signalled.
final class SendableTally: @unchecked Sendable {
  // @unchecked: one thread at a time calls `add` (a lock or a serial queue orders the calls).
  let tally: Tally
  init(_ tally: Tally) { self.tally = tally }
  func add(_ value: Int) { tally.add(value) }
}

/// A value handed to another thread that Swift cannot see is safe there.
struct Unchecked<Value>: @unchecked Sendable {
  // @unchecked: OpenCombine's subjects lock inside but are not marked `Sendable`.
  let value: Value
  init(_ value: Value) { self.value = value }
}
