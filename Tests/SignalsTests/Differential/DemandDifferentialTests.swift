import Signals
import SignalsTesting
import Testing

/// The operators with state against the reference model when the subscriber requests in steps
/// (issue 14 item 5): random timelines as in `DifferentialTests`, and a random demand script (zero
/// to two values on subscription, then a few requests of one to three at random frames). The
/// inputs are `PassthroughSubject`s, which drop what was not requested, so an operator that asks
/// its upstream for the wrong amount sees other values than the model says, and one that sends
/// beyond its subscriber's demand sends more.
extension DifferentialTests {
  struct DemandCase: CustomTestStringConvertible, Sendable {
    let name: String
    let inputs: Int
    let model: @Sendable (Timeline, DemandScript) -> Timeline
    let real: @Sendable ([PassthroughSubject<Int, TestError>], TestScheduler) -> AnyPublisher<Int, TestError>
    var testDescription: String { name }
  }

  static let demandCases: [DemandCase] = [
    DemandCase(name: "scan", inputs: 1, model: { DemandModel.perValue(ReferenceModel.scan, $0, $1) }) {
      subjects, _ in subjects[0].scan(0) { $0 + $1 }.eraseToAnyPublisher()
    },
    DemandCase(
      name: "removeDuplicates", inputs: 1,
      model: { DemandModel.perValue(ReferenceModel.removeDuplicates, $0, $1) }
    ) { subjects, _ in subjects[0].removeDuplicates().eraseToAnyPublisher() },
    DemandCase(
      name: "prefix(2)", inputs: 1, model: { DemandModel.perValue({ ReferenceModel.prefix(2, $0) }, $0, $1) }
    ) {
      subjects, _ in subjects[0].prefix(2).eraseToAnyPublisher()
    },
    DemandCase(
      name: "dropFirst(2)", inputs: 1,
      model: { DemandModel.asksAhead(2, { ReferenceModel.dropFirst(2, $0) }, $0, $1) }
    ) { subjects, _ in subjects[0].dropFirst(2).eraseToAnyPublisher() },
    DemandCase(
      name: "delay(3)", inputs: 1, model: { DemandModel.perValue({ ReferenceModel.delay(3, $0) }, $0, $1) }
    ) {
      $0[0].delay(for: .milliseconds(3), scheduler: $1).eraseToAnyPublisher()
    },
    DemandCase(
      name: "debounce(3)", inputs: 1,
      model: { DemandModel.dropsWithoutDemand(ReferenceModel.debounce(3, $0), $1) }
    ) { $0[0].debounce(for: .milliseconds(3), scheduler: $1).eraseToAnyPublisher() },
    DemandCase(
      name: "throttle(4, latest)", inputs: 1,
      model: { ReferenceModel.throttle(4, latest: true, $0, demand: $1) }
    ) { $0[0].throttle(for: .milliseconds(4), scheduler: $1, latest: true).eraseToAnyPublisher() },
    DemandCase(name: "zip", inputs: 2, model: { DemandModel.eachInputAsked(ReferenceModel.zip, $0, $1) }) {
      subjects, _ in subjects[0].zip(subjects[1]) { $0 * 10 + $1 }.eraseToAnyPublisher()
    },
    DemandCase(name: "combineLatest", inputs: 2, model: DemandModel.combineLatest) { subjects, _ in
      subjects[0].combineLatest(subjects[1]) { $0 * 10 + $1 }.eraseToAnyPublisher()
    },
    // The reducers ask for `.unlimited` (Combine's, as OpenCombine's `ReduceProducer`), so they
    // count what a subject sends before the first request; their result waits for one.
    DemandCase(name: "count", inputs: 1, model: { DemandModel.reduces(ReferenceModel.count, $0, $1) }) {
      subjects, _ in subjects[0].count().eraseToAnyPublisher()
    },
    DemandCase(name: "max", inputs: 1, model: { DemandModel.reduces(ReferenceModel.max, $0, $1) }) {
      subjects, _ in subjects[0].max().eraseToAnyPublisher()
    },
    // `collect(n)` asks for one more per value it holds back, so the upstream is asked for `n`
    // values per array requested: what Apple documents (".max(count * n)").
    DemandCase(
      name: "collect(2)", inputs: 1,
      model: { DemandModel.perValue({ ReferenceModel.collect(2, $0) }, $0, $1) }
    ) {
      subjects, _ in subjects[0].collect(2).map(ReferenceModel.encode).eraseToAnyPublisher()
    },
    DemandCase(name: "collect", inputs: 1, model: { DemandModel.reduces(ReferenceModel.collect, $0, $1) }) {
      subjects, _ in subjects[0].collect().map(ReferenceModel.encode).eraseToAnyPublisher()
    },
  ]

  @Test(arguments: demandCases)
  func matchesTheReferenceModelUnderStepwiseDemand(_ operatorCase: DemandCase) {
    let salt = operatorCase.name.utf8.reduce(UInt64(7)) { $0 &* 31 &+ UInt64($1) }
    var generator = SplitMix64(seed: Self.seed &+ salt)
    for index in 0..<Self.casesPerOperator {
      let input = Timeline.random(inputs: operatorCase.inputs, using: &generator)
      let demand = DemandScript.random(using: &generator)
      let cancelFrame = Self.randomCancelFrame(using: &generator)
      let expected = operatorCase.model(input, demand).before(cancelFrame)
      let played = input.play(cancelFrame: cancelFrame, demand: demand, operatorCase.real)
      guard played.output == expected, played.lateEvents == 0, played.liveSubscriptions == 0 else {
        Issue.record(
          """
          \(operatorCase.name) under demand differs from the model (seed \(Self.seed), case \(index))
          input:    \(input)\(cancelFrame.map { " (cancelled at \($0))" } ?? "")
          demand:   \(demand)
          model:    \(expected)
          operator: \(played.output)
          \(played.lateEvents) events after the end, \(played.liveSubscriptions) subscriptions left alive
          """)
        return
      }
    }
  }

  /// `switchToLatest` and `flatMap(maxPublishers: .max(2))` under stepwise demand, over cold
  /// inner publishers (each subscription plays its timeline into a fresh subject, which drops
  /// what was not requested).
  @Test(arguments: Flattening.allCases)
  func flatteningOperatorsMatchTheReferenceModelUnderStepwiseDemand(_ flattening: Flattening) throws {
    try Self.checkFlattening(flattening, underDemand: true)
  }

  /// The check above can fail: a `scan` whose upstream was asked for everything (a probe that
  /// requests `.unlimited` on its own) sends values its subscriber never requested, and the
  /// model catches it within the first cases.
  @Test func theDemandModelCatchesAnOperatorThatIgnoresDemand() {
    var generator = SplitMix64(seed: Self.seed)
    var caught = false
    for _ in 0..<200 where !caught {
      let input = Timeline.random(inputs: 1, using: &generator)
      let demand = DemandScript.random(using: &generator)
      let played = input.play(demand: demand) { subjects, _ in
        subjects[0].handleEvents(receiveSubscription: { $0.request(.unlimited) }).scan(0) { $0 + $1 }
          .eraseToAnyPublisher()
      }
      caught = played.output != DemandModel.perValue(ReferenceModel.scan, input, demand)
    }
    #expect(caught, "a scan that ignores demand matched the demand model in 200 cases")
  }
}
