import Signals
import Testing

/// Combine's specialisations on sources: an operator on `Just` or `Publishers.Sequence` gives
/// the source it amounts to, with Combine's type, and delivers what the general operator would.
@Suite struct SourceSpecialisationTests {
  /// Collects what a finite publisher delivers, and whether it failed.
  func run<P: Publisher>(_ publisher: P) -> (values: [P.Output], failed: Bool) {
    var values: [P.Output] = []
    var failed = false
    let subscription = publisher.sink(
      receiveCompletion: { if case .failure = $0 { failed = true } }, receiveValue: { values.append($0) })
    subscription.cancel()
    return (values, failed)
  }

  @Test func justTransformsGiveJust() {
    #expect(type(of: Just(1).map { $0 + 1 }) == Just<Int>.self)
    do {
      let publisher = Just(1).map { $0 + 1 }
      #expect(publisher.output == 2)
    }
    #expect(Just(3).count().output == 1)
    #expect(Just(3).collect().output == [3])
    #expect(Just(3).contains(3).output)
    #expect(!Just(3).allSatisfy { $0 > 5 }.output)
    #expect(Just(3).contains { $0 == 3 }.output)
    #expect(type(of: Just(3).min()) == Just<Int>.self)
    #expect(type(of: Just(3).first()) == Just<Int>.self)
    #expect(type(of: Just(3).last()) == Just<Int>.self)
    #expect(type(of: Just(3).removeDuplicates()) == Just<Int>.self)
    #expect(type(of: Just(3).replaceEmpty(with: 0)) == Just<Int>.self)
    #expect(type(of: Just(3).replaceError(with: 0)) == Just<Int>.self)
    #expect(type(of: Just(3).retry(2)) == Just<Int>.self)
  }

  @Test func justOperatorsThatMayDropTheValueGiveOptionalPublisher() {
    #expect(type(of: Just(1).filter { $0 > 1 }) == Optional<Int>.Publisher.self)
    do {
      let publisher = Just(1).filter { $0 > 1 }
      #expect(publisher.output == nil)
    }
    do {
      let publisher = Just(2).filter { $0 > 1 }
      #expect(publisher.output == 2)
    }
    do {
      let publisher = Just(2).compactMap { $0 > 1 ? "\($0)" : nil }
      #expect(publisher.output == "2")
    }
    #expect(Just(2).dropFirst().output == nil)
    #expect(Just(2).dropFirst(0).output == 2)
    #expect(Just(2).dropFirst(-1).output == 2)
    do {
      let publisher = Just(2).drop { $0 < 3 }
      #expect(publisher.output == nil)
    }
    do {
      let publisher = Just(2).first { $0 == 2 }
      #expect(publisher.output == 2)
    }
    do {
      let publisher = Just(2).last { $0 == 3 }
      #expect(publisher.output == nil)
    }
    #expect(Just(2).prefix(1).output == 2)
    #expect(Just(2).prefix(0).output == nil)
    do {
      let publisher = Just(2).prefix { $0 < 3 }
      #expect(publisher.output == 2)
    }
    #expect(Just(2).output(at: 0).output == 2)
    #expect(Just(2).output(at: 1).output == nil)
    #expect(Just(2).output(in: 0..<3).output == 2)
    #expect(Just(2).output(in: 1..<3).output == nil)
    #expect(run(Just(2).filter { $0 > 1 }).values == [2])
  }

  /// A failure transform for a publisher that cannot fail.
  static func absurd(_ never: Never) -> TestError {}

  @Test func justOperatorsThatMayFailGiveResultPublisher() throws {
    #expect(type(of: Just(1).tryMap { $0 + 1 }) == Result<Int, any Error>.Publisher.self)
    #expect(try Just(1).tryMap { $0 + 1 }.result.get() == 2)
    #expect(run(Just(1).tryMap { _ -> Int in throw TestError() }).failed)
    #expect(type(of: Just(1).setFailureType(to: TestError.self)) == Result<Int, TestError>.Publisher.self)
    let mapped = Just(1).mapError(Self.absurd)
    #expect(type(of: mapped) == Result<Int, TestError>.Publisher.self)
    #expect(Just(2).reduce(10, +).result == .success(12))
    #expect(Just(2).scan(10, +).result == .success(12))
    #expect(try Just(2).tryReduce(1) { $0 * $1 }.result.get() == 2)
    #expect(try Just(2).tryScan(1) { $0 * $1 }.result.get() == 2)
    #expect(try Just(2).tryAllSatisfy { $0 > 1 }.result.get())
    #expect(try Just(2).tryContains { $0 > 1 }.result.get())
    #expect(try Just(2).tryRemoveDuplicates { $0 == $1 }.result.get() == 2)
  }

