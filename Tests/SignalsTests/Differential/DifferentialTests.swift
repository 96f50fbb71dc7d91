import Signals
import SignalsExtras
import SignalsTesting
import Testing

/// The real operators against the reference model on random timelines: 1,000 cases per
/// operator, a quarter of them cancelled partway, from a fixed seed that a failure prints (set
/// SIGNALS_SEED to replay another). Every case also checks that nothing arrives after the end
/// and that no subscription is left alive.
@Suite struct DifferentialTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let inputs: Int
    let model: @Sendable (Timeline) -> Timeline
    let real: @Sendable ([PassthroughSubject<Int, TestError>], TestScheduler) -> AnyPublisher<Int, TestError>
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "scan", inputs: 1, model: ReferenceModel.scan) { subjects, _ in
      subjects[0].scan(0) { $0 + $1 }.eraseToAnyPublisher()
    },
    Case(name: "removeDuplicates", inputs: 1, model: ReferenceModel.removeDuplicates) { subjects, _ in
      subjects[0].removeDuplicates().eraseToAnyPublisher()
    },
    Case(name: "prefix(2)", inputs: 1, model: { ReferenceModel.prefix(2, $0) }) { subjects, _ in
      subjects[0].prefix(2).eraseToAnyPublisher()
    },
    Case(name: "prefix(0)", inputs: 1, model: { ReferenceModel.prefix(0, $0) }) { subjects, _ in
      subjects[0].prefix(0).eraseToAnyPublisher()
    },
    Case(name: "dropFirst(2)", inputs: 1, model: { ReferenceModel.dropFirst(2, $0) }) { subjects, _ in
      subjects[0].dropFirst(2).eraseToAnyPublisher()
    },
    Case(name: "delay(3)", inputs: 1, model: { ReferenceModel.delay(3, $0) }) {
      $0[0].delay(for: .milliseconds(3), scheduler: $1).eraseToAnyPublisher()
    },
    Case(name: "debounce(3)", inputs: 1, model: { ReferenceModel.debounce(3, $0) }) {
      $0[0].debounce(for: .milliseconds(3), scheduler: $1).eraseToAnyPublisher()
    },
    Case(name: "debounce(0)", inputs: 1, model: { ReferenceModel.debounce(0, $0) }) {
      $0[0].debounce(for: .zero, scheduler: $1).eraseToAnyPublisher()
    },
    Case(name: "throttle(4, latest)", inputs: 1, model: { ReferenceModel.throttle(4, latest: true, $0) }) {
      $0[0].throttle(for: .milliseconds(4), scheduler: $1, latest: true).eraseToAnyPublisher()
    },
    Case(name: "throttle(4, first)", inputs: 1, model: { ReferenceModel.throttle(4, latest: false, $0) }) {
      $0[0].throttle(for: .milliseconds(4), scheduler: $1, latest: false).eraseToAnyPublisher()
    },
    Case(name: "timeout(5)", inputs: 1, model: { ReferenceModel.timeout(5, $0) }) {
      $0[0].timeout(.milliseconds(5), scheduler: $1).eraseToAnyPublisher()
    },
    Case(name: "merge", inputs: 2, model: ReferenceModel.merge) { subjects, _ in
      subjects[0].merge(with: subjects[1]).eraseToAnyPublisher()
    },
    Case(name: "combineLatest", inputs: 2, model: ReferenceModel.combineLatest) { subjects, _ in
      subjects[0].combineLatest(subjects[1]) { $0 * 10 + $1 }.eraseToAnyPublisher()
    },
    Case(name: "zip", inputs: 2, model: ReferenceModel.zip) { subjects, _ in
      subjects[0].zip(subjects[1]) { $0 * 10 + $1 }.eraseToAnyPublisher()
    },
    Case(name: "withLatestFrom", inputs: 2, model: ReferenceModel.withLatestFrom) { subjects, _ in
      subjects[0].withLatestFrom(subjects[1]) { $0 * 10 + $1 }.eraseToAnyPublisher()
    },
    Case(name: "count", inputs: 1, model: ReferenceModel.count) { subjects, _ in
      subjects[0].count().eraseToAnyPublisher()
    },
    Case(name: "max", inputs: 1, model: ReferenceModel.max) { subjects, _ in
      subjects[0].max().eraseToAnyPublisher()
    },
    Case(name: "contains(3)", inputs: 1, model: { ReferenceModel.decide($0, early: 1, late: 0) { $0 == 3 } })
    {
      subjects, _ in subjects[0].contains(3).map { $0 ? 1 : 0 }.eraseToAnyPublisher()
    },
    Case(
      name: "allSatisfy(<5)", inputs: 1, model: { ReferenceModel.decide($0, early: 0, late: 1) { $0 >= 5 } }
    ) {
      subjects, _ in subjects[0].allSatisfy { $0 < 5 }.map { $0 ? 1 : 0 }.eraseToAnyPublisher()
    },
    Case(name: "output(in: 1..<3)", inputs: 1, model: { ReferenceModel.output(1..<3, $0) }) { subjects, _ in
      subjects[0].output(in: 1..<3).eraseToAnyPublisher()
    },
    Case(
      name: "buffer(2, dropOldest) to a slow consumer", inputs: 1,
      model: { ReferenceModel.bufferedConsumer(size: 2, dropOldest: true, busy: 2, $0) }
    ) { subjects, scheduler in
      subjects[0].buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)
        .flatMap(maxPublishers: .max(1)) {
          Just($0).setFailureType(to: TestError.self).delay(for: .milliseconds(2), scheduler: scheduler)
        }
        .eraseToAnyPublisher()
    },
    Case(
      name: "buffer(2, dropNewest) to a slow consumer", inputs: 1,
      model: { ReferenceModel.bufferedConsumer(size: 2, dropOldest: false, busy: 2, $0) }
    ) { subjects, scheduler in
      subjects[0].buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest)
        .flatMap(maxPublishers: .max(1)) {
          Just($0).setFailureType(to: TestError.self).delay(for: .milliseconds(2), scheduler: scheduler)
        }
        .eraseToAnyPublisher()
    },
    Case(name: "prefix(untilOutputFrom:)", inputs: 2, model: ReferenceModel.prefixUntilOutput) {
      subjects, _ in
      subjects[0].prefix(untilOutputFrom: subjects[1]).eraseToAnyPublisher()
    },
    Case(name: "drop(untilOutputFrom:)", inputs: 2, model: ReferenceModel.dropUntilOutput) { subjects, _ in
      subjects[0].drop(untilOutputFrom: subjects[1]).eraseToAnyPublisher()
    },
    Case(
      name: "collect(.byTime(3))", inputs: 1,
      model: { ReferenceModel.collectByTime(stride: 3, limit: .max, end: 100, $0) }
    ) { subjects, scheduler in
      subjects[0].collect(.byTime(scheduler, .milliseconds(3))).map(ReferenceModel.encode)
        .prefix(untilOutputFrom: scheduler.timer(every: .milliseconds(100))).eraseToAnyPublisher()
    },
    Case(
      name: "collect(.byTimeOrCount(3, 2))", inputs: 1,
      model: { ReferenceModel.collectByTime(stride: 3, limit: 2, end: 100, $0) }
    ) { subjects, scheduler in
      subjects[0].collect(.byTimeOrCount(scheduler, .milliseconds(3), 2)).map(ReferenceModel.encode)
        .prefix(untilOutputFrom: scheduler.timer(every: .milliseconds(100))).eraseToAnyPublisher()
    },
  ]

  static let casesPerOperator = 1_000

  /// For one case in four, the frame at which the subscriber cancels: after subscribing, which
  /// happens at frame 0, and within the timelines' usual length.
  static func randomCancelFrame(using generator: inout SplitMix64) -> Int64? {
    Int.random(in: 0..<4, using: &generator) == 0 ? Int64.random(in: 1...30, using: &generator) : nil
  }

  static var seed: UInt64 {
    if let text = Environment.value("SIGNALS_SEED"), let seed = UInt64(text) { return seed }
    return 20_261_122
  }

  @Test(arguments: cases)
  func matchesTheReferenceModel(_ operatorCase: Case) {
    let salt = operatorCase.name.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
    var generator = SplitMix64(seed: Self.seed &+ salt)
    for index in 0..<Self.casesPerOperator {
      let input = Timeline.random(inputs: operatorCase.inputs, using: &generator)
      // The subscriber then sees what came before the cancel.
      let cancelFrame = Self.randomCancelFrame(using: &generator)
      let expected = operatorCase.model(input).before(cancelFrame)
      let played = input.play(cancelFrame: cancelFrame, operatorCase.real)
      guard played.output == expected, played.lateEvents == 0, played.liveSubscriptions == 0 else {
        Issue.record(
          """
          \(operatorCase.name) differs from the model (seed \(Self.seed), case \(index))
          input:    \(input)\(cancelFrame.map { " (cancelled at \($0))" } ?? "")
          model:    \(expected)
          operator: \(played.output)
          \(played.lateEvents) events after the end, \(played.liveSubscriptions) subscriptions left alive
          """)
        return
      }
    }
  }
}

