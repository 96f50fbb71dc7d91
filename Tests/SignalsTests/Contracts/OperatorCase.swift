import Signals
import SignalsExtras
import SignalsTesting
import Testing

/// One operator, prepared for the contract laws: it is applied to an `Int` source that may fail
/// with `TestError`, on a virtual-time scheduler, and its output is seen as `String`s failing
/// with `any Error`, so every operator goes through the same laws.
struct OperatorCase: CustomTestStringConvertible, Sendable {
  typealias Source = PassthroughSubject<Int, TestError>
  typealias Output = AnyPublisher<String, any Error>

  let name: String
  /// Whether the operator may deliver values that arrive from several threads at once
  /// (time operators deliver from the scheduler, so the threaded law does not apply).
  var threaded = true
  let apply: @Sendable (Source, TestScheduler) -> Output
  /// For an operator with several inputs: the operator over two separate sources (the second
  /// standing for every input after the first), so that the threaded law can send into different
  /// inputs from different threads at once. `nil` for an operator with one input.
  var separateInputs: (@Sendable (Source, Source) -> Output)?

  var testDescription: String { name }

  /// This case, with `apply` as its operator over two separate sources.
  func separately(_ apply: @escaping @Sendable (Source, Source) -> Output) -> OperatorCase {
    var copy = self
    copy.separateInputs = apply
    return copy
  }

  init(_ name: String, threaded: Bool = true, _ apply: @escaping @Sendable (Source, TestScheduler) -> Output)
  {
    self.name = name
    self.threaded = threaded
    self.apply = apply
  }
}

extension Publisher {
  /// The shape the laws observe: values as strings, any failure as `any Error`.
  func lawShape() -> AnyPublisher<String, any Error> {
    map { "\($0)" }.mapErrorToAny().eraseToAnyPublisher()
  }

  func mapErrorToAny() -> Publishers.EraseError<Self> { Publishers.EraseError(upstream: self) }
}

extension Publishers {
  /// Test-only: widens a publisher's failure to `any Error`.
  struct EraseError<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = any Error
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        AnySubscriber<Upstream.Output, Upstream.Failure>(
          receiveSubscription: subscriber.receive(subscription:),
          receiveValue: subscriber.receive(_:),
          receiveCompletion: { subscriber.receive(completion: $0.eraseError) }))
    }
  }
}

extension OperatorCase {
  /// Every operator the laws check. Add a line for each new operator (in any part).
  static let all: [OperatorCase] = part1 + part2 + part3 + part4 + part5 + part6 + part7

  /// Part 1 of `all`: split so that each literal type-checks quickly.
  static let part1: [OperatorCase] = [
    OperatorCase("map") { source, _ in source.map { $0 * 2 }.lawShape() },
    OperatorCase("filter") { source, _ in source.filter { $0 % 2 == 0 }.lawShape() },
    OperatorCase("tryMap") { source, _ in source.tryMap { $0 + 1 }.lawShape() },
    OperatorCase("compactMap") { source, _ in source.compactMap { $0 % 3 == 0 ? nil : $0 }.lawShape() },
    OperatorCase("tryCompactMap") { source, _ in source.tryCompactMap { $0 }.lawShape() },
    OperatorCase("tryFilter") { source, _ in source.tryFilter { $0 > 1 }.lawShape() },
    OperatorCase("removeDuplicates") { source, _ in source.map { $0 / 2 }.removeDuplicates().lawShape() },
    OperatorCase("scan") { source, _ in source.scan(0) { $0 + $1 }.lawShape() },
    OperatorCase("tryScan") { source, _ in source.tryScan(0) { $0 + $1 }.lawShape() },
    OperatorCase("reduce") { source, _ in source.reduce(0) { $0 + $1 }.lawShape() },
    OperatorCase("collect") { source, _ in source.collect().lawShape() },
    OperatorCase("collect(2)") { source, _ in source.collect(2).lawShape() },
  ]