  @Test func justIgnoreOutputIsEmptyAndAppendIsASequence() {
    #expect(type(of: Just(1).ignoreOutput()) == Empty<Int, Never>.self)
    #expect(run(Just(1).ignoreOutput()).values.isEmpty)
    #expect(type(of: Just(1).append(2, 3)) == Publishers.Sequence<[Int], Never>.self)
    #expect(Just(1).append(2, 3).sequence == [1, 2, 3])
    #expect(Just(1).prepend([8, 9]).sequence == [8, 9, 1])
  }

  @Test func sequenceTransformsGiveSequences() {
    let source = [1, 2, 2, 3, 4].publisher
    #expect(type(of: source.map { $0 * 2 }) == Publishers.Sequence<[Int], Never>.self)
    do {
      let publisher = source.map { $0 * 2 }
      #expect(publisher.sequence == [2, 4, 4, 6, 8])
    }
    do {
      let publisher = source.filter { $0.isMultiple(of: 2) }
      #expect(publisher.sequence == [2, 2, 4])
    }
    do {
      let publisher = source.compactMap { $0 > 2 ? $0 : nil }
      #expect(publisher.sequence == [3, 4])
    }
    #expect(source.removeDuplicates().sequence == [1, 2, 3, 4])
    #expect(source.scan(0, +).sequence == [1, 3, 5, 8, 12])
    do {
      let publisher = source.prefix { $0 < 3 }
      #expect(publisher.sequence == [1, 2, 2])
    }
    #expect(Array(source.dropFirst(3).sequence) == [3, 4])
    #expect(Array(source.drop { $0 < 3 }.sequence) == [3, 4])
    #expect(Array(source.prefix(2).sequence) == [1, 2])
    #expect(type(of: source.dropFirst()) == Publishers.Sequence<DropFirstSequence<[Int]>, Never>.self)
    #expect([1, nil, 3].publisher.replaceNil(with: 0).sequence == [1, 0, 3])
    #expect(source.append(5, 6).sequence == [1, 2, 2, 3, 4, 5, 6])
    #expect(source.prepend([0]).sequence == [0, 1, 2, 2, 3, 4])
    #expect(source.output(in: 3..<9).sequence == [3, 4])
    #expect(run(source.map { $0 * 10 }).values == [10, 20, 20, 30, 40])
  }

  @Test func sequenceReductionsGiveOneValueSources() {
    let source = [3, 1, 2].publisher
    #expect(type(of: source.first()) == Optional<Int>.Publisher.self)
    #expect(source.first().output == 3)
    #expect(source.last().output == 2)
    do {
      let publisher = source.first { $0 < 3 }
      #expect(publisher.output == 1)
    }
    do {
      let publisher = source.last { $0 > 5 }
      #expect(publisher.output == nil)
    }
    #expect(source.min().output == 1)
    #expect(source.max().output == 3)
    #expect(source.min(by: >).output == 3)
    #expect(source.output(at: 1).output == 1)
    #expect(source.output(at: 7).output == nil)
    #expect(type(of: source.count()) == Just<Int>.self)
    #expect(source.count().output == 3)
    #expect(type(of: source.collect()) == Result<[Int], Never>.Publisher.self)
    #expect(source.collect().result == .success([3, 1, 2]))
    #expect(source.reduce(0, +).result == .success(6))
    #expect(source.contains(2).result == .success(true))
    do {
      let publisher = source.contains { $0 > 5 }
      #expect(publisher.result == .success(false))
    }
    do {
      let publisher = source.allSatisfy { $0 > 0 }
      #expect(publisher.result == .success(true))
    }
    #expect(type(of: source.ignoreOutput()) == Empty<Int, Never>.self)
    #expect(type(of: source.setFailureType(to: TestError.self)) == Publishers.Sequence<[Int], TestError>.self)
    #expect(run(source.tryAllSatisfy { _ in throw TestError() }).failed)
  }

