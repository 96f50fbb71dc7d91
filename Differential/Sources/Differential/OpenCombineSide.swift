import OpenCombine

/// Runs a case on OpenCombine 0.14, on this package's `VirtualScheduler`.
enum OpenCombineSide {
  static func run(_ testCase: Case) -> [TraceEvent] {
    let scheduler = VirtualScheduler()
    let log = TraceLog()
    log.now = { Int(scheduler.now.ticks) }
    let subjects = [PassthroughSubject<Int, DiffError>(), PassthroughSubject<Int, DiffError>()]
    let builder = OpenCombineBuilder(scheduler: scheduler, log: log, subjects: subjects)
    var cancellable: AnyCancellable? = builder.probe("p0", builder.build(testCase.pipeline, parameter: 0))
      .sink(
        receiveCompletion: { completion in log.record("sink", TraceEvent.Kind(completion)) },
        receiveValue: { value in log.record("sink", .output(value)) })
    for step in testCase.timeline {
      scheduler.advance(to: Int64(step.time))
      switch step.action {
      case .send(let subject, let value): subjects[subject].send(value)
      case .finish(let subject): subjects[subject].send(completion: .finished)
      case .fail(let subject, let code): subjects[subject].send(completion: .failure(DiffError(code: code)))
      case .cancel: cancellable?.cancel()
      }
    }
    scheduler.advance(to: Int64(testCase.horizon))
    log.isClosed = true
    cancellable = nil
    return log.events
  }
}

extension TraceEvent.Kind {
  init(_ completion: OpenCombine.Subscribers.Completion<DiffError>) {
    switch completion {
    case .finished: self = .finished
    case .failure(let error): self = .failure(error.code)
    }
  }
}

/// Builds a `Pipeline` out of OpenCombine's operators.
struct OpenCombineBuilder {
  typealias Node = AnyPublisher<Int, DiffError>

  let scheduler: VirtualScheduler
  let log: TraceLog
  let subjects: [PassthroughSubject<Int, DiffError>]

  private func ticks(_ count: Int) -> VirtualScheduler.Stride { .init(ticks: Int64(count)) }

  /// `upstream` with a `handleEvents` that records under `site`.
  func probe(_ site: String, _ upstream: Node) -> Node {
    let log = log
    return upstream.handleEvents(
      receiveSubscription: { _ in log.record(site, .subscription) },
      receiveOutput: { value in log.record(site, .output(value)) },
      receiveCompletion: { completion in log.record(site, TraceEvent.Kind(completion)) },
      receiveCancel: { log.record(site, .cancel) },
      receiveRequest: { demand in log.record(site, .request(demand.max.map { "max(\($0))" } ?? "unlimited")) }
    ).eraseToAnyPublisher()
  }

  func build(_ pipeline: Pipeline, parameter: Int) -> Node {
    switch pipeline {
    case .subject(let index): return subjects[index].eraseToAnyPublisher()
    case .cold(let values, let ending):
      let sequence = Publishers.Sequence<[Int], DiffError>(sequence: values)
      switch ending {
      case .finished: return sequence.eraseToAnyPublisher()
      case .failure(let code):
        return sequence.append(Fail(error: DiffError(code: code))).eraseToAnyPublisher()
      case .never: return sequence.append(Empty(completeImmediately: false)).eraseToAnyPublisher()
      }
    case .parameter: return Just(parameter).setFailureType(to: DiffError.self).eraseToAnyPublisher()
    case .probe(let id, let upstream): return probe("p\(id)", build(upstream, parameter: parameter))
    default: return buildOperator(pipeline, parameter: parameter)
    }
  }

  private func buildOperator(_ pipeline: Pipeline, parameter: Int) -> Node {
    let upstream =
      pipeline.children.first.map { build($0, parameter: parameter) } ?? Empty().eraseToAnyPublisher()
    switch pipeline {
    case .map(_, let add): return upstream.map { value in value &+ add }.eraseToAnyPublisher()
    case .filter(_, let m): return upstream.filter { value in value % m != 0 }.eraseToAnyPublisher()
    case .compactMap(_, let m):
      return upstream.compactMap { (value: Int) -> Int? in value % m == 0 ? nil : value }
        .eraseToAnyPublisher()
    case .scan:
      return upstream.scan(0) { (sum: Int, value: Int) -> Int in sum &+ value }.eraseToAnyPublisher()
    case .removeDuplicates: return upstream.removeDuplicates().eraseToAnyPublisher()
    case .prefix(_, let count): return upstream.prefix(count).eraseToAnyPublisher()
    case .dropFirst(_, let count): return upstream.dropFirst(count).eraseToAnyPublisher()
    case .first: return upstream.first().eraseToAnyPublisher()
    case .last: return upstream.last().eraseToAnyPublisher()
    case .collect: return upstream.collect().map(encodeCollected).eraseToAnyPublisher()
    case .collectCount(_, let count):
      return upstream.collect(count).map(encodeCollected).eraseToAnyPublisher()
    case .reduce:
      return upstream.reduce(0) { (sum: Int, value: Int) -> Int in sum &+ value }.eraseToAnyPublisher()
    case .replaceEmpty(_, let value): return upstream.replaceEmpty(with: value).eraseToAnyPublisher()
    case .replaceError(_, let value):
      return upstream.replaceError(with: value).setFailureType(to: DiffError.self).eraseToAnyPublisher()
    case .catch(_, let handler):
      return upstream.catch { (error: DiffError) -> Node in build(handler, parameter: error.code) }
        .eraseToAnyPublisher()
    case .retry(_, let count): return upstream.retry(count).eraseToAnyPublisher()
    case .flatMap(_, let body, let max):
      return upstream.flatMap(maxPublishers: max.map { .max($0) } ?? .unlimited) { (value: Int) -> Node in
        build(body, parameter: value)
      }.eraseToAnyPublisher()
    case .switchToLatest(_, let body):
      return upstream.map { (value: Int) -> Node in build(body, parameter: value) }.switchToLatest()
        .eraseToAnyPublisher()
    case .zip(_, let other):
      return upstream.zip(build(other, parameter: parameter)).map { pair in encodePair(pair.0, pair.1) }
        .eraseToAnyPublisher()
    case .append(_, let other):
      return upstream.append(build(other, parameter: parameter)).eraseToAnyPublisher()
    case .appendValues(_, let values):
      return upstream.append(values).eraseToAnyPublisher()
    case .prependValues(_, let values):
      return upstream.prepend(values).eraseToAnyPublisher()
    case .debounce(_, let count):
      return upstream.debounce(for: ticks(count), scheduler: scheduler).eraseToAnyPublisher()
    case .throttle(_, let count, let latest):
      return upstream.throttle(for: ticks(count), scheduler: scheduler, latest: latest).eraseToAnyPublisher()
    case .delay(_, let count):
      return upstream.delay(for: ticks(count), scheduler: scheduler).eraseToAnyPublisher()
    case .timeout(_, let count, let custom):
      return upstream.timeout(
        ticks(count), scheduler: scheduler, customError: custom ? { DiffError(code: 9) } : nil
      )
      .eraseToAnyPublisher()
    case .subject, .cold, .parameter, .probe: return build(pipeline, parameter: parameter)
    }
  }
}