  /// Part 2 of `all`: split so that each literal type-checks quickly.
  static let part2: [OperatorCase] = [
    OperatorCase("prefix(3)") { source, _ in source.prefix(3).lawShape() },
    OperatorCase("prefix(while:)") { source, _ in source.prefix { $0 < 1_000_000 }.lawShape() },
    OperatorCase("dropFirst") { source, _ in source.dropFirst(2).lawShape() },
    OperatorCase("drop(while:)") { source, _ in source.drop { $0 < 2 }.lawShape() },
    OperatorCase("first") { source, _ in source.first().lawShape() },
    OperatorCase("first(where:)") { source, _ in source.first { $0 > 2 }.lawShape() },
    OperatorCase("last") { source, _ in source.last().lawShape() },
    OperatorCase("ignoreOutput") { source, _ in source.ignoreOutput().lawShape() },
    OperatorCase("replaceEmpty") { source, _ in source.replaceEmpty(with: 0).lawShape() },
    OperatorCase("buffer") { source, _ in
      source.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).lawShape()
    },
    OperatorCase("buffer(keepFull)") { source, _ in
      source.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).lawShape()
    },
    OperatorCase("mapError") { source, _ in source.mapError { TestError($0.code + 1) }.lawShape() },
  ]

  /// Part 3 of `all`: split so that each literal type-checks quickly.
  static let part3: [OperatorCase] = [
    OperatorCase("replaceError") { source, _ in source.replaceError(with: -1).lawShape() },
    OperatorCase("catch") { source, _ in source.catch { _ in Just(-1) }.lawShape() },
    OperatorCase("retry") { source, _ in source.retry(2).lawShape() },
    OperatorCase("handleEvents") { source, _ in source.handleEvents(receiveOutput: { _ in }).lawShape() },
    OperatorCase("append") { source, _ in source.append(-1).lawShape() },
    OperatorCase("prepend") { source, _ in source.prepend(-1).lawShape() },
    OperatorCase("combineLatest") { source, _ in
      source.combineLatest(Just(1).setFailureType(to: TestError.self)) { $0 + $1 }.lawShape()
    }
    .separately { first, second in first.combineLatest(second) { $0 + $1 }.lawShape() },
    OperatorCase("debounce", threaded: false) { source, scheduler in
      source.debounce(for: .milliseconds(5), scheduler: scheduler).lawShape()
    },
    OperatorCase("throttle(latest)", threaded: false) { source, scheduler in
      source.throttle(for: .milliseconds(15), scheduler: scheduler, latest: true).lawShape()
    },
    OperatorCase("throttle(first)", threaded: false) { source, scheduler in
      source.throttle(for: .milliseconds(15), scheduler: scheduler, latest: false).lawShape()
    },
    OperatorCase("delay", threaded: false) { source, scheduler in
      source.delay(for: .milliseconds(5), scheduler: scheduler).lawShape()
    },
    OperatorCase("timeout", threaded: false) { source, scheduler in
      source.timeout(.seconds(1), scheduler: scheduler).lawShape()
    },
  ]

  /// Part 4 of `all`: split so that each literal type-checks quickly.
  static let part4: [OperatorCase] = [
    OperatorCase("receive(on:)", threaded: false) { source, scheduler in
      source.receive(on: scheduler).lawShape()
    },
    OperatorCase("subscribe(on:)") { source, _ in source.subscribe(on: ImmediateScheduler.shared).lawShape()
    },
    OperatorCase("zip") { source, _ in source.zip(source.map { $0 * 10 }) { $0 + $1 }.lawShape() }
      .separately { first, second in first.zip(second) { $0 + $1 }.lawShape() },
    OperatorCase("withLatestFrom") { source, _ in
      source.withLatestFrom(CurrentValueSubject<Int, TestError>(7)) { $0 + $1 }.lawShape()
    }
    .separately { first, second in first.withLatestFrom(second) { $0 + $1 }.lawShape() },
    OperatorCase("flatMap") { source, _ in
      source.flatMap { Just($0).setFailureType(to: TestError.self) }.lawShape()
    }
    .separately { first, second in
      // Two inner publishers, one per source: both deliver at once through the flatMap.
      [0, 1].publisher.setFailureType(to: TestError.self).flatMap { $0 == 0 ? first : second }.lawShape()
    },
    OperatorCase("flatMap(max 1)") { source, _ in
      source.flatMap(maxPublishers: .max(1)) { [$0, $0].publisher.setFailureType(to: TestError.self) }
        .lawShape()
    },
    OperatorCase("switchToLatest") { source, _ in
      source.map { Just($0).setFailureType(to: TestError.self) }.switchToLatest().lawShape()
    }
    .separately { first, second in
      // Each value of the first source switches to the second one after delivering itself.
      first.map { second.prepend($0) }.switchToLatest().lawShape()
    },
    OperatorCase("share") { source, _ in source.share().lawShape() },
    OperatorCase("share(replay:)") { source, _ in source.share(replay: 2).lawShape() },
    OperatorCase("merge") { source, _ in source.merge(with: source.map { -$0 }).lawShape() }
      .separately { first, second in first.merge(with: second).lawShape() },
    OperatorCase("merge(collection)") { source, _ in
      let inputs: [AnyPublisher<Int, TestError>] = [
        source.eraseToAnyPublisher(), source.map { -$0 }.eraseToAnyPublisher(),
      ]
      return inputs.merge().lawShape()
    }
    .separately { first, second in [first, second].merge().lawShape() },
    OperatorCase("tryCatch") { source, _ in source.tryCatch { _ in Just(-1) }.lawShape() },
  ]

  /// Part 5 of `all`: split so that each literal type-checks quickly.
  static let part5: [OperatorCase] = [
    OperatorCase("replaceNil") { source, _ in
      source.map { $0 % 3 == 0 ? nil : $0 }.replaceNil(with: 0).lawShape()
    },
    OperatorCase("setFailureType") { source, _ in
      source.replaceError(with: -1).setFailureType(to: TestError.self).lawShape()
    },
    OperatorCase("multicast+autoconnect") { source, _ in
      source.multicast { PassthroughSubject<Int, TestError>() }.autoconnect().lawShape()
    },
    OperatorCase("print") { source, _ in source.print("law", to: DiscardedText()).lawShape() },
    OperatorCase("combineLatest3") { source, _ in
      let one: Just<Int> = Just(1)
      return source.combineLatest(
        one.setFailureType(to: TestError.self), one.setFailureType(to: TestError.self)
      )
      .lawShape()
    },
    OperatorCase("combineLatest4") { source, _ in
      let one = Just(1).setFailureType(to: TestError.self)
      return source.combineLatest(one, one, one).lawShape()
    },
    OperatorCase("combineLatest(collection)") { source, _ in
      let inputs: [AnyPublisher<Int, TestError>] = [
        source.eraseToAnyPublisher(), Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher(),
      ]
      return inputs.combineLatest().lawShape()
    }
    .separately { first, second in [first, second].combineLatest().lawShape() },
    OperatorCase("zip3") { source, _ in source.zip(source.map { $0 * 10 }, source.map { $0 * 100 }).lawShape()
    }
    .separately { first, second in first.zip(second, second.map { $0 * 100 }).lawShape() },
    OperatorCase("zip4") { source, _ in
      source.zip(source.map { $0 * 10 }, source.map { $0 * 100 }, source.map { $0 * 1000 }).lawShape()
    },
    OperatorCase("timeout(customError:)", threaded: false) { source, scheduler in
      source.timeout(.seconds(1), scheduler: scheduler) { TestError(408) }.lawShape()
    },
    OperatorCase("tryLast(where:)") { source, _ in source.tryLast { $0 > 1 }.lawShape() },
    OperatorCase("output(at:)") { source, _ in source.output(at: 2).lawShape() },
  ]

  /// Part 6 of `all`: split so that each literal type-checks quickly.
  static let part6: [OperatorCase] = [
    OperatorCase("output(in:)") { source, _ in source.output(in: 1..<4).lawShape() },
    OperatorCase("contains") { source, _ in source.contains(4).lawShape() },
    OperatorCase("contains(where:)") { source, _ in source.contains { $0 > 1_000_000 }.lawShape() },
    OperatorCase("tryContains(where:)") { source, _ in source.tryContains { $0 == 3 }.lawShape() },
    OperatorCase("allSatisfy") { source, _ in source.allSatisfy { $0 < 1_000_000 }.lawShape() },
    OperatorCase("tryAllSatisfy") { source, _ in source.tryAllSatisfy { $0 < 3 }.lawShape() },
    OperatorCase("count") { source, _ in source.count().lawShape() },
    OperatorCase("min") { source, _ in source.min().lawShape() },
    OperatorCase("max(by:)") { source, _ in source.max { $0 < $1 }.lawShape() },
    OperatorCase("tryMin(by:)") { source, _ in source.tryMin { $0 < $1 }.lawShape() },
    OperatorCase("tryMax(by:)") { source, _ in source.tryMax { $0 < $1 }.lawShape() },
    OperatorCase("map(keyPath)") { source, _ in source.map(\.description).lawShape() },
  ]

  /// Part 7 of `all`: split so that each literal type-checks quickly.
  static let part7: [OperatorCase] = [
    OperatorCase("map(keyPath, keyPath)") { source, _ in source.map(\.description, \.bitWidth).lawShape() },
    OperatorCase("prepend(sequence)") { source, _ in source.prepend([-1, -2]).lawShape() },
    OperatorCase("prepend(publisher)") { source, _ in
      source.prepend(Just(-1).setFailureType(to: TestError.self)).lawShape()
    },
    OperatorCase("append(sequence)") { source, _ in source.append([-1, -2]).lawShape() },
    OperatorCase("makeConnectable+autoconnect") { source, _ in
      source.map { $0 }.mapErrorToAny().replaceError(with: -1).makeConnectable().autoconnect().lawShape()
    },
    OperatorCase("breakpoint") { source, _ in
      source.breakpoint(receiveOutput: { _ in false }, receiveCompletion: { _ in false }).lawShape()
    },
    OperatorCase("measureInterval") { source, scheduler in
      source.measureInterval(using: scheduler).lawShape()
    },
    OperatorCase("prefix(untilOutputFrom:)") { source, _ in
      source.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()).lawShape()
    },
    OperatorCase("drop(untilOutputFrom:)") { source, _ in
      source.drop(untilOutputFrom: Just(0).setFailureType(to: TestError.self)).lawShape()
    },
    OperatorCase("collect(.byTime)", threaded: false) { source, scheduler in
      source.collect(.byTime(scheduler, .milliseconds(15))).lawShape()
    },
    OperatorCase("collect(.byTimeOrCount)", threaded: false) { source, scheduler in
      source.collect(.byTimeOrCount(scheduler, .milliseconds(15), 2)).lawShape()
    },
  ]
}

/// A text stream that drops what it is given, so `print` can run through the laws quietly.
struct DiscardedText: TextOutputStream {
  mutating func write(_ string: String) {}
}