  @Test func sequencePublishersAreEquatable() {
    #expect([1, 2].publisher == Publishers.Sequence<[Int], Never>(sequence: [1, 2]))
    #expect([1, 2].publisher != [2, 1].publisher)
  }

  @Test func optionalPublisherOperatorsGiveOptionalPublishers() {
    let some = Optional(3).publisher
    let none = Int?.none.publisher
    #expect(type(of: some.map { $0 * 2 }) == Optional<Int>.Publisher.self)
    do {
      let publisher = some.map { $0 * 2 }
      #expect(publisher.output == 6)
    }
    do {
      let publisher = none.map { $0 * 2 }
      #expect(publisher.output == nil)
    }
    do {
      let publisher = some.filter { $0 > 5 }
      #expect(publisher.output == nil)
    }
    do {
      let publisher = some.compactMap { $0 > 2 ? "\($0)" : nil }
      #expect(publisher.output == "3")
    }
    #expect(some.count().output == 1)
    #expect(none.count().output == nil)
    #expect(some.collect().output == [3])
    #expect(none.collect().output == [])
    #expect(some.contains(3).output == true)
    do {
      let publisher = some.allSatisfy { $0 > 5 }
      #expect(publisher.output == false)
    }
    #expect(some.dropFirst().output == nil)
    #expect(some.prefix(1).output == 3)
    #expect(some.output(in: 0..<1).output == 3)
    #expect(some.output(in: 0..<0).output == nil)
    do {
      let publisher = some.reduce(1, +)
      #expect(publisher.output == 4)
    }
    #expect(type(of: none.replaceEmpty(with: 7)) == Just<Int>.self)
    #expect(none.replaceEmpty(with: 7).output == 7)
    #expect(type(of: some.ignoreOutput()) == Empty<Int, Never>.self)
    #expect(some == Optional(3).publisher)
    #expect(run(some.map { $0 + 1 }).values == [4])
  }

  @Test func resultPublisherOperatorsGiveResultPublishers() throws {
    let success = Result<Int, TestError>.success(3).publisher
    let failure = Result<Int, TestError>.failure(TestError(2)).publisher
    #expect(type(of: success.map { $0 * 2 }) == Result<Int, TestError>.Publisher.self)
    do {
      let publisher = success.map { $0 * 2 }
      #expect(publisher.result == .success(6))
    }
    do {
      let publisher = failure.map { $0 * 2 }
      #expect(publisher.result == .failure(TestError(2)))
    }
    #expect(success.count().result == .success(1))
    #expect(success.collect().result == .success([3]))
    #expect(success.contains(3).result == .success(true))
    #expect(success.scan(1, +).result == .success(4))
    do {
      let publisher = failure.mapError { TestError($0.code + 1) }
      #expect(publisher.result == .failure(TestError(3)))
    }
    #expect(type(of: failure.replaceError(with: 0)) == Result<Int, Never>.Publisher.self)
    #expect(failure.replaceError(with: 0).result == .success(0))
    #expect(try success.tryMap { $0 + 1 }.result.get() == 4)
    #expect(run(success.tryMap { _ -> Int in throw TestError() }).failed)
    #expect(run(failure.tryContains { $0 > 0 }).failed)
    let never = Result<Int, Never>.success(1).publisher
    #expect(type(of: never.setFailureType(to: TestError.self)) == Result<Int, TestError>.Publisher.self)
    #expect(success == Result<Int, TestError>.success(3).publisher)
    #expect(run(success.map { $0 + 1 }).values == [4])
  }

  @Test func aSequenceOverAnyCollectionAnswersOutputAtAndInWithoutSubscribing() {
    let letters = Publishers.Sequence<Set<String>, Never>(sequence: ["a"])
    let first = letters.sequence.startIndex
    #expect(type(of: letters.output(at: first)) == Optional<String>.Publisher.self)
    #expect(letters.output(at: first).output == "a")
    #expect(letters.output(at: letters.sequence.endIndex).output == nil)
    #expect(letters.output(in: first..<letters.sequence.endIndex).sequence == ["a"])
    let word = Publishers.Sequence<String, TestError>(sequence: "signals")
    let start = word.sequence.startIndex
    let third = word.sequence.index(start, offsetBy: 3)
    #expect(type(of: word.output(in: start..<third)) == Publishers.Sequence<[Character], TestError>.self)
    #expect(word.output(in: start..<third).sequence == ["s", "i", "g"])
  }

