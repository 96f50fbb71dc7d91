/// SplitMix64: a small generator whose sequence depends only on its seed (the standard library's
/// generator is seeded at random), so that a seed names one case on every machine and build.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Makes the case for a seed: a pipeline of one to five operators over one or two subjects and
/// cold sources, probes at random points, and a timeline of sends, completions and a cancel.
struct CaseGenerator {
  private var random: SeededGenerator
  private var nextProbe = 1

  init(seed: UInt64) { random = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1) }

  static func make(seed: UInt64) -> Case {
    var generator = CaseGenerator(seed: seed)
    return generator.makeCase()
  }

  private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
  private mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  mutating func makeCase() -> Case {
    let pipeline = makePipeline(budget: int(1...5), inBody: false)
    let subjects = pipeline.subjects.sorted()
    var timeline: [Step] = []
    if !subjects.isEmpty {
      for _ in 0..<int(0...10) {
        let subject = subjects[int(0...(subjects.count - 1))]
        let time = int(0...24)
        let roll = int(0...99)
        let action: Step.Action =
          if roll < 76 {
            .send(subject: subject, value: int(0...9))
          } else if roll < 90 {
            .finish(subject: subject)
          } else {
            .fail(subject: subject, code: int(1...3))
          }
        timeline.append(Step(time: time, action: action))
      }
    }
    if chance(0.2) { timeline.append(Step(time: int(0...26), action: .cancel)) }
    timeline.sort { $0.time < $1.time }
    // Drawn after everything above, so that the pipelines and timelines of seeds made before
    // these were added stay as they were.
    var testCase = Case(pipeline: pipeline, timeline: timeline)
    if chance(0.3) { makeRogue(&testCase) }
    if chance(0.25) { testCase.subscriber = .custom(demand: chance(0.5) ? nil : int(1...3)) }
    return testCase
  }

  /// Turns a subject read once, outside any body, into the rogue publisher: its sends and
  /// completions become the rogue's (so a send after a completion now arrives), and one to four
  /// more violations are added: a value, a second completion, another subscription, at random
  /// ticks (after a cancel too, where the case has one).
  private mutating func makeRogue(_ testCase: inout Case) {
    var uses: [Int: Int] = [:]
    func count(_ node: Pipeline, inBody: Bool) {
      switch node {
      case .subject(let index): uses[index, default: 0] += inBody ? 2 : 1
      case .flatMap(let upstream, let body, _), .switchToLatest(let upstream, let body),
        .catch(let upstream, let body):
        count(upstream, inBody: inBody)
        count(body, inBody: true)
      default: for child in node.children { count(child, inBody: inBody) }
      }
    }
    count(testCase.pipeline, inBody: false)
    guard let subject = uses.filter({ $0.value == 1 }).keys.sorted().first else { return }
    func replace(_ node: Pipeline) -> Pipeline {
      if node == .subject(subject) { return .rogue }
      return node.replacingChildren(node.children.map(replace))
    }
    testCase.pipeline = replace(testCase.pipeline)
    var timeline: [Step] = testCase.timeline.map { step in
      switch step.action {
      case .send(subject, let value): Step(time: step.time, action: .rogueSend(value: value))
      case .finish(subject): Step(time: step.time, action: .rogueFinish)
      case .fail(subject, let code): Step(time: step.time, action: .rogueFail(code: code))
      default: step
      }
    }
    for _ in 0..<int(1...4) {
      let roll = int(0...9)
      let action: Step.Action =
        roll < 4
        ? .rogueSend(value: int(0...9))
        : roll < 6 ? .rogueFinish : roll < 7 ? .rogueFail(code: int(1...3)) : .rogueSubscribe
      timeline.append(Step(time: int(0...26), action: action))
    }
    // A stable sort: steps at one tick keep the order they were made in.
    testCase.timeline = timeline.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    .map(\.element)
  }

  /// A pipeline with about `budget` operators. In a `flatMap`/`switchToLatest`/`catch` body the
  /// leaves may be the parameter (`Just($0)`).
  private mutating func makePipeline(budget: Int, inBody: Bool) -> Pipeline {
    var pipeline: Pipeline
    if budget <= 0 {
      pipeline = makeSource(inBody: inBody)
    } else if !inBody, budget >= 2, chance(0.3) {
      let left = int(0...(budget - 1))
      let first = makePipeline(budget: left, inBody: false)
      let second = makePipeline(budget: budget - 1 - left, inBody: false)
      switch int(0...4) {
      case 0: pipeline = .zip(first, second)
      case 1: pipeline = .append(first, second)
      case 2: pipeline = .catch(first, handler: makePipeline(budget: int(0...1), inBody: true))
      case 3:
        let max: Int? = chance(0.15) ? int(1...2) : nil
        pipeline = .flatMap(first, body: makePipeline(budget: int(0...2), inBody: true), maxPublishers: max)
      default: pipeline = .switchToLatest(first, body: makePipeline(budget: int(0...2), inBody: true))
      }
    } else {
      pipeline = makeUnary(over: makePipeline(budget: budget - 1, inBody: inBody))
    }
    if chance(0.4) {
      pipeline = .probe(nextProbe, pipeline)
      nextProbe += 1
    }
    return pipeline
  }

  private mutating func makeSource(inBody: Bool) -> Pipeline {
    if inBody, chance(0.5) { return .parameter }
    if chance(0.55) { return .subject(int(0...1)) }
    let values = (0..<int(0...3)).map { _ in int(0...9) }
    let roll = int(0...9)
    let ending: ColdEnding = roll < 6 ? .finished : roll < 9 ? .failure(int(1...3)) : .never
    return .cold(values, ending: ending)
  }

  private mutating func makeUnary(over p: Pipeline) -> Pipeline {
    switch int(0...20) {
    case 1: .filter(p, dropMultiplesOf: int(2...3))
    case 2: .compactMap(p, nilForMultiplesOf: int(2...3))
    case 3: .scan(p)
    case 4: .removeDuplicates(p)
    case 5: .prefix(p, int(0...3))
    case 6: .dropFirst(p, int(1...2))
    case 7: .first(p)
    case 8: .last(p)
    case 9: chance(0.5) ? .collect(p) : .collectCount(p, int(1...3))
    case 10: .reduce(p)
    case 11: .replaceEmpty(p, int(0...9))
    case 12: .replaceError(p, int(0...9))
    case 13: .retry(p, int(0...2))
    case 14: .appendValues(p, (0..<int(1...2)).map { _ in int(0...9) })
    case 15: .prependValues(p, (0..<int(1...2)).map { _ in int(0...9) })
    case 16: .debounce(p, ticks: int(1...4))
    case 17: .throttle(p, ticks: int(1...4), latest: chance(0.5))
    case 18: .delay(p, ticks: int(0...3))
    case 19: .timeout(p, ticks: int(1...6), customError: chance(0.5))
    default: .map(p, add: int(1...3))
    }
  }
}