extension DifferentialTests {
  struct ColdCase: CustomTestStringConvertible, Sendable {
    let name: String
    let model: @Sendable (Timeline) -> Timeline
    let real: @Sendable (TestPublisher<Int, TestError>, TestScheduler) -> AnyPublisher<Int, TestError>
    var testDescription: String { name }
  }

  static let coldCases: [ColdCase] = [
    ColdCase(name: "retry(2)", model: { ReferenceModel.retry(2, $0) }) { source, _ in
      source.retry(2).eraseToAnyPublisher()
    },
    ColdCase(name: "catch", model: ReferenceModel.catchThenJust) { source, _ in
      source.catch { _ in source.catch { _ in Just(9).setFailureType(to: TestError.self) } }
        .eraseToAnyPublisher()
    },
  ]

  @Test(arguments: coldCases)
  func resubscribingOperatorsMatchTheReferenceModel(_ operatorCase: ColdCase) throws {
    let salt = operatorCase.name.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
    var generator = SplitMix64(seed: Self.seed &+ salt)
    for index in 0..<Self.casesPerOperator {
      let input = Timeline.random(inputs: 1, using: &generator)
      let expected = operatorCase.model(input)
      let actual = try input.playCold(operatorCase.real)
      guard actual == expected else {
        Issue.record(
          """
          \(operatorCase.name) differs from the model (seed \(Self.seed), case \(index))
          input:    \(input.marbles)
          model:    \(expected)
          operator: \(actual)
          """)
        return
      }
    }
  }
}