  @Test func outputAtAndOutputInWorkOnAnyCollectionAsInCombine() {
    let letters = "abcd"
    let second = letters.index(after: letters.startIndex)
    let fourth = letters.index(second, offsetBy: 2)
    #expect(letters.publisher.output(at: second).output == "b")
    #expect(letters.publisher.output(at: letters.endIndex).output == nil)
    #expect(letters.publisher.output(in: second..<fourth).sequence == ["b", "c"])
  }

  /// A collection that logs the calls `prepend` makes on it, in a log shared by its copies.
  struct Logged: RangeReplaceableCollection {
    final class Log { var calls: [String] = [] }
    var elements: [Int] = []
    var log = Log()
    init() {}
    init(_ elements: [Int], log: Log) {
      self.elements = elements
      self.log = log
    }
    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }
    func index(after index: Int) -> Int { index + 1 }
    subscript(position: Int) -> Int { elements[position] }
    var count: Int {
      log.calls.append("count")
      return elements.count
    }
    var underestimatedCount: Int {
      log.calls.append("underestimatedCount")
      return elements.count
    }
    mutating func reserveCapacity(_ capacity: Int) {
      log.calls.append("reserveCapacity")
      elements.reserveCapacity(capacity)
    }
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C) where C.Element == Int {
      elements.replaceSubrange(range, with: new)
    }
  }

  @Test func prependEstimatesTheCapacityForBothThenAppendsEachAsCombineDoes() {
    let log = Logged.Log()
    let source = Publishers.Sequence<Logged, Never>(sequence: Logged([3, 4], log: log))
    let prepended = source.prepend(Logged([1, 2], log: log))
    #expect(prepended.sequence.elements == [1, 2, 3, 4])
    // The estimate comes first: this collection's count and the prepended one's underestimate.
    #expect(log.calls.prefix(2) == ["count", "underestimatedCount"])
  }

  @Test func prependingASequencePublisherAppendsToItsCollectionAsCombineDoes() {
    let source = Publishers.Sequence<Logged, Never>(sequence: Logged([3, 4], log: Logged.Log()))
    let first = Publishers.Sequence<Logged, Never>(sequence: Logged([1, 2], log: Logged.Log()))
    let prepended = source.prepend(first)
    #expect(prepended.sequence.elements == [1, 2, 3, 4])
    // The result is a copy of `first`'s collection (its log is that one's), not a new one.
    #expect(prepended.sequence.log === first.sequence.log)
  }

  @Test func justPrependWalksTheElementsAfterACapacityEstimateAsCombineDoes() {
    let log = Logged.Log()
    #expect(Just(3).prepend(Logged([1, 2], log: log)).sequence == [1, 2, 3])
    #expect(log.calls.first == "underestimatedCount")
    #expect(!log.calls.contains("count"))
  }

  @Test func resultPublisherMinAndMaxByGiveItselfAndTheTryFormsCallTheOrderingOnceAsCombineDoes() {
    let success = Result<Int, TestError>.success(3).publisher
    let failure = Result<Int, TestError>.failure(TestError(2)).publisher
    var calls = 0
    let ordering: (Int, Int) -> Bool = { _, _ in
      calls += 1
      return true
    }
    #expect(type(of: success.min(by: ordering)) == Result<Int, TestError>.Publisher.self)
    #expect(success.min(by: ordering) == success)
    #expect(failure.max(by: ordering) == failure)
    #expect(calls == 0)
    let tried = success.tryMax(by: ordering)
    #expect(type(of: tried) == Result<Int, any Error>.Publisher.self)
    #expect((try? tried.result.get()) == 3)
    #expect(calls == 1)
    let throwing: (Int, Int) throws -> Bool = { _, _ in
      calls += 1
      throw TestError(9)
    }
    #expect(throws: TestError(9)) { try success.tryMin(by: throwing).result.get() }
    #expect(throws: TestError(2)) { try failure.tryMax(by: throwing).result.get() }
    #expect(calls == 2)
  }
}
