import Signals
import SignalsTesting

/// A timeline for the differential tests: events at whole frames (one frame = 1 ms), in the
/// order they happen; events at the same frame keep their order.
struct Timeline: Equatable, CustomStringConvertible {
  enum Event: Equatable, CustomStringConvertible {
    case value(Int)
    case finished
    case failure(Int)

    var description: String {
      switch self {
      case .value(let value): "\(value)"
      case .finished: "|"
      case .failure(let code): "#\(code)"
      }
    }
  }

  struct Entry: Equatable {
    var frame: Int64
    /// Which input the event belongs to (0 or 1); outputs use 0.
    var input: Int
    var event: Event
  }

  var entries: [Entry] = []

  mutating func append(_ frame: Int64, _ event: Event, input: Int = 0) {
    entries.append(Entry(frame: frame, input: input, event: event))
  }

  var description: String {
    entries.map { "\($0.frame)\($0.input == 0 ? "" : "b"):\($0.event)" }.joined(separator: " ")
  }

  /// The events of one input.
  func of(_ input: Int) -> [Entry] { entries.filter { $0.input == input } }
}

/// A small, fast, seedable random generator (SplitMix64), so a failing case can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Timeline {
  /// A random timeline over `inputs` inputs: values (small, with repeats), same-frame events,
  /// and for each input maybe a finish or a failure.
  static func random(inputs: Int, using generator: inout SplitMix64) -> Timeline {
    var timeline = Timeline()
    var frame: Int64 = 0
    var ended = Array(repeating: false, count: inputs)
    let count = Int.random(in: 0...14, using: &generator)
    for _ in 0..<count {
      frame += Int64.random(in: 0...4, using: &generator)
      let input = Int.random(in: 0..<inputs, using: &generator)
      guard !ended[input] else { continue }
      let roll = Int.random(in: 0..<20, using: &generator)
      if roll == 0 {
        timeline.append(frame, .finished, input: input)
        ended[input] = true
      } else if roll == 1 {
        timeline.append(frame, .failure(input + 1), input: input)
        ended[input] = true
      } else {
        timeline.append(frame, .value(Int.random(in: 0...5, using: &generator)), input: input)
      }
    }
    for input in 0..<inputs where !ended[input] && Bool.random(using: &generator) {
      frame += Int64.random(in: 0...3, using: &generator)
      timeline.append(frame, .finished, input: input)
    }
    return timeline
  }

  /// What playing a timeline through a real operator gave.
  struct Played {
    /// The output, in frames.
    var output: Timeline
    /// Events that reached the subscriber after its completion or cancellation (must be none).
    var lateEvents: Int
    /// Subscriptions the operator left alive at the end (must be none).
    var liveSubscriptions: Int
  }

  /// Plays the timeline into real subjects on a test scheduler through `makeOutput`, and
  /// records the output; with `cancelFrame`, the subscriber cancels at the start of that frame,
  /// before any event due then. Input events are scheduled before the operator subscribes, so
  /// at one instant they run before any timer the operator schedules for that instant (the
  /// order the models assume).
  /// With `demand`, the subscriber requests as that script says instead of `.unlimited`. With
  /// `finishingInputs`, the subjects finish after the run, before live subscriptions are
  /// counted: for an operator that, as Combine's, stays subscribed to an input after it ended
  /// until that input completes (`flatMap` after an inner failure).
  func play(
    cancelFrame: Int64? = nil, demand: DemandScript? = nil, finishingInputs: Bool = false,
    _ makeOutput: ([PassthroughSubject<Int, TestError>], TestScheduler) -> AnyPublisher<Int, TestError>
  ) -> Played {
    let scheduler = TestScheduler()
    let subjects = [PassthroughSubject<Int, TestError>(), PassthroughSubject<Int, TestError>()]
    let subscriber = Guarded<(any Cancellable)?>(nil)
    if let cancelFrame {
      // Scheduled first, so it runs first in its frame.
      scheduler.schedule(after: SchedulerTime(nanoseconds: cancelFrame * 1_000_000)) {
        subscriber.withLock { $0 }?.cancel()
      }
    }
    for entry in entries {
      let subject = subjects[entry.input]
      scheduler.schedule(after: SchedulerTime(nanoseconds: entry.frame * 1_000_000)) {
        switch entry.event {
        case .value(let value): subject.send(value)
        case .finished: subject.send(completion: .finished)
        case .failure(let code): subject.send(completion: .failure(TestError(code)))
        }
      }
    }
    let (recorder, scope) = LiveSubscriptions.track {
      let publisher = makeOutput(subjects, scheduler)
      guard let demand else {
        let recorder = publisher.record(on: scheduler)
        subscriber.withLock { $0 = recorder }
        return recorder
      }
      let recorder = publisher.record(on: scheduler, demand: .max(demand.initial))
      subscriber.withLock { $0 = recorder }
      for step in demand.steps {
        // Half a frame in: after every event of the step's frame, before any of the next.
        scheduler.schedule(after: SchedulerTime(nanoseconds: step.frame * 1_000_000 + 500_000)) {
          recorder.request(.max(step.count))
        }
      }
      return recorder
    }
    scheduler.run()
    let late = recorder.eventsAfterCompletion.count
    recorder.cancel()
    subscriber.withLock { $0 = nil }
    if finishingInputs {
      for subject in subjects { subject.send(completion: .finished) }
      scheduler.run()
    }
    return Played(output: Timeline(recorded: recorder), lateEvents: late, liveSubscriptions: scope.count)
  }

  /// The events before `frame` (all of them without one): what a subscriber that cancels at
  /// the start of that frame sees.
  func before(_ frame: Int64?) -> Timeline {
    guard let frame else { return self }
    return Timeline(entries: entries.filter { $0.frame < frame })
  }
}

extension Timeline {
  /// Input 0 as a marble diagram (values are single digits), for cold test publishers.
  var marbles: String {
    let events = of(0)
    guard let last = events.last?.frame else { return "" }
    var text = ""
    for frame in 0...last {
      let here = events.filter { $0.frame == frame }.map { entry -> String in
        switch entry.event {
        case .value(let value): "\(value)"
        case .finished: "|"
        case .failure: "#"
        }
      }
      text += here.isEmpty ? "-" : here.count == 1 ? here[0] : "(" + here.joined() + ")"
    }
    return text
  }

  /// The digit values of a marble diagram made by `marbles`.
  static let digits: [Character: Int] = Dictionary(
    uniqueKeysWithValues: (0...9).map { (Character("\($0)"), $0) })

  /// Plays input 0 as a cold publisher (re-played from each subscription) through `makeOutput`.
  func playCold(
    _ makeOutput: (TestPublisher<Int, TestError>, TestScheduler) -> AnyPublisher<Int, TestError>
  ) throws -> Timeline {
    let scheduler = TestScheduler()
    let source = try scheduler.cold(marbles, values: Self.digits, error: TestError(1))
    let recorder = makeOutput(source, scheduler).record(on: scheduler)
    scheduler.run()
    recorder.cancel()
    return Timeline(recorded: recorder)
  }
}

extension Timeline {
  /// What `recorder` saw, in frames of 1 ms.
  init(recorded recorder: Recorder<Int, TestError>) {
    for timed in recorder.timedEvents {
      let frame = timed.time.nanoseconds / 1_000_000
      switch timed.event {
      case .value(let value): append(frame, .value(value))
      case .completion(.finished): append(frame, .finished)
      case .completion(.failure(let error)): append(frame, .failure(error.code))
      }
    }
  }
}