/// Reads the environment without Foundation.
enum Environment {
  static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DifferentialTests {
  enum Flattening: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case switchToLatest, flatMapMax2
    var testDescription: String { rawValue }
  }

  @Test(arguments: Flattening.allCases)
  func flatteningOperatorsMatchTheReferenceModel(_ flattening: Flattening) throws {
    try Self.checkFlattening(flattening, underDemand: false)
  }

  /// Plays random outer and inner timelines through `flattening` and compares with the model;
  /// `underDemand`: the subscriber requests as a random `DemandScript` says.
  static func checkFlattening(_ flattening: Flattening, underDemand: Bool) throws {
    let salt = UInt64(flattening.rawValue.utf8.count) &+ (underDemand ? 7 : 0)
    var generator = SplitMix64(seed: Self.seed &+ salt)
    for index in 0..<Self.casesPerOperator {
      let outer = Timeline.random(inputs: 1, using: &generator)
      let inners = (0..<3).map { _ in Timeline.random(inputs: 1, using: &generator) }
      let innerFailures = inners.map { inner in
        Timeline(
          entries: inner.entries.map { entry in
            var entry = entry
            if case .failure = entry.event { entry.event = .failure(7) }
            return entry
          })
      }
      let demand = underDemand ? DemandScript.random(using: &generator) : nil
      let cancelFrame = Self.randomCancelFrame(using: &generator)
      let model =
        switch flattening {
        case .switchToLatest:
          HigherOrderModel.switchToLatest(outer: outer, inners: innerFailures, demand: demand)
        case .flatMapMax2:
          HigherOrderModel.flatMap(limit: 2, outer: outer, inners: innerFailures, demand: demand)
        }
      let expected = model.before(cancelFrame)
      let marbles = inners.map(\.marbles)
      for diagram in marbles { _ = try MarbleDiagram(diagram, frameDuration: .milliseconds(1)) }
      // Combine's flatMap stays subscribed to its upstream after an inner failure, until the
      // upstream completes.
      let played = outer.play(
        cancelFrame: cancelFrame, demand: demand, finishingInputs: flattening == .flatMapMax2
      ) { subjects, scheduler in
        // Each diagram parsed above, so this cannot throw.
        let publishers = marbles.map { try! scheduler.cold($0, values: Timeline.digits, error: TestError(7)) }
        switch flattening {
        case .switchToLatest:
          return subjects[0].map { publishers[$0 % publishers.count] }.switchToLatest().eraseToAnyPublisher()
        case .flatMapMax2:
          return subjects[0].flatMap(maxPublishers: .max(2)) { publishers[$0 % publishers.count] }
            .eraseToAnyPublisher()
        }
      }
      guard played.output == expected, played.lateEvents == 0, played.liveSubscriptions == 0 else {
        Issue.record(
          """
          \(flattening.rawValue) differs from the model (seed \(Self.seed), case \(index))
          outer:    \(outer)\(cancelFrame.map { " (cancelled at \($0))" } ?? "")
          inners:   \(marbles)\(demand.map { "\ndemand:   \($0)" } ?? "")
          model:    \(expected)
          operator: \(played.output)
          \(played.lateEvents) events after the end, \(played.liveSubscriptions) subscriptions left alive
          """)
        return
      }
    }
  }
}
